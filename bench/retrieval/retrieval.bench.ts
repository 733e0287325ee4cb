// The labelled-set benchmark (`npm run bench -- retrieval`): the Python 3 documentation (Debian's
// python3-doc, about 390 pages) chunked by the service's chunker, embedded by the local model, loaded into
// a workspace of a fresh database, and searched through the service's own search functions in every mode,
// beside an Okapi BM25 computed here, and fused with that BM25 as a ceiling of what a better keyword ranking
// would give. Reports recall@1/5/10, MRR@10 and nDCG@10 per question kind, for several chunk settings and
// fusions, and the int8 model against FP32 (speed, measured pairwise, and quality). Figures only; nothing is
// asserted.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import type { EmbeddingProvider } from '../../src/embeddings';
import { createLocalEmbeddingProvider, provisionedModelDir, readModelInfo } from '../../src/embeddings';
import { nearestChunks, neighbourChunks, toVectorLiteral, type ChunkHit } from '../../src/db/repositories/search';
import { chunkPages, type ChunkOptions } from '../../src/extract/chunk';
import { fuseItems, queryShape, type Fused, type Fusion } from '../../src/services/search/fusion';
import {
  DEFAULT_RETRIEVAL,
  RAG_MODE,
  retrievePassages,
  searchKnowledge,
  DEFAULT_RERANK_CANDIDATES,
  type RankingOptions,
  type RetrievalSettings,
  type SearchMode,
} from '../../src/services/search/search';
import { distinctInOrder, evaluate, roundMetrics, type Judged, type Metrics } from '../../src/domain/retrievalMetrics';
import { rerankerFromSettings, type Reranker } from '../../src/embeddings/rerank';
import { contextOf } from '../../src/services/search/rag';
import { createTenant } from '../../test/helpers/factories';
import { loadAverage, round, summarize } from '../lib/stats';
import { Bm25Index } from './bm25';
import { EmbeddingCache } from './embeddingCache';
import { cacheDir } from '../knowledge/realCorpus';
import { loadLabels, wordOverlap, type LabelledQuestion, type QuestionKind } from './labels';
import { loadPythonDocs, type DocPage } from './pydoc';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';

export interface RetrievalBenchOptions {
  fp32ModelDir: string;
  int8ModelDir: string;
  /** The chunk settings compared; the first is the service's default. */
  chunkSettings: ChunkOptions[];
  /** Convex-fusion weights of the vector side compared. */
  alphas: number[];
  cacheDir: string;
  /** Corpus chunks embedded by both models, alternately, for the speed comparison. */
  speedSample: number;
  speedRounds: number;
  /** Whether the int8 model's quality is measured too (it embeds the whole corpus once more). */
  int8Quality: boolean;
  /** Only the baseline and issue 40's lever rows (KWS_RETRIEVAL_LEVERS=1). */
  leversOnly?: boolean;
  /** The reranker of the rerank rows (KWS_BENCH_RERANK_URL, _MODEL, _API_KEY); none: the rows say so. */
  rerank: { url?: string; model?: string; apiKey?: string; timeoutMs: number };
}

/**
 * KWS_RETRIEVAL_CHUNKS=1000/150,1500/225 narrows the chunk settings compared (the first is the service's
 * default; each new setting embeds the whole corpus once, minutes on a loaded machine; the vectors are cached
 * under bench/results/.cache, or KWS_BENCH_CACHE_DIR); KWS_RETRIEVAL_SPEED=passages/rounds sizes the int8 speed comparison;
 * KWS_RETRIEVAL_INT8=0 leaves out the int8 model's quality (its corpus embedding).
 */
export const DEFAULT_RETRIEVAL_OPTIONS = (root: string, env = process.env): RetrievalBenchOptions => {
  const chunkSettings = (env.KWS_RETRIEVAL_CHUNKS ?? '1000/0,1000/150,500/75,1500/225').split(',').map((s) => {
    const [size, overlap] = s.split('/').map(Number);
    if (!Number.isInteger(size) || !Number.isInteger(overlap) || size! <= overlap! || overlap! < 0) {
      throw new Error(`KWS_RETRIEVAL_CHUNKS: ${s} is not size/overlap`);
    }
    return { size: size!, overlap: overlap! };
  });
  const [speedSample, speedRounds] = (env.KWS_RETRIEVAL_SPEED ?? '192/5').split('/').map(Number);
  if (!Number.isInteger(speedSample) || !Number.isInteger(speedRounds) || speedSample! < 16 || speedRounds! < 1) {
    throw new Error(`KWS_RETRIEVAL_SPEED: ${env.KWS_RETRIEVAL_SPEED} is not passages/rounds`);
  }
  return {
    // KWS_RETRIEVAL_MODEL_DIR: another model for the single-model comparisons (KWS_RETRIEVAL_CONTEXT).
    fp32ModelDir: env.KWS_RETRIEVAL_MODEL_DIR ?? provisionedModelDir(root, 'all-MiniLM-L6-v2', env),
    int8ModelDir: provisionedModelDir(root, 'all-MiniLM-L6-v2-int8', env),
    chunkSettings,
    alphas: [0.5, 0.6, 0.7, 0.8, 0.9],
    cacheDir: cacheDir(root, env),
    speedSample: speedSample!,
    speedRounds: speedRounds!,
    int8Quality: env.KWS_RETRIEVAL_INT8 !== '0',
    leversOnly: env.KWS_RETRIEVAL_LEVERS === '1',
    rerank: {
      url: env.KWS_BENCH_RERANK_URL || undefined,
      model: env.KWS_BENCH_RERANK_MODEL || undefined,
      apiKey: env.KWS_BENCH_RERANK_API_KEY || undefined,
      timeoutMs: 30_000,
    },
  };
};

