// Builds the dependencies of the API and the worker from resolved endpoints (real or embedded).
import path from 'node:path';
import type { Logger } from 'pino';
import type { ActivityDeps } from '../activities';
import type { Config } from '../config';
import { createDb, migrateLatest } from '../db/knex';
import type { Deps } from '../deps';
import { createEmbeddingProvider, DEFAULT_LOCAL_MODEL_DIR } from '../embeddings';
import { createExtractor } from '../extract';
import { ensureEmbeddingSpace } from '../services/embeddingSpace';
import { createSecretBox } from '../services/secretBox';
import { createTokenService } from '../services/tokens';
import { createBlobStore, type S3Settings } from '../storage/blobStore';
import { connectTemporal } from '../temporal/client';

export interface Endpoints {
  databaseUrl: string;
  s3: S3Settings;
  temporalAddress: string;
  jwtSecret: Uint8Array;
  /** Key material of the secrets at rest (AGENT_SECRET_KEY, or generated into DATA_DIR by npm start). */
  agentSecretKey: Uint8Array;
}

export async function buildDeps(
  config: Config,
  logger: Logger,
  endpoints: Endpoints,
  opts: { migrate: boolean },
): Promise<{ deps: Deps; close(): Promise<void> }> {
  const db = createDb(endpoints.databaseUrl, config.database.poolMax);
  try {
    if (opts.migrate) {
      const applied = await migrateLatest(db);
      if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
    }
    const storage = createBlobStore(endpoints.s3);
    await storage.ensureBucket();
    const temporal = await connectTemporal(
      endpoints.temporalAddress,
      config.temporal.namespace,
      config.temporal.taskQueue,
    );
    const tokens = createTokenService(endpoints.jwtSecret, config.auth.accessTokenTtlSeconds);
    const embeddings = await createEmbeddingProvider(embeddingSettings(config));
    const warning = await ensureEmbeddingSpace(db, embeddings);
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
        secrets: createSecretBox(endpoints.agentSecretKey),
      },
      async close() {
        await embeddings.close();
        await temporal.connection.close();
        storage.close();
        await db.destroy();
      },
    };
  } catch (err) {
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

/** What the worker's activities need beyond the shared deps; the extractor owns an OCR worker (close it). */
export function activityDeps(deps: Deps): ActivityDeps & { close(): Promise<void> } {
  const extractor = createExtractor();
  return {
    db: deps.db,
    storage: deps.storage,
    embeddings: deps.embeddings,
    extractor,
    ingestion: {
      chunkSize: deps.config.ingestion.chunkSize,
      chunkOverlap: deps.config.ingestion.chunkOverlap,
      limits: deps.config.ingestion.zip,
    },
    web: deps.config.web,
    defaultStorageQuotaBytes: deps.config.limits.defaultStorageQuotaBytes,
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
