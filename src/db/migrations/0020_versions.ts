// Knowledge versions: each replacement of an item's content is a numbered version, ingested beside the one
// that serves; its chunks carry its number, and the item's current_version says which chunks every read and
// search uses, so the switch to a new version is one row update. Existing items become version 1.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('knowledge_versions', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('knowledge_id').notNullable().references('knowledge.id').onDelete('CASCADE');
    t.integer('number').notNullable();
    /** PROCESSING, COMPLETED or FAILED. */
    t.text('status').notNullable();
    t.text('storage_key').nullable();
    t.text('mimetype').nullable();
    t.text('filename').nullable();
    /** A STRING item's replacement text, until its version becomes current. */
    t.text('text').nullable();
    t.bigInteger('size_bytes').notNullable().defaultTo(0);
    t.text('content_hash').nullable();
    /** The kind of credential that made the version (null: before versions were recorded). */
    t.text('created_by').nullable();
    t.text('error').nullable();
    t.text('job_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.unique(['knowledge_id', 'number']);
    t.index(['workspace_id', 'knowledge_id']);
  });
  await knex.schema.alterTable('knowledge', (t) => {
    t.integer('current_version').notNullable().defaultTo(1);
  });
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.dropUnique(['knowledge_id', 'chunk_index']);
    t.unique(['knowledge_id', 'version', 'chunk_index']);
  });
  await knex.raw(
    `INSERT INTO knowledge_versions
       (id, workspace_id, knowledge_id, number, status, storage_key, mimetype, filename, size_bytes, created_at, completed_at)
     SELECT gen_random_uuid(), workspace_id, id, 1,
            CASE status WHEN 'COMPLETED' THEN 'COMPLETED' WHEN 'BACKGROUND_ERROR' THEN 'FAILED' ELSE 'PROCESSING' END,
            storage_key, mimetype, filename, size_bytes, created_at,
            CASE status WHEN 'COMPLETED' THEN updated_at END
       FROM knowledge`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM knowledge_chunks WHERE version <> 1');
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.dropUnique(['knowledge_id', 'version', 'chunk_index']);
    t.unique(['knowledge_id', 'chunk_index']);
  });
  await knex.schema.alterTable('knowledge_chunks', (t) => t.dropColumn('version'));
  await knex.schema.alterTable('knowledge', (t) => t.dropColumn('current_version'));
  await knex.schema.dropTableIfExists('knowledge_versions');
}
