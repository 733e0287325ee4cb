// The HTTP provider for any server speaking OpenAI's embeddings API: POST {baseUrl}/embeddings with
// {model, input: string[]} answering {data: [{index, embedding}]} (OpenAI, Azure OpenAI's /openai/v1
// base URL, Ollama's /v1, vLLM, Hugging Face TEI). The API key goes only into the Authorization header. Every
// request goes through the one door out (src/web/fetch.ts): the operator's server may be on a private network,
// the service's own components are refused; answers are bounded in bytes.
import { setTimeout as sleep } from 'node:timers/promises';
import { FetchError, openRequest, readBody, type AddressPolicy } from '../web/fetch';
import { EmbeddingError, l2Normalize, type EmbeddingProvider } from './provider';

export interface OpenAIEmbeddingOptions {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://tei:8080/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The vector length the model answers; every vector is checked against it. */
  dimension: number;
  /** Texts per request (default 32, TEI's default client batch limit). */
  batchSize?: number;
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error (default 3); then the call fails. */
  maxRetries?: number;
  /** First retry delay, doubled each time with jitter, capped at 10 s; a Retry-After header wins (default 500 ms). */
  retryBaseDelayMs?: number;
  /** Prepended to queries only, for models served with a query instruction (e.g. bge's). */
  queryPrefix?: string;
  /** The door's rule for the server (operatorServerPolicy: private networks yes, own components no). */
  policy: AddressPolicy;
}

const MAX_RETRY_DELAY_MS = 10_000;

interface EmbeddingsResponse {
  data: { index: number; embedding: number[] }[];
}

function isEmbeddingsResponse(body: unknown): body is EmbeddingsResponse {
  const data = (body as { data?: unknown } | null)?.data;
  return (
    Array.isArray(data) &&
    data.every((d) => typeof d === 'object' && d !== null && Number.isInteger(d.index) && Array.isArray(d.embedding))
  );
}

class RetryableHttpError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

function parseRetryAfter(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_DELAY_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(date - Date.now(), 0), MAX_RETRY_DELAY_MS);
}

export function createOpenAIEmbeddingProvider(opts: OpenAIEmbeddingOptions): EmbeddingProvider {
  const { model, dimension, apiKey } = opts;
  const batchSize = opts.batchSize ?? 32;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxRetries = opts.maxRetries ?? 3;
  const retryBaseDelayMs = opts.retryBaseDelayMs ?? 500;
  let url: string;
  try {
    url = new URL(opts.baseUrl.replace(/\/+$/, '') + '/embeddings').toString();
  } catch {
    throw new EmbeddingError(`Embedding base URL is not a URL: ${JSON.stringify(opts.baseUrl)}`, 'INVALID_SETTINGS');
  }
  if (!model) throw new EmbeddingError('An embedding model name is required (EMBEDDING_MODEL)', 'INVALID_SETTINGS');
  if (!Number.isInteger(dimension) || dimension < 1) {
    throw new EmbeddingError(`Embedding dimension must be a positive integer, got ${dimension}`, 'INVALID_SETTINGS');
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new EmbeddingError(`batchSize must be a positive integer, got ${batchSize}`, 'INVALID_SETTINGS');
  }
  const where = `${model} at ${url}`;
  // A vector's JSON takes about 25 bytes a dimension; twice that, and room for the envelope.
  const maxAnswerBytes = (inputs: number) => inputs * dimension * 50 + 1024 * 1024;
  // Servers may echo what they were sent; make sure the key never reaches an error message or a log.
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[redacted]') : text);
  let closed = false;

  async function requestOnce(input: string[]): Promise<EmbeddingsResponse> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const payload = JSON.stringify({ model, input });
    headers['content-length'] = String(Buffer.byteLength(payload));
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let retryAfter: string | string[] | undefined;
    let text: string;
    try {
      const response = await openRequest(url, opts.policy, { method: 'POST', headers, body: payload, signal });
      status = response.statusCode ?? 0;
      retryAfter = response.headers['retry-after'];
      text = (await readBody(response, maxAnswerBytes(input.length))).toString('utf8');
    } catch (err) {
      if (err instanceof FetchError && err.code === 'TOO_LARGE') {
        throw new EmbeddingError(`Embedding server ${where} answered too much: ${err.message}`, 'BAD_RESPONSE');
      }
      const e = (signal.aborted ? signal.reason : err) as Error;
      const reason = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : redact(e.message);
      throw new RetryableHttpError(`request failed: ${reason}`);
    }
    if (status === 429 || status >= 500) {
      throw new RetryableHttpError(`HTTP ${status}: ${redact(text.slice(0, 300))}`, parseRetryAfter(retryAfter));
    }
    if (status < 200 || status > 299) {
      throw new EmbeddingError(
        `Embedding request to ${where} was refused: HTTP ${status}: ${redact(text.slice(0, 300))}`,
        'HTTP',
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new EmbeddingError(
        `Embedding server ${where} answered non-JSON: ${redact(text.slice(0, 200))}`,
        'BAD_RESPONSE',
      );
    }
    if (!isEmbeddingsResponse(body)) {
      throw new EmbeddingError(
        `Embedding server ${where} answered no {data: [{index, embedding}]}: ${redact(text.slice(0, 200))}`,
        'BAD_RESPONSE',
      );
    }
    return body;
  }

  async function embedBatch(input: string[]): Promise<number[][]> {
    let body: EmbeddingsResponse | undefined;
    for (let attempt = 0; body === undefined; attempt++) {
      try {
        body = await requestOnce(input);
      } catch (err) {
        if (!(err instanceof RetryableHttpError)) throw err;
        if (attempt >= maxRetries) {
          throw new EmbeddingError(
            `Embedding server ${where} unavailable after ${attempt + 1} attempts: ${err.message}`,
            'UNAVAILABLE',
          );
        }
        const backoff = Math.min(retryBaseDelayMs * 2 ** attempt, MAX_RETRY_DELAY_MS);
        await sleep(err.retryAfterMs ?? backoff / 2 + Math.random() * (backoff / 2));
      }
    }
    const data = [...body.data].sort((a, b) => a.index - b.index);
    if (data.length !== input.length || data.some((d, i) => d.index !== i)) {
      throw new EmbeddingError(
        `Embedding server ${where} answered indexes [${data.map((d) => d.index).join(', ')}] for ${input.length} inputs`,
        'BAD_RESPONSE',
      );
    }
    return data.map(({ embedding, index }) => {
      if (embedding.length !== dimension) {
        throw new EmbeddingError(
          `Embedding model ${where} answered a vector of ${embedding.length} dimensions for input ${index}, ` +
            `expected ${dimension} (EMBEDDING_DIMENSION must match the model)`,
          'DIMENSION_MISMATCH',
        );
      }
      if (!embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new EmbeddingError(
          `Embedding server ${where} answered a non-numeric vector for input ${index}`,
          'BAD_RESPONSE',
        );
      }
      return l2Normalize(embedding);
    });
  }

  async function embed(texts: string[]): Promise<number[][]> {
    if (closed) throw new EmbeddingError('The OpenAI embedding provider is closed', 'CLOSED');
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      vectors.push(...(await embedBatch(texts.slice(start, start + batchSize))));
    }
    return vectors;
  }

  return {
    name: 'openai',
    model,
    // A remote model is identified by its name (and what it answers by its dimension).
    modelVersion: `${model}@${dimension}`,
    dimension,
    embedDocuments: (texts) => embed(texts),
    embedQuery: async (text) => (await embed([(opts.queryPrefix ?? '') + text]))[0] as number[],
    async close() {
      closed = true;
    },
  };
}
