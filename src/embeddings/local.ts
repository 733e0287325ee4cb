// The local provider: a sentence-embedding model run with onnxruntime-node in a worker thread, from the files
// scripts/fetch-model.sh puts in a model directory (model.onnx, vocab.txt, MODEL_INFO.json). Fully offline.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddingThreadReply, EmbeddingThreadRequest, ThreadFailure } from './local.worker';
import { VOCAB_FILE, readModelInfo } from './modelFiles';
import type { OnnxModelOptions } from './onnxModel';
import { EmbeddingError, type EmbeddingProvider } from './provider';
import { WordPieceTokenizer } from './wordpiece';

export interface LocalEmbeddingOptions {
  modelDir: string;
  /**
   * Texts of the model's longest length per forward pass (default 16): a batch holds up to batchSize x
   * maxTokens tokens, so shorter texts go in larger batches (at most MAX_BATCH_ROWS).
   */
  batchSize?: number;
  /** onnxruntime intra-op threads (default: onnxruntime's choice, one per physical core). */
  threads?: number;
}

/** Texts per forward pass at most, however short. */
const MAX_BATCH_ROWS = 128;

/** How many queued texts one pass looks through for texts of a like length. */
const BATCH_SCAN = 4096;

/**
 * Which of the queued texts (their token counts, in queue order) the next forward pass takes, by position in
 * the queue, ascending: always the oldest, then, in queue order, every later text that keeps the pass's longest
 * at most twice its shortest and the pass (its rows times its longest) within `tokenBudget`, at most
 * MAX_BATCH_ROWS. Every row is padded to the pass's longest, so a chunk's header of a dozen tokens beside
 * chunks of 256 would cost as much as a chunk: it waits, and the headers waiting go together when the oldest
 * of them is the oldest text. Nothing waits behind more than the passes of texts queued before it. Pure.
 */
export function batchRows(lengths: readonly number[], tokenBudget: number): number[] {
  if (lengths.length === 0) return [];
  const taken = [0];
  let longest = lengths[0] as number;
  let shortest = longest;
  for (let i = 1; i < lengths.length && taken.length < MAX_BATCH_ROWS; i += 1) {
    const length = lengths[i] as number;
    const wider = Math.max(longest, length);
    const narrower = Math.min(shortest, length);
    if (wider > 2 * narrower || (taken.length + 1) * wider > tokenBudget) continue;
    taken.push(i);
    longest = wider;
    shortest = narrower;
  }
  return taken;
}

