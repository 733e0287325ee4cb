// What the medium and end-to-end tiers build alike: the test configuration and the service's dependencies on a
// fresh database of the real PostgreSQL, an in-process S3 server (real S3 protocol), the embedding model, the
// token service and the secret box. Temporal is the caller's: the end-to-end stack (./stack.ts) connects to the
// dev server, the medium tier (./medium.ts) has none.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config';
import { apiSessionLimits, createDb } from '../../src/db/knex';
import { startEmbeddedS3, type EmbeddedS3 } from '../../src/embedded/s3';
import { createEmbeddingProvider } from '../../src/embeddings';
import { instrumentEmbeddings } from '../../src/embeddings/instrumented';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { rerankerFromSettings } from '../../src/embeddings/rerank';
import { embeddingSettings } from '../../src/main/deps';
import { createMetrics, type Metrics } from '../../src/observability/metrics';
import { disabledTracing, type Tracing } from '../../src/observability/tracing';
import type { Deps } from '../../src/services/deps';
import { followLiveEmbeddings } from '../../src/services/search/embeddingSpace';
import { createSecretBox } from '../../src/services/secretBox';
import { createTokenService } from '../../src/services/access/tokens';
import { createBlobStore } from '../../src/storage/blobStore';
import type { TemporalDeps } from '../../src/temporal/client';
import { ownComponentList, resolveOwnComponents } from '../../src/web/ownComponents';
import { createTestDatabase, type TestDatabase } from './database';
import { testEnv } from './env';

export interface TestDepsOptions {
  tracing?: Tracing;
  /** Configuration variables over the tests' (e.g. smaller extraction limits). */
  env?: Record<string, string>;
  /** The registry to report into (the bench passes one the Temporal SDK runtime also reports into). */
  metrics?: Metrics;
  /** Stand-ins for the EMBEDDING_MODEL_DIR model and the EMBEDDING_NEXT_MODEL_DIR one (a re-embed's). */
  embeddings?: [EmbeddingProvider, EmbeddingProvider?];
}

export interface TestDeps {
  config: Config;
  deps: Deps;
  testDb: TestDatabase;
  /** The run's own S3 store (its endpoint and credentials): one of the service's own components. */
  s3: EmbeddedS3;
  jwtSecret: Uint8Array;
  /** The data directory (TLS certificate, S3 files), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The tests' configuration: the real components of this run (the medium tier names no Temporal server), the
 * service's limits loosened where tests need it.
 */
export function testConfig(
  dataDir: string,
  temporal: { address?: string; taskQueue: string },
  env: Record<string, string> = {},
): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The local model where setup provisioned it (a second clone reusing the first's tools, as the README says).
    ...(process.env.KWS_TOOLS_DIR ? { KWS_TOOLS_DIR: process.env.KWS_TOOLS_DIR } : {}),
    ...(temporal.address ? { TEMPORAL_ADDRESS: temporal.address } : {}),
    TEMPORAL_TASK_QUEUE: temporal.taskQueue,
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
    RATE_LIMIT_CONCURRENT_REQUESTS: '0',
    RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS: '0',
    // Webhook receivers in tests listen on loopback; retries back off from a short first interval.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_INITIAL_INTERVAL: '500 milliseconds',
    WEBHOOK_RETRY_MAX_INTERVAL: '5 seconds',
    WEBHOOK_MAX_ATTEMPTS: '4',
    // The crawl tests serve their site on loopback; test/api/sources.test.ts checks the refusal with this off.
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CRAWL_POLITENESS_DELAY_MS: '50',
    // The suite's Temporal Web UI, HTTP API and metrics (scripts/services.sh pins them): the service's own
    // components, as in production.
    ...(temporal.address && testEnv.temporalUiPort ? { TEMPORAL_UI_PORT: testEnv.temporalUiPort } : {}),
    ...(temporal.address && testEnv.temporalHttpPort ? { TEMPORAL_HTTP_PORT: testEnv.temporalHttpPort } : {}),
    ...(temporal.address && testEnv.temporalMetricsPort ? { TEMPORAL_METRICS_PORT: testEnv.temporalMetricsPort } : {}),
    ...env,
  });
}

/**
 * The service's dependencies for a test run, on a task queue of their own; `temporal` connects the Temporal
 * client to `temporalAddress` (given the configuration) or stands in for it. `close` leaves the Temporal
 * connection to the caller.
 */
export async function createTestDeps(
  opts: TestDepsOptions & { temporalAddress?: string; temporal: (config: Config) => Promise<TemporalDeps> },
): Promise<TestDeps> {
  const tracing = opts.tracing ?? disabledTracing;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-test-'));
  const config = testConfig(dataDir, { address: opts.temporalAddress, taskQueue: `test-${randomUUID()}` }, opts.env);
  const testDb = await createTestDatabase();
  const s3 = await startEmbeddedS3({ dataDir, bucket: config.s3.bucket });
  const s3Settings = { ...config.s3, ...s3, forcePathStyle: true };
  const storage = createBlobStore(s3Settings);
  // As in production (src/main/deps.ts): the run's own components are never an outbound target.
  const ownComponents = await resolveOwnComponents(
    ownComponentList(config, {
      databaseUrl: testDb.url,
      s3: s3Settings,
      ...(opts.temporalAddress ? { temporalAddress: opts.temporalAddress } : {}),
    }),
  );
  await storage.ensureBucket();
  const temporal = await opts.temporal(config);
  const metrics = opts.metrics ?? createMetrics();
  const jwtSecret = new Uint8Array(randomBytes(32));
  const tokens = createTokenService(jwtSecret, config.auth.accessTokenTtlSeconds);
  const [primary, nextEmbeddings] = opts.embeddings ?? [
    instrumentEmbeddings(await createEmbeddingProvider(embeddingSettings(config), ownComponents), metrics),
  ];
  // As in production: the API's pool with the API's session limits.
  const db = createDb(testDb.url, 20, apiSessionLimits(config));
  // As in production (src/main/deps.ts): every query and stored vector follows the live model.
  const { embeddings } = await followLiveEmbeddings(testDb.db, db, primary, nextEmbeddings);
  const deps: Deps = {
    config,
    logger: pino({ level: 'silent' }),
    db,
    storage,
    temporal,
    tokens,
    embeddings,
    reranker: rerankerFromSettings(config.rerank, ownComponents),
    ...(nextEmbeddings ? { nextEmbeddings } : {}),
    secrets: createSecretBox(randomBytes(32)),
    metrics,
    tracing,
    ownComponents,
  };
  return {
    config,
    deps,
    testDb,
    s3,
    jwtSecret,
    dataDir,
    async close() {
      await embeddings.close();
      storage.close();
      await s3.stop();
      await db.destroy();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The medium tier's Temporal: none. A service that starts a workflow there fails, saying where the test belongs. */
export const noTemporal = (config: Config): TemporalDeps =>
  new Proxy({} as TemporalDeps, {
    get(_, name) {
      // Not a promise (await looks for `then`), and inspectable.
      if (typeof name === 'symbol' || name === 'then') return undefined;
      if (name === 'taskQueue') return config.temporal.taskQueue;
      if (name === 'namespace') return config.temporal.namespace;
      throw new Error(
        `the medium tier has no Temporal (the code read temporal.${name}): a test of a service that starts a ` +
          'workflow belongs in the end-to-end tier (test/, outside test/unit and test/medium)',
      );
    },
  });
