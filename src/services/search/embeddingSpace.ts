// The deployment's embedding space: the vector dimension is fixed the first time the service starts
// (the chunk column becomes vector(D) and gets its HNSW index) and every later start checks it.
import type { Db } from '../../db/knex';
import {
  EmbeddingModelSwitchedError,
  createEmbeddingSpace,
  lockEmbeddingSpace,
  readEmbeddingSpace,
} from '../../db/repositories/embeddingSpace';
import {
  HEADER_MIX_WEIGHT,
  embeddingText,
  headerText,
  keepsProseVectors,
  proseVector,
  type EmbeddingTextScheme,
} from '../../domain/embeddingText';
import { createLiveModelProvider, type LiveModel } from '../../embeddings/liveModel';
import { liveProvider, type EmbeddingProvider } from '../../embeddings/provider';
import type { DbDeps } from '../deps';

export interface EmbeddingIdentity {
  name: string;
  model: string;
  modelVersion: string;
  dimension: number;
}

export class EmbeddingSpaceMismatchError extends Error {}

/**
 * Returns a warning when the model differs at the same dimension; throws when the dimension differs. `others`
 * are the process's other models (EMBEDDING_NEXT_MODEL_DIR): after a re-embed switched to one of them, the
 * process runs the live model and all is well.
 */
export async function ensureEmbeddingSpace(
  { db }: DbDeps,
  provider: EmbeddingIdentity,
  others: EmbeddingIdentity[] = [],
): Promise<string | undefined> {
  if (!Number.isInteger(provider.dimension) || provider.dimension < 1 || provider.dimension > 16000) {
    throw new EmbeddingSpaceMismatchError(`Embedding provider reports an invalid dimension: ${provider.dimension}`);
  }
  return db.transaction(async (trx) => {
    const row = await lockEmbeddingSpace(trx);
    if (row) {
      if ([provider, ...others].some((p) => p.modelVersion === row.model_version)) return undefined;
      if (row.dimension !== provider.dimension) {
        throw new EmbeddingSpaceMismatchError(
          `Embedding dimension mismatch: this deployment stores ${row.dimension}-dimensional vectors ` +
            `(${row.provider} ${row.model}), but the configured provider ${provider.name} ${provider.model} ` +
            `produces ${provider.dimension}. Configure a provider with dimension ${row.dimension}, or start on a fresh database.`,
        );
      }
      if (row.model !== provider.model) {
        return `Embedding model changed from ${row.model} to ${provider.model} at the same dimension: vectors of the two models are not comparable: move the stored vectors with "kws reembed" (README, Operations) or re-ingest the knowledge; until this process runs the live model, searches answer 503 and ingestion retries`;
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

/** The live model as the embedding space records it (the provider a process embeds with follows it). */
export async function liveEmbeddingModel({ db }: DbDeps): Promise<LiveModel | undefined> {
  const space = await readEmbeddingSpace(db);
  return space ? { model: space.model, modelVersion: space.model_version } : undefined;
}

/**
 * The provider a process embeds with: it checks the embedding space against the configured model (and the
 * next one, during a re-embed), then follows whichever of them the space names as live, so a re-embed's
 * switch takes effect in a running process. `checkDb` may be a short-lived maintenance connection; `db` is
 * the pool the provider reads the live model from. Returns the mismatch warning, if any, to be logged.
 */
export async function followLiveEmbeddings(
  checkDb: Db,
  db: Db,
  primary: EmbeddingProvider,
  next: EmbeddingProvider | undefined,
): Promise<{ embeddings: EmbeddingProvider; warning: string | undefined }> {
  const warning = await ensureEmbeddingSpace({ db: checkDb }, primary, next ? [next] : []);
  const embeddings = createLiveModelProvider(next ? [primary, next] : [primary], () => liveEmbeddingModel({ db }));
  return { embeddings, warning };
}

/**
 * Runs `work` (embed, then store) with the provider of the live model; when a re-embed switched between the
 * two, the store refuses the vectors and the work runs again with the new live model.
 */
export async function withLiveEmbeddings<T>(
  embeddings: EmbeddingProvider,
  work: (provider: EmbeddingProvider) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const provider = await liveProvider(embeddings);
    try {
      return await work(provider);
    } catch (err) {
      if (!(err instanceof EmbeddingModelSwitchedError) || attempt >= 3) throw err;
    }
  }
}

/** A chunk to embed: its text and what its header is made of (domain/embeddingText). */
export interface ChunkToEmbed {
  text: string;
  title?: string | null;
  headings?: readonly string[];
}

/** A chunk's vectors: the one its scheme's text gives and, under `header-mix`, the prose vector. */
export interface ChunkVectors {
  vector: number[];
  prose?: number[];
}

/**
 * Every vector the scheme keeps for these chunks, from one call of `embed`: each chunk's text and, under
 * `header-mix`, each distinct non-empty header once (a section's chunks share it), then mixed (proseVector).
 * Ingestion, chunk edits, links and the re-embed workflow all build vectors here, so a scheme means the same
 * vectors wherever they are built.
 */
export async function embedChunkVectors(
  scheme: EmbeddingTextScheme,
  embed: (texts: string[]) => Promise<number[][]>,
  chunks: readonly ChunkToEmbed[],
  /** The header's weight in the prose vector (the bench's sweep); HEADER_MIX_WEIGHT unless told. */
  headerWeight = HEADER_MIX_WEIGHT,
): Promise<ChunkVectors[]> {
  const texts = chunks.map((c) => embeddingText(scheme, { title: c.title, headings: c.headings }, c.text));
  if (!keepsProseVectors(scheme)) {
    const vectors = await embed(texts);
    return texts.map((_, i) => ({ vector: required(vectors[i]) }));
  }
  const headers = chunks.map((c) => headerText({ title: c.title, headings: c.headings }));
  const distinct = [...new Set(headers.filter(Boolean))];
  const vectors = await embed([...texts, ...distinct]);
  const headerVectors = new Map(distinct.map((h, i) => [h, required(vectors[texts.length + i])]));
  return texts.map((_, i) => {
    const own = required(vectors[i]);
    return { vector: own, prose: proseVector(own, headerVectors.get(headers[i] as string), headerWeight) };
  });
}

function required(v: number[] | undefined): number[] {
  if (!v) throw new Error('the embedder answered fewer vectors than texts');
  return v;
}
