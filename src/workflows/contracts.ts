// Inputs and outputs of workflows, shared by the API (which starts them) and the worker.
import {
  defineSearchAttributeKey,
  SearchAttributeType,
  TypedSearchAttributes,
  type Duration,
} from '@temporalio/common';
import { SYNC_FAILED } from '../domain/sourceRules';
import type { JobKind } from './ids';

export { SYNC_FAILED };

export interface PurgeStoredFilesInput {
  workspaceId: string;
  /** Object keys to delete from the bucket once the delay has passed. */
  keys: string[];
  /** A duration such as '1 day' or '30 minutes' (Temporal's ms-style format). */
  delay: Duration;
  /** The keys were recorded in the purge outbox under this id: cleared once the purge has run. */
  outboxId?: string;
}

export interface PurgeStoredFilesResult {
  deleted: number;
  /** Keys outside the workspace, refused. */
  refused: number;
  /** Keys of batches the store kept failing after all retries. */
  failed: number;
}

export interface IngestFileInput {
  workspaceId: string;
  organizationId: string;
  uploadId: string;
  /** The item's parent: the site a crawled file was linked from, or an unpacked archive's folder. */
  parentId?: string;
  /** Where a crawled file was fetched from (the item's url). */
  sourceUrl?: string;
  /** The upload is a ZIP to unpack: its item is a FOLDER whose children are its members. */
  unpack?: boolean;
  /**
   * A small plain file (INLINE_INGEST_MAX_BYTES): its whole indexing is one activity task (workflows/indexing.ts
   * indexSmallFile), given its item's id; runs started before 'inline-one-activity' ran its short steps as
   * local activities.
   */
  inline?: boolean;
  /** The item's id (knowledgeIdForUpload of the upload, which workflow code cannot derive): set for an inline file. */
  knowledgeId?: string;
}

/**
 * Plain files (text, Markdown, CSV, JSON) and text items up to this size are ingested inline: their steps
 * run as local activities on the worker that runs the workflow, without a round trip to the server between
 * steps. The price is recovery: a worker lost in the middle of an inline item is noticed when its workflow
 * task times out (10 s) and the item resumes from its last recorded step, where an activity task's
 * heartbeat timeout alone (10 s) would do. So only items whose whole ingestion is short and linear in their
 * bytes (~16k tokens of text at most) go inline; other formats (which can expand far beyond their stored
 * size, or spend the sandbox's whole time budget on OCR) and larger files run their steps as activity
 * tasks, heartbeating, retried on any worker.
 */
export const INLINE_INGEST_MAX_BYTES = 64 * 1024;

/** An unpacked archive's folder fails with this when no member could be ingested. */
export const NO_MEMBERS = 'The archive holds no file of a supported type';

export interface UnpackArchiveResult {
  knowledgeId: string;
  status: 'COMPLETED';
  /** Members ingested as FILE children (each has its own status). */
  members: number;
  skipped: number;
}

export interface IngestFileResult {
  knowledgeId: string;
  status: 'COMPLETED';
  chunkCount: number;
  pageCount: number;
}

/**
 * Heartbeat timeout of the activities that heartbeat while they work (every 2 s, HEARTBEAT_EVERY_MS): an
 * attempt whose worker died is retried after at most this long.
 */
export const ACTIVITY_HEARTBEAT_TIMEOUT: Duration = '10 seconds';

/** A STRING item (its text is its content) or a URL item (its page is fetched), indexed like a file. */
export interface IngestSourceInput {
  workspaceId: string;
  knowledgeId: string;
  source: 'text' | 'url';
  /** Every step as a local activity (a text item within INLINE_INGEST_MAX_BYTES; see IngestFileInput). */
  inline?: boolean;
}

/**
 * A new version of an existing item (a replaced file or text), indexed beside the version that serves by
 * the same indexing path; completing it switches the item to it in one transaction.
 */
export interface IngestVersionInput {
  workspaceId: string;
  organizationId: string;
  knowledgeId: string;
  version: number;
  /** url: a URL item's page fetched again (services/versions/versions.ts refetchUrl). */
  source: 'file' | 'text' | 'url';
  /** Every step as a local activity (a small plain file or text; see IngestFileInput). */
  inline?: boolean;
}

