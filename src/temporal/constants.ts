// Workflow ids shared by the API, the worker and tests: the readable ids (a pure module the workflows import
// too) and the UUIDv5 ids derived from them where the spec wants a UUID (node:crypto, so not for workflows).
import { createHash } from 'node:crypto';

export { WorkflowIds } from '../workflows/ids';

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
