// The embedding contract shared by the local model and the OpenAI-compatible HTTP provider.

export interface EmbeddingProvider {
  /** Which implementation: 'local' (in-process ONNX model) or 'openai' (an OpenAI-compatible /embeddings API). */
  readonly name: string;
  /** The model's name, e.g. 'sentence-transformers/all-MiniLM-L6-v2' or 'text-embedding-3-small'. */
  readonly model: string;
  /** Changes whenever the same text could get a different vector: stored vectors of another version need re-embedding. */
  readonly modelVersion: string;
  readonly dimension: number;
  /** One L2-normalised vector per text, in order (cosine similarity = dot product). */
  embedDocuments(texts: string[]): Promise<number[][]>;
  /** An L2-normalised vector for a search query (with the model's query instruction, if it has one). */
  embedQuery(text: string): Promise<number[]>;
  close(): Promise<void>;
  /**
   * The provider for the model live now, for a caller that stores what it embeds (embeddings/liveModel.ts);
   * a provider without it is always live.
   */
  live?(): Promise<EmbeddingProvider>;
}

/** The provider that embeds for the live model (the provider itself unless it follows the re-embed switch). */
export const liveProvider = (p: EmbeddingProvider): Promise<EmbeddingProvider> =>
  p.live ? p.live() : Promise.resolve(p);

export type EmbeddingErrorCode =
  | 'MODEL_MISSING' // the local model's files are not there
  | 'INVALID_SETTINGS' // settings that cannot work (missing base URL, dimension mismatch with the model, ...)
  | 'DIMENSION_MISMATCH' // the model answered vectors of another length than configured
  | 'BAD_RESPONSE' // the server's answer is not an embeddings response for our inputs
  | 'HTTP' // the server refused the request
  | 'UNAVAILABLE' // network error, timeout, 429 or 5xx after the bounded retries
  | 'CLOSED'; // the provider was closed

/**
 * A failure of an embedding provider. `retryable` says whether trying again later can help (an activity
 * turns the others into non-retryable failures): only UNAVAILABLE is.
 */
export class EmbeddingError extends Error {
  readonly retryable: boolean;

  constructor(
    message: string,
    readonly code: EmbeddingErrorCode,
  ) {
    super(message);
    this.name = 'EmbeddingError';
    this.retryable = code === 'UNAVAILABLE';
  }
}

/** Scales a vector to unit length (a zero vector stays zero). */
export function l2Normalize(vector: ArrayLike<number>): number[] {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) ** 2;
  const norm = Math.sqrt(sum);
  const out = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = norm > 0 ? (vector[i] as number) / norm : 0;
  return out;
}
