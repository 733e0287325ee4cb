// Contextual chunk headers on the labelled set (`KWS_RETRIEVAL_CONTEXT=none,title npm run bench --
// retrieval`): the corpus at the service's default chunk setting, with each chunk's vector computed from the
// chunk alone (none) or from its page's title, a blank line and the chunk (title). The stored chunk text and
// so the keyword side are the same in every variant; only the vectors differ. Each variant answers every
// question in semantic and the default hybrid mode through the service's own search. The chunker knows no
// section headings, so there is no heading variant. Quality figures only; nothing is asserted.
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import { createLocalEmbeddingProvider, readModelInfo } from '../../src/embeddings';
import type { ChunkOptions } from '../../src/extract/chunk';
import { DEFAULT_RETRIEVAL } from '../../src/services/search/search';
import { loadAverage, round } from '../lib/stats';
import { EmbeddingCache } from './embeddingCache';
import { evaluateCompared, labelledSubset, queryVectorsOf, type SubsetOptions } from './models.bench';
import type { DocPage } from './pydoc';
import { loadCorpus, type RunResult } from './retrieval.bench';

const log = (msg: string) => console.log(`[retrieval] ${msg}`);

export const CONTEXT_VARIANTS = {
  none: (_: DocPage, chunk: string) => chunk,
  title: (page: DocPage, chunk: string) => `${page.title}\n\n${chunk}`,
} as const;
export type ContextVariant = keyof typeof CONTEXT_VARIANTS;

/** KWS_RETRIEVAL_CONTEXT=none,title: the variants compared, or undefined (the variable unset). */
export function contextVariantsFrom(value: string | undefined): ContextVariant[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value.split(',').map((s) => {
    if (!Object.hasOwn(CONTEXT_VARIANTS, s)) {
      throw new Error(`KWS_RETRIEVAL_CONTEXT: ${s} is not one of ${Object.keys(CONTEXT_VARIANTS).join(', ')}`);
    }
    return s as ContextVariant;
  });
}

export interface ContextRow {
  variant: ContextVariant;
  /** Chunk texts embedded by this variant that were not cached, and how fast (passages/s). */
  embedded: number;
  passagesPerSecond: number | null;
  /** Load averages (1, 5, 15 min) before and after loading the corpus. */
  loadAverages: number[][];
  semantic: RunResult;
  hybrid: RunResult;
}

export interface ContextComparisonResult {
  benchmark: 'retrieval-context';
  date: string;
  model: string;
  corpus: { pages: number; of: number; chunks: number };
  chunking: ChunkOptions;
  questions: { of: number; all: number; paraphrase: number; identifier: number };
  defaults: { retrieval: typeof DEFAULT_RETRIEVAL };
  variants: ContextRow[];
  loadAverage: number[];
  seconds: number;
}

export async function runContextComparison(
  db: Db,
  variants: readonly ContextVariant[],
  opts: SubsetOptions,
  onProgress: (partial: ContextComparisonResult) => Promise<unknown> = async () => undefined,
): Promise<ContextComparisonResult> {
  const { started, base, allPages, pages, labels, questions, bm25Pages } = await labelledSubset(opts);
  const info = await readModelInfo(opts.fp32ModelDir);
  const model = await createLocalEmbeddingProvider({ modelDir: opts.fp32ModelDir });
  const rows: ContextRow[] = [];
  let chunks = 0;
  const result = (): ContextComparisonResult => ({
    benchmark: 'retrieval-context',
    date: new Date().toISOString(),
    model: info.version,
    corpus: { pages: pages.length, of: allPages.length, chunks },
    chunking: base,
    questions,
    defaults: { retrieval: DEFAULT_RETRIEVAL },
    variants: rows,
    loadAverage: loadAverage(),
    seconds: Math.round((performance.now() - started) / 1000),
  });
  try {
    const cache = await EmbeddingCache.open(opts.cacheDir, info.version, model.dimension);
    const queries = await queryVectorsOf(cache, model, labels);
    for (const variant of variants) {
      const loads = [loadAverage()];
      const before = cache.size;
      const t0 = performance.now();
      const corpus = await loadCorpus(
        db,
        pages,
        base,
        (texts) => cache.embed(model, texts, 'document', (m) => log(`${variant}: ${m}`)),
        CONTEXT_VARIANTS[variant],
      );
      const embedded = cache.size - before;
      const seconds = (performance.now() - t0 - corpus.loadMs) / 1000;
      loads.push(loadAverage());
      const [semantic, hybrid] = await evaluateCompared(db, corpus, labels, queries, model.dimension, bm25Pages);
      rows.push({
        variant,
        embedded,
        passagesPerSecond: embedded > 0 ? round(embedded / seconds, 1) : null,
        loadAverages: loads,
        semantic: semantic as RunResult,
        hybrid: hybrid as RunResult,
      });
      chunks = corpus.chunks;
      await onProgress(result());
      log(
        `${variant}: nDCG@10 semantic ${semantic!.metrics.all.ndcgAt10.toFixed(3)}, ` +
          `hybrid ${hybrid!.metrics.all.ndcgAt10.toFixed(3)}`,
      );
    }
  } finally {
    await model.close();
  }
  return result();
}
