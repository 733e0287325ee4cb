// The prose vector of EMBEDDING_TEXT_SCHEME=header-mix (src/domain/embeddingText.ts): beside each chunk's own
// vector, normalize(own + 0.3 · header), which prose queries search while identifier-shaped ones search the
// chunk's own (services/search/search.ts, "Two vectors per chunk"). embedding_next_prose is its re-embed
// counterpart (0018_reembedding): the switch swaps both pairs. Its HNSW index, like `embedding`'s, needs the
// deployment's dimension: made here when the space is recorded, else at the first start (createEmbeddingSpace).
// A partial index finds a workspace's chunks that have a vector but no prose vector: search reads the prose
// vectors of a workspace only when there is none (chunks embedded before this scheme, or under another one),
// so an upgraded deployment answers as before until a re-embed (`kws reembed`) fills them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.specificType('embedding_prose', 'vector').nullable();
    t.specificType('embedding_next_prose', 'vector').nullable();
  });
  const space = (await knex('embedding_space').where({ id: 1 }).first()) as { dimension: number } | undefined;
  if (space) {
    const dimension = Number(space.dimension);
    if (!Number.isInteger(dimension) || dimension < 1 || dimension > 16000) throw new Error('invalid dimension');
    await knex.raw(`ALTER TABLE knowledge_chunks ALTER COLUMN embedding_prose TYPE vector(${dimension})`);
    // In the row, as `embedding` (0009_hybrid_search): an exact scan reads no TOAST pages.
    await knex.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding_prose SET STORAGE MAIN');
    await knex.raw(
      'CREATE INDEX knowledge_chunks_embedding_prose_hnsw ON knowledge_chunks USING hnsw (embedding_prose vector_cosine_ops) WITH (m = 16, ef_construction = 64)',
    );
  }
  await knex.raw(PROSE_MISSING_INDEX);
}

/** A workspace's chunks with a vector and no prose vector (empty when its prose vectors are complete). */
export const PROSE_MISSING_INDEX =
  'CREATE INDEX IF NOT EXISTS knowledge_chunks_prose_missing ON knowledge_chunks (workspace_id) WHERE embedding IS NOT NULL AND embedding_prose IS NULL';

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.dropColumn('embedding_prose');
    t.dropColumn('embedding_next_prose');
  });
}
