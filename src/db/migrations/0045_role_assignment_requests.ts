// The latest assignment request of each role on each item, in request order (a sequence number taken when the
// request is answered). Each role-assignment job applies what these rows say at the time it runs, under their row
// locks, not the action it was started with: jobs may run in any order (concurrently, retried, on several workers),
// and whichever runs last writes what the last request asked. An item's or a role's rows go with it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE role_assignment_request_seq');
  await knex.raw(`
    CREATE TABLE role_assignment_requests (
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      role_id uuid NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      action text NOT NULL CHECK (action IN ('assign', 'unassign')),
      seq bigint NOT NULL,
      PRIMARY KEY (knowledge_id, role_id)
    )
  `);
  await knex.raw('CREATE INDEX role_assignment_requests_role_id ON role_assignment_requests (role_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS role_assignment_requests');
  await knex.raw('DROP SEQUENCE IF EXISTS role_assignment_request_seq');
}
