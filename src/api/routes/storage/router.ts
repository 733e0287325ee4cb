// The workspace's stored-file usage against its quota (storage.read: workspace credentials only).
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Deps } from '../../../services/deps';
import { storageUsage } from '../../../services/knowledge/storageQuota';
import { guard, requireAuth } from '../../middleware/authenticate';
import type { StorageUsage } from './schema';

export function storageRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId/storage');
  router.get('/', guard(deps, 'storage.read'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    ctx.body = (await storageUsage(
      deps,
      workspace,
      deps.config.limits.defaultStorageQuotaBytes,
    )) satisfies StorageUsage;
  });
  return router;
}
