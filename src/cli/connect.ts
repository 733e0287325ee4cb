// The CLI reaches the same database as the service: DATABASE_URL when set; otherwise the embedded
// PGlite of a running `npm start` (found through <DATA_DIR>/runtime.json); otherwise it opens the
// embedded PGlite data directory itself for the duration of the command. That last case says so on stderr
// (a service started with another DATA_DIR would not see the changes), and a data directory with no database
// yet is refused unless --init asks for a new one: a key bootstrapped there would fail on the running service.
import { stat } from 'node:fs/promises';
import path from 'node:path';
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
  opts: { init?: boolean; warn?: (line: string) => void } = {},
): Promise<{ db: Db; ownComponents: OwnComponents; close(): Promise<void> }> {
  const warn = opts.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
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
      warn(await ownEmbeddedDatabase(config.dataDir, opts.init ?? false));
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

/** The folder of the embedded database inside a data directory (src/embedded/postgres.ts). */
const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * With no running service found, the CLI is about to open (or create) the embedded database of `dataDir` itself:
 * the warning to print, or a refusal when the directory holds no database and `init` is not set.
 */
export async function ownEmbeddedDatabase(dataDir: string, init: boolean): Promise<string> {
  const database = embeddedDatabaseDir(dataDir);
  const exists = await stat(database).then(
    () => true,
    () => false,
  );
  const noService = `no running service uses DATA_DIR=${dataDir} (${path.join(dataDir, 'runtime.json')} is absent or stale)`;
  const pointIt = "run kws with the running service's DATA_DIR (or its DATABASE_URL)";
  if (!exists && !init) {
    throw new Error(
      `${noService} and it holds no database: ${pointIt}, or pass --init to create a new embedded database there`,
    );
  }
  return (
    `kws: warning: ${noService}; ${exists ? 'opened' : 'created'} the embedded database ${database} directly. ` +
    `A service started with another DATA_DIR does not see these changes: ${pointIt}.`
  );
}
