// Starting and reading background jobs. Every job carries its workspace in the memo, so its status is
// only ever revealed to that workspace; a start with the id of a running job joins it instead of failing.
// Every job also carries the request id that started it (memo and RequestId search attribute) and the
// search attributes WorkspaceId, JobKind and KnowledgeId, for the Temporal Web UI.
import { WorkflowNotFoundError, type Workflow, type WorkflowStartOptions } from '@temporalio/client';
import { ApplicationFailure, WorkflowIdConflictPolicy } from '@temporalio/common';
import { currentRequestId } from '../observability/context';
import {
  DEPLOYMENT_JOB_SCOPE,
  JOB_FAILURE_TYPES,
  REEMBED_PROGRESS_MEMO,
  jobSearchAttributes,
  publicJobType,
  type ReembedJobProgress,
} from '../workflows/contracts';
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
    kind?: string;
  },
) {
  const requestId = currentRequestId();
  return temporal.client.workflow.start(workflow, {
    taskQueue: temporal.taskQueue,
    workflowId: opts.workflowId,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    args: opts.args,
    memo: { ...opts.memo, workspaceId: opts.workspaceId, ...(requestId ? { requestId } : {}) },
    typedSearchAttributes: jobSearchAttributes({
      workspaceId: opts.workspaceId,
      jobKind: opts.kind ?? jobKindOf(opts.workflowId),
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

const STATUS: Record<string, JobStatus> = {
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
 * ApplicationFailure) of a public type; anything else (a driver's message, SQL, a stack) is not shown.
 */
function publicFailureMessage(err: unknown): string {
  let message: string = JOB_FAILED;
  let current = err as { cause?: unknown; message?: string; type?: string | null } | undefined;
  while (current) {
    if (current instanceof ApplicationFailure && current.type && PUBLIC_FAILURE_TYPES.has(current.type)) {
      message = current.message;
    }
    current = current.cause as typeof current;
  }
  return message;
}

/**
 * The job's state read from Temporal; a job of another workspace is reported NOT_FOUND. A job of the whole
 * deployment (memo scope DEPLOYMENT_JOB_SCOPE: a re-embed) concerns every workspace's search and is reported
 * to each.
 */
export async function describeJob(temporal: TemporalDeps, workspaceId: string, jobId: string): Promise<JobState> {
  const handle = temporal.client.workflow.getHandle(jobId);
  try {
    const d = await handle.describe();
    if (d.memo?.workspaceId !== workspaceId && d.memo?.scope !== DEPLOYMENT_JOB_SCOPE) {
      return { jobId, status: 'NOT_FOUND' };
    }
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
    if (status === 'FAILED') {
      state.error = await handle.result().then(() => undefined, publicFailureMessage);
    }
    return state;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return { jobId, status: 'NOT_FOUND' };
    const code = (err as { code?: number }).code;
    if (code === 5 /* gRPC NOT_FOUND */ || code === 3 /* INVALID_ARGUMENT, e.g. an id too long */) {
      return { jobId, status: 'NOT_FOUND' };
    }
    throw err;
  }
}
