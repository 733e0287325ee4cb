// Re-embedding beside the live vectors (`kws reembed`, workflows/reembed.ts): a second vector column
// (embedding_next, with the model that wrote each vector) that a re-embed fills while search keeps reading
// `embedding`, and the one-row embedding_reembed that records the re-embed under way. The switch swaps the
// two columns (and their HNSW indexes) in one transaction: search code never names embedding_next.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    // Typed vector(D) when a re-embed begins (the target's dimension may differ from the live one).
    t.specificType('embedding_next', 'vector').nullable();
    t.text('embedding_next_model').nullable();
    t.text('embedding_next_model_version').nullable();
  });
  await knex.schema.createTable('embedding_reembed', (t) => {
    t.integer('id').primary().defaultTo(1);
    t.text('provider').notNullable();
    t.text('model').notNullable();
    t.text('model_version').notNullable();
    t.integer('dimension').notNullable();
    /** building: embedding_next is being filled; switched: the swap happened (the old vectors may remain). */
    t.text('status').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('switched_at', { useTz: true }).nullable();
  });
  await knex.raw('ALTER TABLE embedding_reembed ADD CONSTRAINT embedding_reembed_one_row CHECK (id = 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('embedding_reembed');
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.dropColumn('embedding_next');
    t.dropColumn('embedding_next_model');
    t.dropColumn('embedding_next_model_version');
  });
}
