// Starting and reading background jobs. Every job carries its workspace in the memo, so its status is
// only ever revealed to that workspace; a start with the id of a running job joins it instead of failing.
// Every job also carries the request id that started it (memo and RequestId search attribute) and the
// search attributes WorkspaceId, JobKind and KnowledgeId, for the Temporal Web UI.
import {
  isGrpcServiceError,
  WorkflowNotFoundError,
  type Client,
  type Workflow,
  type WorkflowStartOptions,
} from '@temporalio/client';
import {
  ApplicationFailure,
  defaultPayloadConverter,
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  type Payload,
} from '@temporalio/common';
import { AppError } from '../errors';
import { currentRequestId } from '../observability/context';
import {
  DEPLOYMENT_JOB_SCOPE,
  JOB_FAILURE_TYPES,
  REEMBED_PROGRESS_MEMO,
  SearchAttributes,
  jobSearchAttributes,
  publicJobType,
  type ReembedJobProgress,
} from '../workflows/contracts';
import type { JobKind } from '../workflows/ids';
import type { TemporalDeps } from './client';

/** A job's kind: its readable workflow id's prefix (`ingest:…` -> `ingest`) unless given. */
export const jobKindOf = (workflowId: string) => workflowId.split(':')[0] || 'job';

export async function startJob<W extends Workflow>(
  temporal: TemporalDeps,
  workflow: W,
  opts: {
    workflowId: string;
    workspaceId: string;
    args: Parameters<W>;
    memo?: Record<string, unknown>;
    /** The item the job is about (KnowledgeId search attribute). */
    knowledgeId?: string;
    /** Overrides the kind derived from the workflow id (ids that are UUIDs). */
    kind?: JobKind;
    /** A closed run under the id is not run again (the start fails with WorkflowExecutionAlreadyStartedError). */
    rejectClosed?: boolean;
    /** A run under the id that completed is not run again; one that failed, timed out or was ended is. */
    rerunUnfinished?: boolean;
    /**
     * The caller waits for the run (a synchronous upload): where a worker runs in this process, its first
     * workflow task is handed to that worker in the start's answer (eager workflow start). The server may
     * decline, and then the run starts as any other.
     */
    eager?: boolean;
  },
) {
  const eager = opts.eager === true && temporal.eagerClient !== undefined;
  const client = eager ? temporal.eagerClient! : temporal.client;
  return withinStartDeadline(client, () => startRun(client, temporal.taskQueue, workflow, opts, eager), jobsUnanswered);
}

/**
 * Runs a call to the Temporal frontend within a start's deadline. A frontend that is down is retried by the client
 * for as long as the deadline lets it: the caller is answered 503 within it (jobsUnreachable; `unanswered` when
 * the deadline passed) rather than waiting out the retries.
 */
async function withinStartDeadline<T>(client: Client, call: () => Promise<T>, unanswered: () => AppError): Promise<T> {
  try {
    return await client.withDeadline(Date.now() + JOB_START_DEADLINE_MS, call);
  } catch (err) {
    const code = unreachableCode(err);
    if (code === undefined) throw err;
    throw code === GRPC_DEADLINE_EXCEEDED ? unanswered() : jobsUnreachable();
  }
}

/** A workspace's fairness key (Temporal allows 64 bytes; a workspace id is a UUID, a deployment job's scope a word). */
export const fairnessKey = (workspaceId: string): string => workspaceId.slice(0, 64);

/** How long a start may wait for the Temporal frontend. */
export const JOB_START_DEADLINE_MS = 10_000;

export const JOBS_CANNOT_START = 'Background jobs cannot be started right now; retry later';

const NOTHING_STARTED_HINT =
  'The workflow service (Temporal) did not answer; nothing was started. Retry after the seconds Retry-After gives; operators: check the Temporal frontend (GET /health names it).';

/** Whether a start failed with nothing started (jobsUnreachable): what the caller wrote for the job may be undone. */
export const nothingStarted = (err: unknown): boolean =>
  err instanceof AppError && err.status === 503 && err.help.hint === NOTHING_STARTED_HINT;

