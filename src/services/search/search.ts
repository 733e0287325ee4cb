// Semantic, keyword and hybrid search over a workspace's knowledge, and the passages RAG retrieves, with
// access filters inside the SQL; title search. The vector plan (exact scan or HNSW) is chosen from the
// maintained counts of searchable chunks (repositories/searchCounts.ts): one small query, no counting.
import type { Db } from '../../db/knex';
import * as search from '../../db/repositories/search';
import * as counts from '../../db/repositories/searchCounts';
import type { KnowledgeRow } from '../../db/rows';
import type { EmbeddingProvider } from '../../embeddings/provider';
import { RerankError, type Reranker } from '../../embeddings/rerank';
import type { Metrics } from '../../observability/metrics';
import type { ItemFilter } from '../../domain/filter';
import type { EmbeddingTextScheme } from '../../domain/embeddingText';
import type { AuthState } from '../../policies/credentials';
import { mayExplainRoles } from '../../policies/scopes';
import { visibilityRoles, type VisibilityRole } from '../../db/repositories/roles';
import { accessFilter } from '../access/accessFilter';
import type { DbDeps, Deps } from '../deps';
import { cosineOf, fuseChunks, fuseItems, queryShape, type Fused, type Fusion, type QueryShape } from './fusion';
import { EXCERPT_CHARS } from '../../domain/listing';

