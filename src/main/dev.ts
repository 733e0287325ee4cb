// `npm start`: the whole service in one process. Each component is the configured one when its
// variable is set, otherwise the embedded default: PGlite (+pgvector) over its wire-protocol socket,
// an in-process S3 server, and the Temporal dev server (with Web UI) built by `npm run setup`.
import { mkdir } from 'node:fs/promises';
import { createActivities } from '../activities';
import { loadConfig } from '../config';
import { apiSessionLimits, createDb, workerSessionLimits } from '../db/knex';
import { startEmbeddedPostgres } from '../embedded/postgres';
import { removeRuntimeInfo, writeRuntimeInfo } from '../embedded/runtime';
import { startEmbeddedS3 } from '../embedded/s3';
import { loadOrCreateAgentSecretKey, loadOrCreateSigningSecret } from '../embedded/signingKey';
import { startTemporalDevServer } from '../embedded/temporal';
import type { S3Settings } from '../storage/blobStore';
import { installWorkerRuntime } from '../observability/workerRuntime';
import { attachEagerClient } from '../temporal/client';
import { createWorker, sdkLogger, stopWorker } from '../temporal/worker';
import { activityDeps, buildDeps, createObservability, ensureSchedules, logWorkflowBundle } from './deps';
import { onShutdownSignal } from './lifecycle';
import { createLogger } from './logger';
import { assertPortFree } from './httpServer';
import { startApi } from './startApi';

/** A path as a POSIX shell reads it back (quoted when it holds anything but safe characters). */
const shellQuote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const logger = createLogger(config, 'kws');
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  // One registry for the API and the worker of this process: its /metrics shows both.
  const observability = createObservability(config, 'dev');
  const runtimeMetricsPort = await installWorkerRuntime(observability.metrics, { logger: sdkLogger() });
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((err: unknown) => logger.error({ err }, 'stop failed'));
    }
  };
  // From the start, not once ready: a SIGINT or SIGTERM during start-up stops what has started so far (the
  // Temporal dev server's group also follows this process out: src/embedded/temporal.ts) and exits 0.
  let signalled = false;
  onShutdownSignal(logger, async () => {
    signalled = true;
    await stopAll();
  });
  try {
    await assertPortFree(config.host, config.port);
    let databaseUrl = config.database.url;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.database.embeddedPort });
      stops.push(pg.stop);
      databaseUrl = pg.url;
      logger.info('embedded PostgreSQL (PGlite + pgvector) started');
    }
    let s3: S3Settings = config.s3;
    if (!config.s3.endpoint && !config.s3.accessKeyId) {
      const embedded = await startEmbeddedS3({ dataDir: config.dataDir, bucket: config.s3.bucket });
      stops.push(embedded.stop);
      s3 = { ...config.s3, ...embedded, forcePathStyle: true };
      logger.info({ endpoint: embedded.endpoint }, 'embedded S3 server started');
    }
    let temporalAddress = config.temporal.address;
    let temporalUi: string | undefined;
    if (!temporalAddress) {
      const temporal = await startTemporalDevServer({
        dataDir: config.dataDir,
        cliPath: config.temporal.cliPath,
        port: config.temporal.devPort,
        uiPort: config.temporal.uiPort,
        httpPort: config.temporal.httpPort,
        metricsPort: config.temporal.metricsPort,
        namespace: config.temporal.namespace,
        log: (msg) => logger.info(msg),
      });
      stops.push(temporal.stop);
      // Without its workflow service the process cannot start a job: it says so and stops (exit 1) rather than
      // answering every write 503 while it looks alive.
      temporal.onUnexpectedExit((code, tail) => {
        if (signalled) return;
        logger.error({ code }, `the Temporal dev server exited (code ${code}); shutting down${tail}`);
        void stopAll().then(() => process.exit(1));
      });
      temporalAddress = temporal.address;
      temporalUi = temporal.uiUrl;
    }
    const jwtSecret = config.auth.jwtSecret
      ? new TextEncoder().encode(config.auth.jwtSecret)
      : await loadOrCreateSigningSecret(config.dataDir);
    const agentSecretKey = config.agent.secretKey
      ? new TextEncoder().encode(config.agent.secretKey)
      : await loadOrCreateAgentSecretKey(config.dataDir);

    const { deps, close } = await buildDeps(
      config,
      logger,
      { databaseUrl, s3, temporalAddress, jwtSecret, agentSecretKey },
      {
        migrate: true,
        sessionLimits: apiSessionLimits(config),
        observability,
        ownComponents: [{ name: 'worker runtime metrics', host: '127.0.0.1', port: runtimeMetricsPort }],
      },
    );
    stops.push(close);

    // The worker's activities run their queries under the worker's limits.
    const workerDb = createDb(databaseUrl, config.database.poolMax, workerSessionLimits(config));
    stops.push(() => workerDb.destroy());
    const workerDeps = activityDeps({ ...deps, db: workerDb });
    stops.push(workerDeps.close);
    const { worker, connection } = await createWorker({
      address: temporalAddress,
      namespace: config.temporal.namespace,
      taskQueue: config.temporal.taskQueue,
      activities: createActivities(workerDeps),
      maxConcurrentDeliveries: config.webhooks.maxConcurrentDeliveries,
      tracing: observability.tracing,
      onBundle: logWorkflowBundle(logger),
    });
    const running = worker.run();
    // The API's synchronous uploads hand their first workflow task straight to this worker.
    attachEagerClient(deps.temporal, connection);
    await ensureSchedules(deps);
    stops.push(async () => {
      await stopWorker(worker, running);
      await connection.close();
    });

    const server = await startApi(deps, config);
    stops.push(() => server.close(config.shutdownTimeoutMs));
    // PORT=0 listens where the OS chose: that port is one of ours too.
    await deps.ownComponents.add({ name: 'the API', host: config.host, port: server.port });

    await writeRuntimeInfo(config.dataDir, {
      pid: process.pid,
      databaseUrl,
      s3: {
        endpoint: s3.endpoint ?? '',
        accessKeyId: s3.accessKeyId ?? '',
        secretAccessKey: s3.secretAccessKey ?? '',
        bucket: s3.bucket,
      },
      temporalAddress,
      baseUrl: server.url,
    });
    stops.push(() => removeRuntimeInfo(config.dataDir));

    running.catch(async (err: unknown) => {
      logger.error({ err }, 'worker failed; shutting down');
      await stopAll();
      process.exit(1);
    });
    logger.info({ url: server.url, temporalUi, dataDir: config.dataDir }, 'ready');
    const seconds = Math.round((Date.now() - started) / 1000);
    process.stdout.write(`\nKnowledge Workspace Service ready at ${server.url} (started in ${seconds} s)\n`);
    process.stdout.write(`Operator console: ${new URL('/console', server.url).href}\n`);
    if (temporalUi) process.stdout.write(`Temporal Web UI: ${temporalUi}\n`);
    // The self-signed certificate curl and Node must trust (the README's step 1 exports it as CURL_CA_BUNDLE).
    if (server.certPath) process.stdout.write(`TLS certificate: ${server.certPath}\n`);
    // kws finds this process's data through DATA_DIR: a data directory other than the default is named in the command.
    const dataDirEnv = process.env.DATA_DIR ? `DATA_DIR=${shellQuote(config.dataDir)} ` : '';
    process.stdout.write(`Create a workspace and API key: ${dataDirEnv}npx kws bootstrap --json\n\n`);
  } catch (err) {
    await stopAll();
    // A start-up step cut off by the shutdown is no failure: the signal's handler ends the process.
    if (signalled) return;
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
