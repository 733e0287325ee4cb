// Contextual chunk headers on the labelled set (`KWS_RETRIEVAL_CONTEXT=none,title,title-heading npm run bench --
// retrieval`): the corpus at the service's default chunk setting, with each chunk's vector computed from the
// chunk alone (none), from its page's title and the chunk (title), or from the title, the section heading path
// the chunk starts under and the chunk (title-heading), as the service's embeddingText builds them. The stored
// chunk text and so the keyword side are the same in every variant; only the vectors differ. Each variant
// answers every question in semantic and the default hybrid mode through the service's own search, and as RAG
// passages, each also with identifier-shaped queries matching any lexeme (identifierHybrid as the title schemes
// run it, retrievalSettingsFor('title')).
// Quality figures only; nothing is asserted.
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import { createLocalEmbeddingProvider, l2Normalize, readModelInfo } from '../../src/embeddings';
import type { ChunkOptions } from '../../src/extract/chunk';
import { DEFAULT_RETRIEVAL, retrievalSettingsFor } from '../../src/services/search/search';
import { loadAverage, round } from '../lib/stats';
import { EmbeddingCache } from './embeddingCache';
import { COMPARED_RUNS, labelledSubset, queryVectorsOf, type SubsetOptions } from './models.bench';
import { headingPathAt, type DocPage } from './pydoc';
import { embeddingText } from '../../src/domain/embeddingText';
import {
  corpusLanguage,
  evaluateRuns,
  loadCorpus,
  summarizeOutcomes,
  type QuestionOutcome,
  type RunResult,
} from './retrieval.bench';
import { queryShape, type QueryShape } from '../../src/services/search/fusion';

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
  // section), normalised (headerMixVectors). Measured here only; the service has no such scheme.
  'header-mix': (_: DocPage, chunk: string) => chunk,
} as const satisfies Record<string, (page: DocPage, chunk: string, charStart: number) => string>;

/** The header a chunk's section gives it: the title-heading scheme's text without the chunk. */
const headerOf = (page: DocPage, charStart: number) =>
  embeddingText(
    'title-heading',
    { title: page.title, headings: headingPathAt(page.headings, charStart) },
    '',
  ).trimEnd();

/**
 * header-mix: each chunk's vector normalize(chunk + w · header), w from KWS_RETRIEVAL_HEADER_WEIGHT (default 0.3).
 * The header is embedded once per distinct title and heading path (2,449 for the set's 7,739 chunks).
 */
export function headerMixVectors(embed: (texts: string[]) => Promise<number[][]>, weight: number) {
  return async (chunks: { page: DocPage; text: string; charStart: number }[]) => {
    const own = await embed(chunks.map((c) => c.text));
    const headers = chunks.map((c) => headerOf(c.page, c.charStart));
    const distinct = [...new Set(headers)];
    const headerVectors = new Map((await embed(distinct)).map((v, i) => [distinct[i] as string, v]));
    return own.map((v, i) => {
      const h = headerVectors.get(headers[i] as string) as number[];
      return l2Normalize(v.map((x, j) => x + weight * (h[j] as number)));
    });
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

/**
 * The row computed from two variants' runs when both `none` and `header-mix` are compared: each question answered
 * by the header-mix vectors when its shape is prose, by the chunk's own vectors when it is identifier-shaped (as
 * the service reads it, queryShape), as a deployment holding both vectors per chunk would answer it.
 */
export const GATED_VARIANT = 'gated: header-mix for prose, chunk for identifier-shaped';

export interface ContextRow {
  variant: ContextVariant | typeof GATED_VARIANT;
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
}

export interface ContextComparisonResult {
  benchmark: 'retrieval-context';
  date: string;
  model: string;
  /** The items' language (KWS_RETRIEVAL_LANGUAGE; null: none, as an upload without one). */
  corpus: { pages: number; of: number; chunks: number; language: string | null };
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
    corpus: { pages: pages.length, of: allPages.length, chunks, language: corpusLanguage() },
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
      // The setting the title schemes run with (retrievalSettingsFor), its identifier weight replaced when asked.
      const titleSettings = retrievalSettingsFor('title');
      const defaultFusion = titleSettings.fusion;
      const shapedFusion =
        shapedAlpha !== undefined && defaultFusion.kind === 'convex'
          ? { ...defaultFusion, alpha: Number(shapedAlpha) }
          : defaultFusion;
      const shapedSettings = {
        ...titleSettings,
        identifierHybrid: { keywordMatch: 'any' as const, fusion: shapedFusion },
      };
      const [semantic, hybrid, passages, shaped, shapedPassages] = await evaluateRuns(
        db,
        corpus,
        labels,
        queries,
        model.dimension,
        [
          // semantic, hybrid and RAG passages, then the same with identifier-shaped queries.
          ...COMPARED_RUNS,
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
      rows.push({
        variant,
        embedded,
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
    const none = rows.find((r) => r.variant === 'none');
    const mixed = rows.find((r) => r.variant === 'header-mix');
    if (none && mixed) {
      const shapes = labels.map((q) => queryShape(q.question));
      const gate = (mode: (typeof RUN_MODES)[number]): RunResult => {
        const outcomes = gateByShape(
          shapes,
          none[mode].perQuestion as QuestionOutcome[],
          mixed[mode].perQuestion as QuestionOutcome[],
        );
        return { name: `${mixed[mode].name} (${GATED_VARIANT})`, msPerQuery: NaN, ...summarizeOutcomes(outcomes) };
      };
      const gated = Object.fromEntries(RUN_MODES.map((mode) => [mode, gate(mode)])) as Pick<
        ContextRow,
        (typeof RUN_MODES)[number]
      >;
      rows.push({ variant: GATED_VARIANT, embedded: 0, passagesPerSecond: null, loadAverages: [], ...gated });
      log(
        `${GATED_VARIANT} (${shapes.filter((s) => s === 'identifier').length} identifier-shaped questions): ` +
          RUN_MODES.map(
            (m) =>
              `${m} ${(['all', 'paraphrase', 'identifier'] as const).map((k) => gated[m].metrics[k].ndcgAt10.toFixed(3)).join(' / ')}`,
          ).join('; '),
      );
      await onProgress(result());
    }
  } finally {
    await model.close();
  }
  return result();
}

/**
 * Each question's outcome from the chunk vectors when it is identifier-shaped, else from the mixed ones; `shapes`:
 * the questions' queryShape, in the outcomes' order.
 */
export function gateByShape(
  shapes: readonly QueryShape[],
  own: readonly QuestionOutcome[],
  mixed: readonly QuestionOutcome[],
): QuestionOutcome[] {
  return shapes.map((shape, i) => (shape === 'identifier' ? own[i] : mixed[i]) as QuestionOutcome);
}

/** The runs of each context row, in evaluateRuns' order. */
const RUN_MODES = ['semantic', 'hybrid', 'passages', 'shaped', 'shapedPassages'] as const;
