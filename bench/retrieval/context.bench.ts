// Contextual chunk headers on the labelled set (`KWS_RETRIEVAL_CONTEXT=none,title,title-heading npm run bench --
// retrieval`): the corpus at the service's default chunk setting, with each chunk's vector computed from the
// chunk alone (none), from its page's title and the chunk (title), or from the title, the section heading path
// the chunk starts under and the chunk (title-heading), as the service's embeddingText builds them. The stored
// chunk text and so the keyword side are the same in every variant; only the vectors differ. Each variant
// answers every question in semantic and the default hybrid mode through the service's own search, and as RAG
// passages, each also with identifier-shaped queries matching any lexeme (identifierHybrid as the title schemes
// run it, retrievalSettingsFor('title')).
// Quality figures only; nothing is asserted.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import { createLocalEmbeddingProvider, readModelInfo } from '../../src/embeddings';
import type { ChunkOptions } from '../../src/extract/chunk';
import { DEFAULT_RETRIEVAL, retrievalSettingsFor, type IdentifierHybrid } from '../../src/services/search/search';
import type { Fusion } from '../../src/services/search/fusion';
import { embedChunkVectors } from '../../src/services/search/embeddingSpace';
import { loadAverage, round } from '../lib/stats';
import { EmbeddingCache } from './embeddingCache';
import { labelsFile } from './labels';
import { COMPARED_RUNS, labelledSubset, queryVectorsOf, type SubsetOptions } from './models.bench';
import { headingPathAt, type DocPage } from './pydoc';
import { embeddingText } from '../../src/domain/embeddingText';
import { corpusLanguage, evaluateRuns, loadCorpus, type RunResult } from './retrieval.bench';
import { SentenceIndex, sentenceRows, sentenceRunsFrom, sentenceWindowFrom, type SentenceRow } from './sentences';

const log = (msg: string) => console.log(`[retrieval] ${msg}`);

// Each variant is a scheme of the service's own embeddingText (src/domain/embeddingText.ts), so the bench
// embeds exactly what ingestion would. `title-blank` is issue 23's variant (title, a blank line, the chunk).
export const CONTEXT_VARIANTS = {
  none: (_: DocPage, chunk: string) => chunk,
  'title-blank': (page: DocPage, chunk: string) => `${page.title}\n\n${chunk}`,
  title: (page: DocPage, chunk: string) => embeddingText('title', { title: page.title }, chunk),
  'title-heading': (page: DocPage, chunk: string, charStart: number) =>
    embeddingText('title-heading', { title: page.title, headings: headingPathAt(page.headings, charStart) }, chunk),
  heading: (_: DocPage, chunk: string, charStart: number) =>
    embeddingText('heading', { headings: headingPathAt(_.headings, charStart) }, chunk),
  // Not a text: the chunk's own vector plus w times its header's (title and heading path, embedded once per
  // section), normalised (headerMixVectors): EMBEDDING_TEXT_SCHEME=header-mix's prose vector.
  'header-mix': (_: DocPage, chunk: string) => chunk,
} as const satisfies Record<string, (page: DocPage, chunk: string, charStart: number) => string>;

/**
 * The shaped rows' identifierHybrid (KWS_RETRIEVAL_SHAPED_MATCH): any lexeme (unset: the title schemes' setting),
 * every lexeme (all), or every lexeme with each candidate, in search and in passages, ranked by the lexemes it holds
 * always (held) or where some chunk holds every lexeme (held-matched).
 */
export function shapedMatch(value: string | undefined, fusion: Fusion): IdentifierHybrid {
  if (value === undefined || value === 'any') return { keywordMatch: 'any', fusion };
  if (value === 'all') return { keywordMatch: 'all', fusion };
  if (value === 'held') return { keywordMatch: 'all', fusion, rankHeld: { search: 'always', passages: 'always' } };
  if (value === 'held-matched')
    return { keywordMatch: 'all', fusion, rankHeld: { search: 'matched', passages: 'matched' } };
  throw new Error(`KWS_RETRIEVAL_SHAPED_MATCH must be any, all, held or held-matched, not ${value}`);
}

/**
 * header-mix: each chunk's own vector and its prose vector normalize(chunk + w · header), w from
 * KWS_RETRIEVAL_HEADER_WEIGHT (default 0.3), built by the service's own embedChunkVectors (as ingestion builds them
 * under EMBEDDING_TEXT_SCHEME=header-mix). The header is embedded once per distinct title and heading path (2,449
 * for the set's 7,739 chunks). The variant's runs search with retrievalSettingsFor('header-mix'): the service
 * itself picks the vector by each query's shape.
 */
