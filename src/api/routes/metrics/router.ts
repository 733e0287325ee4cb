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
      const sent = ctx.get('authorization');
      throw new AppError(
        401,
        'Invalid or missing metrics token',
        undefined,
        {},
        {
          code: 'metrics_token_invalid',
          param: 'Authorization',
          hint: sent
            ? "The token is not this deployment's METRICS_TOKEN: send Authorization: Bearer <METRICS_TOKEN> (workspace API keys and access tokens do not read /metrics)."
            : 'This deployment sets METRICS_TOKEN: send Authorization: Bearer <METRICS_TOKEN>.',
        },
      );
    }
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.collect();
  });
  return router;
}