/** A title change's refresh of the item's vectors that carry the title (workflows/titleVectors.ts). */
export interface TitleVectorsInput {
  workspaceId: string;
  knowledgeId: string;
  /** The new title (absent: whatever title the item has). */
  title?: string;
}

/**
 * What it found: gone (deleted meanwhile), unchanged (the scheme's vectors carry no title), superseded (renamed
 * again: that change's job computes them) or refreshed.
 */
export interface TitleVectorsResult {
  state: 'gone' | 'unchanged' | 'superseded' | 'refreshed';
  /** Chunks whose vectors were written. */
  chunks: number;
}

/**
 * The retention purge of a version that stopped being current: after `retention` (durable), its chunks and
 * stored file go unless it is current again, or was superseded again meanwhile (`generation`, the version's
 * superseded_count when the purge was scheduled: then the timer starts over).
 */
export interface PurgeVersionInput {
  workspaceId: string;
  knowledgeId: string;
  version: number;
  generation: number;
  retention: Duration;
}

/** What the purge found when its timer fired: `again` carries the newer generation to wait for. */
export type PurgeVersionOutcome =
  { kind: 'purged'; storageKey?: string } | { kind: 'kept' } | { kind: 'gone' } | { kind: 'again'; generation: number };

export interface PurgeVersionResult {
  purged: boolean;
}

export interface IngestVersionResult {
  knowledgeId: string;
  version: number;
  status: 'COMPLETED';
  chunkCount: number;
  /** A refetched page whose content was the current version's: its version was dropped, nothing indexed. */
  unchanged?: boolean;
}

export interface IngestSourceResult {
  knowledgeId: string;
  status: 'COMPLETED';
  chunkCount: number;
}

/** A website sync's progress (POST …/background-jobs), from its sync's counts. */
export interface CrawlProgress {
  /** Pages fetched and indexed, or found unchanged. */
  pagesDone: number;
  /** Every page the sync has listed so far (its pages and linked files). */
  pagesDiscovered: number;
  pagesFailed: number;
  pagesSkipped: number;
}

/** Chunks embedded per activity call: bounds the work a retry repeats. */
export const EMBED_BATCH_CHUNKS = 64;

export const IngestionFailureTypes = {
  /** The file cannot be read as its type (corrupt, empty, a zip bomb): retrying cannot help. */
  extraction: 'ExtractionFailed',
  /** The knowledge item was deleted while it was being ingested. */
  knowledgeGone: 'KnowledgeGone',
  /** Retries exhausted on a transient failure. */
  processing: 'ProcessingFailed',
} as const;

export interface CascadeDeleteInput {
  workspaceId: string;
  rootId: string;
  purgeDelay: Duration;
  batchSize?: number;
  /** Batches before continue-as-new (default 200). */
  batchesPerRun?: number;
  /** Carried across continue-as-new. */
  deletedSoFar?: number;
  batchesSoFar?: number;
}

export interface CascadeDeleteResult {
  deleted: number;
  batches: number;
}

/** A data-subject erasure: a user's space and everything in it. */
export interface EraseUserSpaceInput {
  workspaceId: string;
  spaceId: string;
}

export interface EraseUserSpaceResult {
  /** Whether the space was still there to erase (false: an earlier run did). */
  erased: boolean;
  /** Stored files deleted. */
  files: number;
}

export interface RoleFields {
  name: string;
  description: string | null;
  customerRoleId: string | null;
}

export interface CreateRoleInput {
  workspaceId: string;
  roleId: string;
  role: RoleFields;
  /** The job's own id: its claim on the customerRoleId is dropped once the role is written (absent: older jobs). */
  jobId?: string;
}

export interface UpdateRoleInput {
  workspaceId: string;
  roleId: string;
  /** Only the fields to change; omitted fields stay unchanged. */
  patch: Partial<RoleFields>;
  /**
   * The request's number (role_update_request_seq): a field is written only where no later request has written it.
   * Absent in jobs started before requests were numbered: a field is written only where no numbered request has.
   */
  seq?: string;
  /** The job's own id: its claim on the customerRoleId is dropped once the patch is written (absent: older jobs). */
  jobId?: string;
}

