import Router from '@koa/router';
import type { Deps } from '../../../services/deps';
import { generateAccessToken } from '../../../services/accessTokens';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { GenerateAccessTokenSchema } from './schema';

export function tokensRouter(deps: Deps): Router {
  const router = new Router();
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
  return router;
}