const log = (msg: string) => console.log(`[retrieval] ${msg}`);
const KINDS: Array<QuestionKind | 'all'> = ['all', 'paraphrase', 'identifier'];

/** One way of answering a question: a service search mode with settings, passages (RAG), or BM25. */
export interface Run {
  name: string;
  kind: 'search' | 'passages' | 'bm25-chunks' | 'bm25-pages' | 'bm25-fused' | 'bm25-fused-title';
  mode?: SearchMode;
  settings?: RetrievalSettings;
  /** Ranking options of a search run (the rerank rows). */
  ranking?: RankingOptions;
}

export interface RunResult {
  name: string;
  metrics: Record<QuestionKind | 'all', Metrics>;
  msPerQuery: number;
  /** Passages runs: whether the labelled evidence is in the text returned (below). */
  evidence?: EvidenceResult;
  /** Each question's judged ranking (and evidence, on passages runs), in the labels' order; not printed. */
  perQuestion?: QuestionOutcome[];
}

/** One question's outcome in a run, for rows computed from other runs' (context.bench's gated variant). */
export interface QuestionOutcome {
  judged: Judged & { kind: QuestionKind };
  seen?: EvidenceSeen;
}

type EvidenceSeen = {
  kind: QuestionKind;
  chunk: boolean[];
  window: boolean[];
  chunkChars: number[];
  windowChars: number[];
};

/** A run's metrics and evidence from its questions' outcomes. */
export function summarizeOutcomes(outcomes: readonly QuestionOutcome[]): Pick<RunResult, 'metrics' | 'evidence'> {
  const judged = outcomes.map((o) => o.judged);
  const metrics = Object.fromEntries(
    KINDS.map((kind) => [kind, roundMetrics(evaluate(judged.filter((j) => kind === 'all' || j.kind === kind)), 3)]),
  ) as Record<QuestionKind | 'all', Metrics>;
  const seen = outcomes.flatMap((o) => (o.seen ? [o.seen] : []));
  return { metrics, ...(seen.length > 0 ? { evidence: summarizeEvidence(seen) } : {}) };
}

/** The passage counts the evidence measure looks at. */
export const EVIDENCE_AT = [1, 3, 5, 10] as const;

/**
 * Small-to-big on RAG passages, measured on what the labels can see: the share of questions whose labelled
 * evidence (the passage of a relevant page that answers it) lies inside the text of the first k passages,
 * returned as the matched chunk alone (`chunk`) or with its neighbouring chunks, ±1 on the same page
 * (`window`), with the mean characters that k passages hand to a model.
 */
export interface EvidenceResult {
  chunk: Record<QuestionKind | 'all', Record<string, number>>;
  window: Record<QuestionKind | 'all', Record<string, number>>;
  chars: { chunk: Record<string, number>; window: Record<string, number> };
}

export interface LoadedCorpus {
  workspaceId: string;
  pageOfItem: Map<string, string>;
  chunks: number;
  bm25Chunks: Bm25Index;
  /** BM25 over each chunk with its page's title in front, twice (a BM25F-style title weight of 2). */
  bm25ChunksTitled: Bm25Index;
  loadMs: number;
}

/**
 * The language the corpus's items are stored with: KWS_RETRIEVAL_LANGUAGE, `en` unless set; `none` stores them
 * without one, as an upload that names no language is (its chunks indexed under what the service chooses then).
 */
export function corpusLanguage(env = process.env): string | null {
  const value = env.KWS_RETRIEVAL_LANGUAGE?.trim() || 'en';
  return value === 'none' ? null : value;
}

/**
 * Items (one per page, in corpusLanguage()) and their chunks with vectors, straight into a fresh workspace.
 * `embedText` is the text embedded for a chunk (the chunk itself by default); the stored chunk is unchanged.
 */
