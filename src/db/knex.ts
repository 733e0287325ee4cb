// knex factory and migration runner. One code path for a real PostgreSQL server and for the
// embedded PGlite (reached over its PostgreSQL wire-protocol socket).
import knexFactory, { Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migrations';

// Return int8 (bigint) columns and counts as JS numbers; our counts and sizes stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export type Db = Knex;
export type Tx = Knex | Knex.Transaction;

/**
 * pgvector's HNSW settings for every connection (see repositories/search.ts): ef_search 400 keeps recall@10
 * near 0.99 at 100,000 chunks; iterative scans (pgvector 0.8) go on past a filter until enough rows pass.
 * Set once per connection so an HNSW query is one round trip. Placeholders until pgvector loads.
 */
const SESSION_SETTINGS =
  'SET hnsw.ef_search = 400; SET hnsw.iterative_scan = relaxed_order; SET hnsw.max_scan_tuples = 20000';

export function createDb(connectionString: string, poolMax = 10): Db {
  return knexFactory({
    client: 'pg',
    connection: { connectionString },
    pool: {
      min: 0,
      max: poolMax,
      afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => {
        conn.query(SESSION_SETTINGS).then(
          () => done(null, conn),
          (err: Error) => done(err, conn),
        );
      },
    },
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
