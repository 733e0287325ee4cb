// Liveness (/health) and readiness (/health/ready: database, Temporal and storage; 503 when one is down).
// The answer names components and says up or down, nothing more: why one is down goes to the logs.
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Deps } from '../../../services/deps';
import { readiness } from '../../../services/operations/health';
import { guard } from '../../middleware/authenticate';

export function healthRouter(deps: Deps): Router {
  const router = apiRoutes();
  const open = guard(deps, 'public.read');
  router.get('/health', open, (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/health/ready', open, async (ctx) => {
    const checks = await readiness(deps);
    const down = Object.entries(checks)
      .filter(([, c]) => c.status !== 'up')
      .map(([name]) => name);
    if (down.length === 0) {
      ctx.body = { status: 'ready', checks };
      return;
    }
    ctx.status = 503;
    ctx.body = {
      error: 'Service Unavailable',
      message: `Not ready: ${down.join(', ')} down`,
      status: 'unavailable',
      checks,
    };
  });
  return router;
}
