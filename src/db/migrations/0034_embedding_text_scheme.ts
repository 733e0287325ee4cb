// Which text each stored vector was computed from (src/domain/embeddingText.ts): `chunk` (the chunk alone) or
// `title` (the item's title, then the chunk). One column beside the live vector and one beside the re-embed's
// (swapped with them), so an operator can count the chunks whose vectors predate the scheme ingestion uses now
// and move them with the re-embed workflow. Vectors stored before this migration were of the chunk alone.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.text('embedding_text_scheme').nullable();
    t.text('embedding_next_text_scheme').nullable();
  });
  await knex.raw(`UPDATE knowledge_chunks SET embedding_text_scheme = 'chunk' WHERE embedding IS NOT NULL`);
  await knex.raw(`UPDATE knowledge_chunks SET embedding_next_text_scheme = 'chunk' WHERE embedding_next IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.dropColumn('embedding_text_scheme');
    t.dropColumn('embedding_next_text_scheme');
  });
}