export async function createLocalEmbeddingProvider(opts: LocalEmbeddingOptions): Promise<EmbeddingProvider> {
  const modelDir = path.resolve(opts.modelDir);
  const batchSize = opts.batchSize ?? 16;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new EmbeddingError(`batchSize must be a positive integer, got ${batchSize}`, 'INVALID_SETTINGS');
  }
  const info = await readModelInfo(modelDir);
  const tokenizer = await WordPieceTokenizer.fromVocabFile(path.join(modelDir, VOCAB_FILE), {
    doLowerCase: info.doLowerCase,
    maxTokens: info.maxTokens,
    specialTokens: info.specialTokens,
  });
  const threadOptions: OnnxModelOptions = { modelDir, info, padId: tokenizer.padId, threads: opts.threads };
  let thread = await startEmbeddingThread(threadOptions);
  // One forward pass at a time (onnxruntime already uses every core for one batch), over a queue shared by
  // all callers: concurrent ingestion activities of small files fill one batch together instead of each
  // running a pass of two texts. Queries go first, so a search does not wait behind a whole document.
  // Documents are queued in the order their callers came (a file's chunks before a later file's), each
  // caller's texts longest first; every pass takes the oldest and the later ones of a like length
  // (batchRows), so a pass pads little, short headers go together, and no text waits behind texts queued
  // after it.
  interface Pending {
    ids: number[];
    resolve: (vector: number[]) => void;
    reject: (err: unknown) => void;
  }
  const queries: Pending[] = [];
  const documents: Pending[] = [];
  let draining: Promise<void> | undefined;
  let closed = false;
  const tokenBudget = batchSize * info.maxTokens;

  /**
   * The next batch: waiting queries, else the oldest waiting document and the later ones of a like length
   * that fit the token budget (batchRows); the rest keep their places.
   */
  function nextBatch(): Pending[] {
    if (queries.length > 0) return queries.splice(0, queries.length);
    const rows = batchRows(
      documents.slice(0, BATCH_SCAN).map((d) => d.ids.length),
      tokenBudget,
    );
    const batch = rows.map((i) => documents[i] as Pending);
    // Taken out in place (rows ascending, all within the first BATCH_SCAN), whatever the queue's length.
    let kept = rows[0] as number;
    for (let i = kept, r = 0; i < documents.length; i += 1) {
      if (i === rows[r]) r += 1;
      else documents[kept++] = documents[i] as Pending;
    }
    documents.length = kept;
    return batch;
  }

  async function drain(): Promise<void> {
    // Yield first: `draining` is assigned before this function can reach its finally.
    await Promise.resolve();
    try {
      while (queries.length > 0 || documents.length > 0) {
        const batch = nextBatch();
        try {
          const vectors = await forward(batch.map((p) => p.ids));
          batch.forEach((p, i) => p.resolve(vectors[i] as number[]));
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      // In the same tick as the last emptiness check: a caller enqueuing after it starts a new drain.
      draining = undefined;
    }
  }

  function enqueue(texts: string[], into: 'query' | 'document'): Promise<number[][]> {
    if (closed) return Promise.reject(new EmbeddingError('The local embedding provider is closed', 'CLOSED'));
    if (texts.length === 0) return Promise.resolve([]);
    const entries: Pending[] = [];
    const results = texts.map(
      (text) =>
        new Promise<number[]>((resolve, reject) => entries.push({ ids: tokenizer.encode(text), resolve, reject })),
    );
    if (into === 'query') queries.push(...entries);
    else documents.push(...entries.sort((a, b) => b.ids.length - a.ids.length));
    draining ??= drain();
    return Promise.all(results);
  }

  // A thread that died (out of memory, a native crash) failed the batch it held; the next batch starts a new one.
  const forward = async (batch: number[][]) => {
    if (thread.dead && !closed) thread = await startEmbeddingThread(threadOptions);
    return thread.forward(batch);
  };

  return {
    name: 'local',
    model: info.name,
    modelVersion: info.version,
    dimension: info.dimension,
    embedDocuments: (texts) =>
      enqueue(
        texts.map((t) => info.passagePrefix + t),
        'document',
      ),
    embedQuery: async (text) => (await enqueue([info.queryPrefix + text], 'query'))[0] as number[],
    async close() {
      if (closed) return;
      closed = true;
      await draining;
      await thread.close();
    },
  };
}

const failure = (f: ThreadFailure) => (f.code ? new EmbeddingError(f.message, f.code) : new Error(f.message));

/**
 * The model's thread (local.worker.ts): forward passes run there, one at a time, so onnxruntime's work
 * (up to a second per batch on this machine's cores) never blocks this thread's event loop: the API keeps
 * answering and the Temporal worker keeps heartbeating while documents are embedded. The thread holds the
 * process open only while a pass is pending.
 */
export async function startEmbeddingThread(
  options: OnnxModelOptions,
  /** The thread's script: local.worker.js, or in tests one that dies on cue. */
  script = path.join(__dirname, 'local.worker.js'),
) {
  const worker = new Worker(script, { workerData: options });
  const pending = new Map<number, { resolve: (v: number[][]) => void; reject: (e: unknown) => void }>();
  // Woken when nothing is pending. Terminating the thread while onnxruntime runs a pass aborts the whole
  // process (its completion throws into the torn-down thread: "terminate called after throwing an instance of
  // 'Napi::Error'"), so close() waits for the passes it sent to come back first.
  const idleWaiters: Array<() => void> = [];
  const settle = () => {
    if (pending.size === 0) for (const wake of idleWaiters.splice(0)) wake();
  };
  let nextId = 0;
  let dead: Error | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: EmbeddingThreadReply) => {
      if ('type' in reply) {
        if (reply.type === 'ready') resolve();
        else reject(failure(reply));
        return;
      }
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if ('error' in reply) waiter?.reject(failure(reply.error));
      else waiter?.resolve(reply.vectors);
      settle();
    });
    const fail = (err: Error) => {
      dead ??= err;
      reject(err);
      for (const waiter of pending.values()) waiter.reject(err);
      pending.clear();
      settle();
    };
    worker.on('error', fail);
    // A reply that cannot be read would leave its batch pending for good (and close() waiting for it).
    worker.on('messageerror', fail);
    worker.on('exit', (code) => fail(new Error(`the embedding thread exited (code ${code})`)));
  });
  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  worker.unref();
  return {
    /** The thread itself (for diagnostics and tests). */
    worker,
    get dead(): boolean {
      return dead !== undefined;
    },
    forward(batch: number[][]): Promise<number[][]> {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise<number[][]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, batch } satisfies EmbeddingThreadRequest);
      });
    },
    async close(): Promise<void> {
      dead ??= new EmbeddingError('The local embedding provider is closed', 'CLOSED');
      if (pending.size > 0) await new Promise<void>((wake) => idleWaiters.push(wake));
      await worker.terminate();
    },
  };
}
