// Readiness of the components the service needs: the database, Temporal and storage. A check says up or
// down, nothing more: why one is down goes to the logs.
import type { Logger } from 'pino';
import { pingDatabase } from '../../db/repositories/health';
import type { Deps } from '../deps';
import { checkTemporal } from '../../temporal/client';

export interface ComponentCheck {
  status: 'up' | 'down';
}

async function probe(
  logger: Logger,
  component: string,
  fn: () => Promise<unknown>,
  timeoutMs = 3000,
): Promise<ComponentCheck> {
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

/** Each component's state, probed at once (3 s each). */
export async function readiness(
  deps: Pick<Deps, 'db' | 'logger' | 'temporal' | 'storage'>,
): Promise<{ database: ComponentCheck; temporal: ComponentCheck; storage: ComponentCheck }> {
  const [database, temporal, storage] = await Promise.all([
    probe(deps.logger, 'database', () => pingDatabase(deps.db)),
    probe(deps.logger, 'temporal', () => checkTemporal(deps.temporal)),
    probe(deps.logger, 'storage', () => deps.storage.check()),
  ]);
  return { database, temporal, storage };
}

/** Whether the database fails a trivial query within a second. */
export async function databaseDown(deps: Pick<Deps, 'db'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 1000)));
  try {
    return await Promise.race([
      pingDatabase(deps.db).then(
        () => false,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
