// The hourly budget of a workspace's retrieval evaluations (RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR): the question
// runs (questions × runs) its evaluations created in each clock hour. Kept apart from the evaluations, so
// deleting one refunds nothing (create, delete, create again buys no fresh budget); a workspace's rows go with it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE retrieval_evaluation_budget (
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      window_start timestamptz NOT NULL,
      question_runs integer NOT NULL CHECK (question_runs >= 0),
      PRIMARY KEY (workspace_id, window_start)
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS retrieval_evaluation_budget');
}