export async function loadCorpus(
  db: Db,
  pages: readonly DocPage[],
  chunking: ChunkOptions,
  embed: (texts: string[]) => Promise<number[][]>,
  embedText: (page: DocPage, chunk: string, charStart: number) => string = (_, chunk) => chunk,
  /** Each chunk's vectors, where they are not the embedding of one text (header-mix: its own and its prose vector). */
  vectorsOf?: (
    chunks: { page: DocPage; text: string; charStart: number }[],
  ) => Promise<Array<{ vector: number[]; prose?: number[] }>>,
): Promise<LoadedCorpus> {
  const chunked = pages.map((page) => ({
    page,
    id: randomUUID(),
    chunks: chunkPages([{ pageNumber: 1, text: page.text }], chunking).map((c) => ({ ...c, id: randomUUID() })),
  }));
  const texts = chunked.flatMap((p) => p.chunks.map((c) => c.text));
  const vectors = vectorsOf
    ? await vectorsOf(
        chunked.flatMap((p) => p.chunks.map((c) => ({ page: p.page, text: c.text, charStart: c.charStart }))),
      )
    : (await embed(chunked.flatMap((p) => p.chunks.map((c) => embedText(p.page, c.text, c.charStart))))).map(
        (vector) => ({ vector, prose: undefined }),
      );
  const started = performance.now();
  const { workspaceId } = await createTenant(db);
  const pageOfItem = new Map<string, string>();
  let next = 0;
  for (let from = 0; from < chunked.length; from += 50) {
    const batch = chunked.slice(from, from + 50);
    await db.transaction(async (trx) => {
      await trx('knowledge').insert(
        batch.map((p) => ({
          id: p.id,
          workspace_id: workspaceId,
          type: 'FILE',
          title: p.page.title,
          content: p.page.path,
          url: p.page.path,
          status: 'COMPLETED',
          language: corpusLanguage(),
        })),
      );
      const rows = batch.flatMap((p) =>
        p.chunks.map((c) => {
          const { vector, prose } = vectors[next++]!;
          return {
            id: c.id,
            workspace_id: workspaceId,
            knowledge_id: p.id,
            chunk_index: c.index,
            page_number: c.pageNumber,
            content: c.text,
            embedding: trx.raw('?::vector', [`[${vector.join(',')}]`]),
            // Both vectors, recorded as the scheme that keeps them (or search reads the chunks' own).
            ...(prose
              ? {
                  embedding_prose: trx.raw('?::halfvec', [`[${prose.join(',')}]`]),
                  embedding_text_scheme: 'header-mix',
                }
              : {}),
          };
        }),
      );
      for (let i = 0; i < rows.length; i += 500) await trx('knowledge_chunks').insert(rows.slice(i, i + 500));
    });
    for (const p of batch) pageOfItem.set(p.id, p.page.path);
  }
  await db.raw('ANALYZE knowledge, knowledge_chunks');
  const bm25Chunks = new Bm25Index(
    chunked.flatMap((p) => p.chunks.map((c) => ({ key: p.page.path, text: c.text, id: c.id }))),
  );
  const bm25ChunksTitled = new Bm25Index(
    chunked.flatMap((p) =>
      p.chunks.map((c) => ({ key: p.page.path, text: `${p.page.title}\n${p.page.title}\n${c.text}`, id: c.id })),
    ),
  );
  return {
    workspaceId,
    pageOfItem,
    chunks: texts.length,
    bm25Chunks,
    bm25ChunksTitled,
    loadMs: performance.now() - started,
  };
}

/**
 * The service's hybrid candidates with this script's BM25 as the keyword side: the 50 nearest chunks (exact)
 * and the 50 best BM25 chunks, each with both its distance and its BM25 score, for the service's own fusion.
 * Not a mode of the service: it shows what fusion could reach with an exact BM25 keyword ranking.
 */
async function bm25FusedCandidates(
  db: Db,
  corpus: LoadedCorpus,
  question: string,
  vector: number[],
  index: Bm25Index = corpus.bm25Chunks,
) {
  const k = DEFAULT_RETRIEVAL.minCandidates;
  const bm25 = index.scoresById(question);
  const vectorIds = (await nearestChunks(db, corpus.workspaceId, {}, vector, k, 'exact')).map((h) => h.chunkId);
  const keywordIds = [...bm25.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([id]) => id);
  const rows: Array<{ id: string; knowledge_id: string; distance: number | string }> = await db('knowledge_chunks')
    .select('id', 'knowledge_id', db.raw('embedding <=> ?::vector as distance', [toVectorLiteral(vector)]))
    .whereIn('id', [...new Set([...vectorIds, ...keywordIds])]);
  return rows.map((r) => ({
    chunkId: r.id,
    knowledgeId: r.knowledge_id,
    distance: Number(r.distance),
    keywordRank: bm25.get(r.id) ?? 0,
  })) as ChunkHit[];
}

