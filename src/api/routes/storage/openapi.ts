import { WorkspacePath, type ApiOperation } from '../../openapi/operation';
import { StorageUsageSchema } from './schema';

export const storageOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/storage',
    operationId: 'getStorageUsage',
    tag: 'Knowledge',
    summary: "The workspace's stored-file bytes against its quota",
    request: { path: WorkspacePath },
    responses: { 200: { description: 'Bytes used and the quota', schema: StorageUsageSchema } },
  },
];
