// Readable, deterministic workflow ids: the same business operation can never start twice. Pure string
// builders with no imports, so the workflows (which may not import node:crypto, see src/temporal/constants.ts
// for the UUIDv5 helpers) and the services that start them build each id the same way.

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
  /** One retrieval evaluation (its kind, the prefix, is what background-jobs lists it under). */
  retrievalEvaluation: (workspaceId: string, evaluationId: string) =>
    `retrieval-evaluation:${workspaceId}:${evaluationId}`,
};
