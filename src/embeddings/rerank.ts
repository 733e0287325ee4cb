// The reranking contract, and its HTTP provider for any server speaking the /rerank shape shared by
// text-embeddings-inference ({query, texts} answering [{index, score}]), Cohere and Jina ({model, query,
// documents, top_n} answering {results: [{index, relevance_score}]}). With a model name configured the
// Cohere/Jina body is sent, without one TEI's; either answer shape is accepted. One attempt, bounded in time
// and in bytes, through the one door out (src/web/fetch.ts): a search waits for it, so a slow or failing
// reranker costs at most the timeout and the caller goes on without it (RerankError).
import type http from 'node:http';
import { FetchError, openRequest, operatorServerPolicy, readBody, type AddressPolicy } from '../web/fetch';
import type { OwnComponents } from '../web/ownComponents';

export interface Reranker {
  /** Which implementation: 'http' (a /rerank endpoint). */
  readonly name: string;
  /** The model's name as configured ('' when the server has one model and none was named). */
  readonly model: string;
  /** One relevance score in [0, 1] per text, in the texts' order. */
  rerank(query: string, texts: readonly string[]): Promise<number[]>;
}

export type RerankErrorCode = 'UNAVAILABLE' | 'TIMEOUT' | 'HTTP' | 'BAD_RESPONSE';

export class RerankError extends Error {
  constructor(
    message: string,
    readonly code: RerankErrorCode,
  ) {
    super(message);
    this.name = 'RerankError';
  }
}

export interface HttpRerankerOptions {
  /** The endpoint itself, e.g. http://tei:8080/rerank or https://api.cohere.com/v2/rerank. */
  url: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
  /** Largest answer read (default 1 MiB). */
  maxBytes?: number;
  /**
   * The address rule: the URL is the operator's own setting, so private networks are reachable
   * (rerankPolicy); the service's own components never are.
   */
  policy: AddressPolicy;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Reads the answer up to maxBytes (a larger one fails BAD_RESPONSE). */
async function readAnswer(res: http.IncomingMessage, maxBytes: number): Promise<string> {
  try {
    return (await readBody(res, maxBytes)).toString('utf8');
  } catch (err) {
    if (err instanceof FetchError && err.code === 'TOO_LARGE') {
      throw new RerankError(`the answer is larger than ${maxBytes} bytes`, 'BAD_RESPONSE');
    }
    throw new RerankError(`the answer could not be read: ${(err as Error).message}`, 'UNAVAILABLE');
  }
}

type Scored = { index: number; score: number };

/** TEI's [{index, score}] or Cohere/Jina's {results: [{index, relevance_score}]}; undefined for anything else. */
export function parseRerankAnswer(body: unknown): Scored[] | undefined {
  const list = Array.isArray(body) ? body : (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(list)) return undefined;
  const out: Scored[] = [];
  for (const r of list as Array<Record<string, unknown> | null>) {
    const score = r?.score ?? r?.relevance_score;
    if (!Number.isInteger(r?.index) || typeof score !== 'number' || !Number.isFinite(score)) return undefined;
    out.push({ index: r?.index as number, score });
  }
  return out;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Scores in the texts' order: every text must be scored exactly once. Scores already in [0, 1] (TEI's and
 * Cohere's defaults) are kept; an answer with any score outside it (raw logits) is mapped through the sigmoid.
 */
export function scoresInOrder(answer: readonly Scored[], count: number): number[] | undefined {
  const scores = new Array<number | undefined>(count).fill(undefined);
  for (const { index, score } of answer) {
    if (index < 0 || index >= count || scores[index] !== undefined) return undefined;
    scores[index] = score;
  }
  if (scores.some((s) => s === undefined)) return undefined;
  const raw = scores as number[];
  return raw.every((s) => s >= 0 && s <= 1) ? raw : raw.map(sigmoid);
}

export function createHttpReranker(opts: HttpRerankerOptions): Reranker {
  const { url, apiKey, model, timeoutMs } = opts;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const { policy } = opts;
  // Servers may echo what they were sent; the key never reaches an error message.
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[redacted]') : text);

  async function rerank(query: string, texts: readonly string[]): Promise<number[]> {
    if (texts.length === 0) return [];
    const payload = model
      ? { model, query, documents: texts, top_n: texts.length }
      : { query, texts, raw_scores: false, truncate: true };
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new RerankError(`no answer within ${timeoutMs} ms`, 'TIMEOUT')),
      timeoutMs,
    );
    let text: string;
    let status: number;
    try {
      const res = await openRequest(url, policy, { method: 'POST', headers, body, signal: abort.signal });
      status = res.statusCode ?? 0;
      text = await Promise.race([
        readAnswer(res, maxBytes),
        new Promise<never>((_, reject) =>
          abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error), { once: true }),
        ),
      ]);
    } catch (err) {
      if (err instanceof RerankError) throw err;
      throw new RerankError(`request failed: ${redact((err as Error).message)}`, 'UNAVAILABLE');
    } finally {
      clearTimeout(timer);
    }
    if (status < 200 || status > 299) {
      throw new RerankError(`HTTP ${status}: ${redact(text.slice(0, 300))}`, 'HTTP');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new RerankError(`non-JSON answer: ${redact(text.slice(0, 200))}`, 'BAD_RESPONSE');
    }
    const answer = parseRerankAnswer(parsed);
    const scores = answer && scoresInOrder(answer, texts.length);
    if (!scores) {
      throw new RerankError(
        `the answer scores no [{index, score}] or {results: [{index, relevance_score}]} for each of ${texts.length} texts`,
        'BAD_RESPONSE',
      );
    }
    return scores;
  }

  return { name: 'http', model: model ?? '', rerank };
}

/** The configured reranker, or null when RERANK_URL is unset (reranking is then unavailable). */
export function rerankerFromSettings(
  settings: { url?: string; apiKey?: string; model?: string; timeoutMs: number },
  own: OwnComponents,
): Reranker | null {
  return settings.url
    ? createHttpReranker({ ...settings, url: settings.url, policy: operatorServerPolicy(own) })
    : null;
}