export const SEARCH_MODES = ['semantic', 'hybrid', 'keyword'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface SearchResult {
  row: KnowledgeRow;
  excerpt: string;
  score?: number;
  pageNumber?: number;
  /** The section headings the best passage starts under, outermost first (semantic search). */
  headings?: string[];
  /** With `explain`: the scores behind `score` (see Explained). */
  explain?: Explained;
}

export { EXCERPT_CHARS };
const excerpt = (s: string) => (s.length > EXCERPT_CHARS ? s.slice(0, EXCERPT_CHARS) : s);
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** At most this many candidate chunks: an exact scan, fast and exact (measured in bench/). */
export const EXACT_SCAN_MAX_CANDIDATES = 20_000;
/**
 * Above it, HNSW, unless the filter admits less than this share of the index (every workspace's chunks):
 * HNSW filters after the index scan, and its recall falls for rare subsets (bench/knowledge/search.ts).
 */
export const HNSW_MIN_SHARE = 0.05;

export interface PlanChoice {
  plan: search.SearchPlan;
  /** An upper bound on the candidate chunks: the smallest count among the filter's scopes. */
  atMost: number;
  /** The candidates if the filters were independent. */
  estimate: number;
  /** All chunks in the HNSW index (the planner's estimate). */
  indexChunks: number;
  /**
   * The exact plan reads a role filter's items by id (bounded: each role filter admits at most maxExact chunks)
   * rather than joining them as a set (a broad role narrowed by another filter: search.RoleJoin).
   */
  rolesById: boolean;
}

/** The count scopes a filter narrows to: the base (workspace or space) and one group per further filter. */
export function filterScopes(filter: search.AccessFilter): { base: string; groups: string[][] } {
  const groups: string[][] = [];
  if (filter.language !== undefined) groups.push([`language:${filter.language}`]);
  if (filter.audienceId) groups.push([`audience:${filter.audienceId}`]);
  if (filter.requiredRoleId !== undefined)
    groups.push(filter.requiredRoleId === null ? [] : [`role:${filter.requiredRoleId}`]);
  // Items with any of these roles: at most the sum of their counts.
  if (filter.roleIds) groups.push([...new Set(filter.roleIds)].map((r) => `role:${r}`));
  return { base: filter.spaceId ? counts.spaceScope(filter.spaceId) : 'workspace', groups };
}

export function planFor(
  c: counts.ScopeCounts,
  filter: search.AccessFilter,
  maxExact = EXACT_SCAN_MAX_CANDIDATES,
): PlanChoice {
  const { base, groups } = filterScopes(filter);
  const baseCount = c.chunks.get(base) ?? 0;
  const groupCounts = groups.map((g) => g.reduce((sum, scope) => sum + (c.chunks.get(scope) ?? 0), 0));
  const atMost = Math.min(baseCount, ...groupCounts);
  const estimate = baseCount === 0 ? 0 : groupCounts.reduce((est, n) => est * Math.min(1, n / baseCount), baseCount);
  const indexChunks = Math.max(c.indexChunks, baseCount);
  const plan = atMost <= maxExact || estimate < HNSW_MIN_SHARE * indexChunks ? 'exact' : 'hnsw';
  // Each role filter's group (its roles' scopes) admits at most its count: the id array's bound.
  const rolesById = groups.every(
    (g, i) => !g.some((scope) => scope.startsWith('role:')) || groupCounts[i]! <= maxExact,
  );
  return { plan, atMost, estimate: Math.round(estimate), indexChunks, rolesById };
}

/** The vector plan for a filter, the languages in its scope (for keyword parsing), and the vectors read. */
interface SearchScope {
  choice: PlanChoice;
  languages: string[];
  /** The chunk vector the semantic side reads (vectorColumnFor). */
  column: search.VectorColumn;
}

/** Reads the scope counts (one query), folds fragmented ones, and chooses the vector plan and column. */
async function searchScope(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  opts: { languages?: boolean; maxExact?: number; prose?: boolean } = {},
): Promise<SearchScope> {
  const { base, groups } = filterScopes(filter);
  const c = await counts.scopeCounts(db, workspaceId, [base, ...groups.flat()], { languages: opts.languages });
  if (c.fragmented.length > 0) await counts.foldScopeCounts(db, workspaceId, c.fragmented);
  const choice = planFor(c, filter, opts.maxExact);
  return {
    choice: filter.where ? await probeFilter(db, workspaceId, filter, choice, opts.maxExact) : choice,
    languages: c.languages,
    // After the counts, on no second connection: the scope is read while the query is embedded, which takes
    // longer than both (one index probe here).
    column: opts.prose ? await vectorColumnFor(db, workspaceId) : 'embedding',
  };
}

/**
 * Two vectors per chunk (`header-mix`, domain/embeddingText): a prose query's semantic side reads the prose
 * vectors, the chunk's own vector mixed with its title and headings', when every chunk of the workspace has
 * one; an identifier-shaped query (fusion.ts queryShape) always reads the chunk's own. On the project's own set
 * hybrid nDCG@10 0.813 / 0.747 / 0.948 (all / paraphrase / identifier) against 0.796 / 0.721 / 0.948 with the
 * chunk's vector alone (docs/explanation/retrieval-quality.md). A workspace with chunks embedded before the
 * scheme (or under another) reads the chunk's own vectors until a re-embed fills the prose ones.
 */
async function vectorColumnFor(db: Db, workspaceId: string): Promise<search.VectorColumn> {
  return (await search.proseVectorsComplete(db, workspaceId)) ? 'embedding_prose' : 'embedding';
}

/** Whether a query in this mode reads the prose vectors where the workspace has them. */
const readsProse = (settings: RetrievalSettings, mode: SearchMode, query: string) =>
  Boolean(settings.proseVectors) && mode !== 'keyword' && queryShape(query) === 'prose';

/**
 * The plan under a request's attribute filter, which the maintained counts cannot see: when they say HNSW, a
 * bounded count of the chunks the whole filter admits decides: at most maxExact, or less than HNSW_MIN_SHARE of
 * the index, the exact scan (HNSW would filter most of what it visits away); more, HNSW with its iterative scan.
 */
async function probeFilter(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  choice: PlanChoice,
  maxExact = EXACT_SCAN_MAX_CANDIDATES,
): Promise<PlanChoice> {
  if (choice.plan === 'exact') return choice;
  // The same rule as planFor's: exact when few enough for a scan, or when the filter admits less than
  // HNSW_MIN_SHARE of the index (HNSW filters after its scan, and a rare subset would come back short).
  const rare = Math.ceil(HNSW_MIN_SHARE * choice.indexChunks);
  const admitted = await search.countCandidateChunks(db, workspaceId, filter, Math.max(maxExact, rare) + 1);
  return admitted <= maxExact || admitted < rare
    ? { ...choice, plan: 'exact', atMost: admitted, estimate: admitted }
    : choice;
}

/** The plan a search with this filter takes, with what chose it. */
export async function planChoice(
  { db }: DbDeps,
  workspaceId: string,
  filter: search.AccessFilter,
  maxExact = EXACT_SCAN_MAX_CANDIDATES,
): Promise<PlanChoice> {
  return (await searchScope(db, workspaceId, filter, { maxExact })).choice;
}

export async function choosePlan(
  deps: DbDeps,
  workspaceId: string,
  filter: search.AccessFilter,
  maxExact = EXACT_SCAN_MAX_CANDIDATES,
): Promise<search.SearchPlan> {
  return (await planChoice(deps, workspaceId, filter, maxExact)).plan;
}

/**
 * The `limit` items nearest to the vector (one per item, its nearest chunk): with the chosen plan, as a search
 * runs, or with a given one (its role filters joined as a set on the exact plan).
 */
export async function nearestItems(
  { db }: DbDeps,
  workspaceId: string,
  filter: search.AccessFilter,
  vector: number[],
  limit: number,
  plan?: search.SearchPlan,
): Promise<search.ChunkHit[]> {
  const choice = plan ? { plan, rolesById: false } : await planChoice({ db }, workspaceId, filter);
  return search.nearestItems(db, workspaceId, filter, vector, limit, choice.plan, { rolesById: choice.rolesById });
}

/**
 * How keyword and hybrid retrieval run; the defaults are the winners on the labelled set (bench/retrieval,
 * README "Retrieval quality"): a convex combination with the vector side at 0.8 and, inside hybrid, keyword
 * matches holding every lexeme of the query, ranked by BM25. Matching any lexeme lets common words of a
 * paraphrase outrank the vector side's answer (paraphrase nDCG@10 0.670 against 0.690, though identifier 0.948
 * against 0.927); reciprocal rank fusion over any lexeme did the same (0.681, 0.927). Keyword mode alone matches
 * any lexeme (it finds more: nDCG@10 0.608 against 0.259).
 */
export interface RetrievalSettings {
  fusion: Fusion;
  /** Keyword mode: chunks holding every lexeme of the query ('all') or any ('any'). */
  keywordMatch: 'all' | 'any';
  /** The keyword side of hybrid mode. */
  hybridKeywordMatch: 'all' | 'any';
  /** Chunks taken from each side before fusion, per result asked for (at least minCandidates). */
  candidatesPerResult: number;
  minCandidates: number;
  /** Keyword matches ranked at most (bounds the cost of very common words). */
  maxRanked: number;
  /**
   * Hybrid mode for a query of the identifier shape (fusion.ts queryShape: dotted or snake_case names, calls,
   * camelCase, flags, quoted text): its keyword match and fusion instead of hybridKeywordMatch and fusion.
   * Absent: every query alike.
   */
  identifierHybrid?: IdentifierHybrid;
  /**
   * Prose queries read the chunks' prose vectors (EMBEDDING_TEXT_SCHEME=header-mix, vectorColumnFor) where the
   * workspace has them all; identifier-shaped ones the chunks' own. Absent: every query the chunks' own.
   */
  proseVectors?: boolean;
  /**
   * Pseudo-relevance feedback for prose queries in hybrid search: the candidates' cosines are taken again
   * against the query plus beta x the first result's best chunk, and fused again. Absent: off.
   */
  feedback?: { beta: number };
}

/** Hybrid mode for an identifier-shaped query (RetrievalSettings.identifierHybrid). */
export interface IdentifierHybrid {
  keywordMatch: 'all' | 'any';
  fusion: Fusion;
  /**
   * Candidates ranked on the keyword side by the query lexemes each holds (search.KeywordQuery.rankHeld), in
   * search (items) and in RAG passages. Absent: by matches only.
   */
  rankHeld?: { search?: search.HeldRanking; passages?: search.HeldRanking };
}

/**
 * Pseudo-relevance feedback for prose queries under header-mix (issue 40, docs: Retrieval quality): hybrid search's
 * candidates taken again against the query moved half-way towards the first result (withFeedback). nDCG@10 0.830 /
 * 0.772 / 0.948 against 0.819 / 0.755 / 0.948 without; beta 0.25 0.766, 0.75 and 1 0.772 on paraphrases.
 */
const FEEDBACK = { beta: 0.5 };

/** The fusion measured for every query alike: convex, α 0.8, page-level bonus β 0.1 (issue 40). */
const PAGE_FUSION: Fusion = { kind: 'convex', alpha: 0.8, itemBonus: 0.1 };

export const DEFAULT_RETRIEVAL: RetrievalSettings = {
  // Page-level aggregation that follows the query's shape (issue 40, docs: Retrieval quality): prose queries take a
  // bonus of 0.15, identifier-shaped ones 0.1 with every lexeme (as every query did before): nDCG@10 0.796 / 0.721 /
  // 0.948 against 0.791 / 0.714 / 0.948 with 0.1 for all; 0.15 for all loses identifiers (0.935).
  fusion: { ...PAGE_FUSION, itemBonus: 0.15 },
  keywordMatch: 'any',
  hybridKeywordMatch: 'all',
  candidatesPerResult: 5,
  minCandidates: 50,
  maxRanked: 5000,
  // RAG passages of identifier-shaped queries: where some chunk holds every lexeme, each candidate ranks on the
  // keyword side by the lexemes it holds (issue 40, docs: Retrieval quality, "Partial matches for identifier-shaped
  // queries"): passages' identifier nDCG@10 0.948 / 0.935 against 0.927 / 0.930 (labels.json / blind set), the rest
  // unchanged; in search it gains nothing where some chunk matches, and where none does it reads the statistics a
  // query would otherwise skip (p50 16.3 -> 77.5 ms at 100,000 chunks, no filter).
  identifierHybrid: { keywordMatch: 'all', fusion: PAGE_FUSION, rankHeld: { passages: 'matched' } },
};

/**
 * The retrieval settings for a deployment's vectors (EMBEDDING_TEXT_SCHEME). With `title` vectors identifier-shaped
 * queries match any lexeme in hybrid mode, every query with the bonus 0.1: the pairing measured to gain in search
 * on both kinds (0.752 / 0.954 against 0.714 / 0.948); title vectors alone lose identifiers (0.934). `title-heading`
 * vectors take the same setting (measured with it). `header-mix`: the prose vectors, and the bonus 0.1 for every
 * query. `chunk`: the defaults.
 */
export function retrievalSettingsFor(scheme: EmbeddingTextScheme): RetrievalSettings {
  // The prose vectors carry the page's title and headings, so a prose query needs less of the page bonus: 0.1
  // (nDCG@10 0.819 / 0.755 / 0.948 against 0.813 / 0.747 / 0.948 with 0.15; 0.05 0.745, 0.075 0.748, 0.125
  // 0.754 on paraphrases, identifiers 0.948 throughout).
  if (scheme === 'header-mix')
    return { ...DEFAULT_RETRIEVAL, fusion: PAGE_FUSION, proseVectors: true, feedback: FEEDBACK };
  if (scheme === 'chunk') return DEFAULT_RETRIEVAL;
  return { ...DEFAULT_RETRIEVAL, fusion: PAGE_FUSION, identifierHybrid: { keywordMatch: 'any', fusion: PAGE_FUSION } };
}

/** The mode space RAG retrieves passages with: the winner on the labelled set (bench/retrieval, README). */
export const RAG_MODE: SearchMode = 'hybrid';

/** A keyword rank as a score in [0, 1) (BM25 is unbounded above). */
export const keywordScore = (rank: number) => rank / (rank + 1);

/**
 * Per-request ranking options (README "Ranking options"). hybridWeight replaces the convex fusion's vector
 * weight (hybrid mode only; the other modes fuse nothing and ignore it). With rerank, the best
 * max(rerankCandidates, limit) results of the mode are rescored by the reranker and the best `limit` of them
 * kept; scoreThreshold then drops results whose final score (the reranker's when it ran) is below it.
 */
export interface RankingOptions {
  scoreThreshold?: number;
  hybridWeight?: number;
  rerank?: boolean;
  rerankCandidates?: number;
  explain?: boolean;
  /** false: no pseudo-relevance feedback (RetrievalSettings.feedback) for this request. */
  feedback?: boolean;
}

/** Candidates reranked when the request names no count, and the most a request may ask for. */
export const DEFAULT_RERANK_CANDIDATES = 20;
export const MAX_RERANK_CANDIDATES = 100;

/** What became of reranking in one request (the X-Rerank response header; absent when not asked). */
export type RerankOutcome = 'applied' | 'skipped' | 'unconfigured';

/**
 * Each side's score for one hit, null where that side did not run or did not match: semantic is the cosine
 * similarity of the passage shown, keyword its keyword score rank / (rank + 1), fused the hybrid fusion's
 * score (hybrid mode only), rerank the reranker's score (when it ran).
 */
export interface Explained {
  semantic: number | null;
  keyword: number | null;
  fused: number | null;
  rerank: number | null;
  /**
   * Hybrid mode with RetrievalSettings.identifierHybrid set only: the query's shape (fusion.ts queryShape), which
   * chose the keyword match and fusion.
   */
  queryShape?: QueryShape;
  /**
   * Semantic and hybrid modes: the chunk vector `semantic` compares with: the chunk's own (`chunk`) or its prose
   * vector (`prose`: EMBEDDING_TEXT_SCHEME=header-mix, a prose query, every chunk of the workspace with one).
   */
  vector?: 'chunk' | 'prose';
  /**
   * Hybrid mode, a prose query, with RetrievalSettings.feedback: the passage's cosine similarity to the first
   * result's best chunk, which fusion read beside `semantic` (withFeedback).
   */
  feedback?: number;
  /** For the workspace's own credentials: the roles that make the hit visible (its own or its parent's). */
  roles?: VisibilityRole[];
}

/** The deployment's settings under a request's options: its hybrid weight, and no feedback when it says false. */
export function withRankingOptions(settings: RetrievalSettings, options: RankingOptions): RetrievalSettings {
  const weighted = withHybridWeight(settings, options.hybridWeight);
  return options.feedback === false && weighted.feedback ? { ...weighted, feedback: undefined } : weighted;
}

/**
 * Retrieval settings with the request's vector weight for hybrid fusion: it replaces the weight for queries
 * of every shape (an identifier-shaped query keeps its keyword match).
 */
export function withHybridWeight(settings: RetrievalSettings, hybridWeight: number | undefined): RetrievalSettings {
  if (hybridWeight === undefined) return settings;
  // The weight changes; the rest of a convex fusion (normalisation, page-level bonus) stays.
  const fusion: Fusion =
    settings.fusion.kind === 'convex'
      ? { ...settings.fusion, alpha: hybridWeight }
      : { kind: 'convex', alpha: hybridWeight };
  const { identifierHybrid } = settings;
  if (!identifierHybrid) return { ...settings, fusion };
  const own = identifierHybrid.fusion;
  const identifierFusion: Fusion = own.kind === 'convex' ? { ...own, alpha: hybridWeight } : fusion;
  return { ...settings, fusion, identifierHybrid: { ...identifierHybrid, fusion: identifierFusion } };
}

/** How hybrid mode runs for this query: the keyword match and fusion its shape selects. */
export function hybridFor(settings: RetrievalSettings, query: string): { shape: QueryShape } & IdentifierHybrid {
  const shape = queryShape(query);
  const { identifierHybrid } = settings;
  return shape === 'identifier' && identifierHybrid
    ? { shape, ...identifierHybrid }
    : { shape, keywordMatch: settings.hybridKeywordMatch, fusion: settings.fusion };
}

export interface Ranked extends Fused {
  explain: Explained;
}

/**
 * The final ranking of what retrieve returned (best first, at least `limit` when reranking): reranked by the
 * reranker when asked and available (un-reranked, outcome 'skipped', when it fails or times out), cut to
 * `limit`, then held to the score threshold.
 */
export async function rankResults(
  reranker: Reranker | null | undefined,
  query: string,
  mode: SearchMode,
  found: readonly Fused[],
  limit: number,
  options: RankingOptions,
  onSkip?: (err: RerankError) => void,
  shape?: QueryShape,
  column?: search.VectorColumn,
): Promise<{ ranked: Ranked[]; outcome?: RerankOutcome }> {
  let ranked: Ranked[] = found.map(({ hit, score, feedback }) => ({
    hit,
    score,
    explain: explainHit(hit, score, mode, shape, column, feedback),
  }));
  let outcome: RerankOutcome | undefined;
  if (options.rerank) {
    outcome = 'unconfigured';
    if (reranker) {
      try {
        const scores = await reranker.rerank(
          query,
          ranked.map((r) => r.hit.content),
        );
        ranked = ranked
          .map((r, i) => ({
            ...r,
            score: scores[i] as number,
            explain: { ...r.explain, rerank: round6(scores[i] as number) },
          }))
          .sort((a, b) => b.score - a.score);
        outcome = 'applied';
      } catch (err) {
        if (!(err instanceof RerankError)) throw err;
        onSkip?.(err);
        outcome = 'skipped';
      }
    }
  }
  const threshold = options.scoreThreshold ?? 0;
  return { ranked: ranked.slice(0, limit).filter((r) => r.score >= threshold), outcome };
}

function explainHit(
  hit: search.ChunkHit,
  score: number,
  mode: SearchMode,
  shape?: QueryShape,
  column?: search.VectorColumn,
  feedback?: number,
): Explained {
  return {
    semantic: mode === 'keyword' ? null : round6(cosineOf(hit.distance)),
    keyword: mode === 'semantic' || !(hit.keywordRank > 0) ? null : round6(keywordScore(hit.keywordRank)),
    fused: mode === 'hybrid' ? round6(score) : null,
    rerank: null,
    ...(shape ? { queryShape: shape } : {}),
    ...(mode !== 'keyword' && column ? { vector: column === 'embedding_prose' ? 'prose' : 'chunk' } : {}),
    ...(feedback === undefined ? {} : { feedback: round6(feedback) }),
  };
}

/** How many results to retrieve: the candidates to rerank (never fewer than limit), or limit. */
export const candidateCount = (limit: number, options: RankingOptions) =>
  options.rerank ? Math.max(limit, options.rerankCandidates ?? DEFAULT_RERANK_CANDIDATES) : limit;

/**
 * The best `limit` results (items or passages) for a query in a mode: semantic ranks by cosine similarity
 * (exact or HNSW per the plan), keyword by BM25, hybrid by fusing both (settings.fusion).
 */
async function retrieve(
  { db, metrics }: { db: Db; metrics?: Pick<Metrics, 'searchDuration'> },
  workspaceId: string,
  filter: search.AccessFilter,
  query: { text: string; vector?: number[] },
  limit: number,
  unit: 'item' | 'chunk',
  mode: SearchMode,
  settings: RetrievalSettings,
  /** The scope already being read (started beside the embedding), or undefined to read it here. */
  scope?: Promise<SearchScope>,
): Promise<{ found: Fused[]; column: search.VectorColumn }> {
  const startedAt = performance.now();
  const { choice, languages, column } = await (scope ??
    searchScope(db, workspaceId, filter, {
      languages: mode !== 'semantic',
      prose: readsProse(settings, mode, query.text),
    }));
  if (mode === 'semantic') {
    if (!query.vector) throw new Error('semantic retrieval needs the query vector');
    const hits =
      unit === 'item'
        ? await search.nearestItems(db, workspaceId, filter, query.vector, limit, choice.plan, {
            rolesById: choice.rolesById,
            column,
          })
        : await search.nearestChunks(
            db,
            workspaceId,
            filter,
            query.vector,
            limit,
            choice.plan,
            choice.rolesById,
            column,
          );
    observeSearch(metrics, choice.plan, startedAt);
    return { found: hits.map((hit) => ({ hit, score: cosineOf(hit.distance) })), column };
  }
  const k = Math.max(settings.minCandidates, settings.candidatesPerResult * limit);
  const hybrid = hybridFor(settings, query.text);
  const hits = await search.hybridCandidates(
    db,
    workspaceId,
    filter,
    {
      vector: query.vector,
      keyword: {
        text: query.text,
        languages,
        match: mode === 'hybrid' ? hybrid.keywordMatch : settings.keywordMatch,
        rankHeld: mode === 'hybrid' ? hybrid.rankHeld?.[unit === 'item' ? 'search' : 'passages'] : undefined,
      },
    },
    {
      vectorK: mode === 'hybrid' ? k : 0,
      plan: choice.plan,
      rolesById: choice.rolesById,
      keywordK: k,
      maxRanked: settings.maxRanked,
      column,
    },
  );
  observeSearch(metrics, mode, startedAt);
  if (mode === 'keyword') {
    const best = new Map<string, search.ChunkHit>();
    for (const h of hits.sort((a, b) => b.keywordRank - a.keywordRank || a.distance - b.distance)) {
      const key = unit === 'item' ? h.knowledgeId : h.chunkId;
      if (!best.has(key)) best.set(key, h);
    }
    const found = [...best.values()].slice(0, limit).map((hit) => ({ hit, score: keywordScore(hit.keywordRank) }));
    return { found, column };
  }
  const fused = unit === 'item' ? fuseItems(hits, hybrid.fusion) : fuseChunks(hits, hybrid.fusion);
  // Only on prose vectors (a page's chunks carry its title and headings; on the chunks' own it gained nothing).
  const ranked =
    settings.feedback &&
    unit === 'item' &&
    mode === 'hybrid' &&
    hybrid.shape === 'prose' &&
    column === 'embedding_prose' &&
    fused.length > 1
      ? await withFeedback(db, workspaceId, hits, fused, settings.feedback.beta, hybrid.fusion, column)
      : fused;
  return { found: ranked.slice(0, limit), column };
}

/**
 * Pseudo-relevance feedback (Rocchio, on the candidates already found): each candidate's cosine is taken again
 * against the query moved towards the first result's best chunk f, q' = (q + beta f) / |q + beta f|, so
 * cos(q', d) = (cos(q, d) + beta cos(f, d)) / sqrt(1 + beta^2 + 2 beta cos(q, f)), and the items fused again.
 * Pages like the first result rise among the candidates; none is added. Each result keeps its hit's own distance
 * to the query (explain.semantic) and gets its cosine to f (explain.feedback).
 */
async function withFeedback(
  db: Db,
  workspaceId: string,
  hits: readonly search.ChunkHit[],
  fused: Fused[],
  beta: number,
  fusion: Fusion,
  column: search.VectorColumn,
): Promise<Fused[]> {
  const best = (fused[0] as Fused).hit;
  const norm = Math.sqrt(1 + beta * beta + 2 * beta * (1 - best.distance));
  // |q + beta f| is 0 only for f = -q at beta 1: no direction to move to.
  if (!(norm > 1e-6)) return fused;
  const ids = hits.map((h) => h.chunkId);
  const toFirst = await search.distancesToChunk(db, workspaceId, best.chunkId, ids, column);
  const own = new Map(hits.map((h) => [h.chunkId, h]));
  const moved = hits.map((h) => {
    const distance = toFirst.get(h.chunkId);
    return distance === undefined ? h : { ...h, distance: 1 - (1 - h.distance + beta * (1 - distance)) / norm };
  });
  return fuseItems(moved, fusion).map(({ hit, score }) => {
    const toBest = toFirst.get(hit.chunkId);
    return {
      hit: own.get(hit.chunkId) ?? hit,
      score,
      ...(toBest === undefined ? {} : { feedback: cosineOf(toBest) }),
    };
  });
}

/** What a search needs beyond the database: the query's embedding, and the reranker when one is configured. */
export interface SearchDeps {
  db: Db;
  embeddings: EmbeddingProvider;
  metrics?: Pick<Metrics, 'searchDuration'>;
  reranker?: Reranker | null;
  /** Told when the reranker failed and the results come back un-reranked. */
  onRerankSkipped?: (err: RerankError) => void;
  /** The deployment's settings (retrievalSettingsFor its EMBEDDING_TEXT_SCHEME); DEFAULT_RETRIEVAL when absent. */
  retrieval?: RetrievalSettings;
}

const settingsOf = (deps: Pick<SearchDeps, 'retrieval'>) => deps.retrieval ?? DEFAULT_RETRIEVAL;

/**
 * A search's deps from the process's: the reranker RERANK_URL configures (a failing one is logged), the retrieval
 * settings of EMBEDDING_TEXT_SCHEME.
 */
export function searchDeps(
  deps: Pick<Deps, 'db' | 'embeddings' | 'metrics' | 'reranker' | 'logger' | 'config'>,
): SearchDeps {
  return {
    db: deps.db,
    embeddings: deps.embeddings,
    metrics: deps.metrics,
    reranker: deps.reranker,
    retrieval: retrievalSettingsFor(deps.config.embeddings.textScheme),
    onRerankSkipped: (err) =>
      deps.logger.warn({ err: err.message, code: err.code }, 'reranker failed: results un-reranked'),
  };
}

/** POST /workspaces/{id}/knowledge/search: one result per item, best first. */
export async function searchKnowledge(
  deps: SearchDeps,
  workspaceId: string,
  input: { query: string; limit: number; filter: search.AccessFilter; mode?: SearchMode },
  settings: RetrievalSettings = settingsOf(deps),
  options: RankingOptions = {},
): Promise<SearchResult[]> {
  return (await rankedSearch(deps, workspaceId, input, settings, options)).results;
}

/** searchKnowledge with the ranking options, and what became of reranking. */
export async function rankedSearch(
  deps: SearchDeps,
  workspaceId: string,
  input: { query: string; limit: number; filter: search.AccessFilter; mode?: SearchMode },
  settings: RetrievalSettings = settingsOf(deps),
  options: RankingOptions = {},
): Promise<{ results: SearchResult[]; rerank?: RerankOutcome }> {
  const mode = input.mode ?? 'semantic';
  // The plan choice reads only the filter's counts, so its round trip runs while the query is embedded.
  const scope = searchScope(deps.db, workspaceId, input.filter, {
    languages: mode !== 'semantic',
    prose: readsProse(settings, mode, input.query),
  });
  scope.catch(() => undefined); // awaited in retrieve; a failed embedding must not leave it unhandled
  // Keyword search alone needs no vector; the other modes embed the query once.
  const vector = mode === 'keyword' ? undefined : await deps.embeddings.embedQuery(input.query);
  const query = { text: input.query, vector };
  const { ranked, outcome } = await retrieveRanked(deps, workspaceId, input.filter, query, input.limit, 'item', {
    mode,
    settings,
    options,
    scope,
  });
  const results = ranked.map(({ hit, score, explain }) => ({
    row: hit.item,
    excerpt: excerpt(hit.content),
    score: round6(score),
    pageNumber: hit.pageNumber,
    headings: hit.headings,
    ...(options.explain ? { explain } : {}),
  }));
  return { results, rerank: outcome };
}

/**
 * retrieve, then the final ranking (rankResults): the candidates the options ask for, with the request's
 * hybrid weight, reranked when asked, cut to `limit` and held to the score threshold.
 */
async function retrieveRanked(
  deps: SearchDeps,
  workspaceId: string,
  filter: search.AccessFilter,
  query: { text: string; vector?: number[] },
  limit: number,
  unit: 'item' | 'chunk',
  how: { mode: SearchMode; settings: RetrievalSettings; options: RankingOptions; scope?: Promise<SearchScope> },
): Promise<{ ranked: Ranked[]; outcome?: RerankOutcome }> {
  const { mode, options } = how;
  const { found, column } = await retrieve(
    deps,
    workspaceId,
    filter,
    query,
    candidateCount(limit, options),
    unit,
    mode,
    withRankingOptions(how.settings, options),
    how.scope,
  );
  // The query's shape is worth explaining only where it chose the keyword match and fusion.
  const shape = mode === 'hybrid' && how.settings.identifierHybrid ? queryShape(query.text) : undefined;
  return rankResults(deps.reranker, query.text, mode, found, limit, options, deps.onRerankSkipped, shape, column);
}

/** The `topK` best passages for RAG (RAG_MODE, the deployment's settings) under the request's ranking options. */
export function rankedPassages(
  deps: SearchDeps,
  workspaceId: string,
  filter: search.AccessFilter,
  query: { text: string; vector: number[] },
  topK: number,
  options: RankingOptions,
): Promise<{ ranked: Ranked[]; outcome?: RerankOutcome }> {
  return retrieveRanked(deps, workspaceId, filter, query, topK, 'chunk', {
    mode: RAG_MODE,
    settings: settingsOf(deps),
    options,
  });
}

/** The `topK` best passages (chunks) for RAG, in RAG_MODE unless told otherwise. */
export async function retrievePassages(
  { db }: DbDeps,
  workspaceId: string,
  filter: search.AccessFilter,
  query: { text: string; vector?: number[] },
  topK: number,
  mode: SearchMode = RAG_MODE,
  settings: RetrievalSettings = DEFAULT_RETRIEVAL,
): Promise<Fused[]> {
  return (await retrieve({ db }, workspaceId, filter, query, topK, 'chunk', mode, settings)).found;
}

/**
 * The search latency metric: the plan choice (what of it the query's embedding did not hide) and the retrieval
 * query since `startedAt` (performance.now()),
 * labelled by what ran: exact or hnsw (semantic), hybrid, keyword.
 */
export function observeSearch(metrics: Pick<Metrics, 'searchDuration'> | undefined, plan: string, startedAt: number) {
  metrics?.searchDuration.observe({ plan }, (performance.now() - startedAt) / 1000);
}

export async function titleSearch(
  { db }: DbDeps,
  workspaceId: string,
  input: { title: string; limit: number; filter: search.AccessFilter },
): Promise<SearchResult[]> {
  const rows = await search.titleSearch(db, workspaceId, input.filter, input.title, input.limit);
  const first = await search.firstChunks(
    db,
    workspaceId,
    rows.filter((r) => r.type === 'FILE').map((r) => r.id),
  );
  return rows.map((row) => ({ row, excerpt: excerpt(first.get(row.id) ?? row.content) }));
}

/** What a caller may narrow a search to, within its own scope (services/access/accessFilter.ts). */
interface RequestFilter {
  audienceId?: string;
  roleIds?: string[];
  filter?: ItemFilter;
}

/** searchKnowledge as the caller: its own scope combined with the request's filters. */
export async function searchVisibleKnowledge(
  deps: SearchDeps,
  auth: AuthState,
  input: { query: string; limit: number; mode?: SearchMode } & RequestFilter & RankingOptions,
): Promise<SearchResult[]> {
  return (await rankedVisibleSearch(deps, auth, input)).results;
}

/**
 * searchVisibleKnowledge with the ranking options (rerank defaults to the workspace's setting) and, with
 * explain for a credential the policy lets see them, the roles that make each hit visible.
 */
export async function rankedVisibleSearch(
  deps: SearchDeps,
  auth: AuthState,
  input: { query: string; limit: number; mode?: SearchMode } & RequestFilter & RankingOptions,
): Promise<{ results: SearchResult[]; rerank?: RerankOutcome }> {
  const filter = await accessFilter(deps, auth, input);
  const options: RankingOptions = {
    scoreThreshold: input.scoreThreshold,
    hybridWeight: input.hybridWeight,
    rerank: input.rerank ?? auth.workspace.rerank_default,
    rerankCandidates: input.rerankCandidates,
    explain: input.explain,
    feedback: input.feedback,
  };
  const found = await rankedSearch(
    deps,
    auth.workspace.id,
    { query: input.query, limit: input.limit, filter, mode: input.mode },
    settingsOf(deps),
    options,
  );
  if (input.explain && mayExplainRoles(auth)) {
    const roles = await visibilityRoles(
      deps.db,
      auth.workspace.id,
      found.results.map((r) => r.row.id),
    );
    for (const r of found.results) if (r.explain) r.explain.roles = roles.get(r.row.id) ?? [];
  }
  return found;
}

/** titleSearch as the caller: its own scope combined with the request's filters. */
export async function titleSearchVisible(
  { db }: DbDeps,
  auth: AuthState,
  input: { title: string; limit: number } & RequestFilter,
): Promise<SearchResult[]> {
  const filter = await accessFilter({ db }, auth, input);
  return titleSearch({ db }, auth.workspace.id, { title: input.title, limit: input.limit, filter });
}
