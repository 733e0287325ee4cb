// The workspace's API keys (also managed with `kws apikey …`); only a workspace token may manage them
// (apiKeys.manage). The key is answered once, on create; it is stored only as a hash.
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Deps } from '../../../services/deps';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../services/access/apiKeys';
import { presentApiKey } from '../../../presenters/apiKeys';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { CreateApiKeySchema, type ApiKeyList, type CreatedApiKey } from './schema';

export function apiKeysRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId/api-keys');
  const manage = guard(deps, 'apiKeys.manage');

  router.get('/', manage, async (ctx) => {
    const rows = await listApiKeys(deps, requireAuth(ctx).workspace.id);
    ctx.body = { apiKeys: rows.map(presentApiKey) } satisfies ApiKeyList;
  });
  router.post('/', manage, async (ctx) => {
    const { name } = validate(CreateApiKeySchema, ctx.request.body, 'Missing required field');
    const { apiKey, row } = await createApiKey(deps, requireAuth(ctx).workspace.id, name, {
      maxActive: deps.config.bounds.workspaceApiKeys,
    });
    ctx.status = 201;
    ctx.body = { ...presentApiKey(row), apiKey } satisfies CreatedApiKey;
  });
  router.delete('/:keyId', manage, async (ctx) => {
    await revokeApiKey(deps, requireAuth(ctx).workspace.id, ctx.params.keyId!);
    ctx.body = { success: true };
  });
  return router;
}