/** Answers every question with each run and scores the rankings per question kind. */
export async function evaluateRuns(
  db: Db,
  corpus: LoadedCorpus,
  labels: readonly LabelledQuestion[],
  queryVectors: ReadonlyMap<string, number[]>,
  dimension: number,
  runs: readonly Run[],
  bm25Pages: Bm25Index,
  reranker?: Reranker,
): Promise<RunResult[]> {
  // The service's search embeds the query; here it gets the cached vector of the same model.
  const embeddings: EmbeddingProvider = {
    name: 'cached',
    model: 'cached',
    modelVersion: 'cached',
    dimension,
    embedDocuments: () => Promise.reject(new Error('not used')),
    embedQuery: async (q) => queryVectors.get(q) as number[],
    close: async () => undefined,
  };
  const results: RunResult[] = [];
  for (const run of runs) {
    const outcomes: QuestionOutcome[] = [];
    const started = performance.now();
    for (const q of labels) {
      let ranking: string[];
      let seen: EvidenceSeen | undefined;
      if (run.kind === 'bm25-chunks') ranking = corpus.bm25Chunks.search(q.question, 10);
      else if (run.kind === 'bm25-pages') ranking = bm25Pages.search(q.question, 10);
      else if (run.kind === 'bm25-fused' || run.kind === 'bm25-fused-title') {
        const index = run.kind === 'bm25-fused' ? corpus.bm25Chunks : corpus.bm25ChunksTitled;
        const hits = await bm25FusedCandidates(db, corpus, q.question, queryVectors.get(q.question) as number[], index);
        ranking = fuseItems(hits, (run.settings ?? DEFAULT_RETRIEVAL).fusion)
          .slice(0, 10)
          .map((f) => corpus.pageOfItem.get(f.hit.knowledgeId) as string);
      } else if (run.kind === 'search') {
        const found = await searchKnowledge(
          { db, embeddings, reranker, onRerankSkipped: (err) => log(`rerank skipped: ${err.message}`) },
          corpus.workspaceId,
          { query: q.question, limit: 10, filter: {}, mode: run.mode },
          run.settings,
          run.ranking,
        );
        ranking = found.map((r) => corpus.pageOfItem.get(r.row.id) as string);
      } else {
        const vector = run.mode === 'keyword' ? undefined : (queryVectors.get(q.question) as number[]);
        const passages = await retrievePassages(
          { db },
          corpus.workspaceId,
          {},
          { text: q.question, vector },
          10,
          run.mode,
          run.settings,
        );
        ranking = distinctInOrder(passages.map((p) => corpus.pageOfItem.get(p.hit.knowledgeId) as string));
        seen = { kind: q.kind, ...(await evidenceSeen(db, corpus.workspaceId, q, passages)) };
      }
      outcomes.push({
        judged: { kind: q.kind, ranking, relevant: new Set(q.relevant.map((r) => r.page)) },
        ...(seen ? { seen } : {}),
      });
    }
    const msPerQuery = (performance.now() - started) / labels.length;
    const { metrics, evidence } = summarizeOutcomes(outcomes);
    const result: RunResult = {
      name: run.name,
      metrics,
      msPerQuery: round(msPerQuery, 1),
      ...(evidence ? { evidence } : {}),
    };
    Object.defineProperty(result, 'perQuestion', { value: outcomes, enumerable: false });
    results.push(result);
    if (evidence) {
      const at = (side: 'chunk' | 'window') =>
        EVIDENCE_AT.map((k) => `@${k} ${evidence[side].all[k]!.toFixed(3)}`).join(' ');
      log(`  evidence in the chunk ${at('chunk')}; with its neighbours ${at('window')}`);
    }
    const nd = (kind: QuestionKind | 'all') => metrics[kind].ndcgAt10.toFixed(3);
    log(`${run.name}: nDCG@10 ${nd('all')} / ${nd('paraphrase')} / ${nd('identifier')}, ${round(msPerQuery, 1)} ms/q`);
  }
  return results;
}

const squashSpace = (s: string) => s.replace(/\s+/g, ' ');

/** Per passage rank k: whether the question's evidence is in the first k chunks, or windows, and their length. */
async function evidenceSeen(db: Db, workspaceId: string, q: LabelledQuestion, passages: readonly Fused[]) {
  const around = await neighbourChunks(
    db,
    workspaceId,
    passages.map((p) => p.hit.chunkId),
    1,
  );
  // The context the service returns with contextWindow 1 (services/search/rag.ts).
  const windows = passages.map((p) => contextOf(p.hit.content, around.get(p.hit.chunkId) ?? []));
  const evidence = q.relevant.map((r) => squashSpace(r.evidence));
  const holds = (texts: string[]) => texts.some((t) => evidence.some((e) => squashSpace(t).includes(e)));
  const chunks = passages.map((p) => p.hit.content);
  const length = (texts: string[]) => texts.reduce((a, t) => a + t.length, 0);
  return {
    chunk: EVIDENCE_AT.map((k) => holds(chunks.slice(0, k))),
    window: EVIDENCE_AT.map((k) => holds(windows.slice(0, k))),
    chunkChars: EVIDENCE_AT.map((k) => length(chunks.slice(0, k))),
    windowChars: EVIDENCE_AT.map((k) => length(windows.slice(0, k))),
  };
}

