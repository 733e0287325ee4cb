// Organizations, workspaces, users, API keys (hashes only), roles, the knowledge table's core,
// categories and taxonomies. pgvector is created here so every later migration can rely on it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS vector');

  await knex.schema.createTable('organizations', (t) => {
    t.uuid('id').primary();
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('workspaces', (t) => {
    t.uuid('id').primary();
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.boolean('rbac_enabled').notNullable().defaultTo(false);
    t.bigInteger('storage_quota_bytes').nullable();
    t.timestamp('deleted_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id']);
  });

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('photo').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'email']);
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('name').notNullable();
    // The first characters of the key, to recognise it in listings; the secret itself is never stored.
    t.text('display_prefix').notNullable();
    t.specificType('key_hash', 'char(64)').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('roles', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').nullable();
    t.string('customer_role_id', 255).nullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['workspace_id', 'customer_role_id']);
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('knowledge', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('parent_id').nullable().references('knowledge.id').onDelete('RESTRICT');
    t.text('type').notNullable();
    t.text('title').notNullable();
    t.text('content').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('COMPLETED');
    t.text('message_error').nullable();
    t.text('language').nullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id', 'created_at']);
    t.index(['parent_id']);
  });

  await knex.schema.createTable('categories', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('category_knowledge', (t) => {
    t.uuid('category_id').notNullable().references('categories.id').onDelete('CASCADE');
    t.uuid('knowledge_id').notNullable().references('knowledge.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.primary(['category_id', 'knowledge_id']);
    t.index(['knowledge_id']);
  });

  await knex.schema.createTable('taxonomies', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').nullable();
    t.boolean('published').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('taxonomy_roles', (t) => {
    t.uuid('taxonomy_id').notNullable().references('taxonomies.id').onDelete('CASCADE');
    t.uuid('role_id').notNullable().references('roles.id').onDelete('CASCADE');
    t.primary(['taxonomy_id', 'role_id']);
  });

  await knex.schema.createTable('taxonomy_languages', (t) => {
    t.uuid('taxonomy_id').notNullable().references('taxonomies.id').onDelete('CASCADE');
    t.text('language_id').notNullable();
    t.primary(['taxonomy_id', 'language_id']);
  });

  await knex.schema.createTable('taxonomy_categories', (t) => {
    t.uuid('taxonomy_id').notNullable().references('taxonomies.id').onDelete('CASCADE');
    t.uuid('category_id').notNullable().references('categories.id').onDelete('CASCADE');
    t.primary(['taxonomy_id', 'category_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'taxonomy_categories',
    'taxonomy_languages',
    'taxonomy_roles',
    'taxonomies',
    'category_knowledge',
    'categories',
    'knowledge',
    'roles',
    'api_keys',
    'users',
    'workspaces',
    'organizations',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
