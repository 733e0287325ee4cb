// The section headings each chunk starts under (src/extract/headings.ts), outermost first: what the
// `title-heading` text scheme embeds in front of the chunk (src/domain/embeddingText.ts) and what the chunks API
// shows. Null where the chunk's page has no headings, and for every chunk stored before this migration (until
// its item is ingested again).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.specificType('heading_path', 'text[]').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.dropColumn('heading_path');
  });
}
