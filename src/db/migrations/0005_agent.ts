// The Agent API: registered agent servers (workspace configuration; the auth token sealed at rest),
// conversation threads (bound to the creating token's role and optionally to a server) and their messages
// (client ids, idempotent by body hash, in the order stored).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('agent_servers', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('url').notNullable();
    t.text('description').nullable();
    t.text('model').nullable();
    // AES-256-GCM (src/services/secretBox.ts), bound to the row by its associated data; never returned.
    t.text('auth_token_sealed').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['workspace_id', 'name']);
  });

  await knex.schema.createTable('agent_threads', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    // The creating token's role. No foreign key: a thread outlives its role, and a deleted role's id is never
    // used again (role_tombstones), so its threads stay with nobody under ACTIVE RBAC.
    t.uuid('role_id').nullable();
    t.uuid('agent_server_id').nullable().references('agent_servers.id').onDelete('SET NULL');
    t.text('title').notNullable();
    t.integer('message_count').notNullable().defaultTo(0);
    // The stored messages' size (their canonical JSON), bounded so a thread can always be read and replayed.
    t.bigInteger('stored_bytes').notNullable().defaultTo(0);
    // The run in progress (one at a time per thread); a lease that expires with the run time limit.
    t.uuid('run_id').nullable();
    t.timestamp('run_started_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX agent_threads_newest ON agent_threads (workspace_id, created_at DESC, id DESC)');
  await knex.raw(
    'CREATE INDEX agent_threads_role_newest ON agent_threads (workspace_id, role_id, created_at DESC, id DESC)',
  );

  await knex.schema.createTable('agent_messages', (t) => {
    t.uuid('thread_id').notNullable().references('agent_threads.id').onDelete('CASCADE');
    // Client-generated; unique within its thread (a client id never reveals another thread's messages).
    t.uuid('id').notNullable();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.bigIncrements('seq', { primaryKey: false });
    t.text('role').notNullable();
    t.text('content').nullable();
    t.jsonb('sources').notNullable().defaultTo('[]');
    t.text('model').nullable();
    t.text('finish_reason').nullable();
    t.jsonb('token_usage').nullable();
    t.jsonb('thinking').notNullable().defaultTo('[]');
    t.jsonb('tool_calls').notNullable().defaultTo('[]');
    t.text('tool_call_id').nullable();
    // SHA-256 of the canonical stored body: a re-post with the same id is the same message only with this hash.
    t.text('body_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['thread_id', 'id']);
    t.index(['thread_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['agent_messages', 'agent_threads', 'agent_servers']) await knex.schema.dropTableIfExists(table);
}
