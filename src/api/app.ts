// createApp(deps): the Koa application. Middleware order: security headers -> request id -> metrics, access
// log and trace span -> X-API-Version -> errors -> HTTPS guard -> request timeout -> rate limit -> JSON body
// -> NUL/surrogate check -> workspace gate -> literal routes first -> unknown query parameters -> routers. Authentication and authorization are per route
// (guard()).
import type Router from '@koa/router';
import { apiRoutes } from './routes/router';
import Koa from 'koa';
import type { Deps } from '../services/deps';
import { databaseDown } from '../services/operations/health';
import { jsonBody, multipartOperations } from './middleware/body';
import { apiVersionHeader, requestId, requestTimeout, requireHttps, securityHeaders } from './middleware/common';
import { errorHandler } from './middleware/errors';
import { literalRoutesFirst, servedPaths } from './middleware/methods';
import { observeRequests } from './middleware/observe';
import { rejectUnknownQuery } from './middleware/query';
import { gateWorkspaces, rateLimit } from './middleware/rateLimit';
import { rejectUnsafeText } from './middleware/text';
import { OPERATIONS, openApiDocumentOnce } from './document';
import { agentRouter } from './routes/agent/router';
import { consoleRouter } from './routes/console/router';
import { docsRouter } from './routes/docs/router';
import { metricsRouter } from './routes/metrics/router';
import { routeEntries } from './routes/table';
import { healthRouter } from './routes/health/router';
import { knowledgeRouter } from './routes/knowledge/router';
import { chunksRouter } from './routes/chunks/router';
import { mcpRouter } from './routes/mcp/router';
import { catalogRouter } from './routes/catalog/router';
import { rolesRouter } from './routes/roles/router';
import { retrievalEvaluationsRouter } from './routes/retrievalEvaluations/router';
import { sourcesRouter } from './routes/sources/router';
import { spacesRouter } from './routes/spaces/router';
import { storageRouter } from './routes/storage/router';
import { apiKeysRouter } from './routes/apiKeys/router';
import { tokensRouter } from './routes/tokens/router';
import { webhooksRouter } from './routes/webhooks/router';

/**
 * Every route the service serves; each declares its action through guard() (test/api/policy.test.ts checks) and
 * has exactly one operation in the OpenAPI document, which is generated from this router (test/api/openapi.test.ts).
 */
export function apiRouter(deps: Deps): Router {
  const root = apiRoutes();
  const openApi = () => openApiDocumentOnce(() => routeEntries(root));
  for (const router of [
    healthRouter(deps),
    metricsRouter(deps),
    tokensRouter(deps),
    knowledgeRouter(deps),
    chunksRouter(deps),
    rolesRouter(deps),
    catalogRouter(deps),
    spacesRouter(deps),
    agentRouter(deps),
    mcpRouter(deps),
    webhooksRouter(deps),
    storageRouter(deps),
    apiKeysRouter(deps),
    sourcesRouter(deps),
    retrievalEvaluationsRouter(deps),
    docsRouter(deps, openApi),
    consoleRouter(deps),
  ]) {
    root.use(router.routes(), router.allowedMethods());
  }
  return root;
}

export function createApp(deps: Deps): Koa {
  // Behind TRUST_PROXY, ctx.ip is read from the X-Forwarded-For entries the trusted proxies appended (the
  // rightmost TRUST_PROXY_HOPS), never from one the client wrote in front of them: the anonymous rate budget is
  // keyed by it.
  const { trustProxy, trustProxyHops } = deps.config.tls;
  const app = new Koa({ proxy: trustProxy, maxIpsCount: trustProxyHops });
  app.silent = true; // errors are logged once, by errorHandler

  app.use(securityHeaders);
  app.use(requestId);
  app.use(observeRequests(deps));
  app.use(apiVersionHeader);
  app.use(
    errorHandler(deps.logger, deps.config, {
      databaseDown: () => databaseDown(deps),
      servedAt: servedPaths(OPERATIONS),
    }),
  );
  app.use(requireHttps);
  app.use(requestTimeout(deps.config.limits.requestTimeoutMs, multipartOperations(OPERATIONS)));
  app.use(rateLimit(deps));
  app.use(jsonBody(deps.config.limits.maxJsonBodyBytes, OPERATIONS));
  app.use(rejectUnsafeText);
  app.use(gateWorkspaces(deps, multipartOperations(OPERATIONS)));

  const root = apiRouter(deps);
  app.use(literalRoutesFirst(() => routeEntries(root)));
  app.use(rejectUnknownQuery(OPERATIONS));
  app.use(root.routes());
  app.use(root.allowedMethods());
  return app;
}
