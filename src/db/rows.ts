// Row types as stored in PostgreSQL (snake_case). Mappers to API shapes live in presenters.
import type { Attributes } from '../domain/filter';
import type { DocumentFacts, RolesEvent } from '../domain/sourceRules';
import type { Metrics } from '../domain/retrievalMetrics';

export interface OrganizationRow {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export interface WorkspaceRow {
  id: string;
  organization_id: string;
  name: string;
  rbac_enabled: boolean;
  /** Whether searches rerank when the request does not say (migration 0016). */
  rerank_default: boolean;
  storage_quota_bytes: number | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface UserRow {
  id: string;
  organization_id: string;
  name: string;
  email: string;
  photo: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKeyRow {
  id: string;
  workspace_id: string;
  name: string;
  display_prefix: string;
  key_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface RoleRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  customer_role_id: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface KnowledgeRow {
  id: string;
  workspace_id: string;
  parent_id: string | null;
  type: string;
  title: string;
  content: string;
  status: string;
  message_error: string | null;
  language: string | null;
  metadata: Record<string, unknown>;
  /** Typed attributes (src/domain/filter.ts); a child's hold its parent's merged under its own. */
  attributes: Record<string, string | number | boolean>;
  url: string | null;
  size_bytes: number;
  storage_key: string | null;
  mimetype: string | null;
  filename: string | null;
  space_id: string | null;
  source_visibility: SourceVisibility;
  /** The version whose chunks reads and searches use (migration 0020). */
  current_version: number;
  /** The client's own id for the item, unique per workspace (migration 0021; null: none). */
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
  /** Set by a listing's read (repositories/listedItems.ts): the content was cut to LISTED_CONTENT_MAX_CHARS. */
  content_truncated?: boolean;
}

export type VersionStatus = 'PROCESSING' | 'COMPLETED' | 'FAILED';

export interface KnowledgeVersionRow {
  id: string;
  workspace_id: string;
  knowledge_id: string;
  number: number;
  status: VersionStatus;
  storage_key: string | null;
  mimetype: string | null;
  filename: string | null;
  /** A STRING item's replacement text (its content once the version is current). */
  text: string | null;
  size_bytes: number;
  content_hash: string | null;
  /** The credential kind that made it (null: recorded before versions). */
  created_by: string | null;
  error: string | null;
  job_id: string | null;
  created_at: Date;
  completed_at: Date | null;
  /** When it last stopped being current, and how many times it has (migration 0022). */
  superseded_at: Date | null;
  superseded_count: number;
  /** When its file and chunks were purged (retention or the per-item cap); null while kept. */
  purged_at: Date | null;
}

export type SourceVisibility = 'none' | 'source' | 'download';

export interface UploadFileMetadataRow {
  id: string;
  workspace_id: string;
  organization_id: string;
  knowledge_id: string | null;
  filename: string;
  mimetype: string;
  size_bytes: number;
  storage_key: string;
  title: string;
  description: string | null;
  language: string | null;
  requested_status: string | null;
  workflow_id: string;
  space_id: string | null;
  source_visibility: SourceVisibility;
  /** The attributes the upload's item is created with. */
  attributes: Record<string, string | number | boolean>;
  /** SHA-256 of the file, hex (its item's first version's hash; null: staged before 0021). */
  content_hash: string | null;
  /** The kind of credential that sent it (its item's first version's createdBy; null: received before 0040). */
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CategoryRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TaxonomyRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  published: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SpaceUserRow {
  id: string;
  workspace_id: string;
  external_id: string;
  email: string | null;
  name: string | null;
  photo: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SpaceRow {
  id: string;
  workspace_id: string;
  owner_id: string;
  /** The role the space was last activated under by the integrator (null: none, or activated before roles). */
  role_id: string | null;
  name: string;
  description: string | null;
  status: string;
  /** The narrow credential that created it, whose ROLE_MAX_SPACES it counts against (null: none; migration 0031). */
  activated_by: string | null;
  /** Its messages: how many, and their bytes (migration 0029). */
  message_count: number;
  message_bytes: string | number;
  created_at: Date;
  updated_at: Date;
}

export interface SpaceGroupRow {
  id: string;
  space_id: string;
  name: string;
  type: string;
  is_default: boolean;
  conversation_id: string;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SpaceMessageRow {
  id: string;
  space_id: string;
  group_id: string;
  type: 'USER' | 'AI';
  message: string;
  user_id: string | null;
  content: string | null;
  sources: string[] | null;
  sources_metadata: Array<{ title: string; url: string }> | null;
  thumb_up: boolean;
  thumb_down: boolean;
  reply_to_id: string | null;
  language_id: string | null;
  created_at: Date;
}

export interface AgentServerRow {
  id: string;
  workspace_id: string;
  name: string;
  url: string;
  description: string | null;
  model: string | null;
  auth_token_sealed: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface AgentThreadRow {
  id: string;
  workspace_id: string;
  role_id: string | null;
  /** The subject (one end user's external id) of the token that created it; null: none. */
  subject: string | null;
  agent_server_id: string | null;
  title: string;
  message_count: number;
  stored_bytes: number;
  run_id: string | null;
  run_started_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type AgentMessageRole = 'user' | 'assistant' | 'system' | 'tool';
export interface AgentSource {
  id: string;
  type: string;
  title?: string;
  snippet?: string;
}
export interface AgentTokenUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}
export interface AgentThinkingStep {
  content: string;
  title?: string;
  startedAt?: string;
  finishedAt?: string;
}
export interface AgentToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  result?: unknown;
  startedAt?: string;
  finishedAt?: string;
}

export interface AgentMessageRow {
  thread_id: string;
  id: string;
  workspace_id: string;
  seq: number;
  role: AgentMessageRole;
  content: string | null;
  sources: AgentSource[];
  model: string | null;
  finish_reason: string | null;
  token_usage: AgentTokenUsage | null;
  thinking: AgentThinkingStep[];
  tool_calls: AgentToolCall[];
  tool_call_id: string | null;
  body_hash: string;
  /** The body's size as the thread's byte cap counts it (null: stored before migration 0039). */
  bytes: number | null;
  created_at: Date;
}

export interface WebhookEndpointRow {
  id: string;
  workspace_id: string;
  url: string;
  secret: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookDeliveryRow {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export interface WebhookAttemptRow {
  id: number;
  delivery_id: string;
  workspace_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  created_at: Date;
}

/** A source that stays in sync (migration 0024). */
export interface SourceRow {
  id: string;
  workspace_id: string;
  kind: string;
  name: string;
  config: Record<string, unknown>;
  secrets_sealed: string | null;
  root_id: string;
  schedule_interval_seconds: number | null;
  paused: boolean;
  max_delete_share: number;
  running_sync_id: string | null;
  /** [{match, roleIds?, attributes?}] (src/connectors/sourceRules.ts). */
  rules: unknown;
  rules_version: number;
  /** The source's own roles while it has rules (its root item holds none then); null otherwise. */
  role_ids: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export type SourceSyncStatus = 'RUNNING' | 'COMPLETED' | 'FAILED' | 'NEEDS_CONFIRMATION' | 'SKIPPED';

export interface SourceSyncRow {
  id: string;
  workspace_id: string;
  source_id: string;
  job_id: string;
  status: SourceSyncStatus;
  trigger: 'manual' | 'schedule';
  confirm_deletes: boolean;
  error: string | null;
  seen: number;
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failed: number;
  chunks_embedded: number;
  failures: Array<{ key: string; reason: string }>;
  /** Listed documents of a type the service does not index (migration 0041), and why, at most 200. */
  skipped: number;
  skips: Array<{ key: string; reason: string }>;
  started_at: Date;
  finished_at: Date | null;
}

export interface SourceDocumentRow {
  id: string;
  workspace_id: string;
  source_id: string;
  key: string;
  fingerprint: string | null;
  knowledge_id: string | null;
  listed_sync_id: string | null;
  listed_fingerprint: string | null;
  listed_filename: string | null;
  listed_size: string | null;
  outcome: Record<string, unknown> | null;
  /** Why the document at `fingerprint` is not indexed (a type the service does not take); null: it is, or failed. */
  skip_reason: string | null;
  /** What the last listing recorded for the source's rules, and what they were last applied to. */
  listed_facts: DocumentFacts | null;
  facts: DocumentFacts | null;
  /** The rule last applied (0: the source's default; null: never, or the source has no rules). */
  rule: number | null;
  rules_version: number | null;
  rule_role_ids: string[] | null;
  rule_attributes: Attributes | null;
  /** A knowledge.roles_changed not yet sent, and the batch that claimed it. */
  roles_event: RolesEvent | null;
  roles_event_key: string | null;
}

/** One run of a retrieval evaluation as stored (resolved at creation: the rerank default, the role). */
export interface EvaluationRunSpec {
  name: string;
  mode: 'semantic' | 'hybrid' | 'keyword';
  hybridWeight: number | null;
  /** Pseudo-relevance feedback in hybrid mode (false: turned off); absent in runs stored before it: on. */
  feedback?: boolean;
  rerank: boolean;
  rerankCandidates: number | null;
  /** The filter as the request sent it (parsed again when the run searches). */
  filter: unknown;
  /** The role the run searches as (null: the workspace credential), and its customerRoleId when it has one. */
  roleId: string | null;
  customerRoleId: string | null;
}

export type EvaluationSummary = Array<{ all: Metrics; kinds: Record<string, Metrics> }>;

export interface RetrievalEvaluationRow {
  id: string;
  workspace_id: string;
  name: string | null;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
  job_id: string;
  runs: EvaluationRunSpec[];
  kinds: string[];
  question_count: number;
  questions_done: number;
  /** Per run (in order): the metrics over all questions and per kind; written when the evaluation completes. */
  summary: EvaluationSummary | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/** A relevant item of a labelled question: its id, the externalId it was named by (if so), its grade. */
export interface RelevantItem {
  knowledgeId: string;
  externalId: string | null;
  grade: number;
}

export interface RetrievalEvaluationQuestionRow {
  evaluation_id: string;
  position: number;
  workspace_id: string;
  label: string | null;
  query: string;
  kind: string | null;
  relevant: RelevantItem[];
}

/** A result that came first in a run (to the metrics' cut-off). */
export interface RankedItem {
  knowledgeId: string;
  title: string;
  score: number;
}

export interface RetrievalEvaluationResultRow {
  evaluation_id: string;
  position: number;
  run_index: number;
  workspace_id: string;
  rank: number | null;
  ndcg: number;
  top: RankedItem[];
  rerank: string | null;
  writes: number;
  created_at: Date;
}
