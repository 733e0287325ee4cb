// The jobs that set a customerRoleId of a workspace: each role create or update that sets one records a claim, one
// row per job. A request that sets a customerRoleId another role's job is setting, while that job has not ended,
// answers 409 at once; before, two creates sent back to back both answered 200 and one job then failed. A job drops
// its claim once it has written (the roles table holds the id then); a claim whose job ended without writing is
// stale, and is dropped by the next request for the id. A workspace's claims go with it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE customer_role_id_claims (
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      customer_role_id text NOT NULL,
      job_id text NOT NULL,
      role_id uuid NOT NULL,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, customer_role_id, job_id)
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS customer_role_id_claims');
}
