// The deployment's embedding space: the vector dimension is fixed the first time the service starts
// (the chunk column becomes vector(D) and gets its HNSW index) and every later start checks it.
import type { Db } from '../db/knex';
import { createEmbeddingSpace, lockEmbeddingSpace } from '../db/repositories/embeddingSpace';

export interface EmbeddingIdentity {
  name: string;
  model: string;
  modelVersion: string;
  dimension: number;
}

export class EmbeddingSpaceMismatchError extends Error {}

/** Returns a warning when the model differs at the same dimension; throws when the dimension differs. */
export async function ensureEmbeddingSpace(db: Db, provider: EmbeddingIdentity): Promise<string | undefined> {
  if (!Number.isInteger(provider.dimension) || provider.dimension < 1 || provider.dimension > 16000) {
    throw new EmbeddingSpaceMismatchError(`Embedding provider reports an invalid dimension: ${provider.dimension}`);
  }
  return db.transaction(async (trx) => {
    const row = await lockEmbeddingSpace(trx);
    if (row) {
      if (row.dimension !== provider.dimension) {
        throw new EmbeddingSpaceMismatchError(
          `Embedding dimension mismatch: this deployment stores ${row.dimension}-dimensional vectors ` +
            `(${row.provider} ${row.model}), but the configured provider ${provider.name} ${provider.model} ` +
            `produces ${provider.dimension}. Configure a provider with dimension ${row.dimension}, or start on a fresh database.`,
        );
      }
      if (row.model !== provider.model) {
        return `Embedding model changed from ${row.model} to ${provider.model} at the same dimension: vectors of the two models are not comparable: move the stored vectors with "kws reembed" (README, Operations) or re-ingest the knowledge`;
      }
      return undefined;
    }
    // The dimension is the integer validated above.
    await createEmbeddingSpace(trx, {
      dimension: provider.dimension,
      provider: provider.name,
      model: provider.model,
      model_version: provider.modelVersion,
    });
    return undefined;
  });
}
