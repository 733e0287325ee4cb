// The job that last asked for each customerRoleId of a workspace: a role create or update that sets it. A request
// that sets a customerRoleId another role's job has claimed, while that job still runs, answers 409 at once; before,
// two creates sent back to back both answered 200 and one job then failed. A claim whose job has ended is stale (the
// roles table says who holds the id) and is taken over. A workspace's claims go with it; a role's stay until taken
// over, as the job that wrote them may still run.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE customer_role_id_claims (
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      customer_role_id text NOT NULL,
      role_id uuid NOT NULL,
      job_id text NOT NULL,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, customer_role_id)
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS customer_role_id_claims');
}
