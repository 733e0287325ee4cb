// User spaces: the users of a workspace's application, their spaces (one per user), members, group
// conversations and messages; knowledge attached to a space; per-item source visibility for RAG.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('space_users', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    // The customer's own identifier of the user (userId or customerIdString), as supplied.
    t.text('external_id').notNullable();
    t.text('email').nullable();
    t.text('name').nullable();
    t.text('photo').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['workspace_id', 'external_id']);
  });

  await knex.schema.createTable('spaces', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('owner_id').notNullable().references('space_users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').nullable();
    t.text('status').notNullable().defaultTo('ACTIVE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // One space per user: concurrent first activations converge on it.
    t.unique(['workspace_id', 'owner_id']);
  });

  await knex.schema.createTable('space_members', (t) => {
    t.uuid('space_id').notNullable().references('spaces.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('space_users.id').onDelete('CASCADE');
    t.text('role').notNullable(); // HOST, CO_HOST, GUEST
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['space_id', 'user_id']);
  });

  await knex.schema.createTable('space_groups', (t) => {
    t.uuid('id').primary();
    t.uuid('space_id').notNullable().references('spaces.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('type').notNullable().defaultTo('PUBLIC');
    t.boolean('is_default').notNullable().defaultTo(false);
    t.uuid('conversation_id').notNullable();
    t.timestamp('last_message_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['space_id']);
  });
  await knex.raw('CREATE UNIQUE INDEX space_groups_one_default ON space_groups (space_id) WHERE is_default');

  await knex.schema.createTable('space_messages', (t) => {
    t.uuid('id').primary();
    t.uuid('space_id').notNullable().references('spaces.id').onDelete('CASCADE');
    t.uuid('group_id').notNullable().references('space_groups.id').onDelete('CASCADE');
    t.text('type').notNullable(); // USER, AI
    t.text('message').notNullable();
    t.uuid('user_id').nullable().references('space_users.id').onDelete('SET NULL');
    t.text('content').nullable();
    t.jsonb('sources').nullable();
    t.jsonb('sources_metadata').nullable();
    t.boolean('thumb_up').notNullable().defaultTo(false);
    t.boolean('thumb_down').notNullable().defaultTo(false);
    t.uuid('reply_to_id').nullable().references('space_messages.id').onDelete('SET NULL');
    t.text('language_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['group_id', 'created_at']);
  });

  await knex.schema.alterTable('knowledge', (t) => {
    t.uuid('space_id').nullable().references('spaces.id').onDelete('CASCADE');
    // What RAG may show of the item: none, source (page and title), download (also the id to fetch it).
    t.text('source_visibility').notNullable().defaultTo('source');
    t.index(['space_id']);
  });
  await knex.schema.alterTable('upload_file_metadata', (t) => {
    t.uuid('space_id').nullable().references('spaces.id').onDelete('CASCADE');
    t.text('source_visibility').notNullable().defaultTo('source');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('upload_file_metadata', (t) => t.dropColumns('space_id', 'source_visibility'));
  await knex.schema.alterTable('knowledge', (t) => t.dropColumns('space_id', 'source_visibility'));
  for (const table of ['space_messages', 'space_groups', 'space_members', 'spaces', 'space_users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
