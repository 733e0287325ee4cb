// Semantic and title search over a workspace's knowledge, with access filters inside the SQL.
import type { Db } from '../db/knex';
import * as search from '../db/repositories/search';
import type { KnowledgeRow } from '../db/rows';
import type { EmbeddingProvider } from '../embeddings/provider';
import type { Metrics } from '../observability/metrics';

export interface SearchResult {
  row: KnowledgeRow;
  excerpt: string;
  score?: number;
  pageNumber?: number;
}

export const EXCERPT_CHARS = 500;
const excerpt = (s: string) => (s.length > EXCERPT_CHARS ? s.slice(0, EXCERPT_CHARS) : s);

/** Chooses exact or HNSW by the (bounded) count of candidate chunks, see repositories/search.ts. */
export async function choosePlan(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  maxExact = search.EXACT_SCAN_MAX_CANDIDATES,
): Promise<search.SearchPlan> {
  const n = await search.countCandidates(db, workspaceId, filter, maxExact);
  return n <= maxExact ? 'exact' : 'hnsw';
}

export async function nearestItems(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  vector: number[],
  limit: number,
  plan?: search.SearchPlan,
): Promise<search.ChunkHit[]> {
  const chosen = plan ?? (await choosePlan(db, workspaceId, filter));
  return chosen === 'exact'
    ? search.exactNearestItems(db, workspaceId, filter, vector, limit)
    : search.hnswNearestItems(db, workspaceId, filter, vector, limit);
}

/**
 * The search latency metric: the plan choice and the nearest-neighbour query since `startedAt`
 * (performance.now()), labelled by the plan that ran (exact, hnsw, hybrid).
 */
export function observeSearch(metrics: Pick<Metrics, 'searchDuration'> | undefined, plan: string, startedAt: number) {
  metrics?.searchDuration.observe({ plan }, (performance.now() - startedAt) / 1000);
}

export async function semanticSearch(
  deps: { db: Db; embeddings: EmbeddingProvider; metrics?: Pick<Metrics, 'searchDuration'> },
  workspaceId: string,
  input: { query: string; limit: number; filter: search.AccessFilter },
): Promise<SearchResult[]> {
  const vector = await deps.embeddings.embedQuery(input.query);
  const startedAt = performance.now();
  const plan = await choosePlan(deps.db, workspaceId, input.filter);
  const hits = await nearestItems(deps.db, workspaceId, input.filter, vector, input.limit, plan);
  observeSearch(deps.metrics, plan, startedAt);
  const rows = await search.knowledgeByIds(
    deps.db,
    workspaceId,
    hits.map((h) => h.knowledgeId),
  );
  return hits.flatMap((h) => {
    const row = rows.get(h.knowledgeId);
    if (!row) return [];
    const score = Math.min(1, Math.max(0, 1 - h.distance));
    return [{ row, excerpt: excerpt(h.content), score: Math.round(score * 1e6) / 1e6, pageNumber: h.pageNumber }];
  });
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
