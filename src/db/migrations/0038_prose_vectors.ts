// The prose vector of EMBEDDING_TEXT_SCHEME=header-mix (src/domain/embeddingText.ts): beside each chunk's own
// vector, normalize(own + 0.3 · header), which prose queries search while identifier-shaped ones search the
// chunk's own (services/search/search.ts, "Two vectors per chunk"). At half precision (halfvec): the row
// grows by half a vector, not a whole one (a wider row slowed exact scans of the chunks' own vectors by 7-22 % at
// 100,000 chunks, bench/knowledge), and ranking does not move (docs/explanation/retrieval-quality.md).
// embedding_next_prose is its re-embed counterpart (0018_reembedding): the switch swaps both pairs. Its HNSW index, like `embedding`'s, needs the
// deployment's dimension: made here when the space is recorded, else at the first start (createEmbeddingSpace).
// A partial index finds a workspace's chunks that have a vector but no current prose vector: search reads the
// prose vectors of a workspace only when there is none (chunks embedded before this scheme, or under another
// one), so an upgraded deployment answers as before until a re-embed (`kws reembed`) fills them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  const space = (await knex('embedding_space').where({ id: 1 }).first()) as { dimension: number } | undefined;
  // A re-embed building at the upgrade: its next prose column, index and twin partial index, as a re-embed
  // begun after it has them (repositories/embeddingSpace beginReembedColumn, createNextVectorIndex); its
  // catch-up rounds then fill the next prose vectors of the chunks it embedded before.
  const building = (await knex('embedding_reembed').where({ id: 1, status: 'building' }).first()) as
    { dimension: number } | undefined;
  const typed = (row: { dimension: number } | undefined) => (row ? `halfvec(${checked(row.dimension)})` : 'halfvec');
  // Added with their dimension, not typed afterwards: a column added without a default is a catalogue change,
  // where changing its type (halfvec to halfvec(D) runs pgvector's typmod cast) rewrites the table and every
  // index on it, the chunks' HNSW index included, under an exclusive lock.
  await knex.raw(
    `ALTER TABLE knowledge_chunks ADD COLUMN embedding_prose ${typed(space)}, ADD COLUMN embedding_next_prose ${typed(building)}`,
  );
  if (space) {
    // In the row, as `embedding` (0009_hybrid_search): an exact scan reads no TOAST pages.
    await knex.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding_prose SET STORAGE MAIN');
    // Over a column of NULLs: a scan of the table, an empty graph.
    await knex.raw(
      'CREATE INDEX knowledge_chunks_embedding_prose_hnsw ON knowledge_chunks USING hnsw (embedding_prose halfvec_cosine_ops) WITH (m = 16, ef_construction = 64)',
    );
  }
  await knex.raw(PROSE_MISSING_INDEX);
  if (building) {
    await knex.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding_next_prose SET STORAGE MAIN');
    await knex.raw(
      'CREATE INDEX knowledge_chunks_embedding_next_prose_hnsw ON knowledge_chunks USING hnsw (embedding_next_prose halfvec_cosine_ops) WITH (m = 16, ef_construction = 64)',
    );
    await knex.raw(NEXT_PROSE_MISSING_INDEX);
  }
}

function checked(value: number): number {
  const dimension = Number(value);
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > 16000) throw new Error('invalid dimension');
  return dimension;
}

/**
 * Chunks with a vector but no prose vector of the scheme that keeps them, on a pair of columns (the live ones, or
 * a re-embed's next ones). A chunk embedded under another scheme, or by a process that does not know prose
 * vectors (a rolling upgrade), has a scheme other than `header-mix`, so an outdated prose vector never counts.
 */
const proseMissing = (vector: string, prose: string, scheme: string) =>
  `${vector} IS NOT NULL AND (${prose} IS NULL OR ${scheme} IS DISTINCT FROM 'header-mix')`;

/** On the live columns: what search's probe asks (repositories/search proseVectorsComplete). */
export const PROSE_MISSING_WHERE = proseMissing('embedding', 'embedding_prose', 'embedding_text_scheme');

/** A workspace's chunks missing a current prose vector (empty when its prose vectors are complete). */
export const PROSE_MISSING = 'knowledge_chunks_prose_missing';
export const PROSE_MISSING_INDEX = `CREATE INDEX IF NOT EXISTS ${PROSE_MISSING} ON knowledge_chunks (workspace_id) WHERE ${PROSE_MISSING_WHERE}`;

/** Its twin on a re-embed's next columns: the switch trades the two indexes' names with the columns'. */
export const NEXT_PROSE_MISSING = 'knowledge_chunks_next_prose_missing';
export const NEXT_PROSE_MISSING_INDEX = `CREATE INDEX IF NOT EXISTS ${NEXT_PROSE_MISSING} ON knowledge_chunks (workspace_id) WHERE ${proseMissing('embedding_next', 'embedding_next_prose', 'embedding_next_text_scheme')}`;

export async function down(knex: Knex): Promise<void> {
  // The vector of a `header-mix` chunk is of the chunk alone: what the schemes before this migration call `chunk`.
  await knex('knowledge_chunks')
    .where({ embedding_text_scheme: 'header-mix' })
    .update({ embedding_text_scheme: 'chunk' });
  await knex('knowledge_chunks')
    .where({ embedding_next_text_scheme: 'header-mix' })
    .update({ embedding_next_text_scheme: 'chunk' });
  await knex.schema.alterTable('knowledge_chunks', (t) => {
    t.dropColumn('embedding_prose');
    t.dropColumn('embedding_next_prose');
  });
}
