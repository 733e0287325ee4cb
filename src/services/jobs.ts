// Background job status: each job's workflow state and, for a website crawl, its progress.
import type { Deps } from './deps';
import { describeJob, type JobState } from '../temporal/jobs';
import type { CrawlProgress } from '../workflows/contracts';
import { crawlProgress } from './sources';

/** The jobs in the order asked; another workspace's job is reported as NOT_FOUND (temporal/jobs.ts). */
export function describeJobs(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  jobIds: string[],
): Promise<Array<JobState & { progress?: CrawlProgress }>> {
  return Promise.all(
    jobIds.map(async (id) => {
      const job = await describeJob(deps.temporal, workspaceId, id);
      const progress = job.status === 'NOT_FOUND' ? undefined : await crawlProgress(deps.db, workspaceId, id);
      return progress ? { ...job, progress } : job;
    }),
  );
}