function summarizeEvidence(seen: readonly EvidenceSeen[]): EvidenceResult {
  const share = (side: 'chunk' | 'window') =>
    Object.fromEntries(
      KINDS.map((kind) => {
        const of = seen.filter((s) => kind === 'all' || s.kind === kind);
        return [
          kind,
          Object.fromEntries(EVIDENCE_AT.map((k, i) => [k, round(of.filter((s) => s[side][i]).length / of.length, 3)])),
        ];
      }),
    ) as Record<QuestionKind | 'all', Record<string, number>>;
  const mean = (side: 'chunkChars' | 'windowChars') =>
    Object.fromEntries(
      EVIDENCE_AT.map((k, i) => [k, Math.round(seen.reduce((a, s) => a + s[side][i]!, 0) / seen.length)]),
    );
  return {
    chunk: share('chunk'),
    window: share('window'),
    chars: { chunk: mean('chunkChars'), window: mean('windowChars') },
  };
}

/**
 * The rows of one chunk setting. With leversOnly (KWS_RETRIEVAL_LEVERS=1), the baseline rows and issue 40's
 * levers only (the weight and RRF sweeps measured before are left out).
 */
function runsFor(alphas: readonly number[], leversOnly = false): Run[] {
  // Every query alike in these rows (the levers' rows below add the query's shape).
  const s: RetrievalSettings = { ...DEFAULT_RETRIEVAL, identifierHybrid: undefined };
  if (leversOnly) {
    return [
      { name: 'BM25 (this script; chunks, best per page)', kind: 'bm25-chunks' },
      { name: 'semantic', kind: 'search', mode: 'semantic' },
      { name: 'keyword (any lexeme)', kind: 'search', mode: 'keyword', settings: { ...s, keywordMatch: 'any' } },
      { name: `hybrid, every query alike (${describe(s)})`, kind: 'search', mode: 'hybrid', settings: s },
      ...[0.7, 0.8].map((alpha): Run => ({
        name: `lever: hybrid convex a=${alpha} min-max (any)`,
        kind: 'search',
        mode: 'hybrid',
        settings: { ...s, hybridKeywordMatch: 'any', fusion: { kind: 'convex', alpha, normalise: 'minmax' } },
      })),
      ...leverRuns(),
      { name: `ceiling: semantic + this script's BM25, convex a=0.8`, kind: 'bm25-fused', settings: s },
      { name: `default: hybrid (${describe(DEFAULT_RETRIEVAL)})`, kind: 'search', mode: 'hybrid' },
      { name: 'passages (RAG): semantic', kind: 'passages', mode: 'semantic' },
      { name: `passages (RAG): hybrid, every query alike`, kind: 'passages', mode: 'hybrid', settings: s },
      { name: `passages (RAG): ${RAG_MODE} (the default)`, kind: 'passages', mode: RAG_MODE },
    ];
  }
  const runs: Run[] = [
    { name: 'BM25 (this script; whole pages)', kind: 'bm25-pages' },
    { name: 'BM25 (this script; chunks, best per page)', kind: 'bm25-chunks' },
    { name: 'semantic', kind: 'search', mode: 'semantic' },
    { name: 'keyword (any lexeme)', kind: 'search', mode: 'keyword', settings: { ...s, keywordMatch: 'any' } },
    { name: 'keyword (all lexemes)', kind: 'search', mode: 'keyword', settings: { ...s, keywordMatch: 'all' } },
  ];
  for (const match of ['any', 'all'] as const) {
    runs.push({
      name: `hybrid RRF k=60 (${match})`,
      kind: 'search',
      mode: 'hybrid',
      settings: { ...s, hybridKeywordMatch: match, fusion: { kind: 'rrf', k: 60 } },
    });
  }
  for (const alpha of alphas) {
    for (const match of ['any', 'all'] as const) {
      runs.push({
        name: `hybrid convex a=${alpha} (${match})`,
        kind: 'search',
        mode: 'hybrid',
        settings: { ...s, hybridKeywordMatch: match, fusion: { kind: 'convex', alpha } },
      });
    }
  }
  // The keyword side's BM25 min-max scaled over the matching candidates instead of divided by the best.
  for (const alpha of [0.6, 0.7, 0.8]) {
    for (const match of ['any', 'all'] as const) {
      runs.push({
        name: `hybrid convex a=${alpha} min-max (${match})`,
        kind: 'search',
        mode: 'hybrid',
        settings: { ...s, hybridKeywordMatch: match, fusion: { kind: 'convex', alpha, normalise: 'minmax' } },
      });
    }
  }
  // What fusion reaches with this script's BM25 (whitespace-and-punctuation tokens, no stemming) as its keyword
  // side instead of the service's (PostgreSQL's parser and stemmer).
  for (const alpha of [0.7, 0.8]) {
    runs.push({
      name: `ceiling: semantic + this script's BM25, convex a=${alpha}`,
      kind: 'bm25-fused',
      settings: { ...s, fusion: { kind: 'convex', alpha } },
    });
  }
  runs.push(...leverRuns());
  runs.push(
    { name: `default: hybrid (${describe(s)})`, kind: 'search', mode: 'hybrid' },
    { name: 'passages (RAG): semantic', kind: 'passages', mode: 'semantic' },
    { name: `passages (RAG): ${RAG_MODE} (the default)`, kind: 'passages', mode: RAG_MODE },
  );
  return runs;
}

