// A fresh logical database per test run on the real PostgreSQL server, migrated to latest: a copy of a template
// database the first caller migrates (one per set of migrations), so each further database costs a CREATE
// DATABASE … TEMPLATE (a file copy) instead of running every migration again.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createDb, migrateLatest, type Db } from '../../src/db/knex';
import { testEnv } from './env';

export interface TestDatabase {
  url: string;
  name: string;
  db: Db;
  drop(): Promise<void>;
}

const TEMPLATE_PREFIX = 'kws_template_';
/** Compiled migrations (dist/src/db/migrations), whose contents name the template. */
const MIGRATIONS = path.resolve(__dirname, '..', '..', 'src', 'db', 'migrations');

function databaseUrl(name: string): string {
  const url = new URL(testEnv.databaseAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (admin: Db) => Promise<T>): Promise<T> {
  const admin = createDb(testEnv.databaseAdminUrl, 1);
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

/** The template's name: a hash of the compiled migrations, so a changed migration makes (and uses) a new one. */
async function templateName(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.js')).sort()) {
    hash.update(file).update(await readFile(path.join(MIGRATIONS, file)));
  }
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

let template: Promise<string> | undefined;

/**
 * The migrated template, made once per server and set of migrations. Processes that start at once take turns
 * under an advisory lock; a template appears only whole (migrated under another name, then renamed), and no
 * connection to it stays open, since CREATE DATABASE … TEMPLATE refuses a template in use.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = await templateName();
    await withAdmin(async (admin) => {
      await admin.raw('SELECT pg_advisory_lock(hashtext(?))', [TEMPLATE_PREFIX]);
      try {
        const { rows } = await admin.raw('SELECT datname FROM pg_database WHERE datname LIKE ?', [
          `${TEMPLATE_PREFIX}%`,
        ]);
        const names = (rows as Array<{ datname: string }>).map((r) => r.datname);
        if (names.includes(name)) return;
        const building = `${name}_building`;
        await admin.raw(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await admin.raw(`CREATE DATABASE "${building}"`);
        const db = createDb(databaseUrl(building), 1);
        try {
          await migrateLatest(db);
        } finally {
          await db.destroy();
        }
        await admin.raw(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        // Templates of earlier migrations (a kept test server outlives a change of them).
        for (const other of names.filter((n) => n !== name)) {
          await admin.raw(`DROP DATABASE IF EXISTS "${other}" WITH (FORCE)`).catch(() => undefined);
        }
      } finally {
        await admin.raw('SELECT pg_advisory_unlock(hashtext(?))', [TEMPLATE_PREFIX]);
      }
    });
    return name;
  })();
  template.catch(() => (template = undefined));
  return template;
}

export async function createTestDatabase(prefix = 'kws_test'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const from = await migratedTemplate();
  await withAdmin((admin) => admin.raw(`CREATE DATABASE "${name}" TEMPLATE "${from}"`));
  const url = databaseUrl(name);
  const db = createDb(url, 20);
  // A no-op on the copy; it still checks that the copy is at the latest migration.
  await migrateLatest(db);
  return {
    url,
    name,
    db,
    async drop() {
      await db.destroy();
      await withAdmin((admin) => admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
