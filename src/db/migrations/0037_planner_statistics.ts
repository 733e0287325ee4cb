// The planner's statistics of the two tables every access-filtered query reads by workspace and role: analysed by
// autovacuum after a fixed number of changed rows, not after a tenth of the table (PostgreSQL's default
// autovacuum_analyze_scale_factor 0.1). A workspace the statistics do not hold yet is estimated at one item when
// every workspace they know is in their most-common-values list, and a new role's items at a handful; the planner
// then re-reads the role's items once per item of the workspace. A new workspace of 4,000 items beside one of
// 50,000 that had been analysed: an end user's keyword and hybrid searches took 0.9-1.0 s with a role on 1 % of
// the items and stopped at the 15 s statement_timeout with one on half of them, until an ANALYZE (then 10-18 ms
// and 70-90 ms). Under the default such an import stays unanalysed until a tenth of the table has changed; with
// these settings autovacuum analyses both tables once more than a thousand of their rows have changed, at its
// next visit (autovacuum_naptime, 1 minute by default), each ANALYZE a sample of at most 30,000 rows whatever the
// table's size (test/medium/db/plannerStatistics.test.ts). The embedded PGlite has no autovacuum: there the
// operator runs ANALYZE (docs/operations/operations.md).
import type { Knex } from 'knex';

export const PLANNER_STATISTICS_TABLES = ['knowledge', 'knowledge_roles'] as const;
/** Changed rows (inserted, updated, deleted) after which autovacuum analyses one of those tables. */
export const ANALYZE_AFTER_ROWS = 1000;

export async function up(knex: Knex): Promise<void> {
  for (const table of PLANNER_STATISTICS_TABLES) {
    await knex.raw(
      `ALTER TABLE ?? SET (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = ${ANALYZE_AFTER_ROWS})`,
      [table],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of PLANNER_STATISTICS_TABLES) {
    await knex.raw('ALTER TABLE ?? RESET (autovacuum_analyze_scale_factor, autovacuum_analyze_threshold)', [table]);
  }
}
