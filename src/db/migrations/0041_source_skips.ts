// A source's documents of a type the service does not index are skipped, not failed: the sync that fetches one
// records its fingerprint and why (source_documents.skip_reason), so later syncs do not fetch it again until it
// changes, and every sync that lists it counts it (source_syncs.skipped) and names it with the reason
// (source_syncs.skips, at most 200 like failures). Before, such a file failed and was fetched again at every sync.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('source_documents', (t) => {
    t.text('skip_reason').nullable();
  });
  await knex.schema.alterTable('source_syncs', (t) => {
    t.integer('skipped').notNullable().defaultTo(0);
    t.jsonb('skips').notNullable().defaultTo('[]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('source_syncs', (t) => {
    t.dropColumn('skipped');
    t.dropColumn('skips');
  });
  await knex.schema.alterTable('source_documents', (t) => t.dropColumn('skip_reason'));
}
