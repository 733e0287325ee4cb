// Migration 0037_planner_statistics: autovacuum analyses `knowledge` and `knowledge_roles` after a thousand
// changed rows whatever their size, so the planner learns of a new workspace's import instead of estimating it
// at one item (which made an end user's role-filtered keyword search re-read the role's items once per item).
// Under PostgreSQL's default (50 rows and a tenth of the table) the import below would not be analysed: the
// tables hold 20,000 rows of another workspace first, and the import is 1,500.
//
// autovacuum_naptime is a server setting: this file sets it to 1 s for its own duration (ALTER SYSTEM and a
// reload, reset after), so meanwhile autovacuum visits every database of the test server each second, beside
// whatever other tiers run there. A process killed before its after hook leaves it in postgresql.auto.conf,
// which scripts/services.sh resets when it next starts the server.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ANALYZE_AFTER_ROWS, PLANNER_STATISTICS_TABLES } from '../../../src/db/migrations/0037_planner_statistics';
import { createDb, type Db } from '../../../src/db/knex';
import { createRole, createTenant } from '../../helpers/factories';
import { getMediumStack } from '../../helpers/medium';

const FILLER = 20_000;
const IMPORT = 1_500;

interface TableStats {
  relname: string;
  autoanalyze_count: number;
  last_autoanalyze: Date | null;
  n_mod_since_analyze: number;
}

async function analyseStats(db: Db): Promise<Map<string, TableStats>> {
  const { rows } = await db.raw<{ rows: TableStats[] }>(
    `select relname, autoanalyze_count, last_autoanalyze, n_mod_since_analyze from pg_stat_user_tables where relname = any(?)`,
    [[...PLANNER_STATISTICS_TABLES]],
  );
  return new Map(rows.map((r) => [r.relname, r]));
}

/** The planner's row estimate for a query (EXPLAIN, not run). */
async function estimatedRows(db: Db, sql: string, bindings: string[]): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }> }>(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    bindings,
  );
  return rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
}

/**
 * Inserts the items, each under the role, in one transaction, and has PostgreSQL count them at once: a session
 * reports its changes to the statistics autovacuum reads when it has been idle a while (up to 10 s), so changes
 * reported after an ANALYZE would count against it. One transaction, because a session reports a transaction's
 * changes only once it commits: inserted batch by batch, a loaded machine reported them in parts, autovacuum
 * analysed the tables between parts, and when the last part was exactly the threshold (autovacuum analyses past
 * it, not at it) no ANALYZE followed. `db` is a pool of one connection.
 */
async function insertItems(db: Db, workspaceId: string, roleId: string, count: number): Promise<void> {
  await db.transaction(async (trx) => {
    for (let start = 0; start < count; start += 1000) {
      const ids = Array.from({ length: Math.min(1000, count - start) }, () => randomUUID());
      await trx('knowledge').insert(
        ids.map((id, i) => ({
          id,
          workspace_id: workspaceId,
          type: 'STRING',
          title: `item ${start + i}`,
          status: 'COMPLETED',
        })),
      );
      await trx('knowledge_roles').insert(
        ids.map((id) => ({ knowledge_id: id, role_id: roleId, workspace_id: workspaceId })),
      );
    }
  });
  // The session reports its changes once the next statement starts.
  await db.raw('select pg_stat_force_next_flush()');
  await db.raw('select 1');
}

