import { type ApiOperation, operations } from '../../openapi/operation';
import { StorageUsageSchema } from './schema';
import { storageUsageExamples } from './examples';

const knowledgeOps = operations('Knowledge');

export const storageOperations: ApiOperation[] = [
  knowledgeOps.get('/v1/workspaces/{workspaceId}/storage', 'getStorageUsage', {
    summary: "The workspace's stored-file bytes against its quota",
    examples: storageUsageExamples,
    ok: [200, 'Bytes used and the quota', StorageUsageSchema],
  }),
];
