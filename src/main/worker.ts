// The worker process (scales out on the Temporal cluster): runs workflows and activities on the task queue.
import { createActivities } from '../activities';
import { loadConfig } from '../config';
import { workerSessionLimits } from '../db/knex';
import { createWorker } from '../temporal/worker';
import { activityDeps, buildDeps, configuredEndpoints, ensureSchedules } from './deps';
import { onShutdownSignal } from './lifecycle';
import { createLogger } from './logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'kws-worker');
  const endpoints = configuredEndpoints(config);
  const { deps, close } = await buildDeps(config, logger, endpoints, {
    migrate: false,
    sessionLimits: workerSessionLimits(config),
  });
  const workerDeps = activityDeps(deps);
  const { worker, connection } = await createWorker({
    address: endpoints.temporalAddress,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    activities: createActivities(workerDeps),
  });
  await ensureSchedules(deps);
  const running = worker.run().finally(async () => {
    await connection.close();
    await workerDeps.close();
    await close();
  });
  onShutdownSignal(logger, async () => {
    worker.shutdown(); // drains: polling stops, in-flight tasks finish
    await running;
    logger.info('worker stopped');
  });
  logger.info({ taskQueue: config.temporal.taskQueue }, 'worker running');
  await running;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
