// The embedding-model comparison of the labelled set (`KWS_RETRIEVAL_MODELS=a,b,... npm run bench --
// retrieval`): each named model directory (under .tools/models, or a path; scripts/fetch-model.sh and
// scripts/fetch-candidate-models.sh provision them) embeds the corpus at the service's default chunk setting,
// one model after another, and answers every question in semantic and the default hybrid mode through the
// service's own search; its embedding speed is measured on real passages of the corpus beside the load
// average. Quality figures do not depend on the machine's load; speed figures do. Nothing is asserted.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { createLocalEmbeddingProvider, provisionedModelDir, readModelInfo } from '../../src/embeddings';
import { chunkPages, type ChunkOptions } from '../../src/extract/chunk';
import { extractText, plainTextPage } from '../../src/extract/text';
import { DEFAULT_RETRIEVAL, RAG_MODE } from '../../src/services/search/search';
import { loadAverage, summarize } from '../lib/stats';
import { Bm25Index } from './bm25';
import { EmbeddingCache } from './embeddingCache';
import { loadLabels } from './labels';
import { loadPythonDocs, type DocPage } from './pydoc';
import { evaluateRuns, loadCorpus, type RetrievalBenchOptions, type Run, type RunResult } from './retrieval.bench';

const log = (msg: string) => console.log(`[retrieval] ${msg}`);

/** KWS_RETRIEVAL_MODELS=dir1,dir2: model directories, each a path or a name under .tools/models (or KWS_TOOLS_DIR's). */
export function modelDirsFrom(root: string, value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value.split(',').map((s) => (s.includes('/') ? path.resolve(root, s) : provisionedModelDir(root, s)));
}

export interface ModelRow {
  dir: string;
  model: string;
  version: string;
  pooling: string;
  queryPrefix: string;
  passagePrefix: string;
  /** Passages per second over the speed sample (one embedDocuments call per round). */
  passagesPerSecond: ReturnType<typeof summarize>;
  /** Load averages (1, 5, 15 min) before and after the speed rounds. */
  loadAverages: number[][];
  semantic: RunResult;
  hybrid: RunResult;
  rag: RunResult;
}

/**
 * A smaller run, for a loaded machine. KWS_RETRIEVAL_QUESTIONS=N: about N of the questions (every k-th).
 * KWS_RETRIEVAL_PAGES=N: the corpus is the pages those questions name, then other pages in corpus order, N
 * pages in all (the whole corpus by default). Figures are comparable between models of one run, not with a
 * run over other questions or another corpus.
 */
export function positiveFrom(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9][0-9]*$/.test(value)) throw new Error(`${name} must be a positive integer, not ${value}`);
  return Number(value);
}

/** The bench's options with the subset of KWS_RETRIEVAL_QUESTIONS and KWS_RETRIEVAL_PAGES. */
export type SubsetOptions = RetrievalBenchOptions & { pageLimit?: number; questionLimit?: number };

/**
 * How the pages reach the service (KWS_RETRIEVAL_DELIVERY): `html` (the default) keeps each page's title and
 * section headings, as a website source or a Markdown upload gives them; `text` keeps the title, the text as a text
 * item's content (POST …/knowledge/text) with the headings the service reads in it (plainTextPage); `file` is a .txt upload without a title: the page's
 * text opening with its title line (as bench/knowledge/manual.ts uploads them), the item titled by its file name
 * (library_json.txt), its headings what the service's own extractor reads in the file (extractText).
 */
export function asDelivered(pages: DocPage[], delivery = 'html'): DocPage[] {
  if (delivery === 'html') return pages;
  if (delivery === 'text') {
    // The page's text as a text item's content: its headings are what the service reads in it (plainTextPage).
    return pages.map((p) => {
      const page = plainTextPage(p.text);
      return { ...p, text: page.text, headings: page.headings ?? [] };
    });
  }
  if (delivery === 'file') {
    return pages.map((p) => {
      const page = extractText(Buffer.from(`${p.title}\n\n${p.text}`)).pages[0]!;
      const title = `${p.path.replace(/\.html$/, '').replace(/\//g, '_')}.txt`;
      return { ...p, title, text: page.text, headings: page.headings ?? [] };
    });
  }
  throw new Error(`KWS_RETRIEVAL_DELIVERY: ${delivery} is not html, text or file`);
}

/** The corpus and questions of a run narrowed by KWS_RETRIEVAL_QUESTIONS and KWS_RETRIEVAL_PAGES. */
/** The labelled subset a comparison runs on, its first chunk setting, and when it started. */
export async function labelledSubset(opts: Pick<SubsetOptions, 'pageLimit' | 'questionLimit' | 'chunkSettings'>) {
  const started = performance.now();
  const allPages = asDelivered(await loadPythonDocs(), process.env.KWS_RETRIEVAL_DELIVERY);
  const allLabels = await loadLabels(allPages);
  // Every stride-th question, so both kinds stay represented.
  const stride = Math.ceil(allLabels.length / Math.min(opts.questionLimit ?? allLabels.length, allLabels.length));
  const labels = allLabels.filter((_, i) => i % stride === 0);
  const named = new Set(labels.flatMap((q) => q.relevant.map((r) => r.page)));
  const pages = [...allPages.filter((p) => named.has(p.path)), ...allPages.filter((p) => !named.has(p.path))].slice(
    0,
    Math.max(opts.pageLimit ?? allPages.length, named.size),
  );
  const questions = {
    of: allLabels.length,
    all: labels.length,
    paraphrase: labels.filter((q) => q.kind === 'paraphrase').length,
    identifier: labels.filter((q) => q.kind === 'identifier').length,
  };
  return {
    started,
    base: opts.chunkSettings[0] as ChunkOptions,
    allPages,
    pages,
    labels,
    questions,
    bm25Pages: new Bm25Index(pages.map((p) => ({ key: p.path, text: p.text }))),
  };
}