describe('planner statistics after an import (migration 0037)', function () {
  this.timeout(180_000);
  let db: Db;
  const workspaces: string[] = [];

  let writer: Db;

  before(async () => {
    const stack = await getMediumStack();
    db = stack.deps.db;
    writer = createDb(stack.testDb.url, 1);
    await db.raw(`ALTER SYSTEM SET autovacuum_naptime = '1s'`);
    await db.raw('SELECT pg_reload_conf()');
  });

  after(async () => {
    if (!db) return;
    try {
      await db.raw('ALTER SYSTEM RESET autovacuum_naptime');
      await db.raw('SELECT pg_reload_conf()');
    } finally {
      // On the writer, which has no statement_timeout: the delete cascades through the items' tables.
      if (workspaces.length > 0) await writer.raw('delete from knowledge where workspace_id = any(?)', [workspaces]);
      await writer.destroy();
    }
  });

  it('sets the two tables to be analysed after a fixed number of changed rows', async () => {
    const { rows } = await db.raw<{ rows: Array<{ relname: string; reloptions: string[] }> }>(
      `select relname, reloptions from pg_class where relname = any(?) and relkind = 'r'`,
      [[...PLANNER_STATISTICS_TABLES]],
    );
    assert.deepEqual(
      rows.map((r) => [r.relname, [...r.reloptions].sort()]).sort(),
      [...PLANNER_STATISTICS_TABLES].map((t) => [
        t,
        ['autovacuum_analyze_scale_factor=0', `autovacuum_analyze_threshold=${ANALYZE_AFTER_ROWS}`],
      ]),
    );
  });

  it("gives the planner a new workspace's import within autovacuum's naptime, where the default would not", async () => {
    const filler = await createTenant(db);
    workspaces.push(filler.workspaceId);
    await insertItems(writer, filler.workspaceId, (await createRole(db, filler.workspaceId)).id, FILLER);
    // Autovacuum analyses the filler under either rule (the tables were nearly empty). Wait for that ANALYZE,
    // one that ends after the filler was counted and leaves no change uncounted, so that the next one can only
    // be for the import. (An ANALYZE run here instead races a worker that chose the tables before it.)
    const fillerCounted: Date = (await writer.raw('select now() as t')).rows[0].t;
    const fillerAnalysed = (stats: Map<string, TableStats>) =>
      PLANNER_STATISTICS_TABLES.every((t) => {
        const s = stats.get(t)!;
        return s.last_autoanalyze !== null && s.last_autoanalyze >= fillerCounted && s.n_mod_since_analyze === 0;
      });
    const fillerDeadline = Date.now() + 60_000;
    while (!fillerAnalysed(await analyseStats(db)) && Date.now() < fillerDeadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const afterFiller = await analyseStats(db);
    assert.ok(
      fillerAnalysed(afterFiller),
      `autovacuum analysed the filler (${JSON.stringify([...afterFiller.values()])})`,
    );

    const imported = await createTenant(db);
    workspaces.push(imported.workspaceId);
    const role = (await createRole(db, imported.workspaceId)).id;
    await insertItems(writer, imported.workspaceId, role, IMPORT);
    // The default's threshold for each table, which the import stays below.
    for (const table of PLANNER_STATISTICS_TABLES) {
      const [{ n }] = (await db.raw(`select reltuples::int as n from pg_class where relname = ?`, [table])).rows;
      assert.ok(50 + 0.1 * n > IMPORT, `${table}: ${n} rows, so the default would wait for ${50 + 0.1 * n}`);
    }

    // Nothing here analyses the tables after the import: only autovacuum can tell the planner of it.
    const estimates = async () => [
      await estimatedRows(db, 'select id from knowledge where workspace_id = ?', [imported.workspaceId]),
      await estimatedRows(db, 'select knowledge_id from knowledge_roles where role_id = ?', [role]),
    ];
    const deadline = Date.now() + 60_000;
    let [items, roleItems] = await estimates();
    while ((items! < IMPORT / 2 || roleItems! < IMPORT / 2) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      [items, roleItems] = await estimates();
    }
    const stats = JSON.stringify([...(await analyseStats(db)).values()]);
    assert.ok(items! >= IMPORT / 2, `the planner expects ${items} items of the ${IMPORT} imported (${stats})`);
    assert.ok(roleItems! >= IMPORT / 2, `the planner expects ${roleItems} of the role's ${IMPORT} items (${stats})`);
  });
});
