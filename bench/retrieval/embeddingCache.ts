// Vectors of the labelled-set script kept on disk between runs, per model version (a re-run with other
// chunk settings or fusions embeds only texts it has not seen). File: 20-byte SHA-1 of the text, then
// the vector as float32, record after record; appended to, never rewritten.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EmbeddingProvider } from '../../src/embeddings';

const keyOf = (text: string) => createHash('sha1').update(text).digest();

export class EmbeddingCache {
  private readonly vectors = new Map<string, Float32Array>();

  private constructor(private readonly file: string) {}

  static async open(dir: string, modelVersion: string, dimension: number): Promise<EmbeddingCache> {
    const name = createHash('sha1').update(modelVersion).digest('hex').slice(0, 16);
    const cache = new EmbeddingCache(path.join(dir, `embeddings-${name}.bin`));
    await mkdir(dir, { recursive: true });
    if (existsSync(cache.file)) {
      const buf = await readFile(cache.file);
      const record = 20 + 4 * dimension;
      for (let at = 0; at + record <= buf.length; at += record) {
        const floats = new Float32Array(buf.buffer.slice(buf.byteOffset + at + 20, buf.byteOffset + at + record));
        cache.vectors.set(buf.subarray(at, at + 20).toString('hex'), floats);
      }
    }
    return cache;
  }

  get size(): number {
    return this.vectors.size;
  }

  /** Vectors for the texts, embedding (as documents or queries) those not cached; reports progress. */
  async embed(
    provider: EmbeddingProvider,
    texts: readonly string[],
    kind: 'document' | 'query',
    log: (msg: string) => void = () => undefined,
  ): Promise<number[][]> {
    const keys = texts.map((t) => keyOf(`${kind}\u0000${t}`).toString('hex'));
    const missing = [...new Set(texts.filter((_, i) => !this.vectors.has(keys[i] as string)))];
    const started = performance.now();
    for (let from = 0; from < missing.length; from += 256) {
      const batch = missing.slice(from, from + 256);
      const vectors =
        kind === 'document'
          ? await provider.embedDocuments(batch)
          : await Promise.all(batch.map((q) => provider.embedQuery(q)));
      const records: Buffer[] = [];
      batch.forEach((text, i) => {
        const key = keyOf(`${kind}\u0000${text}`);
        const floats = Float32Array.from(vectors[i] as number[]);
        this.vectors.set(key.toString('hex'), floats);
        records.push(key, Buffer.from(floats.buffer));
      });
      await appendFile(this.file, Buffer.concat(records));
      const done = Math.min(missing.length, from + 256);
      const rate = done / ((performance.now() - started) / 1000);
      log(`embedded ${done}/${missing.length} ${kind}s (${rate.toFixed(1)}/s)`);
    }
    return keys.map((k) => Array.from(this.vectors.get(k) as Float32Array));
  }
}
