// The whole service wired for tests: a fresh database on the real PostgreSQL, an in-process S3 server
// (real S3 protocol), the Temporal dev server with a worker on a task queue of its own, and the Koa app
// served over real HTTPS. One stack per run (root hooks), shared by the API test files.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';
import pino from 'pino';
import { createActivities } from '../../src/activities';
import { apiSessionLimits, createDb, workerSessionLimits } from '../../src/db/knex';
import { createEmbeddingProvider } from '../../src/embeddings';
import type { ExtractionUsage, SandboxedExtractionError } from '../../src/extract';
import { activityDeps, embeddingSettings } from '../../src/main/deps';
import { rerankerFromSettings } from '../../src/embeddings/rerank';
import { followLiveEmbeddings } from '../../src/services/embeddingSpace';
import { createApp } from '../../src/api/app';
import { loadConfig, type Config } from '../../src/config';
import type { Deps } from '../../src/services/deps';
import { startEmbeddedS3, type EmbeddedS3 } from '../../src/embedded/s3';
import { loadOrCreateTlsCertificate } from '../../src/embedded/tls';
import { startHttpServer, type RunningServer } from '../../src/main/httpServer';
import { createSecretBox } from '../../src/services/secretBox';
import { createTokenService } from '../../src/services/tokens';
import { createBlobStore } from '../../src/storage/blobStore';
import { connectTemporal } from '../../src/temporal/client';
import { createMetrics, type Metrics } from '../../src/observability/metrics';
import { disabledTracing, type Tracing } from '../../src/observability/tracing';
import { bundledInterceptorModules, createWorker, stopWorker, workflowsPath } from '../../src/temporal/worker';
import { instrumentEmbeddings } from '../../src/embeddings/instrumented';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { createTestDatabase, type TestDatabase } from './database';
import { testEnv } from './env';
import { createClient, type Request } from './http';
import { ownComponentList, resolveOwnComponents } from '../../src/web/ownComponents';

/** One extraction the stack's worker ran through the sandbox, as the sandbox reported it. */
export interface ExtractionRecord {
  filename: string;
  ok: boolean;
  code?: string;
  usage?: ExtractionUsage;
}

export interface TestStack {
  config: Config;
  /** The stack's own S3 store (its endpoint and credentials): one of the service's own components. */
  s3: EmbeddedS3;
  /** Every extraction the worker ran, in order of completion. */
  extractions: ExtractionRecord[];
  deps: Deps;
  testDb: TestDatabase;
  baseUrl: string;
  ca: string;
  tls: { cert: string; key: string };
  request: Request;
  jwtSecret: Uint8Array;
  /** Serves another app (same or altered deps/config) over HTTPS; closed with the stack. */
  serve(deps: Deps): Promise<{ baseUrl: string; request: Request }>;
  close(): Promise<void>;
}

const bundles = new Map<string, Promise<WorkflowBundle>>();
/** The workflow bundle with the interceptor modules of the given tracing (built once per run each). */
export function workflowBundle(tracing: Tracing = disabledTracing): Promise<WorkflowBundle> {
  const modules = bundledInterceptorModules(tracing);
  const key = modules.join(',');
  if (!bundles.has(key)) {
    bundles.set(
      key,
      bundleWorkflowCode({
        workflowsPath,
        workflowInterceptorModules: modules,
        logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
      }),
    );
  }
  return bundles.get(key)!;
}

/**
 * A stack of its own; `env` overrides configuration variables (e.g. smaller extraction limits); `metrics` is
 * the registry to report into (the bench passes one the Temporal SDK runtime also reports into).
 */
