// The worker process (scales out on the Temporal cluster): runs workflows and activities on the task
// queue, and serves its own /metrics (WORKER_METRICS_PORT) with the Temporal SDK runtime's metrics.
import { createActivities } from '../activities';
import { loadConfig } from '../config';
import { workerSessionLimits } from '../db/knex';
import { startMetricsServer } from '../observability/metricsServer';
import { metricsAuthorized } from '../policies/metrics';
import { installWorkerRuntime } from '../observability/workerRuntime';
import { createWorker, sdkLogger, stopWorker } from '../temporal/worker';
import {
  activityDeps,
  buildDeps,
  configuredEndpoints,
  createObservability,
  ensureSchedules,
  logWorkflowBundle,
} from './deps';
import { onShutdownSignal } from './lifecycle';
import { createLogger } from './logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'kws-worker');
  const endpoints = configuredEndpoints(config);
  const observability = createObservability(config, 'worker');
  const runtimeMetricsPort = await installWorkerRuntime(observability.metrics, { logger: sdkLogger() });
  const { deps, close } = await buildDeps(config, logger, endpoints, {
    migrate: false,
    sessionLimits: workerSessionLimits(config),
    observability,
    ownComponents: [{ name: 'worker runtime metrics', host: '127.0.0.1', port: runtimeMetricsPort }],
  });
  const workerDeps = activityDeps(deps);
  const { worker, connection } = await createWorker({
    address: endpoints.temporalAddress,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    activities: createActivities(workerDeps),
    maxConcurrentDeliveries: config.webhooks.maxConcurrentDeliveries,
    tracing: observability.tracing,
    onBundle: logWorkflowBundle(logger),
  });
  const metricsServer = await startMetricsServer({
    host: config.host,
    port: config.observability.workerMetricsPort,
    metrics: observability.metrics,
    authorized: (authorization) => metricsAuthorized(authorization, config.observability.metricsToken),
  });
  await deps.ownComponents.add({ name: 'worker metrics', host: config.host, port: metricsServer.port });
  await ensureSchedules(deps);
  const running = worker.run().finally(async () => {
    await metricsServer.close();
    await connection.close();
    await workerDeps.close();
    await close();
  });
  // Drains: polling stops, in-flight tasks finish; the process exits once `running` has settled.
  onShutdownSignal(logger, () => stopWorker(worker, running));
  logger.info({ taskQueue: config.temporal.taskQueue, metrics: metricsServer.url }, 'worker running');
  await running;
  logger.info('worker stopped');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
