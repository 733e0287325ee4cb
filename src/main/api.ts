// The API process (scales out behind a load balancer): Koa over HTTPS against configured PostgreSQL,
// S3 and Temporal. It starts workflows; a separate worker process runs them.
import { createApp } from '../api/app';
import { loadConfig } from '../config';
import { apiSessionLimits } from '../db/knex';
import { loadOrCreateTlsCertificate } from '../embedded/tls';
import { buildDeps, configuredEndpoints, createObservability } from './deps';
import { startHttpServer } from './httpServer';
import { onShutdownSignal } from './lifecycle';
import { createLogger } from './logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'kws-api');
  const observability = createObservability(config, 'api');
  const { deps, close } = await buildDeps(config, logger, configuredEndpoints(config), {
    migrate: true,
    sessionLimits: apiSessionLimits(config),
    observability,
  });
  const tls = await loadOrCreateTlsCertificate({
    dataDir: config.dataDir,
    certFile: config.tls.certFile,
    keyFile: config.tls.keyFile,
  });
  const server = await startHttpServer(createApp(deps), {
    host: config.host,
    port: config.port,
    tls,
    limits: config.http,
  });
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
