// The end-to-end tier's stack: the whole service wired for tests. The dependencies of ./testDeps.ts (a fresh
// database on the real PostgreSQL, an in-process S3 server, the embedding model), the Temporal dev server with a
// worker on a task queue of its own, and the Koa app served over real HTTPS. One stack per run (root hooks),
// shared by the test files; `stackWithTenant` is how most of them start.
import type { WorkflowBundle } from '@temporalio/worker';
import { createActivities } from '../../src/activities';
import { createApp } from '../../src/api/app';
import type { Config } from '../../src/config';
import { createDb, workerSessionLimits } from '../../src/db/knex';
import type { ExtractionUsage, SandboxedExtractionError } from '../../src/extract';
import { activityDeps } from '../../src/main/deps';
import { startHttpServer, type RunningServer } from '../../src/main/httpServer';
import type { EmbeddedS3 } from '../../src/embedded/s3';
import { loadOrCreateTlsCertificate } from '../../src/embedded/tls';
import { disabledTracing, type Tracing } from '../../src/observability/tracing';
import type { Deps } from '../../src/services/deps';
import { keptWorkflowBundle } from '../../src/temporal/bundle';
import { attachEagerClient, connectTemporal } from '../../src/temporal/client';
import { bundledInterceptorModules, createWorker, stopWorker, workflowsPath } from '../../src/temporal/worker';
import type { TestDatabase } from './database';
import { testEnv } from './env';
import { accessHeaders, createTenant, type Tenant } from './factories';
import { createClient, type Request } from './http';
import { createTestDeps, type TestDepsOptions } from './testDeps';

/** One extraction the stack's worker ran through the sandbox, as the sandbox reported it. */
export interface ExtractionRecord {
  filename: string;
  ok: boolean;
  code?: string;
  usage?: ExtractionUsage;
}

export interface TestStack {
  config: Config;
  /**
   * The stack's own S3 store (its endpoint and credentials; the bucket is config.s3.bucket): one of the service's
   * own components, and where another worker process is pointed (bench/knowledge/scale.ts).
   */
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
/**
 * The workflow bundle with the interceptor modules of the given tracing: the one the service's workers load
 * (src/temporal/bundle.ts: kept in dist/workflow-bundles under a hash of the compiled src/ and the installed
 * packages, so a run of one test file after no change to src/ skips the seconds webpack takes).
 */
export function workflowBundle(tracing: Tracing = disabledTracing): Promise<WorkflowBundle> {
  const modules = bundledInterceptorModules(tracing);
  const key = modules.join(',');
  if (!bundles.has(key))
    bundles.set(
      key,
      keptWorkflowBundle(workflowsPath, modules).then((kept) => kept.bundle),
    );
  return bundles.get(key)!;
}

/**
 * A stack of its own; `env` overrides configuration variables (e.g. smaller extraction limits); `metrics` is
 * the registry to report into (the bench passes one the Temporal SDK runtime also reports into).
 */
export async function startStack(opts: TestDepsOptions = {}): Promise<TestStack> {
  const tracing = opts.tracing ?? disabledTracing;
  const base = await createTestDeps({
    ...opts,
    temporalAddress: testEnv.temporalAddress,
    temporal: (config) =>
      connectTemporal(testEnv.temporalAddress, config.temporal.namespace, config.temporal.taskQueue, {
        interceptors: tracing.clientInterceptors,
      }),
  });
  const { config, deps, testDb, jwtSecret, dataDir, s3 } = base;
  const { temporal, ownComponents } = deps;
  const taskQueue = config.temporal.taskQueue;
  // As in production: the worker's pool with the worker's session limits.
  const workerDb = createDb(testDb.url, 10, workerSessionLimits(config));
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
    maxConcurrentDeliveries: config.webhooks.maxConcurrentDeliveries,
    tracing,
    workflowBundle: await workflowBundle(tracing),
  });
  const running = worker.run();
  // As the all-in-one process does (src/main/dev.ts): synchronous uploads start eagerly on this worker.
  attachEagerClient(temporal, connection);

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
      await workerDb.destroy();
      await temporal.connection.close();
      await base.close();
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

/** The run's shared stack, a fresh tenant and the headers of an access token for it: an API test's start. */
export async function stackWithTenant(
  tokenBody: Record<string, unknown> = {},
): Promise<{ stack: TestStack; tenant: Tenant; headers: Record<string, string>; token: string }> {
  const stack = await getStack();
  const tenant = await createTenant(stack.deps.db);
  const { token, headers } = await accessHeaders(stack, tenant, tokenBody);
  return { stack, tenant, headers, token };
}
