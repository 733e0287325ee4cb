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
import { createEmbeddingProvider } from '../../src/embeddings';
import { activityDeps, embeddingSettings } from '../../src/main/deps';
import { ensureEmbeddingSpace } from '../../src/services/embeddingSpace';
import { createApp } from '../../src/api/app';
import { loadConfig, type Config } from '../../src/config';
import type { Deps } from '../../src/deps';
import { startEmbeddedS3 } from '../../src/embedded/s3';
import { loadOrCreateTlsCertificate } from '../../src/embedded/tls';
import { startHttpServer, type RunningServer } from '../../src/main/httpServer';
import { createSecretBox } from '../../src/services/secretBox';
import { createTokenService } from '../../src/services/tokens';
import { createBlobStore } from '../../src/storage/blobStore';
import { connectTemporal } from '../../src/temporal/client';
import { createWorker, workflowsPath } from '../../src/temporal/worker';
import { createTestDatabase, type TestDatabase } from './database';
import { testEnv } from './env';
import { createClient, type Request } from './http';

export interface TestStack {
  config: Config;
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

let bundle: Promise<WorkflowBundle> | undefined;
export function workflowBundle(): Promise<WorkflowBundle> {
  bundle ??= bundleWorkflowCode({
    workflowsPath,
    logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
  });
  return bundle;
}

export async function startStack(): Promise<TestStack> {
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
    // The crawl tests serve their site on loopback; test/api/sources.test.ts checks the refusal with this off.
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CRAWL_POLITENESS_DELAY_MS: '50',
  });
  const logger = pino({ level: 'silent' });
  const testDb = await createTestDatabase();
  const s3 = await startEmbeddedS3({ dataDir, bucket: config.s3.bucket });
  const storage = createBlobStore({ ...config.s3, ...s3, forcePathStyle: true });
  await storage.ensureBucket();
  const temporal = await connectTemporal(testEnv.temporalAddress, config.temporal.namespace, taskQueue);
  const jwtSecret = new Uint8Array(randomBytes(32));
  const tokens = createTokenService(jwtSecret, config.auth.accessTokenTtlSeconds);
  const embeddings = await createEmbeddingProvider(embeddingSettings(config));
  await ensureEmbeddingSpace(testDb.db, embeddings);
  const secrets = createSecretBox(randomBytes(32));
  const deps: Deps = { config, logger, db: testDb.db, storage, temporal, tokens, embeddings, secrets };
  const workerDeps = activityDeps(deps);

  const { worker, connection } = await createWorker({
    address: testEnv.temporalAddress,
    namespace: config.temporal.namespace,
    taskQueue,
    activities: createActivities(workerDeps),
    workflowBundle: await workflowBundle(),
  });
  const running = worker.run();

  const tls = await loadOrCreateTlsCertificate({ dataDir, hostnames: ['localhost', '127.0.0.1'] });
  const servers: RunningServer[] = [];
  const serve = async (d: Deps) => {
    const server = await startHttpServer(createApp(d), { host: '127.0.0.1', port: 0, tls });
    servers.push(server);
    return { baseUrl: server.url, request: createClient(server.url, tls.cert) };
  };
  const main = await serve(deps);

  return {
    config,
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
      worker.shutdown();
      await running;
      await connection.close();
      await workerDeps.close();
      await embeddings.close();
      await temporal.connection.close();
      storage.close();
      await s3.stop();
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
