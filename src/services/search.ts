// Semantic, keyword and hybrid search over a workspace's knowledge, and the passages RAG retrieves, with
// access filters inside the SQL; title search. The vector plan (exact scan or HNSW) is chosen from the
// maintained counts of searchable chunks (repositories/searchCounts.ts): one small query, no counting.
import type { Db } from '../db/knex';
import * as search from '../db/repositories/search';
import * as counts from '../db/repositories/searchCounts';
import type { KnowledgeRow } from '../db/rows';
import type { EmbeddingProvider } from '../embeddings/provider';
import type { Metrics } from '../observability/metrics';
import type { AuthState } from '../policies/credentials';
import { accessFilter } from './access';
import { cosineOf, fuseChunks, fuseItems, type Fused, type Fusion } from './fusion';

export const SEARCH_MODES = ['semantic', 'hybrid', 'keyword'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface SearchResult {
  row: KnowledgeRow;
  excerpt: string;
  score?: number;
  pageNumber?: number;
}

export const EXCERPT_CHARS = 500;
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
  return { plan, atMost, estimate: Math.round(estimate), indexChunks };
}

/** Reads the scope counts (one query), folds fragmented ones, and chooses the vector plan. */
async function searchScope(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  opts: { languages?: boolean; maxExact?: number } = {},
): Promise<{ choice: PlanChoice; languages: string[] }> {
  const { base, groups } = filterScopes(filter);
  const c = await counts.scopeCounts(db, workspaceId, [base, ...groups.flat()], { languages: opts.languages });
  if (c.fragmented.length > 0) await counts.foldScopeCounts(db, workspaceId, c.fragmented);
  return { choice: planFor(c, filter, opts.maxExact), languages: c.languages };
}

export async function choosePlan(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  maxExact = EXACT_SCAN_MAX_CANDIDATES,
): Promise<search.SearchPlan> {
  return (await searchScope(db, workspaceId, filter, { maxExact })).choice.plan;
}

/** The `limit` items nearest to the vector (one per item, its nearest chunk), with the chosen or a given plan. */
export async function nearestItems(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  vector: number[],
  limit: number,
  plan?: search.SearchPlan,
): Promise<search.ChunkHit[]> {
  const chosen = plan ?? (await choosePlan(db, workspaceId, filter));
  return search.nearestItems(db, workspaceId, filter, vector, limit, chosen);
}

/**
 * How keyword and hybrid retrieval run; the defaults are the winners on the labelled set (bench/retrieval,
 * README "Retrieval quality"): a convex combination with the vector side at 0.8 and, inside hybrid, keyword
 * matches holding every lexeme of the query, ranked by BM25. Matching any lexeme lets common words of a
 * paraphrase outrank the vector side's answer (paraphrase nDCG@10 0.680 against 0.689, identifier 0.913 against
 * 0.917); reciprocal rank fusion over any lexeme did the same (0.680, 0.917). Keyword mode alone matches any
 * lexeme (it finds more: nDCG@10 0.590 against 0.258).
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
}

export const DEFAULT_RETRIEVAL: RetrievalSettings = {
  fusion: { kind: 'convex', alpha: 0.8 },
  keywordMatch: 'any',
  hybridKeywordMatch: 'all',
  candidatesPerResult: 5,
  minCandidates: 50,
  maxRanked: 5000,
};

/** The mode space RAG retrieves passages with: the winner on the labelled set (bench/retrieval, README). */
export const RAG_MODE: SearchMode = 'hybrid';

