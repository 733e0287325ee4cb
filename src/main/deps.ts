// Builds the dependencies of the API and the worker from resolved endpoints (real or embedded).
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createDb, migrateLatest } from '../db/knex';
import type { Deps } from '../deps';
import { createTokenService } from '../services/tokens';
import { createBlobStore, type S3Settings } from '../storage/blobStore';
import { connectTemporal } from '../temporal/client';

export interface Endpoints {
  databaseUrl: string;
  s3: S3Settings;
  temporalAddress: string;
  jwtSecret: Uint8Array;
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
    return {
      deps: { config, logger, db, storage, temporal, tokens },
      async close() {
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

/** Endpoints from configuration alone (the separate api and worker processes: nothing embedded). */
export function configuredEndpoints(config: Config): Endpoints {
  const missing = [
    ['DATABASE_URL', config.database.url],
    ['S3_ENDPOINT or AWS S3 credentials', config.s3.endpoint ?? config.s3.accessKeyId],
    ['TEMPORAL_ADDRESS', config.temporal.address],
    ['JWT_SECRET', config.auth.jwtSecret],
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
  };
}
