// Builds the dependencies of the API and the worker from resolved endpoints (real or embedded).
import path from 'node:path';
import type { Logger } from 'pino';
import type { ActivityDeps } from '../activities';
import type { Config } from '../config';
import { createDb, migrateLatest, type SessionLimits } from '../db/knex';
import type { Deps } from '../services/deps';
import { createEmbeddingProvider, DEFAULT_LOCAL_MODEL_DIR } from '../embeddings';
import { instrumentEmbeddings } from '../embeddings/instrumented';
import { rerankerFromSettings } from '../embeddings/rerank';
import { createExtractor, type ExtractorOptions } from '../extract';
import { createMetrics, type Metrics } from '../observability/metrics';
import { createTracing, type Tracing } from '../observability/tracing';
import { followLiveEmbeddings } from '../services/search/embeddingSpace';
import { createSecretBox } from '../services/secretBox';
import { createTokenService } from '../services/access/tokens';
import { createBlobStore, type S3Settings } from '../storage/blobStore';
import type { KeptBundle } from '../temporal/bundle';
import { connectTemporal } from '../temporal/client';
import { ensureOrphanReaperSchedule } from '../temporal/schedules';
import { ownComponentList, resolveOwnComponents, type OwnComponent, type OwnComponents } from '../web/ownComponents';
import type { Duration } from '@temporalio/common';

export interface Endpoints {
  databaseUrl: string;
  s3: S3Settings;
  temporalAddress: string;
  jwtSecret: Uint8Array;
  /** Key material of the secrets at rest (AGENT_SECRET_KEY, or generated into DATA_DIR by npm start). */
  agentSecretKey: Uint8Array;
}

export interface Observability {
  metrics: Metrics;
  tracing: Tracing;
}

/** The process's metrics registry and tracing, built first (the worker runtime reports into the registry). */
export function createObservability(config: Config, process: 'api' | 'worker' | 'dev'): Observability {
  return {
    metrics: createMetrics({ process }),
    tracing: createTracing(config.observability.tracing, { process }),
  };
}

/**
 * The service's own components as this process knows them (configuration, the endpoints it resolved, and
 * `more`: an embedded listener's port, the worker runtime's exporter), resolved once and logged: every
 * outbound request refuses them (src/web/ownComponents.ts).
 */
export async function buildOwnComponents(
  config: Config,
  logger: Logger,
  endpoints: Pick<Endpoints, 'databaseUrl' | 's3' | 'temporalAddress'>,
  more: OwnComponent[] = [],
): Promise<OwnComponents> {
  const own = await resolveOwnComponents([...ownComponentList(config, endpoints), ...more]);
  const unresolved = own.components.filter((c) => c.addresses.length === 0).map((c) => `${c.host}:${c.port}`);
  logger.info(
    { components: own.components.map((c) => `${c.name} ${c.host}:${c.port}`) },
    "outbound requests refuse the service's own components",
  );
  if (unresolved.length > 0) {
    logger.warn({ unresolved }, 'own components whose host did not resolve are refused by name only');
  }
  return own;
}

export async function buildDeps(
  config: Config,
  logger: Logger,
  endpoints: Endpoints,
  opts: {
    migrate: boolean;
    sessionLimits: SessionLimits;
    observability: Observability;
    /** Own components only the caller knows (the worker runtime's exporter port). */
    ownComponents?: OwnComponent[];
  },
): Promise<{ deps: Deps; close(): Promise<void> }> {
  const { metrics, tracing } = opts.observability;
  const ownComponents = await buildOwnComponents(config, logger, endpoints, opts.ownComponents);
  const db = createDb(endpoints.databaseUrl, config.database.poolMax, opts.sessionLimits);
  // Migrations and the embedding column (an index build can take minutes) run without a statement timeout.
  const maintenance = createDb(endpoints.databaseUrl, 1);
  try {
    if (opts.migrate) {
      const applied = await migrateLatest(maintenance);
      if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
    }
    const storage = createBlobStore(endpoints.s3);
    // The API needs the bucket to accept uploads; a worker starts anyway and its activities retry until
    // storage is back (a worker that exits on a storage outage would only be restarted into the same one).
    await storage.ensureBucket().catch((err: unknown) => {
      if (opts.migrate) throw err;
      logger.warn({ err }, 'storage unreachable at start; activities will retry');
    });
    const temporal = await connectTemporal(
      endpoints.temporalAddress,
      config.temporal.namespace,
      config.temporal.taskQueue,
      { interceptors: tracing.clientInterceptors },
    );
    const tokens = createTokenService(endpoints.jwtSecret, config.auth.accessTokenTtlSeconds);
    const primary = instrumentEmbeddings(
      await createEmbeddingProvider(embeddingSettings(config), ownComponents),
      metrics,
    );
    const next = config.embeddings.nextModelDir;
    const nextEmbeddings = next
      ? instrumentEmbeddings(
          await createEmbeddingProvider(
            {
              ...embeddingSettings(config),
              provider: 'local',
              modelDir: next,
              model: undefined,
              dimension: undefined,
            },
            ownComponents,
          ),
          metrics,
        )
      : undefined;
    // Every query and every stored vector uses the model the embedding space names as live, so a re-embed's
    // switch takes effect in a running process (src/embeddings/liveModel.ts).
    const { embeddings, warning } = await followLiveEmbeddings(maintenance, db, primary, nextEmbeddings);
    await maintenance.destroy();
    if (warning) logger.warn(warning);
    logger.info(
      { provider: embeddings.name, model: embeddings.model, dimension: embeddings.dimension },
      'embeddings ready',
    );
    return {
      deps: {
        config,
        logger,
        db,
        storage,
        temporal,
        tokens,
        embeddings,
        reranker: rerankerFromSettings(config.rerank, ownComponents),
        ...(nextEmbeddings ? { nextEmbeddings } : {}),
        secrets: createSecretBox(endpoints.agentSecretKey),
        metrics,
        tracing,
        ownComponents,
      },
      async close() {
        await embeddings.close();
        await temporal.connection.close();
        storage.close();
        await db.destroy();
        await tracing.shutdown();
      },
    };
  } catch (err) {
    await maintenance.destroy();
    await db.destroy();
    throw err;
  }
}

