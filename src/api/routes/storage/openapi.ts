import { type ApiOperation, operations } from '../../openapi/operation';
import { StorageUsageSchema } from './schema';

const knowledgeOps = operations('Knowledge');

export const storageOperations: ApiOperation[] = [
  knowledgeOps.get('/v1/workspaces/{workspaceId}/storage', 'getStorageUsage', {
    summary: "The workspace's stored-file bytes against its quota",
    ok: [200, 'Bytes used and the quota', StorageUsageSchema],
  }),
];
