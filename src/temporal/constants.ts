// Workflow ids and search-free conventions shared by the API, the worker and tests.
import { createHash } from 'node:crypto';

/** Readable, deterministic workflow ids: the same business operation can never start twice. */
export const WorkflowIds = {
  purgeStoredFiles: (workspaceId: string, operationId: string) => `purge-files:${workspaceId}:${operationId}`,
  ingestFile: (workspaceId: string, uploadId: string) => `ingest:${workspaceId}:${uploadId}`,
  cascadeDelete: (workspaceId: string, knowledgeId: string) => `cascade-delete:${workspaceId}:${knowledgeId}`,
  eraseUserSpace: (workspaceId: string, spaceId: string) => `erase-space:${workspaceId}:${spaceId}`,
  ingestText: (workspaceId: string, knowledgeId: string) => `ingest-text:${workspaceId}:${knowledgeId}`,
  ingestUrl: (workspaceId: string, knowledgeId: string) => `ingest-url:${workspaceId}:${knowledgeId}`,
  /** One per version of an item: a replacement of its content. */
  ingestVersion: (workspaceId: string, knowledgeId: string, version: number) =>
    `ingest-version:${workspaceId}:${knowledgeId}:${version}`,
  /** One delivery of a webhook event (workflows/webhooks.ts starts them as `webhook:<workspaceId>:<deliveryId>`). */
  webhookDelivery: (workspaceId: string, deliveryId: string) => `webhook:${workspaceId}:${deliveryId}`,
  /** The retention purge of one version of an item (started each time it stops being current). */
  purgeVersion: (workspaceId: string, knowledgeId: string, version: number) =>
    `purge-version:${workspaceId}:${knowledgeId}:${version}`,
  /** One retrieval evaluation (its kind, the prefix, is what background-jobs lists it under). */
  retrievalEvaluation: (workspaceId: string, evaluationId: string) =>
    `retrieval-evaluation:${workspaceId}:${evaluationId}`,
};

/** RFC 4122 version 5 UUID of a name in a fixed namespace, for places where the spec wants a UUID id. */
export function uuidV5(name: string): string {
  const namespace = Buffer.from('6f1c6a52-5a3e-4b8e-9d0b-7d3f5b1e2c40'.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The knowledge item an upload becomes: derived, so re-running its creation can never make a second one. */
export const knowledgeIdForUpload = (uploadId: string) => uuidV5(`knowledge:${uploadId}`);