/** A keyword rank as a score in [0, 1) (BM25 is unbounded above). */
export const keywordScore = (rank: number) => rank / (rank + 1);

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
): Promise<Fused[]> {
  const startedAt = performance.now();
  const { choice, languages } = await searchScope(db, workspaceId, filter, { languages: mode !== 'semantic' });
  if (mode === 'semantic') {
    if (!query.vector) throw new Error('semantic retrieval needs the query vector');
    const hits =
      unit === 'item'
        ? await search.nearestItems(db, workspaceId, filter, query.vector, limit, choice.plan)
        : await search.nearestChunks(db, workspaceId, filter, query.vector, limit, choice.plan);
    observeSearch(metrics, choice.plan, startedAt);
    return hits.map((hit) => ({ hit, score: cosineOf(hit.distance) }));
  }
  const k = Math.max(settings.minCandidates, settings.candidatesPerResult * limit);
  const hits = await search.hybridCandidates(
    db,
    workspaceId,
    filter,
    {
      vector: query.vector,
      keyword: {
        text: query.text,
        languages,
        match: mode === 'hybrid' ? settings.hybridKeywordMatch : settings.keywordMatch,
      },
    },
    { vectorK: mode === 'hybrid' ? k : 0, plan: choice.plan, keywordK: k, maxRanked: settings.maxRanked },
  );
  observeSearch(metrics, mode, startedAt);
  if (mode === 'keyword') {
    const best = new Map<string, search.ChunkHit>();
    for (const h of hits.sort((a, b) => b.keywordRank - a.keywordRank || a.distance - b.distance)) {
      const key = unit === 'item' ? h.knowledgeId : h.chunkId;
      if (!best.has(key)) best.set(key, h);
    }
    return [...best.values()].slice(0, limit).map((hit) => ({ hit, score: keywordScore(hit.keywordRank) }));
  }
  return (unit === 'item' ? fuseItems(hits, settings.fusion) : fuseChunks(hits, settings.fusion)).slice(0, limit);
}

/** POST /workspaces/{id}/knowledge/search: one result per item, best first. */
export async function searchKnowledge(
  deps: { db: Db; embeddings: EmbeddingProvider; metrics?: Pick<Metrics, 'searchDuration'> },
  workspaceId: string,
  input: { query: string; limit: number; filter: search.AccessFilter; mode?: SearchMode },
  settings: RetrievalSettings = DEFAULT_RETRIEVAL,
): Promise<SearchResult[]> {
  const mode = input.mode ?? 'semantic';
  // Keyword search alone needs no vector; the other modes embed the query once.
  const vector = mode === 'keyword' ? undefined : await deps.embeddings.embedQuery(input.query);
  const fused = await retrieve(
    deps,
    workspaceId,
    input.filter,
    { text: input.query, vector },
    input.limit,
    'item',
    mode,
    settings,
  );
  return fused.map(({ hit, score }) => ({
    row: hit.item,
    excerpt: excerpt(hit.content),
    score: round6(score),
    pageNumber: hit.pageNumber,
  }));
}

/** The `topK` best passages (chunks) for RAG, in RAG_MODE unless told otherwise. */
export async function retrievePassages(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  query: { text: string; vector?: number[] },
  topK: number,
  mode: SearchMode = RAG_MODE,
  settings: RetrievalSettings = DEFAULT_RETRIEVAL,
): Promise<Fused[]> {
  return retrieve({ db }, workspaceId, filter, query, topK, 'chunk', mode, settings);
}

/**
 * The search latency metric: the plan choice and the retrieval query since `startedAt` (performance.now()),
 * labelled by what ran: exact or hnsw (semantic), hybrid, keyword.
 */
export function observeSearch(metrics: Pick<Metrics, 'searchDuration'> | undefined, plan: string, startedAt: number) {
  metrics?.searchDuration.observe({ plan }, (performance.now() - startedAt) / 1000);
}

export async function titleSearch(
  db: Db,
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

/** What a caller may narrow a search to, within its own scope (services/access.ts). */
interface RequestFilter {
  audienceId?: string;
  roleIds?: string[];
}

/** searchKnowledge as the caller: its own scope combined with the request's filters. */
export async function searchVisibleKnowledge(
  deps: { db: Db; embeddings: EmbeddingProvider; metrics?: Pick<Metrics, 'searchDuration'> },
  auth: AuthState,
  input: { query: string; limit: number; mode?: SearchMode } & RequestFilter,
): Promise<SearchResult[]> {
  const filter = await accessFilter(deps.db, auth, input);
  return searchKnowledge(deps, auth.workspace.id, { query: input.query, limit: input.limit, filter, mode: input.mode });
}

/** titleSearch as the caller: its own scope combined with the request's filters. */
export async function titleSearchVisible(
  db: Db,
  auth: AuthState,
  input: { title: string; limit: number } & RequestFilter,
): Promise<SearchResult[]> {
  const filter = await accessFilter(db, auth, input);
  return titleSearch(db, auth.workspace.id, { title: input.title, limit: input.limit, filter });
}
