// A fresh logical database per test run on the real PostgreSQL server, migrated to latest.
import { createDb, migrateLatest, type Db } from '../../src/db/knex';
import { testEnv } from './env';

export interface TestDatabase {
  url: string;
  name: string;
  db: Db;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = 'kws_test'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = createDb(testEnv.databaseAdminUrl, 1);
  try {
    await admin.raw(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(testEnv.databaseAdminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 20);
  await migrateLatest(db);
  return {
    url: url.toString(),
    name,
    db,
    async drop() {
      await db.destroy();
      const a = createDb(testEnv.databaseAdminUrl, 1);
      try {
        await a.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await a.destroy();
      }
    },
  };
}
