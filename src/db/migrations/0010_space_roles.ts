// A space remembers the role it was activated under, so a role-bound token reaches only its own role's
// spaces. No foreign key: role ids are never reused (role_tombstones), so a deleted role's id matches no
// live token. Existing spaces get null: the workspace credential and their own user space tokens still
// open them; the integrator's next activation (API key or workspace token) records the role.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('spaces', (t) => {
    t.uuid('role_id').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('spaces', (t) => {
    t.dropColumn('role_id');
  });
}