/** The repository root (dist/src/main/ is three levels below it). */
const repoRoot = path.resolve(__dirname, '..', '..', '..');

export function embeddingSettings(config: Config) {
  return {
    ...config.embeddings,
    modelDir: config.embeddings.modelDir ?? path.join(repoRoot, DEFAULT_LOCAL_MODEL_DIR),
  };
}

/** The worker's extractor settings: the sandbox's, and the size below which a plain file stays in-process. */
export function extractorOptions(config: Config): ExtractorOptions {
  return { ...config.ingestion.sandbox, plainMaxBytes: config.ingestion.plainMaxBytes };
}

/** What the worker's activities need beyond the shared deps; the extractor owns child processes (close it). */
export function activityDeps(deps: Deps): ActivityDeps & { close(): Promise<void> } {
  const { ingestion } = deps.config;
  const extractor = createExtractor(extractorOptions(deps.config));
  return {
    db: deps.db,
    storage: deps.storage,
    embeddings: deps.embeddings,
    nextEmbeddings: deps.nextEmbeddings,
    reranker: deps.reranker,
    temporal: deps.temporal,
    extractor,
    metrics: deps.metrics,
    webhooks: deps.config.webhooks,
    ingestion: {
      chunkSize: ingestion.chunkSize,
      chunkOverlap: ingestion.chunkOverlap,
      limits: { ...ingestion.zip, maxTextChars: ingestion.maxTextChars },
    },
    textScheme: deps.config.embeddings.textScheme,
    web: deps.config.web,
    ownComponents: deps.ownComponents,
    defaultStorageQuotaBytes: deps.config.limits.defaultStorageQuotaBytes,
    versionRetention: deps.config.versions,
    secrets: deps.secrets,
    close: () => extractor.close(),
  };
}

/** Endpoints from configuration alone (the separate api and worker processes: nothing embedded). */
export function configuredEndpoints(config: Config): Endpoints {
  const missing = [
    ['DATABASE_URL', config.database.url],
    ['S3_ENDPOINT or AWS S3 credentials', config.s3.endpoint ?? config.s3.accessKeyId],
    ['TEMPORAL_ADDRESS', config.temporal.address],
    ['JWT_SECRET', config.auth.jwtSecret],
    ['AGENT_SECRET_KEY', config.agent.secretKey],
  ]
    .filter(([, v]) => v === undefined)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `Missing configuration for the standalone process: ${missing.join(', ')} (npm start runs embedded defaults)`,
    );
  }
  return {
    databaseUrl: config.database.url!,
    s3: config.s3,
    temporalAddress: config.temporal.address!,
    jwtSecret: new TextEncoder().encode(config.auth.jwtSecret!),
    agentSecretKey: new TextEncoder().encode(config.agent.secretKey!),
  };
}

/** The worker's schedules (the orphan reaper); a failure is logged, never fatal to the worker. */
export async function ensureSchedules(deps: Deps): Promise<void> {
  const { orphanReapInterval, orphanGrace } = deps.config.ingestion;
  try {
    const id = await ensureOrphanReaperSchedule(deps.temporal, {
      every: orphanReapInterval as Duration,
      grace: orphanGrace as Duration,
    });
    deps.logger.info({ scheduleId: id, every: orphanReapInterval, grace: orphanGrace }, 'orphan reaper scheduled');
  } catch (err) {
    deps.logger.warn({ err }, 'the orphan reaper schedule could not be created');
  }
}

/** Logs where a worker's workflow bundle came from: kept by the build or an earlier start, or bundled now. */
export function logWorkflowBundle(logger: Logger): (bundle: KeptBundle) => void {
  return ({ key, source, file, seconds }) =>
    source === 'kept'
      ? logger.info({ workflowBundle: key, file }, 'workflow bundle loaded')
      : logger.info(
          { workflowBundle: key, seconds, file: file ?? 'not kept (folder not writable)' },
          'workflow bundle built (run `npm run build` to build it ahead of the start)',
        );
}
