// Deleted role ids are remembered so they are never used again: role ids derive from a create's content,
// and a token bound to a deleted role must stay refused when an identical role is created later.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('role_tombstones', (t) => {
    t.uuid('role_id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.timestamp('deleted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('role_tombstones');
}
