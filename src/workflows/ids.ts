// Readable, deterministic workflow ids: the same business operation can never start twice. Pure string
// builders with no imports, so the workflows (which may not import node:crypto, see src/temporal/constants.ts
// for the UUIDv5 helpers) and the services that start them build each id the same way.

/**
 * The kinds of job a workspace's background-jobs lists (`GET …/background-jobs?kind=`): a job's kind is its id's
 * prefix (`ingest:<ws>:<upload>` -> `ingest`) or the kind it is started with (ids that are UUIDs, scheduled runs).
 * Every id below starts with one of them (test/unit/workflows/ids.test.ts). The deployment's re-embed
 * (`reembed:…`) belongs to no workspace, so no listing shows it.
 */
export const JOB_KINDS = [
  'ingest',
  'ingest-text',
  'ingest-url',
  'ingest-version',
  'cascade-delete',
  'purge-files',
  'purge-version',
  'erase-space',
  'webhook',
  'retrieval-evaluation',
  'role-create',
  'role-update',
  'role-delete',
  'role-assign',
  'role-unassign',
  'source-sync',
  'source-rules',
  'title-vectors',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * The task queue webhook delivery attempts run on, beside the workflows' own (`taskQueue`): a worker runs them with
 * a concurrency of their own (WEBHOOK_MAX_CONCURRENT_DELIVERIES), so receivers that never answer hold those
 * slots and not the ones every workspace's ingestion needs.
 */
export const deliveriesQueue = (taskQueue: string) => `${taskQueue}-webhook-deliveries`;

/** Each workflow's id, from the business keys of the operation it runs. */
export const WorkflowIds = {
  purgeStoredFiles: (workspaceId: string, operationId: string) => `purge-files:${workspaceId}:${operationId}`,
  /** The purge of what one removal step of a source sync deleted (workflows/syncSource.ts). */
  purgeSyncRemoval: (workspaceId: string, syncId: string, step: number) =>
    WorkflowIds.purgeStoredFiles(workspaceId, `${syncId}:${step}`),
  /** The purge of one batch of a cascade delete (workflows/cascadeDelete.ts), batches counted from 1. */
  purgeCascadeBatch: (workspaceId: string, rootId: string, batch: number) =>
    WorkflowIds.purgeStoredFiles(workspaceId, `cascade-${rootId}-${batch}`),
  ingestFile: (workspaceId: string, uploadId: string) => `ingest:${workspaceId}:${uploadId}`,
  cascadeDelete: (workspaceId: string, knowledgeId: string) => `cascade-delete:${workspaceId}:${knowledgeId}`,
  eraseUserSpace: (workspaceId: string, spaceId: string) => `erase-space:${workspaceId}:${spaceId}`,
  ingestText: (workspaceId: string, knowledgeId: string) => `ingest-text:${workspaceId}:${knowledgeId}`,
  ingestUrl: (workspaceId: string, knowledgeId: string) => `ingest-url:${workspaceId}:${knowledgeId}`,
  /** One per version of an item: a replacement of its content. */
  ingestVersion: (workspaceId: string, knowledgeId: string, version: number) =>
    `ingest-version:${workspaceId}:${knowledgeId}:${version}`,
  /** One delivery of a webhook event (workflows/webhooks.ts starts them). */
  webhookDelivery: (workspaceId: string, deliveryId: string) => `webhook:${workspaceId}:${deliveryId}`,
  /** The retention purge of one version of an item (started each time it stops being current). */
  purgeVersion: (workspaceId: string, knowledgeId: string, version: number) =>
    `purge-version:${workspaceId}:${knowledgeId}:${version}`,
  /**
   * A title change's refresh of the item's vectors (workflows/titleVectors.ts): `stamp`, the item's updated_at
   * in microseconds that the change wrote, names that change.
   */
  titleVectors: (workspaceId: string, knowledgeId: string, stamp: string) =>
    `title-vectors:${workspaceId}:${knowledgeId}:${stamp}`,
  /** One retrieval evaluation (its kind, the prefix, is what background-jobs lists it under). */
  retrievalEvaluation: (workspaceId: string, evaluationId: string) =>
    `retrieval-evaluation:${workspaceId}:${evaluationId}`,
  /** A role's creation: `digest` of its fields, `generation` counting re-creations after deletes (0: none). */
  roleCreate: (workspaceId: string, digest: string, generation = 0) =>
    `role-create:${workspaceId}:${digest}${generation === 0 ? '' : `:${generation}`}`,
  /** The readable key of a role update (its workflow id is this key's UUIDv5: the specification fixes a UUID). */
  roleUpdate: (workspaceId: string, roleId: string, digest: string) => `role-update:${workspaceId}:${roleId}:${digest}`,
  roleDelete: (workspaceId: string, roleId: string) => `role-delete:${workspaceId}:${roleId}`,
  /**
   * Assigning (or unassigning) a set of roles, `digest` of the sorted role ids, to an item; `request` the request's
   * sequence number (role_assignment_requests), so that each request has a job that runs after it was recorded.
   */
  roleAssignment: (
    action: 'assign' | 'unassign',
    workspaceId: string,
    knowledgeId: string,
    digest: string,
    request?: string,
  ) => `role-${action}:${workspaceId}:${knowledgeId}:${digest}${request === undefined ? '' : `:${request}`}`,
};