/** Each question's vector, by its text (cached per model version). */
export async function queryVectorsOf(
  cache: EmbeddingCache,
  model: EmbeddingProvider,
  labels: ReadonlyArray<{ question: string }>,
): Promise<Map<string, number[]>> {
  const asked = labels.map((q) => q.question);
  const vectors = await cache.embed(model, asked, 'query');
  return new Map(asked.map((q, i) => [q, vectors[i] as number[]]));
}

/** Every question answered in the compared runs (semantic and default hybrid). */
export function evaluateCompared(
  db: Db,
  corpus: Parameters<typeof evaluateRuns>[1],
  labels: Parameters<typeof evaluateRuns>[2],
  queries: Map<string, number[]>,
  dimension: number,
  bm25Pages: Parameters<typeof evaluateRuns>[6],
) {
  return evaluateRuns(db, corpus, labels, queries, dimension, COMPARED_RUNS, bm25Pages);
}

/**
 * What a comparison answers every question in: semantic, the service's default hybrid, and the RAG passages
 * (space and agent RAG, in RAG_MODE).
 */
export const COMPARED_RUNS: readonly Run[] = [
  { name: 'semantic', kind: 'search', mode: 'semantic' },
  { name: 'hybrid (default)', kind: 'search', mode: 'hybrid' },
  { name: `passages (RAG): ${RAG_MODE}`, kind: 'passages', mode: RAG_MODE },
];

/**
 * Each model's corpus goes into a database whose vector column has the model's dimension (`dbFor`: all-MiniLM-L6-v2
 * and the 384-dimension candidates share one, all-mpnet-base-v2's 768 gets another).
 */
export async function runModelComparison(
  dbFor: (dimension: number) => Promise<Db>,
  dirs: readonly string[],
  opts: SubsetOptions,
  onProgress: (partial: ModelComparisonResult) => Promise<unknown> = async () => undefined,
): Promise<ModelComparisonResult> {
  const { started, base, allPages, pages, labels, questions, bm25Pages } = await labelledSubset(opts);
  const sample = chunkPages(
    pages.slice(0, 60).map((p, i) => ({ pageNumber: i + 1, text: p.text })),
    base,
  )
    .filter((_, i) => i % 3 === 0)
    .slice(0, opts.speedSample)
    .map((c) => c.text);
  const rows: ModelRow[] = [];
  let chunks = 0;
  const result = (): ModelComparisonResult => ({
    benchmark: 'retrieval-models',
    date: new Date().toISOString(),
    corpus: { pages: pages.length, of: allPages.length, chunks },
    chunking: base,
    questions,
    speed: { passages: sample.length, rounds: opts.speedRounds },
    defaults: { retrieval: DEFAULT_RETRIEVAL },
    models: rows,
    loadAverage: loadAverage(),
    seconds: Math.round((performance.now() - started) / 1000),
  });
  for (const dir of dirs) {
    const info = await readModelInfo(dir);
    const model = await createLocalEmbeddingProvider({ modelDir: dir });
    try {
      const name = path.basename(dir);
      // 1. Speed: a warm-up pass, then rounds over the same passages (not cached).
      await model.embedDocuments(sample.slice(0, 16));
      const loads = [loadAverage()];
      const rates: number[] = [];
      for (let r = 0; r < opts.speedRounds; r++) {
        const t0 = performance.now();
        await model.embedDocuments(sample);
        rates.push(sample.length / ((performance.now() - t0) / 1000));
      }
      loads.push(loadAverage());
      const passagesPerSecond = summarize(rates);
      log(`${name}: ${passagesPerSecond.p50} passages/s (load ${loads.map((l) => l[0]).join(' -> ')})`);
      // 2. Quality: the corpus at the default chunk setting (vectors cached per model version).
      const cache = await EmbeddingCache.open(opts.cacheDir, info.version, model.dimension);
      const db = await dbFor(model.dimension);
      const corpus = await loadCorpus(db, pages, base, (texts) =>
        cache.embed(model, texts, 'document', (m) => log(`${name}: ${m}`)),
      );
      const results = await evaluateCompared(
        db,
        corpus,
        labels,
        await queryVectorsOf(cache, model, labels),
        model.dimension,
        bm25Pages,
      );
      const row: ModelRow = {
        dir: name,
        model: info.name,
        version: info.version,
        pooling: info.pooling,
        queryPrefix: info.queryPrefix,
        passagePrefix: info.passagePrefix,
        passagesPerSecond,
        loadAverages: loads,
        semantic: results[0] as RunResult,
        hybrid: results[1] as RunResult,
        rag: results[2] as RunResult,
      };
      rows.push(row);
      chunks = corpus.chunks;
      await onProgress(result());
      log(
        `${name}: nDCG@10 semantic ${row.semantic.metrics.all.ndcgAt10.toFixed(3)}, ` +
          `hybrid ${row.hybrid.metrics.all.ndcgAt10.toFixed(3)}, RAG passages ${row.rag.metrics.all.ndcgAt10.toFixed(3)}`,
      );
    } finally {
      await model.close();
    }
  }
  return result();
}

export interface ModelComparisonResult {
  benchmark: 'retrieval-models';
  date: string;
  corpus: { pages: number; of: number; chunks: number };
  chunking: ChunkOptions;
  questions: { of: number; all: number; paraphrase: number; identifier: number };
  speed: { passages: number; rounds: number };
  defaults: { retrieval: typeof DEFAULT_RETRIEVAL };
  models: ModelRow[];
  loadAverage: number[];
  seconds: number;
}