export interface DeleteRoleInput {
  workspaceId: string;
  roleId: string;
}

export interface RoleAssignmentInput {
  workspaceId: string;
  knowledgeId: string;
  roleIds: string[];
  action: 'assign' | 'unassign';
}

/**
 * What a role-assignment job wrote: each of its roles as the latest request for it on the item asked, which may differ
 * from the job's own `action` when a later request came in before the job ran. `assigned` never holds a role gone or
 * being deleted; `unassigned` holds every role the latest requests asked to unassign, assigned before or not.
 */
export interface RoleAssignmentApplied {
  assigned: string[];
  unassigned: string[];
}

export const RoleFailureTypes = {
  duplicateCustomerRoleId: 'DuplicateCustomerRoleId',
  notFound: 'NotFound',
} as const;

/** Non-retryable ApplicationFailure types of generic activity input errors. */
export const FailureTypes = {
  invalidInput: 'InvalidInput',
  notFound: 'NotFound',
  conflict: 'Conflict',
} as const;

/** The failure type of a retrieval evaluation that cannot go on (the role a run searches as was deleted). */
export const EVALUATION_REFUSED = 'EvaluationRefused';

/**
 * Activity failure types whose message an item records as its messageError: their texts come from a fixed
 * vocabulary (failureReasons.ts, the fetch refusals). Any other activity failure is recorded as
 * FailureReasons.processingFailed, under the type ProcessingFailed.
 */
export const ITEM_FAILURE_TYPES: readonly string[] = [
  IngestionFailureTypes.extraction,
  IngestionFailureTypes.knowledgeGone,
];

/**
 * Failure types whose message a background job's status shows (GET background-jobs). Wider than
 * ITEM_FAILURE_TYPES because a job ends with what its workflow threw: the item's reason, or ProcessingFailed
 * with its fixed text (which the workflow itself wrote), and role jobs end with the role failures.
 */
export const JOB_FAILURE_TYPES: readonly string[] = [
  EVALUATION_REFUSED,
  SYNC_FAILED,
  ...Object.values(IngestionFailureTypes),
  ...Object.values(RoleFailureTypes),
  ...Object.values(FailureTypes),
];

/**
 * Custom search attributes set on every workflow, so the Temporal Web UI can list one workspace's jobs
 * (`WorkspaceId="…"`), one item's history (`KnowledgeId="…"`), a kind of job (`JobKind="ingest"`) or what
 * one HTTP request started (`RequestId="…"`). They must be registered on the server (scripts/services.sh,
 * src/embedded/temporal.ts, docker-compose.yml).
 */
export const SearchAttributes = {
  workspaceId: defineSearchAttributeKey('WorkspaceId', SearchAttributeType.KEYWORD),
  knowledgeId: defineSearchAttributeKey('KnowledgeId', SearchAttributeType.KEYWORD),
  jobKind: defineSearchAttributeKey('JobKind', SearchAttributeType.KEYWORD),
  requestId: defineSearchAttributeKey('RequestId', SearchAttributeType.KEYWORD),
} as const;

/** The typed search attributes of a job. */
export function jobSearchAttributes(a: {
  workspaceId: string;
  jobKind: JobKind;
  knowledgeId?: string;
  requestId?: string;
}): TypedSearchAttributes {
  return new TypedSearchAttributes([
    { key: SearchAttributes.workspaceId, value: a.workspaceId },
    { key: SearchAttributes.jobKind, value: a.jobKind },
    ...(a.knowledgeId ? [{ key: SearchAttributes.knowledgeId, value: a.knowledgeId }] : []),
    ...(a.requestId ? [{ key: SearchAttributes.requestId, value: a.requestId }] : []),
  ]);
}

