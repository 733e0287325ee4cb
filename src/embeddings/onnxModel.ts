// The ONNX model itself: one onnxruntime session and its forward pass (token ids in, pooled unit vectors
// out). It runs inside the embedding thread (local.worker.ts), so a forward pass, which keeps a core busy
// for up to a second, never blocks the event loop of the API or of the Temporal worker.
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { EmbeddingError, l2Normalize } from './provider';
import { MODEL_FILE, type ModelInfo } from './modelFiles';

export interface OnnxModelOptions {
  modelDir: string;
  info: ModelInfo;
  padId: number;
  /** onnxruntime intra-op threads (default: onnxruntime's choice, one per physical core). */
  threads?: number;
}

export interface OnnxModel {
  forward(batch: number[][]): Promise<number[][]>;
  release(): Promise<void>;
}

export async function openOnnxModel({ modelDir, info, padId, threads }: OnnxModelOptions): Promise<OnnxModel> {
  const session = await ort.InferenceSession.create(path.join(modelDir, MODEL_FILE), {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    interOpNumThreads: 1,
    ...(threads !== undefined ? { intraOpNumThreads: threads } : {}),
    // Threads that wait for work sleep instead of spinning: a spinning pool burns the cores the API, the
    // workflow tasks and the extraction children need between (and after) forward passes.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    logSeverityLevel: 3, // errors only: onnxruntime's shape-merge warnings are noise
  });
  const outputName = session.outputNames.includes('last_hidden_state')
    ? 'last_hidden_state'
    : (session.outputNames[0] as string);
  const wantsTokenTypes = session.inputNames.includes('token_type_ids');

  async function forward(batch: number[][]): Promise<number[][]> {
    const rows = batch.length;
    const width = Math.max(...batch.map((ids) => ids.length));
    const inputIds = new BigInt64Array(rows * width).fill(BigInt(padId));
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

  return { forward, release: () => session.release() };
}
