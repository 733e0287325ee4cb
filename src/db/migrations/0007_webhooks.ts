// Webhooks: per-workspace endpoints (URL, signing secret, subscribed events), one delivery per event and
// endpoint (its id is the Standard Webhooks message id, stable across retries) and the log of attempts.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('url').notNullable();
    // whsec_<base64>: the signing key; needed in clear to sign, never logged or listed.
    t.text('secret').notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.text('description').nullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id']);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('endpoint_id').notNullable().references('webhook_endpoints.id').onDelete('CASCADE');
    // Derived from the event's source (type + the workflow that emitted it): re-emitting changes nothing.
    t.uuid('event_id').notNullable();
    t.text('event_type').notNullable();
    t.jsonb('payload').notNullable();
    t.text('status').notNullable().defaultTo('PENDING'); // PENDING, SUCCEEDED, FAILED
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('last_status_code').nullable();
    t.text('last_error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.unique(['endpoint_id', 'event_id']);
    t.index(['workspace_id', 'created_at']);
  });
  await knex.schema.createTable('webhook_attempts', (t) => {
    t.bigIncrements('id');
    t.uuid('delivery_id').notNullable().references('webhook_deliveries.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable();
    t.integer('attempt').notNullable();
    t.integer('status_code').nullable();
    t.text('error').nullable();
    t.integer('duration_ms').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['delivery_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_attempts');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_endpoints');
}
