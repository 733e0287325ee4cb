// createApp(deps): the Koa application. Middleware order: request id -> X-API-Version -> errors ->
// HTTPS guard -> JSON body -> routers. Authentication is attached per route.
import Router from '@koa/router';
import Koa from 'koa';
import type { Deps } from '../deps';
import { jsonBody } from './middleware/body';
import { apiVersionHeader, noStore, requestId, requireHttps } from './middleware/common';
import { errorHandler } from './middleware/errors';
import { agentRouter } from './routes/agent/router';
import { healthRouter } from './routes/health/router';
import { knowledgeRouter } from './routes/knowledge/router';
import { mcpRouter } from './routes/mcp/router';
import { catalogRouter } from './routes/catalog/router';
import { rolesRouter } from './routes/roles/router';
import { spacesRouter } from './routes/spaces/router';
import { tokensRouter } from './routes/tokens/router';

/** Every route the service serves; each declares its action through guard() (test/api/policy.test.ts checks). */
export function apiRouter(deps: Deps): Router {
  const root = new Router();
  for (const router of [
    healthRouter(deps),
    tokensRouter(deps),
    knowledgeRouter(deps),
    rolesRouter(deps),
    catalogRouter(deps),
    spacesRouter(deps),
    agentRouter(deps),
    mcpRouter(deps),
  ]) {
    root.use(router.routes(), router.allowedMethods());
  }
  return root;
}

export function createApp(deps: Deps): Koa {
  const app = new Koa({ proxy: deps.config.tls.trustProxy });
  app.silent = true; // errors are logged once, by errorHandler

  app.use(requestId);
  app.use(async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.logger.debug(
        { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms },
        'request',
      );
    }
  });
  app.use(apiVersionHeader);
  app.use(errorHandler(deps.logger));
  app.use(noStore);
  app.use(requireHttps);
  app.use(jsonBody(deps.config.limits.maxJsonBodyBytes));

  const root = apiRouter(deps);
  app.use(root.routes());
  app.use(root.allowedMethods());
  return app;
}
