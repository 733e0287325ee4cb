// The deployment's embedding space: the vector dimension is fixed the first time the service starts
// (the chunk column becomes vector(D) and gets its HNSW index) and every later start checks it.
import type { Db } from '../db/knex';

export interface EmbeddingIdentity {
  name: string;
  model: string;
  modelVersion: string;
  dimension: number;
}

export class EmbeddingSpaceMismatchError extends Error {}

interface EmbeddingSpaceRow {
  dimension: number;
  provider: string;
  model: string;
  model_version: string;
}

/** Returns a warning when the model differs at the same dimension; throws when the dimension differs. */
export async function ensureEmbeddingSpace(db: Db, provider: EmbeddingIdentity): Promise<string | undefined> {
  if (!Number.isInteger(provider.dimension) || provider.dimension < 1 || provider.dimension > 16000) {
    throw new EmbeddingSpaceMismatchError(`Embedding provider reports an invalid dimension: ${provider.dimension}`);
  }
  return db.transaction(async (trx) => {
    await trx.raw('LOCK TABLE embedding_space IN SHARE ROW EXCLUSIVE MODE');
    const row = (await trx('embedding_space').where({ id: 1 }).first()) as EmbeddingSpaceRow | undefined;
    if (row) {
      if (row.dimension !== provider.dimension) {
        throw new EmbeddingSpaceMismatchError(
          `Embedding dimension mismatch: this deployment stores ${row.dimension}-dimensional vectors ` +
            `(${row.provider} ${row.model}), but the configured provider ${provider.name} ${provider.model} ` +
            `produces ${provider.dimension}. Configure a provider with dimension ${row.dimension}, or start on a fresh database.`,
        );
      }
      if (row.model !== provider.model) {
        return `Embedding model changed from ${row.model} to ${provider.model} at the same dimension: vectors of the two models are not comparable; re-ingest the knowledge`;
      }
      return undefined;
    }
    // A dimension is an integer we just validated; DDL cannot take bind parameters.
    await trx.raw(`ALTER TABLE knowledge_chunks ALTER COLUMN embedding TYPE vector(${provider.dimension})`);
    // A type change resets the storage to the type's default (EXTERNAL): vectors stay in the row, or an
    // exact scan reads TOAST pages for every chunk (migration 0009_hybrid_search).
    await trx.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding SET STORAGE MAIN');
    await trx.raw(
      'CREATE INDEX IF NOT EXISTS knowledge_chunks_embedding_hnsw ON knowledge_chunks USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)',
    );
    await trx('embedding_space').insert({
      id: 1,
      dimension: provider.dimension,
      provider: provider.name,
      model: provider.model,
      model_version: provider.modelVersion,
    });
    return undefined;
  });
}
