// Which narrow credential created a space (Security III, the attacker's pass): a role-bound token without a
// subject may activate a space for any user id, so the spaces it creates count against ROLE_MAX_SPACES under
// the key src/policies/scopes.ts activationBoundKey gives (`role:<roleId>`). Null: created by the workspace
// credential, a subject-bound token, or before this migration (none of those count).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('spaces', (t) => {
    t.text('activated_by').nullable();
  });
  await knex.raw(
    'CREATE INDEX spaces_activated_by ON spaces (workspace_id, activated_by) WHERE activated_by IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS spaces_activated_by');
  await knex.schema.alterTable('spaces', (t) => {
    t.dropColumn('activated_by');
  });
}
