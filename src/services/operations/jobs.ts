// Background job status: each job's workflow state and its progress: a website crawl's (from the database)
// or a re-embed's (from the workflow's memo); to a credential narrower than the workspace's, only the jobs about
// an item its knowledge scope reaches (src/policies/rules.ts job.read).
import type { Deps } from '../deps';
import { describeJobWithSubject, withFailureReason, type JobState, type JobSubject } from '../../temporal/jobs';
import type { CrawlProgress, EvaluationProgress } from '../../workflows/contracts';
import { evaluationProgress } from '../search/retrievalEvaluations';
import { crawlProgress, jobSourceRoot } from '../knowledge/textAndWebItems';
import { findVisibleKnowledge } from '../knowledge/knowledge';
import { countReembedProgress } from '../../db/repositories/embeddingSpace';
import type { AuthState } from '../../policies/credentials';
import { can } from '../../policies/authorize';
import { knowledgeScope, mayCountWorkspaceChunks, mayExplainRoles, mayReadJobFailure } from '../../policies/scopes';
import { rulesJobProgress } from '../sources/sourceRules';
import { mapBounded } from '../../semaphore';

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
/** How many of one request's job ids are described at once (each is a Temporal call and a few queries). */
export const JOB_DESCRIBE_CONCURRENCY = 8;

export async function describeJobs(
  deps: Pick<Deps, 'db' | 'temporal'>,
  auth: AuthState,
  workspaceId: string,
  jobIds: string[],
): Promise<
  Array<Omit<JobState, 'progress'> & { progress?: CrawlProgress | JobProgress | EvaluationProgress | RulesProgress }>
> {
  // Each distinct id is described once, and the workspace's re-embed counts read once, however often asked.
  let counts: ReturnType<typeof countReembedProgress> | undefined;
  const reembedCounts = () => (counts ??= countReembedProgress(deps.db, workspaceId));
  const distinct = [...new Set(jobIds)];
  const scope = knowledgeScope(auth);
  /** Whether the caller may read the item the job is about (its KnowledgeId, or a source sync's root item). */
  const itemReached = async (id: string, subject: JobSubject) => {
    const item = subject.knowledgeId ?? (await jobSourceRoot(deps, workspaceId, id));
    return item !== undefined && (await findVisibleKnowledge(deps, workspaceId, item, scope)) !== undefined;
  };
  const described = await mapBounded(distinct, JOB_DESCRIBE_CONCURRENCY, async (id) => {
    const { state, subject } = await describeJobWithSubject(deps.temporal, workspaceId, id);
    if (state.status === 'NOT_FOUND') return state;
    const reached = await itemReached(id, subject);
    if (!can(auth, 'job.read', { deploymentWide: subject.deploymentWide, itemReached: reached })) {
      return { jobId: id, status: 'NOT_FOUND' as const };
    }
    // Only now, for a job the caller may see: a failed job's reason (one more call to Temporal).
    const job = await withFailureReason(deps.temporal, state, (type) => mayReadJobFailure(auth, type));
    if (job.progress && !mayCountWorkspaceChunks(auth)) return { ...job, progress: { phase: job.progress.phase } };
    if (job.progress) return { ...job, progress: workspaceReembedProgress(await reembedCounts(), job.progress) };
    // An evaluation's progress only to a credential that may read evaluations.
    const evaluation = can(auth, 'evaluation.track') ? await evaluationProgress(deps, workspaceId, id) : undefined;
    if (evaluation) return { ...job, progress: evaluation };
    // A crawl's progress only to a credential that may read the crawled site (the knowledge reads' scope).
    const progress = await crawlProgress(deps, workspaceId, id, scope);
    if (progress) return { ...job, progress };
    // A rules job's only to a credential that may see roles explained (a role-bound token never sees rules).
    const rules = mayExplainRoles(auth) ? await rulesJobProgress(deps, workspaceId, id) : undefined;
    return rules ? { ...job, progress: rules } : job;
  });
  const byId = new Map(distinct.map((id, i) => [id, described[i]!]));
  return jobIds.map((id) => byId.get(id)!);
}
