// Background job status: each job's workflow state and its progress: a website crawl's (from the database)
// or a re-embed's (from the workflow's memo).
import type { Deps } from './deps';
import { describeJob, type JobState } from '../temporal/jobs';
import type { CrawlProgress } from '../workflows/contracts';
import { crawlProgress } from './sources';
import { countReembedProgress } from '../db/repositories/embeddingSpace';

/**
 * A re-embed runs for the whole deployment, and every workspace's background-jobs reports it; its counts are
 * the asking workspace's own chunks (those with the new model's vector, of all), never the deployment's.
 */
async function workspaceReembedProgress(
  deps: Pick<Deps, 'db'>,
  workspaceId: string,
  progress: NonNullable<JobState['progress']>,
): Promise<NonNullable<JobState['progress']>> {
  const { done, total } = await countReembedProgress(deps.db, workspaceId);
  // From the switch on, the new vectors are the live column: every chunk has one.
  const switched = progress.phase === 'switching' || progress.phase === 'done';
  return { phase: progress.phase, chunksDone: switched ? total : done, chunksTotal: total };
}

/** The jobs in the order asked; another workspace's job is reported as NOT_FOUND (temporal/jobs.ts). */
export function describeJobs(
  deps: Pick<Deps, 'db' | 'temporal'>,
  workspaceId: string,
  jobIds: string[],
): Promise<Array<Omit<JobState, 'progress'> & { progress?: CrawlProgress | JobState['progress'] }>> {
  return Promise.all(
    jobIds.map(async (id) => {
      const job = await describeJob(deps.temporal, workspaceId, id);
      if (job.status === 'NOT_FOUND') return job;
      if (job.progress) return { ...job, progress: await workspaceReembedProgress(deps, workspaceId, job.progress) };
      const progress = await crawlProgress(deps.db, workspaceId, id);
      return progress ? { ...job, progress } : job;
    }),
  );
}
