// The local provider: a sentence-embedding model run in-process with onnxruntime-node, from the files
// scripts/fetch-model.sh puts in a model directory (model.onnx, vocab.txt, MODEL_INFO.json). Fully offline.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { z } from 'zod';
import { EmbeddingError, l2Normalize, type EmbeddingProvider } from './provider';
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

/** MODEL_INFO.json, written by scripts/fetch-model.sh. */
const ModelInfoSchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  dimension: z.number().int().positive(),
  source: z.string(),
  /** 'mean' (sentence-transformers MiniLM) or 'cls' (bge). */
  pooling: z.enum(['mean', 'cls']),
  maxTokens: z.number().int().min(8).max(8192),
  /** The model's query instruction, e.g. bge's "Represent this sentence for searching relevant passages: ". */
  queryPrefix: z.string().default(''),
  doLowerCase: z.boolean(),
});
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

const MODEL_FILE = 'model.onnx';
/** Texts per forward pass at most, however short. */
const MAX_BATCH_ROWS = 128;
const VOCAB_FILE = 'vocab.txt';
const INFO_FILE = 'MODEL_INFO.json';

export async function readModelInfo(modelDir: string): Promise<ModelInfo> {
  const file = path.join(modelDir, INFO_FILE);
  for (const name of [INFO_FILE, MODEL_FILE, VOCAB_FILE]) {
    if (!existsSync(path.join(modelDir, name))) {
      throw new EmbeddingError(
        `Local embedding model not found: ${path.join(modelDir, name)} is missing. Run "npm run setup" ` +
          '(scripts/fetch-model.sh fetches it) or point EMBEDDING_MODEL_DIR at a model directory.',
        'MODEL_MISSING',
      );
    }
  }
  const parsed = ModelInfoSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EmbeddingError(`${file} is invalid (${details}); re-run scripts/fetch-model.sh`, 'INVALID_SETTINGS');
  }
  return parsed.data;
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
  });
  const session = await ort.InferenceSession.create(path.join(modelDir, MODEL_FILE), {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    interOpNumThreads: 1,
    ...(opts.threads !== undefined ? { intraOpNumThreads: opts.threads } : {}),
    logSeverityLevel: 3, // errors only: onnxruntime's shape-merge warnings are noise
  });
  const outputName = session.outputNames.includes('last_hidden_state')
    ? 'last_hidden_state'
    : (session.outputNames[0] as string);
  const wantsTokenTypes = session.inputNames.includes('token_type_ids');

  // One forward pass at a time (onnxruntime already uses every core for one batch), over a queue shared by
  // all callers: concurrent ingestion activities of small files fill one batch together instead of each
  // running a pass of two texts. Queries go first, so a search does not wait behind a whole document.
  interface Pending {
    ids: number[];
    resolve: (vector: number[]) => void;
    reject: (err: unknown) => void;
  }
  const queries: Pending[] = [];
  let documents: Pending[] = [];
  let draining: Promise<void> | undefined;
  let closed = false;
  const tokenBudget = batchSize * info.maxTokens;

  /** The next batch: waiting queries, else the longest waiting documents up to the token budget. */
  function nextBatch(): Pending[] {
    if (queries.length > 0) return queries.splice(0, queries.length);
    // Longest first, so each batch holds texts of similar length and pads little.
    documents.sort((a, b) => b.ids.length - a.ids.length);
    const width = (documents[0] as Pending).ids.length;
    const rows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(tokenBudget / width)));
    const batch = documents.slice(0, rows);
    documents = documents.slice(rows);
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
    const results = texts.map(
      (text) =>
        new Promise<number[]>((resolve, reject) => {
          const entry = { ids: tokenizer.encode(text), resolve, reject };
          if (into === 'query') queries.push(entry);
          else documents.push(entry);
        }),
    );
    draining ??= drain();
    return Promise.all(results);
  }

  async function forward(batch: number[][]): Promise<number[][]> {
    const rows = batch.length;
    const width = Math.max(...batch.map((ids) => ids.length));
    const inputIds = new BigInt64Array(rows * width).fill(BigInt(tokenizer.padId));
    const mask = new BigInt64Array(rows * width);
    batch.forEach((ids, r) => {
      ids.forEach((id, t) => {
        inputIds[r * width + t] = BigInt(id);
        mask[r * width + t] = 1n;
      });
    });
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', inputIds, [rows, width]),
      attention_mask: new ort.Tensor('int64', mask, [rows, width]),
    };
    if (wantsTokenTypes) feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(rows * width), [rows, width]);
    const results = await session.run(feeds);
    const output = results[outputName] as ort.Tensor;
    try {
      const [, seq, hidden] = output.dims as number[];
      if (output.dims.length !== 3 || seq !== width || hidden !== info.dimension) {
        throw new EmbeddingError(
          `${path.join(modelDir, MODEL_FILE)} answered ${outputName} of shape [${output.dims.join(', ')}], ` +
            `expected [${rows}, ${width}, ${info.dimension}] (MODEL_INFO.json dimension)`,
          'DIMENSION_MISMATCH',
        );
      }
      const data = output.data as Float32Array;
      return batch.map((ids, r) => {
        const pooled = new Float64Array(hidden);
        const base = r * width * hidden;
        if (info.pooling === 'cls') {
          for (let h = 0; h < hidden; h++) pooled[h] = data[base + h] as number;
        } else {
          // Mean over the real tokens ([CLS] and [SEP] included, padding excluded), as sentence-transformers does.
          for (let t = 0; t < ids.length; t++) {
            const offset = base + t * hidden;
            for (let h = 0; h < hidden; h++) pooled[h] = (pooled[h] as number) + (data[offset + h] as number);
          }
          for (let h = 0; h < hidden; h++) pooled[h] = (pooled[h] as number) / ids.length;
        }
        return l2Normalize(pooled);
      });
    } finally {
      for (const tensor of Object.values(results)) tensor.dispose();
    }
  }

  return {
    name: 'local',
    model: info.name,
    modelVersion: info.version,
    dimension: info.dimension,
    embedDocuments: (texts) => enqueue(texts, 'document'),
    embedQuery: async (text) => (await enqueue([info.queryPrefix + text], 'query'))[0] as number[],
    async close() {
      if (closed) return;
      closed = true;
      await draining;
      await session.release();
    },
  };
}
