import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Deps } from '../../../services/deps';
import { generateAccessToken } from '../../../services/access/accessTokens';
import { presentApiKey } from '../../../presenters/apiKeys';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { GenerateAccessTokenSchema, type ApiKeyWorkspace } from './schema';

export function tokensRouter(deps: Deps): Router {
  const router = apiRoutes();
  router.post(
    '/workspaces/:workspaceId/generate-access-key-token',
    guard(deps, 'tokens.issue', { credential: 'apiKey' }),
    async (ctx) => {
      const { workspace, apiKey } = requireAuth(ctx);
      const input = validate(GenerateAccessTokenSchema, ctx.request.body);
      const token = await generateAccessToken(deps, workspace, apiKey!, input);
      ctx.body = { token };
    },
  );
  // The key alone names its workspace (looked up by the key's hash, as every key check is): a client given only
  // the key (the console's sign-in) learns the workspace and organization it then addresses.
  router.get(
    '/api-keys/current',
    guard(deps, 'apiKeys.identify', { credential: 'apiKey', keyNamesWorkspace: true }),
    (ctx) => {
      const { workspace, apiKey } = requireAuth(ctx);
      ctx.body = {
        workspaceId: workspace.id,
        organizationId: workspace.organization_id,
        apiKey: presentApiKey(apiKey!),
      } satisfies ApiKeyWorkspace;
    },
  );
  return router;
}