export function headerMixVectors(embed: (texts: string[]) => Promise<number[][]>, weight: number) {
  return async (chunks: { page: DocPage; text: string; charStart: number }[]) => {
    const built = await embedChunkVectors(
      'header-mix',
      embed,
      chunks.map((c) => ({ text: c.text, title: c.page.title, headings: headingPathAt(c.page.headings, c.charStart) })),
      weight,
    );
    return built;
  };
}
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
  /** RAG passages (retrievePassages in the RAG mode): single chunks, judged by their pages. */
  passages: RunResult;
  /** The default hybrid with identifier-shaped queries matching any lexeme (RetrievalSettings.identifierHybrid). */
  shaped: RunResult;
  /** RAG passages with the same setting. */
  shapedPassages: RunResult;
  /** header-mix with KWS_RETRIEVAL_SENTENCES: the best sentence beside the chunk, per λ (sentences.ts). */
  sentences?: {
    sentences: number;
    /** KWS_RETRIEVAL_SENTENCE_WINDOW: sentences joined into windows of at most this many characters. */
    window?: number;
    embedded: number;
    passagesPerSecond: number | null;
    rows: SentenceRow[];
  };
}

export interface ContextComparisonResult {
  benchmark: 'retrieval-context';
  date: string;
  model: string;
  /** The items' language (KWS_RETRIEVAL_LANGUAGE; null: none, as an upload without one). */
  corpus: { pages: number; of: number; chunks: number; language: string | null; delivery: string; labels: string };
  chunking: ChunkOptions;
  questions: { of: number; all: number; paraphrase: number; identifier: number };
  defaults: { retrieval: typeof DEFAULT_RETRIEVAL };
  variants: ContextRow[];
  loadAverage: number[];
  seconds: number;
}

