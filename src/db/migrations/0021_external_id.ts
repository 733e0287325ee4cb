// Upsert by external id: the client's own id for an item, unique per workspace among the items that exist
// (items are deleted as rows, so a deleted item's id is free again at once). An upload records its file's
// hash, so the item it becomes records its first version's hash.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge', (t) => {
    t.text('external_id').nullable();
  });
  await knex.raw(
    `CREATE UNIQUE INDEX knowledge_workspace_external_id_unique
       ON knowledge (workspace_id, external_id) WHERE external_id IS NOT NULL`,
  );
  await knex.schema.alterTable('upload_file_metadata', (t) => {
    t.text('content_hash').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('upload_file_metadata', (t) => t.dropColumn('content_hash'));
  await knex.raw('DROP INDEX IF EXISTS knowledge_workspace_external_id_unique');
  await knex.schema.alterTable('knowledge', (t) => t.dropColumn('external_id'));
}
