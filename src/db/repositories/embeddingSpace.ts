// The one-row embedding_space table and the chunk column's vector type it fixes (set once per deployment).
import type { Tx } from '../knex';

export interface EmbeddingSpaceRow {
  dimension: number;
  provider: string;
  model: string;
  model_version: string;
}

/** The recorded space, read under a lock that holds off a concurrent first start until the transaction ends. */
export async function lockEmbeddingSpace(trx: Tx): Promise<EmbeddingSpaceRow | undefined> {
  await trx.raw('LOCK TABLE embedding_space IN SHARE ROW EXCLUSIVE MODE');
  return (await trx('embedding_space').where({ id: 1 }).first()) as EmbeddingSpaceRow | undefined;
}

/**
 * Gives the chunk column its dimension and HNSW index and records the space. `dimension` must be a validated
 * integer: DDL cannot take bind parameters.
 */
export async function createEmbeddingSpace(trx: Tx, space: EmbeddingSpaceRow): Promise<void> {
  await trx.raw(`ALTER TABLE knowledge_chunks ALTER COLUMN embedding TYPE vector(${space.dimension})`);
  // A type change resets the storage to the type's default (EXTERNAL): vectors stay in the row, or an
  // exact scan reads TOAST pages for every chunk (migration 0009_hybrid_search).
  await trx.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding SET STORAGE MAIN');
  await trx.raw(
    'CREATE INDEX IF NOT EXISTS knowledge_chunks_embedding_hnsw ON knowledge_chunks USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)',
  );
  await trx('embedding_space').insert({ id: 1, ...space });
}