/**
 * Issue 40's levers, each beside the default: any lexeme with min-max normalisation (the outside set's
 * winner), hybrid settings that follow the query's shape (identifier-shaped queries: any lexeme, the weights
 * below), page-level aggregation of chunk scores (itemBonus), and the page title in the keyword side (BM25F
 * style, with this script's BM25, so against the ceiling rows).
 */
function leverRuns(): Run[] {
  const s: RetrievalSettings = { ...DEFAULT_RETRIEVAL, identifierHybrid: undefined };
  const runs: Run[] = [];
  for (const alpha of [0.7, 0.8]) {
    for (const normalise of ['max', 'minmax'] as const) {
      runs.push({
        name: `lever: identifier-shaped queries any lexeme, convex a=${alpha} ${normalise}`,
        kind: 'search',
        mode: 'hybrid',
        settings: { ...s, identifierHybrid: { keywordMatch: 'any', fusion: { kind: 'convex', alpha, normalise } } },
      });
    }
  }
  for (const itemBonus of [0.02, 0.05, 0.1, 0.15, 0.2, 0.3]) {
    for (const shaped of [false, true]) {
      const fusion: Fusion = { kind: 'convex', alpha: 0.8, itemBonus };
      runs.push({
        name: `lever: page aggregation, bonus ${itemBonus}${shaped ? ', shaped' : ''}`,
        kind: 'search',
        mode: 'hybrid',
        settings: { ...s, fusion, ...(shaped ? { identifierHybrid: { keywordMatch: 'any', fusion } } : {}) },
      });
    }
  }
  // The bonus follows the query's shape: prose queries a larger one, identifier-shaped ones the default's
  // (every lexeme, β 0.1), since past 0.1 identifiers lose and paraphrases gain.
  for (const itemBonus of [0.15, 0.2, 0.3]) {
    runs.push({
      name: `lever: page aggregation, bonus ${itemBonus} for prose, 0.1 for identifier-shaped queries`,
      kind: 'search',
      mode: 'hybrid',
      settings: {
        ...s,
        fusion: { kind: 'convex', alpha: 0.8, itemBonus },
        identifierHybrid: { keywordMatch: 'all', fusion: { kind: 'convex', alpha: 0.8, itemBonus: 0.1 } },
      },
    });
  }
  runs.push({
    name: 'lever: passages (RAG): hybrid, identifier-shaped queries any lexeme, convex a=0.8 max',
    kind: 'passages',
    mode: 'hybrid',
    settings: { ...s, identifierHybrid: { keywordMatch: 'any', fusion: { kind: 'convex', alpha: 0.8 } } },
  });
  for (const alpha of [0.7, 0.8]) {
    runs.push({
      name: `lever: semantic + this script's BM25 with the title x2, convex a=${alpha}`,
      kind: 'bm25-fused-title',
      settings: { ...s, fusion: { kind: 'convex', alpha } },
    });
  }
  return runs;
}

const describe = (s: RetrievalSettings) =>
  `${s.fusion.kind === 'convex' ? `convex a=${s.fusion.alpha}` : `RRF k=${s.fusion.k}`}, ${s.hybridKeywordMatch}`;

/** FP32 and int8 embed the same passages in alternating rounds, so load drift hits both alike. */
async function compareSpeed(fp32: EmbeddingProvider, int8: EmbeddingProvider, texts: string[], rounds: number) {
  await fp32.embedDocuments(texts.slice(0, 16));
  await int8.embedDocuments(texts.slice(0, 16));
  const rates: Record<'fp32' | 'int8', number[]> = { fp32: [], int8: [] };
  const ratios: number[] = [];
  const loads: number[][] = [loadAverage()];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? (['fp32', 'int8'] as const) : (['int8', 'fp32'] as const);
    const pair: Record<string, number> = {};
    for (const which of order) {
      const started = performance.now();
      await (which === 'fp32' ? fp32 : int8).embedDocuments(texts);
      pair[which] = texts.length / ((performance.now() - started) / 1000);
      rates[which].push(pair[which] as number);
    }
    ratios.push((pair.int8 as number) / (pair.fp32 as number));
    loads.push(loadAverage());
  }
  return {
    passages: texts.length,
    rounds,
    fp32PassagesPerSecond: summarize(rates.fp32),
    int8PassagesPerSecond: summarize(rates.int8),
    /** Median of the per-round int8/FP32 ratios. */
    speedup: round(summarize(ratios, 3).p50, 2),
    loadAverages: loads,
  };
}

/** A reranker that records how long each call took (ms) and how many texts it scored. */
function timed(reranker: Reranker, calls: Array<{ ms: number; texts: number }>): Reranker {
  return {
    ...reranker,
    async rerank(query, texts) {
      const started = performance.now();
      const scores = await reranker.rerank(query, texts);
      calls.push({ ms: performance.now() - started, texts: texts.length });
      return scores;
    },
  };
}

