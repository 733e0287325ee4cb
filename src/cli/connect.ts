// The CLI reaches the same database as the service: DATABASE_URL when set; otherwise the embedded
// PGlite of a running `npm start` (found through <DATA_DIR>/runtime.json); otherwise it opens the
// embedded PGlite data directory itself for the duration of the command.
import type { Config } from '../config';
import { createDb, migrateLatest, type Db } from '../db/knex';
import { startEmbeddedPostgres } from '../embedded/postgres';
import { readLiveRuntimeInfo } from '../embedded/runtime';

export async function connectForCli(config: Config): Promise<{ db: Db; close(): Promise<void> }> {
  let url = config.database.url;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const running = await readLiveRuntimeInfo(config.dataDir);
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
  return {
    db,
    async close() {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}