export interface WebhookEventInput {
  workspaceId: string;
  type:
    | 'knowledge.completed'
    | 'knowledge.failed'
    | 'knowledge.cascade_deleted'
    | 'knowledge.updated'
    | 'knowledge.version_restored'
    | 'knowledge.roles_changed'
    | 'role.job_completed'
    | 'role.job_failed'
    | 'webhook.test';
  /** ISO time of the event (the workflow's clock). */
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookRetry {
  initialInterval: string;
  maximumInterval: string;
  maximumAttempts: number;
}

/** indexSmallFile's input: the file, its item's id, and whether the activity records the completion's webhook event. */
export type IndexSmallFileInput = IngestFileInput & {
  knowledgeId: string;
  /**
   * Record the knowledge.completed webhook event once the item is COMPLETED, in the activity (runs started since
   * 'small-file-completed-event'): the workflow then only starts its deliveries, with no local activity after
   * the activity task. Older runs record it by a local activity.
   */
  completedEvent?: boolean;
};

/** What a knowledge.completed event carries: the item, what its source adds (a file's uploadId), its version, its counts. */
export function completedEventData(
  knowledgeId: string,
  event: Record<string, unknown>,
  version: number | undefined,
  stored: object,
): Record<string, unknown> {
  return { knowledgeId, ...event, ...(version !== undefined ? { version } : {}), status: 'COMPLETED', ...stored };
}

export interface IndexSmallFileResult {
  chunkCount: number;
  pageCount: number;
  version: number;
  /** The completion's event, recorded (with completedEvent): the deliveries the workflow starts. */
  completedEvent?: WebhookEventRecorded;
}

export interface WebhookEventRecorded {
  /** The event's deliveries still to make (one per subscribed endpoint). */
  deliveryIds: string[];
  retry: WebhookRetry;
}

export interface WebhookDeliveryInput {
  workspaceId: string;
  deliveryId: string;
}

/**
 * The job `type` users see (background-jobs, role job webhook events): the workflow type, except where a
 * workflow was renamed and its public value is kept (changeKnowledgeRolesWorkflow was roleAssignmentWorkflow,
 * and callers may switch on it).
 */
const PUBLIC_JOB_TYPES: Readonly<Record<string, string>> = {
  changeKnowledgeRolesWorkflow: 'roleAssignmentWorkflow',
};

export const publicJobType = (workflowType: string): string => PUBLIC_JOB_TYPES[workflowType] ?? workflowType;

/** The model a re-embed builds vectors of (`kws reembed`, workflows/reembed.ts). */
export interface EmbeddingTarget {
  provider: string;
  model: string;
  modelVersion: string;
  dimension: number;
}

export interface ReembedInput {
  target: EmbeddingTarget;
  /** Chunks per batch activity. */
  batchSize: number;
  /** Test hook: each batch waits for a `reembedStep` signal (or `reembedRun`, which ends the stepping). */
  stepped?: boolean;
}

export interface ReembedProgress {
  phase: 'building' | 'indexing' | 'switching' | 'done';
  /** Chunks embedded with the target model so far (over every catch-up round). */
  embedded: number;
  batches: number;
  /** Catch-up rounds: a round ends when no chunk lacks a target vector; the switch follows. */
  rounds: number;
  /** Chunks that have a vector of the target model, of all chunks, as last counted (all of them once done). */
  chunksDone: number;
  chunksTotal: number;
}

/** What background-jobs shows of a re-embed: kept in the workflow's memo under REEMBED_PROGRESS_MEMO. */
export type ReembedJobProgress = Pick<ReembedProgress, 'phase' | 'chunksDone' | 'chunksTotal'>;
export const REEMBED_PROGRESS_MEMO = 'progress';

/**
 * A job of the whole deployment (a re-embed) rather than of one workspace: its memo's `scope` says so, and
 * every workspace's background-jobs reports it (temporal/jobs.ts).
 */
export const DEPLOYMENT_JOB_SCOPE = 'deployment';

export type ReembedResult = ReembedProgress;

/** The re-embed of a deployment to one model version: one at a time per version, joined if started again. */
export const reembedWorkflowId = (t: EmbeddingTarget) => `reembed:${t.model}:${t.modelVersion}`.slice(0, 900);

// Sources that stay in sync (syncSourceWorkflow, services/sources/syncSources.ts).

export interface SyncSourceInput {
  workspaceId: string;
  sourceId: string;
  /** The sync record "sync now" made; a scheduled run has none (its first step derives one from its id). */
  syncId?: string;
  /** Lift the deletion guard for this sync. */
  confirmDeletes?: boolean;
  /** How long deleted items' stored files are kept before they are purged. */
  purgeDelay: Duration;
  /** Where a run continued as new takes the sync up (the sync was begun, listed and guarded). */
  resume?: SyncSourceResume;
  /** Fetch and removal steps per run before continuing as new (tests; otherwise when Temporal suggests it). */
  batchesPerRun?: number;
  /** Documents per fetch or removal step (tests). */
  batchSize?: number;
}

export interface SyncSourceResume {
  syncId: string;
  rootId: string;
  phase: 'fetch' | 'remove';
  /** Documents indexed so far (progress only: the counts are the database's). */
  done: number;
  /** Removal steps taken so far (each names its purge). */
  removeSteps: number;
}

export type SyncSourceStatus = 'COMPLETED' | 'FAILED' | 'NEEDS_CONFIRMATION' | 'SKIPPED' | 'SOURCE_DELETED';

export interface SyncSourceResult {
  syncId?: string;
  status: SyncSourceStatus;
  error?: string;
}

/** What one sync step did with a new or changed document; the workflow indexes it. */
export type SourceDocumentOutcome =
  | {
      key: string;
      kind: 'new';
      uploadId: string;
      knowledgeId: string;
      organizationId: string;
      inline?: boolean;
      /** The document's address (a file linked from a website): the item's url. */
      sourceUrl?: string;
    }
  | {
      key: string;
      kind: 'changed';
      knowledgeId: string;
      version: number;
      organizationId: string;
      inline?: boolean;
    }
  | { key: string; kind: 'failed'; reason: string }
  /** A document of a type the service does not index: recorded with why, not fetched again until it changes. */
  | { key: string; kind: 'skipped'; reason: string }
  /**
   * A web page stored as its URL item with its chunks (a new item, or a changed page's next version); the
   * workflow embeds them and completes the item or version. A page whose text is its item's already (`changed`
   * false) is unchanged.
   */
  | {
      key: string;
      kind: 'page';
      knowledgeId: string;
      isNew: boolean;
      changed: boolean;
      chunkCount: number;
      /** A changed page's new version (a new page is its item's current version). */
      version?: number;
    };

/** A document's end: indexed with this many chunks, or failed with the reason. */
export interface SourceDocumentResult {
  key: string;
  ok: boolean;
  chunks: number;
  reason?: string;
}

/** The job kind (search attribute) of source syncs, scheduled or not. */
export const SOURCE_SYNC_JOB_KIND = 'source-sync' satisfies JobKind;

// Retrieval evaluations (retrievalEvaluationWorkflow, services/search/retrievalEvaluations.ts).

export interface RetrievalEvaluationInput {
  workspaceId: string;
  evaluationId: string;
  /** Questions per batch activity (each evaluated under every run). */
  batchSize: number;
}

export interface RetrievalEvaluationResult {
  /** DELETED: the evaluation was deleted (or ended) while it ran. */
  status: 'COMPLETED' | 'DELETED';
  /** Questions this run of the workflow recorded. */
  questionsEvaluated: number;
}

/** An evaluation's progress (POST …/background-jobs), from its row. */
export interface EvaluationProgress {
  questionsDone: number;
  questionsTotal: number;
}

/** The job kind of a change of a source's rules applied to its documents (`source-rules:<ws>:<source>:<version>`). */
export const SOURCE_RULES_JOB_KIND = 'source-rules' satisfies JobKind;

export interface ApplySourceRulesInput {
  workspaceId: string;
  sourceId: string;
  /** The rules version the job applies (a newer one supersedes it). */
  rulesVersion: number;
  /** Documents per batch (tests; default 200). */
  batchSize?: number;
  /** Where a run continued as new takes the job up. */
  resume?: { applied: number; changed: number; phase: 'apply' | 'events'; eventBatches: number };
}

export interface ApplySourceRulesResult {
  /** SUPERSEDED: the rules changed again meanwhile, and the newer job applies them. */
  status: 'COMPLETED' | 'SUPERSEDED';
  /** Documents the job brought to the rules version, and of them those whose roles changed. */
  applied: number;
  changed: number;
  /** knowledge.roles_changed events recorded (each for up to 100 documents). */
  events: number;
}
