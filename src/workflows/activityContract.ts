// The activities the workflows call, as a contract: what each takes and returns, in the workflow contracts'
// own types. src/activities implements it (createActivities(deps): Activities, checked by the compiler),
// so workflows and the worker name the activities without importing the layer above them.
import type { Duration } from '@temporalio/common';
import type { SkippedMember } from '../extract/zip';
import type { IngestionStage } from '../observability/metrics';
import type {
  CreateRoleInput,
  DeleteRoleInput,
  EmbeddingTarget,
  IndexSmallFileInput,
  IndexSmallFileResult,
  IngestFileInput,
  IngestSourceInput,
  IngestVersionInput,
  PurgeVersionInput,
  PurgeVersionOutcome,
  TitleVectorsInput,
  TitleVectorsResult,
  RoleAssignmentApplied,
  RoleAssignmentInput,
  SourceDocumentOutcome,
  SourceDocumentResult,
  UpdateRoleInput,
  WebhookDeliveryInput,
  WebhookEventInput,
  WebhookEventRecorded,
} from './contracts';

interface InWorkspace {
  workspaceId: string;
}

interface OfKnowledge extends InWorkspace {
  knowledgeId: string;
}

export interface ReapOrphansResult {
  reaped: number;
  bytesFreed: number;
  /** Stored bytes of each workspace touched, recomputed after the reaping. */
  usedBytes: Record<string, number>;
}

export interface DeleteStoredFilesResult {
  deleted: number;
  /** Keys refused because they lie outside the workspace (never deleted, never retried). */
  refused: number;
}

interface OfSync extends InWorkspace {
  sourceId: string;
  syncId: string;
}

export interface Activities {
  // Sources that stay in sync (workflows/syncSource.ts)
  beginSourceSync(
    input: InWorkspace & { sourceId: string; jobId: string; syncId?: string; confirmDeletes?: boolean },
  ): Promise<{ state: 'run' | 'skipped' | 'gone'; syncId: string; rootId: string; maxDeleteShare: number }>;
  listSourceDocuments(
    input: OfSync,
  ): Promise<{ error?: string; seen: number; unchanged: number; vanished: number; indexed: number }>;
  fetchSourceDocuments(
    input: OfSync & { limit: number },
  ): Promise<{ error?: string; outcomes: SourceDocumentOutcome[] }>;
  completeSourceDocuments(input: OfSync & { results: SourceDocumentResult[] }): Promise<void>;
  /** The sync's unchanged documents whose rules state is stale (moved facts, older rules) get the rules. */
  reassignSourceDocuments(
    input: OfSync & { limit: number; afterId?: string },
  ): Promise<{ checked: number; changed: number; lastId?: string; more: boolean }>;
  removeVanishedDocuments(
    input: OfSync & { limit: number; purgeId?: string },
  ): Promise<{ removed: number; storageKeys: string[]; more: boolean }>;
  finishSourceSync(
    input: OfSync & { status: 'COMPLETED' | 'FAILED' | 'NEEDS_CONFIRMATION'; error?: string },
  ): Promise<void>;

  // A source's rules (workflows/sourceRules.ts)
  applySourceRulesBatch(
    input: InWorkspace & { sourceId: string; rulesVersion: number; limit: number },
  ): Promise<{ applied: number; changed: number; more: boolean; superseded?: boolean }>;
  finishSourceRules(input: InWorkspace & { sourceId: string; rulesVersion: number }): Promise<void>;
  /** The next knowledge.roles_changed of the source, claimed under batchKey (the same documents when run again). */
  recordRolesChanged(
    input: InWorkspace & { sourceId: string; batchKey: string; timestamp: string },
  ): Promise<WebhookEventRecorded & { documents: number; more: boolean }>;

  // Webhooks
  recordWebhookEvent(input: WebhookEventInput): Promise<WebhookEventRecorded>;
  attemptWebhookDelivery(input: WebhookDeliveryInput): Promise<{ attempt: number; statusCode: number }>;
  markWebhookFailed(input: WebhookDeliveryInput & { error: string }): Promise<void>;

  // Stored files
  reapOrphanUploads(input: { grace: Duration }): Promise<ReapOrphansResult>;
  sweepPurgeOutbox(input: { grace: Duration }): Promise<{ started: number; skipped: number; cleared: number }>;
  deleteStoredFiles(input: InWorkspace & { keys: string[] }): Promise<DeleteStoredFilesResult>;
  /** Deletes the schedule of a source that no longer exists. */
  dropOrphanSchedule(input: { workspaceId: string; sourceId: string }): Promise<void>;
  clearPurgeOutbox(input: InWorkspace & { purgeId: string }): Promise<void>;
  purgeSupersededVersion(input: Omit<PurgeVersionInput, 'retention'>): Promise<PurgeVersionOutcome>;
  /** A title change: the item's vectors that carry the title computed again (idempotent; heartbeats). */
  refreshTitleVectors(input: TitleVectorsInput): Promise<TitleVectorsResult>;

