// GET /metrics: Prometheus exposition of this process. Not behind workspace credentials: open, or with
// METRICS_TOKEN set, for `Authorization: Bearer <METRICS_TOKEN>` only.
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Deps } from '../../../services/deps';
import { AppError } from '../../../errors';
import { metricsAuthorized } from '../../../policies/metrics';
import { guard } from '../../middleware/authenticate';

export function metricsRouter(deps: Deps): Router {
  const router = apiRoutes();
  router.get('/metrics', guard(deps, 'public.read'), async (ctx) => {
    if (!metricsAuthorized(ctx.get('authorization') || undefined, deps.config.observability.metricsToken)) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new AppError(401, 'Invalid or missing metrics token');
    }
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.collect();
  });
  return router;
}
