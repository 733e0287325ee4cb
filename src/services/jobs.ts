// Background job status: each job's workflow state and its progress: a website crawl's (from the database)
// or a re-embed's (from the workflow's memo).
import type { Deps } from './deps';
import { describeJob, type JobState } from '../temporal/jobs';
import type { CrawlProgress } from '../workflows/contracts';
import { crawlProgress } from './sources';
import { countReembedProgress } from '../db/repositories/embeddingSpace';
import type { AuthState } from '../policies/credentials';
import { knowledgeScope, mayCountWorkspaceChunks, mayExplainRoles } from '../policies/scopes';
import { rulesJobProgress } from './sourceRules';

/**
 * A re-embed runs for the whole deployment, and every workspace's background-jobs reports it; its counts are
 * the asking workspace's own chunks (those with the new model's vector, of all), never the deployment's, and
 * only a credential the policy lets count them sees them (src/policies/scopes.ts).
 */
function workspaceReembedProgress(
  { done, total }: { done: number; total: number },
  progress: NonNullable<JobState['progress']>,
): NonNullable<JobState['progress']> {
  // From the switch on, the new vectors are the live column: every chunk has one.
  const switched = progress.phase === 'switching' || progress.phase === 'done';
  return { phase: progress.phase, chunksDone: switched ? total : done, chunksTotal: total };
}

type RulesProgress = NonNullable<Awaited<ReturnType<typeof rulesJobProgress>>>;

/** What background-jobs shows of a re-embed: the counts only to a credential that may count the workspace. */
type JobProgress = Pick<NonNullable<JobState['progress']>, 'phase'> & Partial<NonNullable<JobState['progress']>>;

/** The jobs in the order asked; another workspace's job is reported as NOT_FOUND (temporal/jobs.ts). */
export async function describeJobs(
  deps: Pick<Deps, 'db' | 'temporal'>,
  auth: AuthState,
  workspaceId: string,
  jobIds: string[],
): Promise<Array<Omit<JobState, 'progress'> & { progress?: CrawlProgress | JobProgress | RulesProgress }>> {
  // Each distinct id is described once, and the workspace's re-embed counts read once, however often asked.
  let counts: ReturnType<typeof countReembedProgress> | undefined;
  const reembedCounts = () => (counts ??= countReembedProgress(deps.db, workspaceId));
  const distinct = [...new Set(jobIds)];
  const described = await Promise.all(
    distinct.map(async (id) => {
      const job = await describeJob(deps.temporal, workspaceId, id);
      if (job.status === 'NOT_FOUND') return job;
      if (job.progress && !mayCountWorkspaceChunks(auth)) return { ...job, progress: { phase: job.progress.phase } };
      if (job.progress) return { ...job, progress: workspaceReembedProgress(await reembedCounts(), job.progress) };
      // A crawl's progress only to a credential that may read the crawled site (the knowledge reads' scope).
      const progress = await crawlProgress(deps.db, workspaceId, id, knowledgeScope(auth));
      if (progress) return { ...job, progress };
      // A rules job's only to a credential that may see roles explained (a role-bound token never sees rules).
      const rules = mayExplainRoles(auth) ? await rulesJobProgress(deps.db, workspaceId, id) : undefined;
      return rules ? { ...job, progress: rules } : job;
    }),
  );
  const byId = new Map(distinct.map((id, i) => [id, described[i]!]));
  return jobIds.map((id) => byId.get(id)!);
}