/** The 503 of a start the Temporal frontend did not answer (down, restarting or unreachable). */
export const jobsUnreachable = () =>
  new AppError(
    503,
    JOBS_CANNOT_START,
    undefined,
    { 'Retry-After': '5' },
    {
      code: 'service_unavailable',
      hint: NOTHING_STARTED_HINT,
    },
  );

const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;

/**
 * The 503 of a start the frontend did not answer within the deadline: it may have been too slow rather than down,
 * so the job may have started after all (the caller has undone what it wrote for it).
 */
export const jobsUnanswered = () =>
  jobsUnreachable().with({
    hint: 'The workflow service (Temporal) did not answer in time; the job may still have started. Check POST …/background-jobs before retrying, after the seconds Retry-After gives.',
  });

/**
 * Why a call failed, when the Temporal frontend could not be reached in time: the gRPC code (UNAVAILABLE or
 * DEADLINE_EXCEEDED) found on the error or its causes; undefined for any other failure.
 */
function unreachableCode(err: unknown): number | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (isGrpcServiceError(e) && (e.code === GRPC_UNAVAILABLE || e.code === GRPC_DEADLINE_EXCEEDED)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

function startRun<W extends Workflow>(
  client: Client,
  taskQueue: string,
  workflow: W,
  opts: Parameters<typeof startJob<W>>[2],
  eager: boolean,
) {
  const requestId = currentRequestId();
  return client.workflow.start(workflow, {
    ...(eager ? { requestEagerStart: true } : {}),
    taskQueue,
    workflowId: opts.workflowId,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    ...(opts.rejectClosed ? { workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE } : {}),
    ...(opts.rerunUnfinished ? { workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY } : {}),
    args: opts.args,
    // Tenants share the task queues: with the server's fairness on (matching.enableFairness), a backlog is
    // dispatched round the workspaces, so one workspace's thousand uploads or slow webhook endpoints delay another's
    // work by a task or two, not by the whole backlog. Child workflows and activities inherit the key.
    priority: { fairnessKey: fairnessKey(opts.workspaceId) },
    memo: { ...opts.memo, workspaceId: opts.workspaceId, ...(requestId ? { requestId } : {}) },
    typedSearchAttributes: jobSearchAttributes({
      workspaceId: opts.workspaceId,
      jobKind: opts.kind ?? (jobKindOf(opts.workflowId) as JobKind),
      knowledgeId: opts.knowledgeId,
      requestId,
    }),
  } as unknown as WorkflowStartOptions<W>);
}

export type JobStatus = 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'TERMINATED' | 'TIMED_OUT' | 'NOT_FOUND';

export interface JobState {
  jobId: string;
  status: JobStatus;
  type?: string;
  startedAt?: string;
  closedAt?: string | null;
  error?: string;
  /** What a job reports of its progress in its memo (a re-embed). */
  progress?: ReembedJobProgress;
}

/** What a job is about, beside its state: never shown, read by the policies that decide who sees the state. */
export interface JobSubject {
  /** The item the job concerns (its KnowledgeId search attribute). */
  knowledgeId?: string;
  /** A job of the whole deployment (a re-embed), reported to every workspace. */
  deploymentWide: boolean;
}

const STATUS: Record<string, Exclude<JobStatus, 'NOT_FOUND'>> = {
  RUNNING: 'RUNNING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELED',
  TERMINATED: 'TERMINATED',
  TIMED_OUT: 'TIMED_OUT',
  CONTINUED_AS_NEW: 'RUNNING',
};

const PUBLIC_FAILURE_TYPES: ReadonlySet<string> = new Set(JOB_FAILURE_TYPES);

/** What a failed job failed of, in words fit for users. */
export const JOB_FAILED = 'The job failed';

/**
 * The failure's reason as users may see it: the innermost failure (WorkflowFailed -> ActivityFailure ->
 * ApplicationFailure) of a public type, with that type; anything else (a driver's message, SQL, a stack) is not shown.
 */
function publicFailure(err: unknown): { message: string; type?: string } {
  let found: { message: string; type?: string } = { message: JOB_FAILED };
  let current = err as { cause?: unknown; message?: string; type?: string | null } | undefined;
  while (current) {
    if (current instanceof ApplicationFailure && current.type && PUBLIC_FAILURE_TYPES.has(current.type)) {
      found = { message: current.message, type: current.type };
    }
    current = current.cause as typeof current;
  }
  return found;
}

/**
 * The job's state read from Temporal, for the service's own decisions (is it still running?): a job of another
 * workspace is reported NOT_FOUND, and a FAILED job carries no reason (what a caller may read of that is
 * withFailureReason's, under a policy). A job of the whole deployment (memo scope DEPLOYMENT_JOB_SCOPE: a
 * re-embed) concerns every workspace's search and is reported to each.
 */
export async function describeJob(temporal: TemporalDeps, workspaceId: string, jobId: string): Promise<JobState> {
  return (await describeJobWithSubject(temporal, workspaceId, jobId)).state;
}

/**
 * A job's state for a check a request makes before it answers (is that job still running?): within a start's
 * deadline, else 503 as a start would answer (the check started nothing).
 */
export const jobStateNow = (temporal: TemporalDeps, workspaceId: string, jobId: string): Promise<JobState> =>
  withinStartDeadline(temporal.client, () => describeJob(temporal, workspaceId, jobId), jobsUnreachable);

/**
 * The job's state (a FAILED job without its `error`) and what it is about: one call to
 * Temporal, whatever the job's status. The caller decides whether the job may be shown before it reads the
 * failure's reason (withFailureReason, a second call), so a job it hides costs the same time as an absent one.
 */
export async function describeJobWithSubject(
  temporal: TemporalDeps,
  workspaceId: string,
  jobId: string,
): Promise<{ state: JobState; subject: JobSubject }> {
  const handle = temporal.client.workflow.getHandle(jobId);
  const none: JobSubject = { deploymentWide: false };
  try {
    const d = await handle.describe();
    if (d.memo?.workspaceId !== workspaceId && d.memo?.scope !== DEPLOYMENT_JOB_SCOPE) {
      return { state: { jobId, status: 'NOT_FOUND' }, subject: none };
    }
    const knowledgeId = d.typedSearchAttributes.get(SearchAttributes.knowledgeId);
    const subject: JobSubject = {
      deploymentWide: d.memo?.scope === DEPLOYMENT_JOB_SCOPE,
      ...(typeof knowledgeId === 'string' && knowledgeId ? { knowledgeId } : {}),
    };
    const status = STATUS[d.status.name] ?? 'RUNNING';
    const state: JobState = {
      jobId,
      status,
      type: publicJobType(d.type),
      startedAt: d.startTime.toISOString(),
      closedAt: d.closeTime ? d.closeTime.toISOString() : null,
    };
    const progress = d.memo?.[REEMBED_PROGRESS_MEMO];
    if (progress && typeof progress === 'object') state.progress = progress as ReembedJobProgress;
    return { state, subject };
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return { state: { jobId, status: 'NOT_FOUND' }, subject: none };
    const code = (err as { code?: number }).code;
    if (code === 5 /* gRPC NOT_FOUND */ || code === 3 /* INVALID_ARGUMENT, e.g. an id too long */) {
      return { state: { jobId, status: 'NOT_FOUND' }, subject: none };
    }
    throw err;
  }
}

/**
 * A FAILED job's state with the failure's reason as users may see it (its result, read from Temporal). `shown`
 * decides, by the failure's type, whether this caller may read the reason itself; a reason it may not read is
 * given as JOB_FAILED.
 */
export async function withFailureReason(
  temporal: TemporalDeps,
  state: JobState,
  shown: (type: string | undefined) => boolean,
): Promise<JobState> {
  if (state.status !== 'FAILED') return state;
  const failure = await temporal.client.workflow
    .getHandle(state.jobId)
    .result()
    .then(() => undefined, publicFailure);
  if (failure === undefined) return state;
  return { ...state, error: shown(failure.type) ? failure.message : JOB_FAILED };
}

/** One job of a workspace as Temporal's visibility store lists it. */
export interface JobSummary {
  jobId: string;
  kind: string;
  type: string;
  status: Exclude<JobStatus, 'NOT_FOUND'>;
  startedAt: string;
  closedAt: string | null;
  /** The item the job concerns (its KnowledgeId search attribute; null: none). */
  knowledgeId: string | null;
}

export type ListedJobStatus = JobSummary['status'];

/** The visibility store's ExecutionStatus value of each public status. */
const VISIBILITY_STATUS: Record<ListedJobStatus, string> = {
  RUNNING: 'Running',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELED: 'Canceled',
  TERMINATED: 'Terminated',
  TIMED_OUT: 'TimedOut',
};

/** The proto's WorkflowExecutionStatus numbers (temporal.api.enums.v1), by their names in STATUS. */
const STATUS_NUMBERS: Record<number, string> = {
  1: 'RUNNING',
  2: 'COMPLETED',
  3: 'FAILED',
  4: 'CANCELLED',
  5: 'TERMINATED',
  6: 'CONTINUED_AS_NEW',
  7: 'TIMED_OUT',
};

/** How long a listing waits for Temporal before it answers 503. */
export const JOB_LIST_DEADLINE_MS = 5000;
export const JOBS_UNAVAILABLE = 'Background jobs cannot be listed right now; retry later';

/** A value inside a visibility query: the keyword in double quotes, quotes and backslashes escaped. */
const quoted = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

const isoOf = (ts: { seconds?: unknown; nanos?: number | null } | null | undefined): string | null =>
  ts?.seconds == null ? null : new Date(Number(ts.seconds) * 1000 + Math.floor((ts.nanos ?? 0) / 1e6)).toISOString();

function keyword(fields: Record<string, Payload> | null | undefined, name: string): string | null {
  const payload = fields?.[name];
  if (!payload) return null;
  const value: unknown = defaultPayloadConverter.fromPayload(payload);
  return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
}

/**
 * A page of the workspace's jobs from Temporal's visibility store (search attribute WorkspaceId), running ones
 * first, then by close time, newest first; a continued-as-new run shows as its latest run only. The wait is
 * bounded (JOB_LIST_DEADLINE_MS): an unreachable Temporal answers 503.
 */
export async function listJobs(
  temporal: TemporalDeps,
  workspaceId: string,
  opts: { status?: ListedJobStatus; kind?: JobKind; limit: number; pageToken?: Uint8Array },
  onError?: (err: unknown) => void,
): Promise<{ jobs: JobSummary[]; nextPageToken: Uint8Array | null }> {
  const where = [`WorkspaceId = ${quoted(workspaceId)}`];
  where.push(
    opts.status ? `ExecutionStatus = ${quoted(VISIBILITY_STATUS[opts.status])}` : `ExecutionStatus != "ContinuedAsNew"`,
  );
  if (opts.kind) where.push(`JobKind = ${quoted(opts.kind)}`);
  const service = temporal.connection.workflowService;
  let res: Awaited<ReturnType<typeof service.listWorkflowExecutions>>;
  try {
    res = await temporal.connection.withDeadline(Date.now() + JOB_LIST_DEADLINE_MS, () =>
      service.listWorkflowExecutions({
        namespace: temporal.namespace,
        pageSize: opts.limit,
        nextPageToken: opts.pageToken,
        query: where.join(' AND '),
      }),
    );
  } catch (err) {
    // Unreachable, too slow, or refusing a page token (only our own sealed tokens reach it: services/operations/workspaceJobs.ts)
    // or the query (a cluster without the WorkspaceId search attribute): logged, so that a lasting misconfiguration
    // does not pass for an outage.
    onError?.(err);
    throw new AppError(503, JOBS_UNAVAILABLE, undefined, { 'Retry-After': '5' });
  }
  const jobs = (res.executions ?? []).map((e): JobSummary => {
    const jobId = e.execution?.workflowId ?? '';
    const fields = e.searchAttributes?.indexedFields as Record<string, Payload> | null | undefined;
    const status: ListedJobStatus = STATUS[STATUS_NUMBERS[e.status ?? 1] ?? 'RUNNING'] ?? 'RUNNING';
    return {
      jobId,
      kind: keyword(fields, SearchAttributes.jobKind.name) ?? jobKindOf(jobId),
      type: publicJobType(e.type?.name ?? ''),
      status,
      startedAt: isoOf(e.startTime) ?? new Date(0).toISOString(),
      closedAt: isoOf(e.closeTime),
      knowledgeId: keyword(fields, SearchAttributes.knowledgeId.name),
    };
  });
  const token = res.nextPageToken;
  return { jobs, nextPageToken: token && token.length > 0 ? token : null };
}
