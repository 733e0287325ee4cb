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
  /** Texts per forward pass (default 16). */
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

  // One forward pass at a time: onnxruntime already uses every core for one batch, and queueing bounds memory.
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const serialize = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

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

  async function embed(texts: string[]): Promise<number[][]> {
    if (closed) throw new EmbeddingError('The local embedding provider is closed', 'CLOSED');
    if (texts.length === 0) return [];
    const encoded = texts.map((text) => tokenizer.encode(text));
    // Batches of similar lengths waste little on padding; results go back to the callers' order.
    const order = encoded
      .map((_, i) => i)
      .sort((a, b) => (encoded[b] as number[]).length - (encoded[a] as number[]).length);
    const vectors = new Array<number[]>(texts.length);
    for (let start = 0; start < order.length; start += batchSize) {
      const indices = order.slice(start, start + batchSize);
      const batchVectors = await serialize(() => forward(indices.map((i) => encoded[i] as number[])));
      indices.forEach((i, k) => {
        vectors[i] = batchVectors[k] as number[];
      });
    }
    return vectors;
  }

  return {
    name: 'local',
    model: info.name,
    modelVersion: info.version,
    dimension: info.dimension,
    embedDocuments: (texts) => embed(texts),
    embedQuery: async (text) => (await embed([info.queryPrefix + text]))[0] as number[],
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await session.release();
    },
  };
}
