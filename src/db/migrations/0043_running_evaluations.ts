// The deployment-wide bound on running retrieval evaluations (RETRIEVAL_EVAL_MAX_RUNNING_TOTAL) counts and reads
// every workspace's RUNNING evaluations, under a lock every creation takes: a partial index keeps that to the few
// running rows instead of a scan of every stored evaluation.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "CREATE INDEX retrieval_evaluations_running ON retrieval_evaluations (created_at) WHERE status = 'RUNNING'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS retrieval_evaluations_running');
}