  // Roles
  insertRole(input: CreateRoleInput): Promise<void>;
  updateRole(input: UpdateRoleInput): Promise<void>;
  deleteRole(input: DeleteRoleInput): Promise<boolean>;
  changeKnowledgeRoles(input: RoleAssignmentInput): Promise<RoleAssignmentApplied>;

  // Deletes and erasure
  listSpaceStoredFiles(input: InWorkspace & { spaceId: string }): Promise<string[]>;
  eraseSpaceRecords(input: InWorkspace & { spaceId: string }): Promise<boolean>;
  deleteLeafBatch(
    input: InWorkspace & { rootId: string; batchSize: number; purgeId?: string },
  ): Promise<{ deleted: number; storageKeys: string[]; rootDeleted: boolean }>;

  // Archives
  unpackArchive(
    input: IngestFileInput & { knowledgeId: string },
  ): Promise<{ members: string[]; skipped: SkippedMember[] }>;
  completeFolder(input: OfKnowledge & { members: number; skipped: SkippedMember[] }): Promise<void>;

  // Ingestion
  chunkStoredText(input: IngestSourceInput | IngestVersionInput): Promise<{ chunkCount: number }>;
  fetchAndStoreChunks(
    input: IngestSourceInput | IngestVersionInput,
  ): Promise<{ chunkCount: number; unchanged?: boolean }>;
  createKnowledgeForUpload(input: IngestFileInput): Promise<{ knowledgeId: string }>;
  extractAndStoreChunks(
    input: (IngestFileInput & { knowledgeId: string }) | IngestVersionInput,
  ): Promise<{ chunkCount: number; pageCount: number }>;
  // `version`: a new version's steps (without one: the item's current version, as for a new item).
  embedChunks(input: OfKnowledge & { from: number; to: number; version?: number }): Promise<number>;
  /** Answers the version the item is on once completed (void from workers before versions were reported). */
  completeKnowledge(input: OfKnowledge & { version?: number }): Promise<{ version: number } | void>;
  failKnowledge(input: OfKnowledge & { message: string; stage?: IngestionStage; version?: number }): Promise<void>;
  /**
   * A small plain file's whole indexing in one activity task: its item created, its text extracted, chunked
   * and stored, embedded, and the item COMPLETED (the version it is on answered).
   */
  indexSmallFile(input: IndexSmallFileInput): Promise<IndexSmallFileResult>;

  // Re-embedding (workflows/reembed.ts)
  beginReembed(input: { target: EmbeddingTarget }): Promise<'resumed' | 'started'>;
  /**
   * Embeds the next chunks by id after afterId (onlyMissing: those without a target vector); lastId: where the
   * next batch starts; done and total: as countReembed, after the batch.
   */
  reembedBatch(input: {
    target: EmbeddingTarget;
    afterId?: string;
    limit: number;
    onlyMissing: boolean;
  }): Promise<{ embedded: number; lastId?: string; done: number; total: number }>;
  /** Chunks with a vector of the model being built (done), of all chunks (total). */
  countReembed(input: { target: EmbeddingTarget }): Promise<{ done: number; total: number }>;
  indexReembed(input: { target: EmbeddingTarget }): Promise<void>;
  /** The atomic switch; `missing` > 0: chunks came in since the last round, nothing switched; `total`: all chunks. */
  switchReembed(input: { target: EmbeddingTarget }): Promise<{ missing: number; total: number }>;
  finishReembed(input: { target: EmbeddingTarget }): Promise<void>;

  // Retrieval evaluations (workflows/retrievalEvaluation.ts)
  /**
   * Evaluates the next `limit` questions without results under every run, recording each once; `remaining`:
   * questions still without results after the batch; 'gone': the evaluation was deleted or ended.
   */
  evaluateRetrievalBatch(
    input: InWorkspace & { evaluationId: string; limit: number },
  ): Promise<{ state: 'run' | 'gone'; evaluated: number; remaining: number }>;
  /** Stores the metrics and marks the evaluation COMPLETED, or, with `error`, FAILED. */
  finishRetrievalEvaluation(input: InWorkspace & { evaluationId: string; error?: string }): Promise<void>;
}
