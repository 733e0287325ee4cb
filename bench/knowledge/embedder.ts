// The embedder's own rate, in the same run as the ingestion it is the yardstick of: the same provider
// instance (and so the same model, threads and batch size) embedding the texts that ingestion embedded,
// with nothing else to do. Ingestion at the embedder's speed means extraction, inserts and the workflows
// around them cost (almost) nothing beside it.
import { performance } from 'node:perf_hooks';
import type { TestStack } from '../../test/helpers/stack';
import { round, summarize, type Summary } from '../lib/stats';

export interface EmbedderRate {
  provider: string;
  model: string;
  batchSize: number;
  passages: number;
  ms: number;
  passagesPerSecond: number;
}

/** The chunk texts of a workspace, in the order ingestion stored them. */
export async function chunkTexts(stack: TestStack, where: { workspace_id?: string; knowledge_id?: string }) {
  const rows: Array<{ content: string }> = await stack.deps
    .db('knowledge_chunks')
    .where(where)
    .orderBy(['knowledge_id', 'chunk_index'])
    .select('content');
  return rows.map((r) => r.content);
}

/** Passages per second for `texts` embedded as documents in one call (after a warm-up batch). */
export async function measureEmbedderRate(stack: TestStack, texts: string[]): Promise<EmbedderRate> {
  const { embeddings, config } = stack.deps;
  const batchSize = config.embeddings.batchSize;
  await embeddings.embedDocuments(texts.slice(0, batchSize));
  const start = performance.now();
  await embeddings.embedDocuments(texts);
  const ms = performance.now() - start;
  return {
    provider: embeddings.name,
    model: embeddings.model,
    batchSize,
    passages: texts.length,
    ms: round(ms, 0),
    passagesPerSecond: round(texts.length / (ms / 1000), 2),
  };
}

/** The embedder's time for one item's chunks (those of a one-page upload), `samples` times. */
export async function measureEmbedTime(stack: TestStack, texts: string[], samples: number): Promise<Summary> {
  const times: number[] = [];
  await stack.deps.embeddings.embedDocuments(texts);
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await stack.deps.embeddings.embedDocuments(texts);
    times.push(performance.now() - start);
  }
  return summarize(times);
}