/**
 * nDCG@10 per question kind with the best 20 results of semantic and of hybrid search reranked, and the
 * reranker's latency per call of 20 passages (p50/p95) with the load averages around it. Without a reranker
 * (KWS_BENCH_RERANK_URL unset) the rows say so: no local cross-encoder is shipped (README "Ranking options").
 */
async function rerankRows(
  db: Db,
  opts: RetrievalBenchOptions,
  pages: readonly DocPage[],
  labels: readonly LabelledQuestion[],
  input: {
    chunking: ChunkOptions;
    embed: (texts: string[]) => Promise<number[][]>;
    queryVectors: ReadonlyMap<string, number[]>;
    dimension: number;
    bm25Pages: Bm25Index;
  },
) {
  const configured = rerankerFromSettings(opts.rerank, NO_OWN_COMPONENTS);
  if (!configured) {
    log('rerank rows: no reranker (set KWS_BENCH_RERANK_URL to a /rerank endpoint)');
    return { skipped: 'no reranker configured (KWS_BENCH_RERANK_URL)' } as const;
  }
  const calls: Array<{ ms: number; texts: number }> = [];
  const reranker = timed(configured, calls);
  const candidates = DEFAULT_RERANK_CANDIDATES;
  const ranking: RankingOptions = { rerank: true, rerankCandidates: candidates };
  log(`rerank rows: ${opts.rerank.url} (${opts.rerank.model ?? 'no model name'}), ${candidates} candidates`);
  const corpus = await loadCorpus(db, pages, input.chunking, input.embed);
  const loads: number[][] = [loadAverage()];
  const runs = await evaluateRuns(
    db,
    corpus,
    labels,
    input.queryVectors,
    input.dimension,
    [
      { name: 'semantic', kind: 'search', mode: 'semantic' },
      { name: `semantic, reranked (${candidates})`, kind: 'search', mode: 'semantic', ranking },
      { name: 'hybrid (default)', kind: 'search', mode: 'hybrid' },
      { name: `hybrid, reranked (${candidates})`, kind: 'search', mode: 'hybrid', ranking },
    ],
    input.bm25Pages,
    reranker,
  );
  loads.push(loadAverage());
  const full = calls.filter((c) => c.texts === candidates).map((c) => c.ms);
  return {
    url: opts.rerank.url,
    model: opts.rerank.model ?? null,
    candidates,
    runs,
    latencyMs: summarize(full),
    loadAverages: loads,
  };
}

