// The CLI reaches the same database as the service: DATABASE_URL when set; otherwise the embedded
// PGlite of a running `npm start` (found through <DATA_DIR>/runtime.json); otherwise it opens the
// embedded PGlite data directory itself for the duration of the command.
import type { Config } from '../config';
import { createDb, migrateLatest, type Db } from '../db/knex';
import { startEmbeddedPostgres } from '../embedded/postgres';
import { readLiveRuntimeInfo } from '../embedded/runtime';
import { ownComponentList, parseTarget, resolveOwnComponents, type OwnComponents } from '../web/ownComponents';

/**
 * The database, and the service's own components as the CLI can know them (configuration, and a running
 * `npm start`'s embedded endpoints): a webhook or agent server the CLI registers is checked against them.
 */
export async function connectForCli(
  config: Config,
): Promise<{ db: Db; ownComponents: OwnComponents; close(): Promise<void> }> {
  let url = config.database.url;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const running = await readLiveRuntimeInfo(config.dataDir);
  const ownComponents = await resolveOwnComponents([
    ...ownComponentList(config, {
      ...(running ? { temporalAddress: running.temporalAddress } : {}),
      ...(running?.s3.endpoint ? { s3: { ...running.s3, forcePathStyle: true } } : {}),
    }),
    ...[parseTarget('the API', running?.baseUrl ?? '')].filter((c) => c !== undefined),
  ]);
  if (!url) {
    if (running) {
      url = running.databaseUrl;
    } else {
      const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, port: 0 });
      url = pg.url;
      stopEmbedded = pg.stop;
    }
  }
  const db = createDb(url, 2);
  try {
    await migrateLatest(db);
  } catch (err) {
    await db.destroy();
    await stopEmbedded?.();
    throw err;
  }
  const database = parseTarget('PostgreSQL', url.replace(/^postgres(ql)?:/i, 'tcp:'), 5432);
  if (database) await ownComponents.add(database);
  return {
    db,
    ownComponents,
    async close() {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}
