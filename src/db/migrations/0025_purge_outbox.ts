// Stored files handed to a purge, written in the transaction of the delete that freed them: a step whose
// result is lost after its commit (a worker killed before Temporal records it) finds its keys here when it
// runs again, instead of nothing to delete. The purge clears its row once it has run.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('purge_outbox', (t) => {
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    /** The purge workflow's id (deterministic: the deleting workflow's step). */
    t.text('purge_id').notNullable();
    t.jsonb('storage_keys').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['workspace_id', 'purge_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('purge_outbox');
}
