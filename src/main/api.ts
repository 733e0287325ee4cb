// The API process (scales out behind a load balancer): Koa over HTTPS against configured PostgreSQL,
// S3 and Temporal. It starts workflows; a separate worker process runs them.
import { loadConfig } from '../config';
import { apiSessionLimits } from '../db/knex';
import { buildDeps, configuredEndpoints, createObservability } from './deps';
import { onShutdownSignal } from './lifecycle';
import { createLogger } from './logger';
import { startApi } from './startApi';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'kws-api');
  const observability = createObservability(config, 'api');
  const { deps, close } = await buildDeps(config, logger, configuredEndpoints(config), {
    migrate: true,
    sessionLimits: apiSessionLimits(config),
    observability,
  });
  const server = await startApi(deps, config);
  await deps.ownComponents.add({ name: 'the API', host: config.host, port: server.port });
  logger.info({ url: server.url, tracing: observability.tracing.enabled }, 'API ready');
  onShutdownSignal(logger, async () => {
    await server.close(config.shutdownTimeoutMs);
    await close();
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
