// Version retention: a version that stops being current is kept for a while (a restore needs no re-extraction),
// then its file and chunks are purged by a workflow with a durable timer (workflows/purgeVersion.ts).
// `superseded_count` counts the times it stopped being current, so a purge whose timer was set by an earlier
// supersession (the version was restored and replaced again meanwhile) waits again; `purged_at` marks a version
// whose content is gone (its row stays, so the list of versions keeps its history).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_versions', (t) => {
    t.timestamp('superseded_at', { useTz: true }).nullable();
    t.integer('superseded_count').notNullable().defaultTo(0);
    t.timestamp('purged_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_versions', (t) => {
    t.dropColumn('purged_at');
    t.dropColumn('superseded_count');
    t.dropColumn('superseded_at');
  });
}
