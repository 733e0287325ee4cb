// Background job status: each job's workflow state and its progress: a website crawl's (from the database)
// or a re-embed's (from the workflow's memo).
import type { Deps } from './deps';
import { describeJob, type JobState } from '../temporal/jobs';
import type { CrawlProgress } from '../workflows/contracts';
import { crawlProgress } from './sources';

/** The jobs in the order asked; another workspace's job is reported as NOT_FOUND (temporal/jobs.ts). */
export function describeJobs(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  jobIds: string[],
): Promise<Array<Omit<JobState, 'progress'> & { progress?: CrawlProgress | JobState['progress'] }>> {
  return Promise.all(
    jobIds.map(async (id) => {
      const job = await describeJob(deps.temporal, workspaceId, id);
      if (job.status === 'NOT_FOUND' || job.progress) return job;
      const progress = await crawlProgress(deps.db, workspaceId, id);
      return progress ? { ...job, progress } : job;
    }),
  );
}
