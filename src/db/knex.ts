// knex factory and migration runner. One code path for a real PostgreSQL server and for the
// embedded PGlite (reached over its PostgreSQL wire-protocol socket).
import knexFactory, { Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migrations';

// Return int8 (bigint) columns and counts as JS numbers; our counts and sizes stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export type Db = Knex;
export type Tx = Knex | Knex.Transaction;

export function createDb(connectionString: string, poolMax = 10): Db {
  return knexFactory({
    client: 'pg',
    connection: { connectionString },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 30_000,
  });
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}