export async function runRetrievalBench(db: Db, opts: RetrievalBenchOptions) {
  const started = performance.now();
  const pages = await loadPythonDocs();
  const labels = await loadLabels(pages);
  const pageByPath = new Map(pages.map((p) => [p.path, p]));
  const bm25Pages = new Bm25Index(pages.map((p) => ({ key: p.path, text: p.text })));
  log(
    `${pages.length} pages (${round(pages.reduce((a, p) => a + p.text.length, 0) / 1e6, 2)} M characters), ` +
      `${labels.length} questions (${labels.filter((q) => q.kind === 'identifier').length} identifier-style)`,
  );
  const shapes = labels.map((q) => `${q.kind}:${queryShape(q.question)}`);
  const shapeCounts = Object.fromEntries(
    [...new Set(shapes)].sort().map((k) => [k, shapes.filter((x) => x === k).length]),
  );
  log(`query shapes by kind: ${JSON.stringify(shapeCounts)}`);
  const overlap = Object.fromEntries(
    (['paraphrase', 'identifier'] as const).map((kind) => {
      const shares = labels.filter((q) => q.kind === kind).map((q) => wordOverlap(q, pageByPath));
      return [kind, round(shares.reduce((a, b) => a + b, 0) / shares.length, 2)];
    }),
  );

  const models = {
    fp32: await createLocalEmbeddingProvider({ modelDir: opts.fp32ModelDir }),
    int8: await createLocalEmbeddingProvider({ modelDir: opts.int8ModelDir }),
  };
  try {
    const infos = { fp32: await readModelInfo(opts.fp32ModelDir), int8: await readModelInfo(opts.int8ModelDir) };
    const caches = {
      fp32: await EmbeddingCache.open(opts.cacheDir, infos.fp32.version, models.fp32.dimension),
      int8: await EmbeddingCache.open(opts.cacheDir, infos.int8.version, models.int8.dimension),
    };
    const embedWith = (which: 'fp32' | 'int8') => (texts: string[]) =>
      caches[which].embed(models[which], texts, 'document', (m) => log(`${which}: ${m}`));
    const queryVectorsOf = async (which: 'fp32' | 'int8') => {
      const questions = labels.map((q) => q.question);
      const vectors = await caches[which].embed(models[which], questions, 'query');
      return new Map(questions.map((q, i) => [q, vectors[i] as number[]]));
    };

    // 1. Embedding speed, int8 against FP32, on real passages of the corpus.
    const sample = chunkPages(
      pages.slice(0, 60).map((p, i) => ({ pageNumber: i + 1, text: p.text })),
      opts.chunkSettings[0] as ChunkOptions,
    )
      .filter((_, i) => i % 3 === 0)
      .slice(0, opts.speedSample)
      .map((c) => c.text);
    log(`embedding speed: ${sample.length} passages, FP32 and int8 alternately, ${opts.speedRounds} rounds`);
    const speed = await compareSpeed(models.fp32, models.int8, sample, opts.speedRounds);
    log(`int8 / FP32 = ${speed.speedup}x (load ${loadAverage().join(' ')})`);

    // 2. Quality of each model at the default chunk setting.
    const base = opts.chunkSettings[0] as ChunkOptions;
    const quality: Record<'fp32' | 'int8', RunResult[]> = { fp32: [], int8: [] };
    const modelRuns: Run[] = [
      { name: 'semantic', kind: 'search', mode: 'semantic' },
      { name: `default: hybrid (${describe(DEFAULT_RETRIEVAL)})`, kind: 'search', mode: 'hybrid' },
      { name: `passages (RAG): ${RAG_MODE}`, kind: 'passages', mode: RAG_MODE },
    ];
    // With leversOnly, the chunk setting's rows below hold the default's figures; no second corpus load here.
    const measured = opts.leversOnly ? [] : opts.int8Quality ? (['fp32', 'int8'] as const) : (['fp32'] as const);
    for (const which of measured) {
      log(`${which}: loading the corpus at chunk size ${base.size}, overlap ${base.overlap}`);
      const corpus = await loadCorpus(db, pages, base, embedWith(which));
      quality[which] = await evaluateRuns(
        db,
        corpus,
        labels,
        await queryVectorsOf(which),
        models[which].dimension,
        modelRuns,
        bm25Pages,
      );
    }
    const ndcgLoss = round(
      (quality.fp32[0]?.metrics.all.ndcgAt10 ?? NaN) - (quality.int8[0]?.metrics.all.ndcgAt10 ?? -Infinity),
      3,
    );
    const adoptInt8 = speed.speedup >= 1.8 && ndcgLoss <= 0.01;
    const chosen = adoptInt8 ? 'int8' : 'fp32';
    log(`int8: ${speed.speedup}x, semantic nDCG@10 loss ${ndcgLoss} -> the rule picks ${chosen}`);

    // 3. Chunk settings, with the chosen model: every mode and fusion.
    const settings: Array<{ chunking: ChunkOptions; chunks: number; loadMs: number; runs: RunResult[] }> = [];
    for (const chunking of opts.chunkSettings) {
      log(`${chosen}: chunk size ${chunking.size}, overlap ${chunking.overlap}`);
      const corpus = await loadCorpus(db, pages, chunking, embedWith(chosen));
      const runs = await evaluateRuns(
        db,
        corpus,
        labels,
        await queryVectorsOf(chosen),
        models[chosen].dimension,
        runsFor(opts.alphas, opts.leversOnly),
        bm25Pages,
      );
      settings.push({ chunking, chunks: corpus.chunks, loadMs: round(corpus.loadMs, 0), runs });
    }

    // 4. Reranking the first stage's best 20 (the default candidate count), with the reranker configured.
    const rerank = await rerankRows(db, opts, pages, labels, {
      chunking: base,
      embed: embedWith(chosen),
      queryVectors: await queryVectorsOf(chosen),
      dimension: models[chosen].dimension,
      bm25Pages,
    });

    return {
      benchmark: 'retrieval',
      date: new Date().toISOString(),
      machine: { cpus: os.availableParallelism(), cpuModel: os.cpus()[0]?.model, node: process.version },
      corpus: {
        source: 'Debian python3-doc (HTML to text by bench/retrieval/pydoc.ts)',
        pages: pages.length,
        characters: pages.reduce((a, p) => a + p.text.length, 0),
      },
      labels: {
        questions: labels.length,
        paraphrase: labels.filter((q) => q.kind === 'paraphrase').length,
        identifier: labels.filter((q) => q.kind === 'identifier').length,
        /** Mean share of a question's words found in the paragraph that answers it. */
        wordOverlap: overlap,
        /** Questions per kind and query shape (services/search/fusion.ts queryShape). */
        shapes: shapeCounts,
      },
      defaults: { retrieval: DEFAULT_RETRIEVAL, ragMode: RAG_MODE },
      models: {
        fp32: infos.fp32.version,
        int8: infos.int8.version,
        speed,
        quality,
        semanticNdcgLoss: ndcgLoss,
        rule: 'int8 when it embeds >= 1.8x faster with a semantic nDCG@10 loss <= 0.01',
        chosen,
      },
      chunkSettings: settings,
      rerank,
      loadAverage: loadAverage(),
      seconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await models.fp32.close();
    await models.int8.close();
  }
}

export type RetrievalBenchResult = Awaited<ReturnType<typeof runRetrievalBench>>;