export async function startStack(
  opts: {
    tracing?: Tracing;
    env?: Record<string, string>;
    metrics?: Metrics;
    /** Stand-ins for the EMBEDDING_MODEL_DIR model and the EMBEDDING_NEXT_MODEL_DIR one (a re-embed's). */
    embeddings?: [EmbeddingProvider, EmbeddingProvider?];
  } = {},
): Promise<TestStack> {
  const tracing = opts.tracing ?? disabledTracing;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-test-'));
  const taskQueue = `test-${randomUUID()}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TEMPORAL_ADDRESS: testEnv.temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    S3_BUCKET: 'kws-test',
    // The agent run tests talk to an OpenAI-compatible server started inside the test on 127.0.0.1.
    AGENT_ALLOW_HTTP_LOOPBACK: 'true',
    AGENT_ALLOW_PRIVATE_NETWORKS: 'true',
    // The suite sends far more requests per credential than a client would; limits.test.ts serves an
    // app with rate limits of its own.
    RATE_LIMIT_REQUESTS: '0',
    RATE_LIMIT_ANONYMOUS_REQUESTS: '0',
    RATE_LIMIT_SUBJECT_REQUESTS: '0',
    RATE_LIMIT_END_USER_REQUESTS: '0',
    // Webhook receivers in tests listen on loopback; retries back off from a short first interval.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_INITIAL_INTERVAL: '500 milliseconds',
    WEBHOOK_RETRY_MAX_INTERVAL: '5 seconds',
    WEBHOOK_MAX_ATTEMPTS: '4',
    // The crawl tests serve their site on loopback; test/api/sources.test.ts checks the refusal with this off.
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CRAWL_POLITENESS_DELAY_MS: '50',
    // The suite's Temporal Web UI, HTTP API and metrics: the service's own components, as in production.
    ...(testEnv.temporalUiPort ? { TEMPORAL_UI_PORT: testEnv.temporalUiPort } : {}),
    ...(testEnv.temporalHttpPort ? { TEMPORAL_HTTP_PORT: testEnv.temporalHttpPort } : {}),
    ...(testEnv.temporalMetricsPort ? { TEMPORAL_METRICS_PORT: testEnv.temporalMetricsPort } : {}),
    ...opts.env,
  });
  const logger = pino({ level: 'silent' });
  const testDb = await createTestDatabase();
  const s3 = await startEmbeddedS3({ dataDir, bucket: config.s3.bucket });
  const s3Settings = { ...config.s3, ...s3, forcePathStyle: true };
  const storage = createBlobStore(s3Settings);
  // As in production (src/main/deps.ts): the stack's own components are never an outbound target.
  const ownComponents = await resolveOwnComponents(
    ownComponentList(config, { databaseUrl: testDb.url, s3: s3Settings, temporalAddress: testEnv.temporalAddress }),
  );
  await storage.ensureBucket();
  const temporal = await connectTemporal(testEnv.temporalAddress, config.temporal.namespace, taskQueue, {
    interceptors: tracing.clientInterceptors,
  });
  const metrics = opts.metrics ?? createMetrics();
  const jwtSecret = new Uint8Array(randomBytes(32));
  const tokens = createTokenService(jwtSecret, config.auth.accessTokenTtlSeconds);
  const [primary, nextEmbeddings] = opts.embeddings ?? [
    instrumentEmbeddings(await createEmbeddingProvider(embeddingSettings(config), ownComponents), metrics),
  ];
  // As in production: the API's pool with the API's session limits, the worker's with the worker's.
  const db = createDb(testDb.url, 20, apiSessionLimits(config));
  const workerDb = createDb(testDb.url, 10, workerSessionLimits(config));
  // As in production (src/main/deps.ts): every query and stored vector follows the live model.
  const { embeddings } = await followLiveEmbeddings(testDb.db, db, primary, nextEmbeddings);
  const secrets = createSecretBox(randomBytes(32));
  const reranker = rerankerFromSettings(config.rerank, ownComponents);
  const deps: Deps = {
    config,
    logger,
    db,
    storage,
    temporal,
    tokens,
    embeddings,
    reranker,
    ...(nextEmbeddings ? { nextEmbeddings } : {}),
    secrets,
    metrics,
    tracing,
    ownComponents,
  };
  const workerDeps = activityDeps({ ...deps, db: workerDb });
  const extractions: ExtractionRecord[] = [];
  const sandbox = workerDeps.extractor;
  workerDeps.extractor = {
    async extract(input, mime, filename, limits, options) {
      try {
        const doc = await sandbox.extract(input, mime, filename, limits, options);
        extractions.push({ filename, ok: true, usage: doc.usage });
        return doc;
      } catch (err) {
        const e = err as SandboxedExtractionError;
        extractions.push({ filename, ok: false, code: e.code, usage: e.usage });
        throw err;
      }
    },
    close: () => sandbox.close(),
  };

  const { worker, connection } = await createWorker({
    address: testEnv.temporalAddress,
    namespace: config.temporal.namespace,
    taskQueue,
    activities: createActivities(workerDeps),
    tracing,
    workflowBundle: await workflowBundle(tracing),
  });
  const running = worker.run();

  const tls = await loadOrCreateTlsCertificate({ dataDir, hostnames: ['localhost', '127.0.0.1'] });
  const servers: RunningServer[] = [];
  const serve = async (d: Deps) => {
    const server = await startHttpServer(createApp(d), { host: '127.0.0.1', port: 0, tls, limits: d.config.http });
    servers.push(server);
    await ownComponents.add({ name: 'the API', host: '127.0.0.1', port: server.port });
    return { baseUrl: server.url, request: createClient(server.url, tls.cert) };
  };
  const main = await serve(deps);

  return {
    config,
    s3,
    extractions,
    deps,
    testDb,
    baseUrl: main.baseUrl,
    ca: tls.cert,
    tls,
    request: main.request,
    jwtSecret,
    serve,
    async close() {
      for (const s of servers) await s.close(2000);
      await stopWorker(worker, running);
      await connection.close();
      await workerDeps.close();
      await embeddings.close();
      await temporal.connection.close();
      storage.close();
      await s3.stop();
      await db.destroy();
      await workerDb.destroy();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<TestStack> | undefined;
/** The run's shared stack, started on first use. */
export function getStack(): Promise<TestStack> {
  shared ??= startStack();
  return shared;
}

export async function closeSharedStack(): Promise<void> {
  if (shared) await (await shared).close();
  shared = undefined;
}
