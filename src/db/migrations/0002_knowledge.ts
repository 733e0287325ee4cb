// Knowledge ingestion and search: upload tracking, chunks with their vectors, role and audience
// assignments, the deployment's embedding space, and a trigram index for title search.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge', (t) => {
    t.text('url').nullable();
    t.bigInteger('size_bytes').notNullable().defaultTo(0);
    t.text('storage_key').nullable();
    t.text('mimetype').nullable();
    t.text('filename').nullable();
  });
  await knex.raw(`CREATE INDEX knowledge_workspace_status_type_idx ON knowledge (workspace_id, status, type)`);

  const trgm = await knex.raw(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`);
  if (trgm.rows.length > 0) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await knex.raw('CREATE INDEX knowledge_title_trgm_idx ON knowledge USING gin (lower(title) gin_trgm_ops)');
  }

  await knex.schema.createTable('upload_file_metadata', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('organization_id').notNullable();
    // Deleting the item deletes its upload record too, which releases its bytes from the workspace quota.
    t.uuid('knowledge_id').nullable().references('knowledge.id').onDelete('CASCADE');
    t.text('filename').notNullable();
    t.text('mimetype').notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.text('storage_key').notNullable();
    t.text('title').notNullable();
    t.text('description').nullable();
    t.text('language').nullable();
    t.text('requested_status').nullable();
    t.text('workflow_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id']);
  });

  // The embedding column gets its dimension when the deployment first starts (see embeddingSpace.ts):
  // the dimension is fixed per deployment and recorded in embedding_space.
  await knex.schema.createTable('knowledge_chunks', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('knowledge_id').notNullable().references('knowledge.id').onDelete('CASCADE');
    t.integer('chunk_index').notNullable();
    t.integer('page_number').notNullable();
    t.text('content').notNullable();
    t.specificType('embedding', 'vector').nullable();
    t.text('embedding_model').nullable();
    t.text('embedding_model_version').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['knowledge_id', 'chunk_index']);
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('embedding_space', (t) => {
    t.integer('id').primary().defaultTo(1);
    t.integer('dimension').notNullable();
    t.text('provider').notNullable();
    t.text('model').notNullable();
    t.text('model_version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('knowledge_roles', (t) => {
    t.uuid('knowledge_id').notNullable().references('knowledge.id').onDelete('CASCADE');
    t.uuid('role_id').notNullable().references('roles.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['knowledge_id', 'role_id']);
    t.index(['role_id']);
  });

  await knex.schema.createTable('audiences', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('knowledge_audiences', (t) => {
    t.uuid('knowledge_id').notNullable().references('knowledge.id').onDelete('CASCADE');
    t.uuid('audience_id').notNullable().references('audiences.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.primary(['knowledge_id', 'audience_id']);
    t.index(['audience_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'knowledge_audiences',
    'audiences',
    'knowledge_roles',
    'embedding_space',
    'knowledge_chunks',
    'upload_file_metadata',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('DROP INDEX IF EXISTS knowledge_title_trgm_idx');
  await knex.raw('DROP INDEX IF EXISTS knowledge_workspace_status_type_idx');
  await knex.schema.alterTable('knowledge', (t) => {
    t.dropColumns('url', 'size_bytes', 'storage_key', 'mimetype', 'filename');
  });
}
