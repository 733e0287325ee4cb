// Sources that stay in sync (website, s3, git, …): one row per source, one per document it brought in (its
// key in the source, the fingerprint last indexed and the item it became), and one per sync run with its
// counts. The items a source brings are the children of its root item, so they inherit its roles and
// attributes at read time, as crawled pages inherit their website's.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sources', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('name').notNullable();
    t.jsonb('config').notNullable();
    /** The kind's credentials, sealed (SecretBox) and bound to the row; never returned. */
    t.text('secrets_sealed').nullable();
    /** The item whose children the source's documents become (no foreign key: it is deleted by cascade). */
    t.uuid('root_id').notNullable();
    /** Seconds between scheduled syncs (null: only "sync now"). */
    t.integer('schedule_interval_seconds').nullable();
    t.boolean('paused').notNullable().defaultTo(false);
    /** The largest share of the source's items one sync may delete without ?confirmDeletes=true. */
    t.float('max_delete_share').notNullable().defaultTo(0.5);
    /** The sync that holds the source (one at a time). */
    t.uuid('running_sync_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id', 'created_at']);
  });

  await knex.schema.createTable('source_syncs', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('source_id').notNullable().references('sources.id').onDelete('CASCADE');
    t.text('job_id').notNullable();
    /** RUNNING, COMPLETED, FAILED, NEEDS_CONFIRMATION or SKIPPED. */
    t.text('status').notNullable().defaultTo('RUNNING');
    t.text('trigger').notNullable(); // manual or schedule
    t.boolean('confirm_deletes').notNullable().defaultTo(false);
    t.text('error').nullable();
    t.integer('seen').notNullable().defaultTo(0);
    t.integer('added').notNullable().defaultTo(0);
    t.integer('updated').notNullable().defaultTo(0);
    t.integer('unchanged').notNullable().defaultTo(0);
    t.integer('deleted').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.integer('chunks_embedded').notNullable().defaultTo(0);
    /** [{key, reason}] of the documents that failed (at most a few hundred kept). */
    t.jsonb('failures').notNullable().defaultTo('[]');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.unique(['job_id']);
    t.index(['workspace_id', 'source_id', 'started_at']);
  });

  await knex.schema.createTable('source_documents', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('source_id').notNullable().references('sources.id').onDelete('CASCADE');
    t.text('key').notNullable();
    /** The fingerprint of the content last indexed (null: never indexed). */
    t.text('fingerprint').nullable();
    /** The item it became; an item deleted by hand clears it, so the next sync brings the document back. */
    t.uuid('knowledge_id').nullable().references('knowledge.id').onDelete('SET NULL');
    /** The last sync that listed the document, and what that listing said. */
    t.uuid('listed_sync_id').nullable();
    t.text('listed_fingerprint').nullable();
    t.text('listed_filename').nullable();
    t.bigInteger('listed_size').nullable();
    /** What the listing sync did with the document ({syncId, kind, …}): a retried step returns it. */
    t.jsonb('outcome').nullable();
    t.unique(['source_id', 'key']);
    t.index(['source_id', 'listed_sync_id']);
    t.index(['knowledge_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('source_documents');
  await knex.schema.dropTableIfExists('source_syncs');
  await knex.schema.dropTableIfExists('sources');
}
