// Search queries. Access filters (audience, roles) are applied inside the SQL so a limit of N returns N
// results whenever N accessible items match. The semantic query chooses its plan deliberately: pgvector's
// HNSW filters after the index scan, so a selective filter gets an exact scan over the B-tree-filtered
// candidates instead, and a broad one gets HNSW with iterative scans.
import type { Knex } from 'knex';
import type { Db, Tx } from '../knex';
import type { KnowledgeRow } from '../rows';

export interface AccessFilter {
  /** Only knowledge assigned to this audience. */
  audienceId?: string;
  /** Only knowledge assigned (itself or through its parent) to at least one of these roles. */
  roleIds?: string[];
  /** Only knowledge assigned (itself or through its parent) to this role (RBAC: the caller's token role). */
  requiredRoleId?: string;
  /** Only this space's knowledge; without it, only workspace knowledge (space knowledge stays in its space). */
  spaceId?: string;
  /** Only knowledge in this language. */
  language?: string;
}

/** Adds the access filter to a query whose knowledge table is aliased `k`. */
export function applyAccessFilter(q: Knex.QueryBuilder, db: Tx, f: AccessFilter): Knex.QueryBuilder {
  if (f.spaceId) void q.andWhere('k.space_id', f.spaceId);
  else void q.whereNull('k.space_id');
  if (f.language !== undefined) void q.andWhere('k.language', f.language);
  if (f.audienceId) {
    void q.whereExists(
      db('knowledge_audiences as ka').whereRaw('ka.knowledge_id = k.id').andWhere('ka.audience_id', f.audienceId),
    );
  }
  // An item is assigned a role when it or its parent is (a site's pages, an unpacked archive's files).
  if (f.roleIds) {
    const roleIds = f.roleIds;
    void q.whereExists(
      db('knowledge_roles as kr').whereRaw('kr.knowledge_id IN (k.id, k.parent_id)').whereIn('kr.role_id', roleIds),
    );
  }
  if (f.requiredRoleId) {
    void q.whereExists(
      db('knowledge_roles as krr')
        .whereRaw('krr.knowledge_id IN (k.id, k.parent_id)')
        .andWhere('krr.role_id', f.requiredRoleId),
    );
  }
  return q;
}

export const toVectorLiteral = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;

export interface ChunkHit {
  knowledgeId: string;
  content: string;
  pageNumber: number;
  distance: number;
}

export type SearchPlan = 'exact' | 'hnsw';

/** Below this many candidate chunks an exact scan is both fast and exact (measured in bench/). */
export const EXACT_SCAN_MAX_CANDIDATES = 20_000;

function candidateChunks(db: Tx, workspaceId: string, filter: AccessFilter): Knex.QueryBuilder {
  const q = db('knowledge_chunks as c')
    .join('knowledge as k', 'k.id', 'c.knowledge_id')
    .where('c.workspace_id', workspaceId)
    .andWhere('k.workspace_id', workspaceId)
    .andWhere('k.status', 'COMPLETED')
    .whereNotNull('c.embedding');
  return applyAccessFilter(q, db, filter);
}

/** The columns a ChunkHit is read from (the distance to the query vector literal `vec`). */
const hitColumns = (db: Tx, vec: string) =>
  ['c.knowledge_id', 'c.content', 'c.page_number', db.raw('(c.embedding <=> ?::vector) as distance', [vec])] as const;

/** Counts candidate chunks up to cap + 1 (a bounded cost, enough to choose the plan). */
export async function countCandidates(db: Tx, workspaceId: string, filter: AccessFilter, cap: number): Promise<number> {
  const inner = candidateChunks(db, workspaceId, filter)
    .select(db.raw('1'))
    .limit(cap + 1);
  const [row] = await db.from(inner.as('s')).count<{ count: number }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}

/** Exact: the best chunk of every candidate item, then the `limit` closest items. */
export async function exactNearestItems(
  db: Tx,
  workspaceId: string,
  filter: AccessFilter,
  query: number[],
  limit: number,
): Promise<ChunkHit[]> {
  const vec = toVectorLiteral(query);
  // The sort carries only ids and distances (not chunk texts, which made it spill to disk); the
  // texts of the `limit` winners are joined afterwards.
  const best = candidateChunks(db, workspaceId, filter)
    .distinctOn('c.knowledge_id')
    .select('c.id', 'c.knowledge_id', db.raw('(c.embedding <=> ?::vector) as distance', [vec]))
    .orderBy([{ column: 'c.knowledge_id' }, { column: 'distance' }]);
  const top = db.from(best.as('best')).select('*').orderBy('distance').limit(limit);
  const rows = await db
    .from(top.as('top'))
    .join('knowledge_chunks as ch', 'ch.id', 'top.id')
    .select('top.knowledge_id', 'ch.content', 'ch.page_number', 'top.distance')
    .orderBy('top.distance');
  return rows.map(toHit);
}

