// knex factory and migration runner. One code path for a real PostgreSQL server and for the
// embedded PGlite (reached over its PostgreSQL wire-protocol socket).
import knexFactory, { Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config';
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
const HNSW_SETTINGS = [
  'SET hnsw.ef_search = 400',
  'SET hnsw.iterative_scan = relaxed_order',
  'SET hnsw.max_scan_tuples = 20000',
];

/**
 * Per-session limits, by class of work: the API's queries get a short statement_timeout, the worker's
 * (bulk deletes, chunk writes) a longer one, migrations and the admin CLI none (0 or unset).
 */
export interface SessionLimits {
  statementTimeoutMs?: number;
  /** Ends a session that sits in an open transaction this long (a leaked transaction holds locks). */
  idleInTransactionTimeoutMs?: number;
}

// Statement names are made unique per connection: the embedded PGlite serves every connection from one
// session, where a second connection preparing the same name would fail ("already exists").
const connectionNumbers = new WeakMap<pg.Client, number>();
let connections = 0;
function connectionNumber(conn: pg.Client): number {
  let n = connectionNumbers.get(conn);
  if (n === undefined) connectionNumbers.set(conn, (n = ++connections));
  return n;
}

/**
 * The rows of a fixed, hot statement, run as a named prepared statement: PostgreSQL parses and plans it once
 * per connection instead of on every call (the search plan choice's counts query took 0.27 ms prepared
 * against 0.53 ms unprepared, through pg on loopback). `sql` takes `?` placeholders as knex.raw does and must
 * hold no other `?`; `name` must be unique to the text. In a transaction it runs as a plain knex.raw on the
 * transaction's connection.
 */
export async function preparedRows<T>(db: Tx, name: string, sql: string, values: readonly unknown[]): Promise<T[]> {
  if ((db as Knex.Transaction).isTransaction) {
    return (await db.raw(sql, values as readonly Knex.RawBinding[])).rows as T[];
  }
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  const conn = (await db.client.acquireConnection()) as pg.Client;
  // The event knex emits for its own queries (query counts in bench/ listen to it).
  db.client.emit('query', { method: 'raw', sql, bindings: [...values] });
  try {
    return (await conn.query({ name: `${name}_${connectionNumber(conn)}`, text, values: [...values] })).rows as T[];
  } finally {
    await db.client.releaseConnection(conn);
  }
}

export function createDb(connectionString: string, poolMax = 10, limits: SessionLimits = {}): Db {
  const settings = (
    [
      ['statement_timeout', limits.statementTimeoutMs],
      ['idle_in_transaction_session_timeout', limits.idleInTransactionTimeoutMs],
    ] as const
  )
    .filter(([, ms]) => ms !== undefined && ms > 0)
    .map(([name, ms]) => `SET ${name} = ${Math.floor(ms!)}`);
  const sessionSettings = [...HNSW_SETTINGS, ...settings].join('; ');
  return knexFactory({
    client: 'pg',
    connection: { connectionString },
    pool: {
      min: 0,
      max: poolMax,
      afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => {
        conn.query(sessionSettings, (err: Error | null) => done(err, conn));
      },
    },
    acquireConnectionTimeout: 30_000,
  });
}

export const apiSessionLimits = (config: Config): SessionLimits => ({
  statementTimeoutMs: config.database.statementTimeoutMs,
  idleInTransactionTimeoutMs: config.database.idleInTransactionTimeoutMs,
});

export const workerSessionLimits = (config: Config): SessionLimits => ({
  statementTimeoutMs: config.database.workerStatementTimeoutMs,
  idleInTransactionTimeoutMs: config.database.idleInTransactionTimeoutMs,
});

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}