export async function runContextComparison(
  dbFor: (dimension: number) => Promise<Db>,
  variants: readonly ContextVariant[],
  opts: SubsetOptions,
  onProgress: (partial: ContextComparisonResult) => Promise<unknown> = async () => undefined,
): Promise<ContextComparisonResult> {
  const { started, base, allPages, pages, labels, questions, bm25Pages } = await labelledSubset(opts);
  const info = await readModelInfo(opts.fp32ModelDir);
  const model = await createLocalEmbeddingProvider({ modelDir: opts.fp32ModelDir });
  const db = await dbFor(model.dimension);
  const rows: ContextRow[] = [];
  let chunks = 0;
  const result = (): ContextComparisonResult => ({
    benchmark: 'retrieval-context',
    date: new Date().toISOString(),
    model: info.version,
    corpus: {
      pages: pages.length,
      of: allPages.length,
      chunks,
      language: corpusLanguage(),
      delivery: process.env.KWS_RETRIEVAL_DELIVERY ?? 'html',
      labels: path.basename(labelsFile()),
    },
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
      const embed = (texts: string[]) => cache.embed(model, texts, 'document', (m) => log(`${variant}: ${m}`));
      const weight = Number(process.env.KWS_RETRIEVAL_HEADER_WEIGHT ?? 0.3);
      const corpus = await loadCorpus(
        db,
        pages,
        base,
        embed,
        CONTEXT_VARIANTS[variant],
        variant === 'header-mix' ? headerMixVectors(embed, weight) : undefined,
      );
      const embedded = cache.size - before;
      const seconds = (performance.now() - t0 - corpus.loadMs) / 1000;
      loads.push(loadAverage());
      // KWS_RETRIEVAL_SHAPED_ALPHA: the vector weight of identifier-shaped queries' convex fusion (default: the
      // default fusion as it is).
      const shapedAlpha = process.env.KWS_RETRIEVAL_SHAPED_ALPHA;
      // The setting the title schemes run with (retrievalSettingsFor; header-mix: its own), its identifier weight
      // replaced when asked.
      const titleSettings = retrievalSettingsFor(variant === 'header-mix' ? 'header-mix' : 'title');
      const defaultFusion = titleSettings.fusion;
      const shapedFusion =
        shapedAlpha !== undefined && defaultFusion.kind === 'convex'
          ? { ...defaultFusion, alpha: Number(shapedAlpha) }
          : defaultFusion;
      // The header-mix variant's runs read the vector each query's shape picks, as the service does under it.
      const prose = variant === 'header-mix' ? { proseVectors: true } : {};
      const shapedSettings = {
        ...titleSettings,
        // KWS_RETRIEVAL_SHAPED_MATCH=all: the shaped row keeps every lexeme (only its weight changes); held:
        // every lexeme, each candidate (search and passages) ranked by the lexemes it holds; held-matched: the
        // same only where some chunk holds every lexeme (search.KeywordQuery.rankHeld).
        identifierHybrid: shapedMatch(process.env.KWS_RETRIEVAL_SHAPED_MATCH, shapedFusion),
        ...prose,
      };
      const [semantic, hybrid, passages, shaped, shapedPassages] = await evaluateRuns(
        db,
        corpus,
        labels,
        queries,
        model.dimension,
        [
          // semantic, hybrid and RAG passages, then the same with identifier-shaped queries.
          ...COMPARED_RUNS.map((run) =>
            variant === 'header-mix' ? { ...run, settings: retrievalSettingsFor('header-mix') } : run,
          ),
          {
            name: 'hybrid, identifier-shaped queries any lexeme',
            kind: 'search',
            mode: 'hybrid',
            settings: shapedSettings,
          },
          {
            name: 'passages (RAG): hybrid, identifier-shaped queries any lexeme',
            kind: 'passages',
            mode: 'hybrid',
            settings: shapedSettings,
          },
        ],
        bm25Pages,
      );
      // KWS_RETRIEVAL_RANKINGS=file.jsonl: each question's ranking of pages (best first) in the default hybrid
      // search and as RAG passages (`run`), to read the misses (bench/retrieval/routed.ts reads them).
      const rankingsFile = process.env.KWS_RETRIEVAL_RANKINGS;
      if (rankingsFile) {
        const runs = [
          ['hybrid', hybrid],
          ['passages', passages],
        ] as const;
        const lines = runs.flatMap(([run, result]) =>
          (result?.perQuestion ?? []).map((o, i) =>
            JSON.stringify({
              variant,
              run,
              id: labels[i]?.id,
              kind: o.judged.kind,
              question: labels[i]?.question,
              relevant: [...o.judged.relevant.keys()],
              ranking: o.judged.ranking,
            }),
          ),
        );
        await appendFile(rankingsFile, lines.map((l) => `${l}\n`).join(''));
      }
      // KWS_RETRIEVAL_SENTENCES=0,0.3,prose:0.4 (header-mix): the best sentence beside the chunk, per λ (sentences.ts).
      let sentences: ContextRow['sentences'];
      const sentenceRuns = sentenceRunsFrom(process.env.KWS_RETRIEVAL_SENTENCES);
      if (variant === 'header-mix' && sentenceRuns.length > 0) {
        const cached = cache.size;
        const t1 = performance.now();
        const window = sentenceWindowFrom(process.env.KWS_RETRIEVAL_SENTENCE_WINDOW);
        const index = await SentenceIndex.load(
          db,
          corpus,
          (texts) => cache.embed(model, texts, 'document', (m) => log(`sentences: ${m}`)),
          window,
        );
        const newly = cache.size - cached;
        const rate = newly > 0 ? round(newly / ((performance.now() - t1) / 1000), 1) : null;
        log(
          `sentences${window ? ` (windows of at most ${window} characters)` : ''}: ${index.sentences} distinct of ${index.chunks.length} chunks, ${newly} embedded (${rate ?? 'cached'}/s)`,
        );
        const found = await sentenceRows(db, corpus, index, labels, queries, sentenceRuns, {
          hybrid: hybrid?.perQuestion ?? [],
          passages: passages?.perQuestion ?? [],
        });
        for (const r of found) {
          const nd = (m: SentenceRow['hybrid']) =>
            (['all', 'paraphrase', 'identifier'] as const).map((k) => m[k].ndcgAt10.toFixed(3)).join(' / ');
          log(
            `sentences λ ${r.lambda} (candidates by ${r.candidates}): hybrid ${nd(r.hybrid)}, passages ${nd(r.passages)}` +
              (r.baselineMismatches === undefined
                ? ''
                : ` (${r.baselineMismatches} prose rankings differ from the service's)`),
          );
        }
        sentences = {
          sentences: index.sentences,
          ...(window ? { window } : {}),
          embedded: newly,
          passagesPerSecond: rate,
          rows: found,
        };
      }
      rows.push({
        variant,
        embedded,
        ...(sentences ? { sentences } : {}),
        passagesPerSecond: embedded > 0 ? round(embedded / seconds, 1) : null,
        loadAverages: loads,
        semantic: semantic as RunResult,
        hybrid: hybrid as RunResult,
        passages: passages as RunResult,
        shaped: shaped as RunResult,
        shapedPassages: shapedPassages as RunResult,
      });
      chunks = corpus.chunks;
      await onProgress(result());
      log(
        `${variant}: nDCG@10 semantic ${semantic!.metrics.all.ndcgAt10.toFixed(3)}, ` +
          `hybrid ${hybrid!.metrics.all.ndcgAt10.toFixed(3)}, passages ${passages!.metrics.all.ndcgAt10.toFixed(3)}`,
      );
    }
  } finally {
    await model.close();
  }
  return result();
}
