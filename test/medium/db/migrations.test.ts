// Every migration's down undoes its up: on a fresh database, all migrations roll back to zero (nothing of
// the schema is left) and run up again to the same schema: columns, indexes, constraints, triggers,
// functions and types, compared from the catalogs before and after.
import assert from 'node:assert/strict';
import { migrateLatest, migrateRollbackAll, type Db } from '../../../src/db/knex';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';

const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

async function rows(db: Db, sql: string): Promise<string[]> {
  const result = (await db.raw(sql)) as { rows: Array<Record<string, unknown>> };
  return result.rows.map((row) => JSON.stringify(row));
}

/** The public schema as sorted lines, knex's own bookkeeping tables left out. */
async function schema(db: Db): Promise<Record<string, string[]>> {
  const notKnex = `NOT IN (${KNEX_TABLES.map((t) => `'${t}'`).join(', ')})`;
  return {
    tables: await rows(
      db,
      `SELECT table_name, table_type FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name ${notKnex} ORDER BY 1`,
    ),
    columns: await rows(
      db,
      `SELECT table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default,
              character_maximum_length, numeric_precision, is_generated, generation_expression
         FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name ${notKnex} ORDER BY 1, 3`,
    ),
    indexes: await rows(
      db,
      `SELECT tablename, indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename ${notKnex} ORDER BY 1, 2`,
    ),
    constraints: await rows(
      db,
      `SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND c.conrelid::regclass::text ${notKnex} ORDER BY 1, 2`,
    ),
    triggers: await rows(
      db,
      `SELECT event_object_table, trigger_name, event_manipulation, action_timing, action_statement
         FROM information_schema.triggers WHERE trigger_schema = 'public' ORDER BY 1, 2, 3`,
    ),
    functions: await rows(
      db,
      `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args, md5(p.prosrc) AS body
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 1, 2`,
    ),
    // Storage parameters (0037_planner_statistics sets autovacuum's on two tables).
    reloptions: await rows(
      db,
      `SELECT relname, reloptions FROM pg_class
        WHERE relnamespace = 'public'::regnamespace AND reloptions IS NOT NULL ORDER BY 1`,
    ),
    types: await rows(
      db,
      `SELECT t.typname, t.typtype FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd')
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
        ORDER BY 1`,
    ),
  };
}

describe('migrations', function () {
  this.timeout(120_000);
  let database: TestDatabase;

  before(async () => {
    database = await createTestDatabase('kws_migrations');
  });

  after(async () => {
    await database?.drop();
  });

  it('roll back to zero and up again to the same schema', async () => {
    const { db } = database;
    const migrated = await schema(db);
    assert.ok(migrated.tables!.length > 0, 'the fresh database has the schema');

    await migrateRollbackAll(db);
    const empty = await schema(db);
    for (const [kind, lines] of Object.entries(empty)) {
      assert.deepEqual(lines, [], `${kind} left after rolling every migration back`);
    }
    const [applied] = (await db.raw('SELECT count(*)::int AS n FROM knex_migrations')).rows as Array<{ n: number }>;
    assert.equal(applied?.n, 0);

    await migrateLatest(db);
    assert.deepEqual(await schema(db), migrated);
  });
});
