// The embedding thread: opens the ONNX model (onnxModel.ts) and runs the forward passes local.ts sends it,
// one at a time, off the main thread. Messages: { id, batch } in; { id, vectors } or { id, error } out.
import { parentPort, workerData } from 'node:worker_threads';
import { openOnnxModel, type OnnxModelOptions } from './onnxModel';
import { EmbeddingError, type EmbeddingErrorCode } from './provider';

/** A failure as it crosses threads: an EmbeddingError keeps its code; anything else is an Error. */
export interface ThreadFailure {
  message: string;
  code?: EmbeddingErrorCode;
}
export type EmbeddingThreadRequest = { id: number; batch: number[][] };
export type EmbeddingThreadReply =
  | { type: 'ready' }
  | ({ type: 'failed' } & ThreadFailure)
  | { id: number; vectors: number[][] }
  | { id: number; error: ThreadFailure };

const describe = (err: unknown): ThreadFailure =>
  err instanceof EmbeddingError
    ? { message: err.message, code: err.code }
    : { message: err instanceof Error ? err.message : String(err) };

async function main(port: NonNullable<typeof parentPort>): Promise<void> {
  let model;
  try {
    model = await openOnnxModel(workerData as OnnxModelOptions);
  } catch (err) {
    port.postMessage({ type: 'failed', ...describe(err) } satisfies EmbeddingThreadReply);
    return;
  }
  port.postMessage({ type: 'ready' } satisfies EmbeddingThreadReply);
  let queue = Promise.resolve();
  port.on('message', (request: EmbeddingThreadRequest) => {
    queue = queue.then(async () => {
      try {
        port.postMessage({
          id: request.id,
          vectors: await model.forward(request.batch),
        } satisfies EmbeddingThreadReply);
      } catch (err) {
        port.postMessage({ id: request.id, error: describe(err) } satisfies EmbeddingThreadReply);
      }
    });
  });
}

if (parentPort) void main(parentPort);