/** The `k` nearest candidate chunks through the HNSW index with pgvector's iterative scan (relaxed order). */
async function hnswScan(
  db: Db,
  workspaceId: string,
  filter: AccessFilter,
  vec: string,
  k: number,
): Promise<ChunkHit[]> {
  return db.transaction(async (trx) => {
    // Settings are integers computed here, not input; SET cannot take bind parameters.
    // ef_search 400 keeps recall@10 near 0.99 at 100,000 chunks for ~3 ms more than 100 (bench/).
    await trx.raw(`SET LOCAL hnsw.ef_search = ${Math.min(Math.max(k, 400), 1000)}`);
    await trx.raw(`SET LOCAL hnsw.iterative_scan = relaxed_order`);
    await trx.raw(`SET LOCAL hnsw.max_scan_tuples = ${Math.max(20_000, k * 50)}`);
    const r = await candidateChunks(trx, workspaceId, filter)
      .select(...hitColumns(trx, vec))
      .orderByRaw('c.embedding <=> ?::vector', [vec])
      .limit(k);
    return r.map(toHit).sort((a: ChunkHit, b: ChunkHit) => a.distance - b.distance);
  });
}

/** HNSW over chunks, grouped to one per item; widens the scan until `limit` items or exhaustion. */
export async function hnswNearestItems(
  db: Db,
  workspaceId: string,
  filter: AccessFilter,
  query: number[],
  limit: number,
): Promise<ChunkHit[]> {
  const vec = toVectorLiteral(query);
  for (let k = Math.max(limit * 4, 40); ; k *= 4) {
    const rows = await hnswScan(db, workspaceId, filter, vec, k);
    const best = new Map<string, ChunkHit>();
    for (const hit of rows) if (!best.has(hit.knowledgeId)) best.set(hit.knowledgeId, hit);
    if (best.size >= limit || rows.length < k || k >= 4000) return [...best.values()].slice(0, limit);
  }
}

/** The `k` nearest chunks (passages, several may come from one item), exactly or through HNSW. */
export async function nearestChunks(
  db: Db,
  workspaceId: string,
  filter: AccessFilter,
  query: number[],
  k: number,
  plan: SearchPlan,
): Promise<ChunkHit[]> {
  const vec = toVectorLiteral(query);
  if (plan === 'hnsw') return hnswScan(db, workspaceId, filter, vec, k);
  // "+ 0" keeps the planner off the HNSW index: an exact ranking of the B-tree-filtered candidates.
  const rows = await candidateChunks(db, workspaceId, filter)
    .select(...hitColumns(db, vec))
    .orderByRaw('(c.embedding <=> ?::vector) + 0', [vec])
    .limit(k);
  return rows.map(toHit);
}

function toHit(r: { knowledge_id: string; content: string; page_number: number; distance: number | string }): ChunkHit {
  return { knowledgeId: r.knowledge_id, content: r.content, pageNumber: r.page_number, distance: Number(r.distance) };
}

export async function knowledgeByIds(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, KnowledgeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db<KnowledgeRow>('knowledge').where({ workspace_id: workspaceId }).whereIn('id', ids);
  return new Map(rows.map((r) => [r.id, r]));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Case-insensitive partial title match, newest first. */
export async function titleSearch(
  db: Tx,
  workspaceId: string,
  filter: AccessFilter,
  title: string,
  limit: number,
): Promise<KnowledgeRow[]> {
  const q = db('knowledge as k')
    .select('k.*')
    .where('k.workspace_id', workspaceId)
    .whereRaw(`lower(k.title) LIKE ? ESCAPE '\\'`, [`%${escapeLike(title.toLowerCase())}%`])
    .orderBy([
      { column: 'k.created_at', order: 'desc' },
      { column: 'k.id', order: 'desc' },
    ])
    .limit(limit);
  return applyAccessFilter(q, db, filter);
}

/** The first chunk of each item (an excerpt for results that have no matching chunk). */
export async function firstChunks(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ knowledge_id: string; content: string }> = await db('knowledge_chunks')
    .select('knowledge_id', 'content')
    .where({ workspace_id: workspaceId, chunk_index: 0 })
    .whereIn('knowledge_id', ids);
  return new Map(rows.map((r) => [r.knowledge_id, r.content]));
}
