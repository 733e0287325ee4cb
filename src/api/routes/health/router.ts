// Liveness (/health) and readiness (/health/ready: database, Temporal and storage; 503 when one is down).
// The answer names components and says up or down, nothing more: why one is down goes to the logs.
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Deps } from '../../../deps';
import { checkTemporal } from '../../../temporal/client';
import { guard } from '../../middleware/authenticate';

type Check = { status: 'up' | 'down' };

async function probe(logger: Logger, component: string, fn: () => Promise<unknown>, timeoutMs = 3000): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up' };
  } catch (err) {
    logger.warn(
      { component, err: err instanceof Error ? err.message.slice(0, 500) : String(err) },
      'readiness check failed',
    );
    return { status: 'down' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRouter(deps: Deps): Router {
  const router = new Router();
  const open = guard(deps, 'public.read');
  router.get('/health', open, (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/health/ready', open, async (ctx) => {
    const [database, temporal, storage] = await Promise.all([
      probe(deps.logger, 'database', () => deps.db.raw('select 1')),
      probe(deps.logger, 'temporal', () => checkTemporal(deps.temporal)),
      probe(deps.logger, 'storage', () => deps.storage.check()),
    ]);
    const checks = { database, temporal, storage };
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
