// Search queries. Access filters (audience, roles, space, language) are applied inside the SQL, so a
// limit of N returns N results whenever N accessible items match.
//
// Vector plans: pgvector's HNSW filters after the index scan, so a selective filter gets an exact scan
// over the B-tree-filtered candidates (the caller chooses, see searchCounts.ts), a broad one HNSW with
// iterative scans. The HNSW settings are the session's (set once per connection in ../knex.ts), so an
// HNSW query is one round trip; only a scan wider than ef_search sets its own in a transaction.
//
// Keyword search: PostgreSQL full-text search over the chunks' `content_tsv` (GIN index), the query parsed
// under the text search configurations of the workspace's languages (kws_keyword_tsquery, migration
// 0009_hybrid_search), ranked by Okapi BM25 (migration 0017_bm25_keyword): term frequencies from the
// tsvector's positions, the chunk's length in lexemes (a stored column), and per query, over the chunks the
// access filter admits (so a score says nothing about chunks the caller cannot see), the chunk count and their
// average length (sums of per-item statistics) and each query lexeme's document frequency (counted through the
// GIN index, at most maxRanked). Lexemes split names at punctuation and keep dotted and underscored names whole.
import type { Knex } from 'knex';
import type { Db, Tx } from '../knex';
import type { KnowledgeRow } from '../rows';
import type { AccessFilter } from '../../domain/access';
import { applyItemFilter } from './itemFilter';
import { listedItemColumns } from './listedItems';
import { PROSE_MISSING_WHERE } from '../migrations/0038_prose_vectors';

// Callers that read the scope as search.AccessFilter keep that name; the type lives in src/domain.
export type { AccessFilter } from '../../domain/access';

/**
 * How a role filter joins:
 * - 'per-row' tests each item (an EXISTS probe per row): right when rows come in an index's order, as through
 *   HNSW, and are stopped by a LIMIT.
 * - 'set' computes the role's items once (the items holding the role and their children) and joins them: right
 *   for a scan over every candidate where the role is broad, as the keyword matches and the candidate count
 *   (countCandidateChunks), and the exact vector plan when another filter chose it (at 100,000 chunks it took
 *   the exact plan from 45.8 to 12.1 ms with a 1% role and 127.9 to 35.2 ms with 10%, against 'per-row':
 *   bench/knowledge).
 * - 'ids' computes the same items once as an array and reads them (and their children, by parent) through the
 *   primary key and parent indexes: the exact vector plan when the role filters are what made it exact (each
 *   admits at most the exact scan's bound, PlanChoice.rolesById in services/search), so the array is bounded.
 *   With PostgreSQL's default costs (random_page_cost 4) the planner hash-joins 'set' over sequential scans of
 *   every item, twice (the items, then the children): at 11,573 items and a 1% role, 11.8-13.5 -> 7.6 ms, as
 *   fast as the raw query with an EXISTS per item; 10%: unchanged, 37-39 ms (docs/explanation/benchmarks.md).
 */
export type RoleJoin = 'per-row' | 'set' | 'ids';

/** Adds the access filter to a query whose knowledge table is aliased `k`. */
export function applyAccessFilter(
  q: Knex.QueryBuilder,
  db: Tx,
  f: AccessFilter,
  roleJoin: RoleJoin = 'per-row',
): Knex.QueryBuilder {
  if (f.spaceId) void q.andWhere('k.space_id', f.spaceId);
  else void q.whereNull('k.space_id');
  if (f.language !== undefined) void q.andWhere('k.language', f.language);
  if (f.where) void applyItemFilter(q, f.where);
  if (f.audienceId) {
    void q.whereExists(
      db('knowledge_audiences as ka').whereRaw('ka.knowledge_id = k.id').andWhere('ka.audience_id', f.audienceId),
    );
  }
  // An item is assigned a role when it or its parent is (a site's pages, an unpacked archive's files).
  const required = f.requiredRoleId === undefined ? undefined : f.requiredRoleId === null ? [] : [f.requiredRoleId];
  const roleFilters = [f.roleIds, required];
  for (const [i, roleIds] of roleFilters.entries()) {
    if (!roleIds) continue;
    const kr = `kr${i}`;
    if (roleJoin === 'per-row') {
      void q.whereExists(
        db(`knowledge_roles as ${kr}`)
          .whereRaw(`${kr}.knowledge_id IN (k.id, k.parent_id)`)
          .whereIn(`${kr}.role_id`, roleIds),
      );
    } else if (roleJoin === 'ids') {
      const holding = (alias: string) =>
        db(`knowledge_roles as ${alias}`).select(`${alias}.knowledge_id`).whereIn(`${alias}.role_id`, roleIds);
      void q.whereRaw('k.id = any(array(?))', [
        holding(kr).unionAll((u) =>
          u
            .select(`${kr}c.id`)
            .from(`knowledge as ${kr}c`)
            .whereRaw(`${kr}c.parent_id = any(array(?))`, [holding(`${kr}p`)]),
        ),
      ]);
    } else {
      void q.whereIn(
        'k.id',
        db(`knowledge_roles as ${kr}`)
          .select(`${kr}.knowledge_id`)
          .whereIn(`${kr}.role_id`, roleIds)
          .unionAll((u) =>
            u
              .select(`${kr}c.id`)
              .from(`knowledge_roles as ${kr}p`)
              .join(`knowledge as ${kr}c`, `${kr}c.parent_id`, `${kr}p.knowledge_id`)
              .whereIn(`${kr}p.role_id`, roleIds),
          ),
      );
    }
  }
  return q;
}

export const toVectorLiteral = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;

export type SearchPlan = 'exact' | 'hnsw';

/** The HNSW settings of every connection (../knex.ts); a wider scan sets ef_search for itself. */
export const HNSW_SESSION = { efSearch: 400 } as const;

/** A chunk a search found, with its item. */
export interface ChunkHit {
  chunkId: string;
  knowledgeId: string;
  content: string;
  pageNumber: number;
  /** The section headings the chunk starts under, outermost first (migration 0035); none: []. */
  headings: string[];
  /** Cosine distance to the query vector (0: same direction, 2: opposite). */
  distance: number;
  /**
   * Okapi BM25 score of the chunk for the keyword query; 0 when it does not match or there is none (with
   * KeywordQuery.rankHeld: the score of the query lexemes it holds).
   */
  keywordRank: number;
  item: KnowledgeRow;
}

export type HeldRanking = 'matched' | 'always';

/** The keyword side of a search: the text, and the languages whose configurations parse it. */
export interface KeywordQuery {
  text: string;
  /** Language codes present in the scope ('': items without a language, parsed with `simple`). */
  languages: string[];
  /** 'all': chunks holding every lexeme (under one configuration); 'any': chunks holding at least one. */
  match: 'all' | 'any';
  /**
   * Hybrid candidates' keyword rank from the query lexemes each holds, whether or not it matches `match`: the
   * vector side's candidates then score by a partial match too, while only `match` decides the keyword side's own
   * candidates. 'matched': only when some chunk matches (the statistics are then read anyway); 'always': also
   * when none does (the statistics then cost a query that would otherwise skip them). Absent: matches only.
   */
  rankHeld?: HeldRanking;
}

/** The searchable chunks `c` of the filter's items `k`. */
function candidateChunks(db: Tx, workspaceId: string, filter: AccessFilter, roleJoin?: RoleJoin): Knex.QueryBuilder {
  const q = db('knowledge_chunks as c')
    .join('knowledge as k', 'k.id', 'c.knowledge_id')
    .where('c.workspace_id', workspaceId)
    .andWhere('k.workspace_id', workspaceId)
    .andWhere('k.status', 'COMPLETED')
    .whereRaw('c.version = k.current_version')
    .andWhere('c.enabled', true)
    .whereNotNull('c.embedding');
  return applyAccessFilter(q, db, filter, roleJoin);
}

/**
 * How many chunks the filter's items hold, counting at most `max`: a selectivity probe for a filter the
 * maintained counts cannot see (the request's attribute filter), bounded so a broad filter costs at most `max`
 * rows. The enabled chunks of each item's current version, as the maintained counts (migration
 * 0023_version_statistics); an upper bound on the candidates (chunks without a vector count too), so the
 * chunks are counted from an index alone (the partial index of enabled chunks by item and version), not read
 * (at 100,000 chunks, a 1% attribute filter's probe read them for 12.7 ms p50 of a 31.9 ms search:
 * bench/knowledge).
 */
export async function countCandidateChunks(
  db: Tx,
  workspaceId: string,
  filter: AccessFilter,
  max: number,
): Promise<number> {
  const items = applyAccessFilter(
    db('knowledge as k')
      .select('k.id', 'k.current_version')
      .where('k.workspace_id', workspaceId)
      .andWhere('k.status', 'COMPLETED'),
    db,
    filter,
    'set',
  );
  const probe = db('knowledge_chunks as c')
    .select(db.raw('1'))
    .whereIn(['c.knowledge_id', 'c.version'], items)
    .andWhere('c.enabled', true)
    .limit(max);
  const [row] = await db.from(probe.as('p')).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

/**
 * The `k` nearest candidate chunks (id, item, distance): exactly ("+ 0" keeps the planner off the HNSW
 * index: a top-k sort of the B-tree-filtered candidates), or through the HNSW index.
 */
function vectorTop(
  db: Tx,
  workspaceId: string,
  filter: AccessFilter,
  vec: string,
  k: number,
  plan: SearchPlan,
  rolesById = false,
  column: VectorColumn = 'embedding',
) {
  return candidateChunks(db, workspaceId, filter, plan === 'exact' ? (rolesById ? 'ids' : 'set') : 'per-row')
    .modify((q) => (column === 'embedding' ? q : q.whereNotNull(`c.${column}`)))
    .select('c.id', 'c.knowledge_id', db.raw(`?? <=> ?::${VECTOR_TYPE[column]} as distance`, [`c.${column}`, vec]))
    .orderByRaw(plan === 'exact' ? `(?? <=> ?::${VECTOR_TYPE[column]}) + 0` : `?? <=> ?::${VECTOR_TYPE[column]}`, [
      `c.${column}`,
      vec,
    ])
    .limit(k);
}

/**
 * Which vector of each chunk a search reads: the chunk's own (`embedding`), or under `header-mix` its prose
 * vector (migration 0038_prose_vectors), which the search service takes for prose queries once the workspace's
 * chunks all have one (proseVectorsComplete).
 */
export type VectorColumn = 'embedding' | 'embedding_prose';

/** Each column's type, which the query vector is cast to (so the column's HNSW index serves the order). */
const VECTOR_TYPE: Record<VectorColumn, 'vector' | 'halfvec'> = { embedding: 'vector', embedding_prose: 'halfvec' };

/**
 * Whether every chunk of the workspace with a vector also has a prose vector: the partial index of those that
 * do not (0038_prose_vectors) is probed for one row.
 */
export async function proseVectorsComplete(db: Db | Tx, workspaceId: string): Promise<boolean> {
  // The predicate of the partial index (0038_prose_vectors, PROSE_MISSING_INDEX), so the planner probes it.
  const { rows } = await db.raw<{ rows: Array<{ missing: boolean }> }>(
    `SELECT EXISTS (SELECT 1 FROM knowledge_chunks WHERE workspace_id = ? AND ${PROSE_MISSING_WHERE}) AS missing`,
    [workspaceId],
  );
  return rows[0]?.missing === false;
}

const tsquery = (db: Tx, q: KeywordQuery, operator: '&' | '|') =>
  db.raw('kws_keyword_tsquery(?, ?::text[], ?)', [q.text, q.languages, operator]);

/**
 * Query lexemes BM25 scores (each costs a document-frequency count of up to `maxRanked` chunks): a query of
 * more distinct words is still matched by all of them, and scored by its first 64.
 */
export const MAX_SCORED_LEXEMES = 64;

/** Okapi BM25's parameters (the usual ones, as the labelled-set script's). */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

/**
 * The chunk count `n` and average length `avgdl` of the chunks the filter admits: sums of the admitted items'
 * statistics (knowledge_keyword_stats, kept by triggers with their chunks: migrations 0017_bm25_keyword and
 * 0023_version_statistics), so far fewer rows than the chunks. They count the enabled chunks of each item's
 * current version, the chunks search matches.
 */
function keywordScope(db: Tx, workspaceId: string, filter: AccessFilter) {
  const items = db('knowledge as k')
    .join('knowledge_keyword_stats as ks', 'ks.knowledge_id', 'k.id')
    .where('k.workspace_id', workspaceId)
    .andWhere('ks.workspace_id', workspaceId)
    .andWhere('k.status', 'COMPLETED');
  return applyAccessFilter(items, db, filter, 'set').select(
    db.raw('coalesce(sum(ks.chunks), 0)::float8 as n'),
    db.raw('greatest(coalesce(sum(ks.lexemes)::float8 / nullif(sum(ks.chunks), 0), 0), 1)::float8 as avgdl'),
  );
}

/**
 * The CTEs the keyword parts below read: `keyword_query` (the tsquery `q`), `keyword_scope` (`n` chunks the
 * filter admits and their average length `avgdl`, from the items' statistics) and
 * `keyword_terms` (each query lexeme with its BM25 idf over that scope). A lexeme's document frequency is
 * counted up to `maxRanked` (a bound on the cost of very common words: such a word's idf comes out a little
 * high, and it is low anyway).
 */
function withKeywordQuery(db: Tx, workspaceId: string, filter: AccessFilter, q: KeywordQuery, maxRanked: number) {
  const holding = candidateChunks(db, workspaceId, filter, 'set')
    .select(db.raw('1'))
    .whereRaw('c.content_tsv @@ kws_lexeme_tsquery(t.lexeme)')
    .limit(maxRanked);
  return db
    .with('keyword_query', (w) => w.select({ q: tsquery(db, q, q.match === 'all' ? '&' : '|') }))
    .with('keyword_scope', keywordScope(db, workspaceId, filter))
    .with(
      'keyword_terms',
      db.raw(
        `select t.lexeme, ln(1 + (s.n - d.df + 0.5) / (d.df + 0.5)) as idf
           from keyword_scope s
          cross join unnest((kws_keyword_lexemes(?, ?::text[]))[1:${MAX_SCORED_LEXEMES}]) as t(lexeme)
          cross join lateral (select count(*)::float8 as df from (?) as h) as d`,
        [q.text, q.languages, holding],
      ),
    );
}

/**
 * The BM25 score of chunk `alias` (its content_tsv and content_lexemes) for the keyword CTEs: the sum over
 * the query lexemes it holds of idf x tf (k1 + 1) / (tf + k1 (1 - b + b x length / avgdl)), tf being the
 * lexeme's positions in the chunk. Only the query's lexemes are unnested: setweight marks them A (to_tsvector
 * gives every lexeme D) and ts_filter keeps them, both in C, instead of a SQL row per lexeme of the chunk.
 */
const bm25Of = (alias: string) => `(select coalesce(sum(t.idf * u.tf * ${BM25.k1 + 1} /
      (u.tf + ${BM25.k1} * (1 - ${BM25.b} + ${BM25.b} * ${alias}.content_lexemes / s.avgdl))), 0)
   from (select lexeme, coalesce(array_length(positions, 1), 1) as tf
           from unnest(ts_filter(setweight(${alias}.content_tsv, 'A',
                                           (select array_agg(lexeme) from keyword_terms)), '{a}'))) as u
   join keyword_terms as t on t.lexeme = u.lexeme
   cross join keyword_scope as s)`;

/**
 * The `k` best keyword matches by BM25, reading the keyword CTEs. Ranking reads every match's tsvector, so
 * at most `maxRanked` matches (in storage order) are ranked: a bound on the cost of a query made of very
 * common words.
 */
function keywordTop(db: Tx, workspaceId: string, filter: AccessFilter, k: number, maxRanked: number) {
  const matches = candidateChunks(db, workspaceId, filter, 'set')
    .select('c.id', 'c.knowledge_id', 'c.content_tsv', 'c.content_lexemes')
    .whereRaw('c.content_tsv @@ (select q from keyword_query)')
    .limit(maxRanked);
  return db
    .from(matches.as('m'))
    .select('m.id', 'm.knowledge_id', db.raw(`${bm25Of('m')} as rank`))
    .orderBy('rank', 'desc')
    .limit(k);
}

/** The BM25 statistics of a keyword query over the chunks a filter admits (what the ranking reads). */
export interface KeywordStatistics {
  chunks: number;
  avgLength: number;
  terms: Array<{ lexeme: string; idf: number }>;
}

export async function keywordStatistics(
  db: Db,
  workspaceId: string,
  filter: AccessFilter,
  keyword: KeywordQuery,
  maxRanked: number,
): Promise<KeywordStatistics> {
  const rows: Array<{ n: number; avgdl: number; lexeme: string | null; idf: number | null }> = await withKeywordQuery(
    db,
    workspaceId,
    filter,
    keyword,
    maxRanked,
  )
    .from('keyword_scope as s')
    .leftJoin('keyword_terms as t', db.raw('true'))
    .select('s.n', 's.avgdl', 't.lexeme', 't.idf')
    .orderBy('t.lexeme');
  const first = rows[0] as { n: number; avgdl: number };
  return {
    chunks: Number(first.n),
    avgLength: Number(first.avgdl),
    terms: rows.filter((r) => r.lexeme !== null).map((r) => ({ lexeme: r.lexeme as string, idf: Number(r.idf) })),
  };
}

interface HitRow {
  chunk_id: string;
  chunk_content: string;
  chunk_page_number: number;
  chunk_heading_path: string[] | null;
  distance: number | string;
  keyword_rank: number | string | null;
  scanned?: number | string;
}

function toHit(r: HitRow & KnowledgeRow): ChunkHit {
  const { chunk_id, chunk_content, chunk_page_number, chunk_heading_path, distance, keyword_rank, scanned, ...item } =
    r;
  void scanned;
  return {
    chunkId: chunk_id,
    knowledgeId: item.id,
    content: chunk_content,
    pageNumber: chunk_page_number,
    headings: chunk_heading_path ?? [],
    distance: Number(distance),
    keywordRank: Number(keyword_rank ?? 0),
    item,
  };
}

/**
 * When a hybrid candidate `ch` takes its BM25 score (else 0): 'match' when it matches the keyword query; with
 * KeywordQuery.rankHeld, 'matched' once some chunk does (kw: the keyword side's own candidates, which match it;
 * hybridCandidates), 'always' in any case.
 */
const RANKED_WHEN = {
  match: 'ch.content_tsv @@ (select q from keyword_query)',
  matched: 'exists (select 1 from kw)',
  always: 'true',
} as const;

/**
 * The chunk columns of a hit, from chunks `ch` and items `k`: the distance to `vec` (1, orthogonal, without
 * one) and the rank for the keyword query.
 */
function hitColumns(
  db: Tx,
  vec: string | undefined,
  keyword: false | 'match' | HeldRanking,
  column: VectorColumn = 'embedding',
) {
  return [
    ...listedItemColumns(db),
    'ch.id as chunk_id',
    'ch.content as chunk_content',
    'ch.page_number as chunk_page_number',
    'ch.heading_path as chunk_heading_path',
    // A keyword candidate without the vector read (never, once a workspace's prose vectors are complete) is
    // orthogonal, as without a query vector.
    vec === undefined
      ? db.raw('1 as distance')
      : db.raw(`coalesce(?? <=> ?::${VECTOR_TYPE[column]}, 1) as distance`, [`ch.${column}`, vec]),
    keyword
      ? db.raw(`case when ${RANKED_WHEN[keyword]} then ${bm25Of('ch')} else 0 end as keyword_rank`)
      : db.raw('0 as keyword_rank'),
  ];
}

/**
 * How wide an HNSW search is: the index's candidate list (hnsw.ef_search) and the chunks the first scan
 * takes (at least `limit` x 4); a scan longer than ef_search goes on by pgvector's iterative scan.
 */
export interface HnswScan {
  efSearch: number;
  firstScan: number;
}

/**
 * Runs fn with ef_search set when it differs from the session's: the given one, or without one, a scan of k
 * raises it to k.
 */
async function withEfSearch<T>(
  db: Db,
  plan: SearchPlan,
  k: number,
  fn: (tx: Tx) => Promise<T>,
  efSearch?: number,
): Promise<T> {
  const ef = Math.min(Math.floor(efSearch ?? Math.max(k, HNSW_SESSION.efSearch)), 1000);
  if (plan === 'exact' || ef === HNSW_SESSION.efSearch) return fn(db);
  return db.transaction(async (trx) => {
    // An integer computed here, not input; SET cannot take bind parameters.
    await trx.raw(`SET LOCAL hnsw.ef_search = ${ef}`);
    return fn(trx);
  });
}

/**
 * The `limit` items nearest to the query vector, each with its nearest chunk: the `k` nearest chunks,
 * grouped by item in one query. When they hold fewer than `limit` items and there may be more, the scan
 * widens. Exact plan: exact. HNSW: approximate; a scan that ends short of `limit` items (the filter
 * admits few of the chunks it reached) falls back to the exact plan.
 */
export async function nearestItems(
  db: Db,
  workspaceId: string,
  filter: AccessFilter,
  query: number[],
  limit: number,
  plan: SearchPlan,
  opts: { scan?: HnswScan; rolesById?: boolean; column?: VectorColumn } = {},
): Promise<ChunkHit[]> {
  const { scan, rolesById, column } = opts;
  const vec = toVectorLiteral(query);
  // The first scan takes `limit` x 4 chunks; when they hold fewer than `limit` items the scan widens 4x (and
  // past 4,000 chunks, or an index run dry, the exact plan answers). The HNSW search itself still visits
  // ef_search (400) candidates; only the rows pulled through the filter and the grouping stop at k. On the real
  // 100,000-chunk corpus (Debian documentation, the API's text questions; bench/knowledge/realSearch.ts) a first
  // scan of 40 found recall@10 1.000 with no filter and 0.998 with a 50 % role filter, in 6.9 and 7.1 ms at p50,
  // against 8.4 and 16.6 ms for a first scan of all 400 candidates (which held recall at 1.000). Queries far
  // from every chunk (the synthetic vectors of bench/knowledge/search.ts, off the model's distribution) need
  // far longer scans (recall@10 0.50-0.55 at 400 chunks there); `scan` lets the bench's sweep ask for them.
  // The exact plan ranks every candidate anyway, and keeps the first k in a top-k heap, whose size costs
  // little: it starts at `limit` x 20 chunks, so a page of many chunks near the query (a long document's) seldom
  // leaves it short of `limit` items and asks for a second query.
  const first = plan === 'hnsw' ? Math.max(limit * 4, scan?.firstScan ?? 0) : Math.max(limit * 20, 200);
  for (let k = first; ; k *= 4) {
    const rows = await withEfSearch(
      db,
      plan,
      k,
      async (tx) =>
        tx
          .with('top', vectorTop(tx, workspaceId, filter, vec, k, plan, rolesById, column))
          .with('best', (w) => w.distinctOn('knowledge_id').from('top').orderBy(['knowledge_id', 'distance']))
          // The `limit` nearest items before their rows are joined: a join over every item `top` holds lets the
          // planner hash-join a sequential scan of the workspace's items (4.5 of 9.3 ms at 25,000 items).
          .with('nearest', (w) => w.select('*').from('best').orderBy('distance').limit(limit))
          .from('nearest')
          .join('knowledge_chunks as ch', 'ch.id', 'nearest.id')
          .join('knowledge as k', 'k.id', 'nearest.knowledge_id')
          .select(...hitColumns(tx, vec, false, column), tx.raw('(select count(*) from top) as scanned'))
          .orderBy('nearest.distance'),
      scan?.efSearch,
    );
    const hits = rows.map(toHit);
    const scanned = Number(rows[0]?.scanned ?? 0);
    if (hits.length >= limit || (plan === 'exact' && scanned < k)) return hits;
    if (plan === 'hnsw' && (scanned < k || k >= 4000)) {
      // An HNSW scan that came back short: the role filters were not what chose the plan, so they join as a set.
      return nearestItems(db, workspaceId, filter, query, limit, 'exact', { column });
    }
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
  rolesById = false,
  column: VectorColumn = 'embedding',
): Promise<ChunkHit[]> {
  const vec = toVectorLiteral(query);
  const rows = await db
    .with('top', vectorTop(db, workspaceId, filter, vec, k, plan, rolesById, column))
    .from('top')
    .join('knowledge_chunks as ch', 'ch.id', 'top.id')
    .join('knowledge as k', 'k.id', 'top.knowledge_id')
    .select(...hitColumns(db, vec, false, column))
    .orderBy('top.distance');
  return rows.map(toHit);
}

export interface HybridCandidatesOptions {
  /** Nearest chunks taken from the vector side (0 or no query vector: keyword search alone). */
  vectorK: number;
  plan: SearchPlan;
  /** The exact plan reads the role filters' items by id (RoleJoin 'ids'; else 'set'). */
  rolesById?: boolean;
  /** Best keyword matches taken. */
  keywordK: number;
  maxRanked: number;
  /** The vector each candidate's distance is read from (the chunk's own unless told). */
  column?: VectorColumn;
}

/**
 * Candidates for hybrid and keyword search, in one query: the `vectorK` nearest chunks and the `keywordK`
 * best keyword matches, each with both its distance to the query vector and its keyword rank, so a
 * fusion can score every candidate on both sides. Unordered.
 */
export async function hybridCandidates(
  db: Db,
  workspaceId: string,
  filter: AccessFilter,
  query: { vector?: number[]; keyword: KeywordQuery },
  opts: HybridCandidatesOptions,
): Promise<ChunkHit[]> {
  const vec = query.vector ? toVectorLiteral(query.vector) : undefined;
  const rows = await withEfSearch(db, opts.plan, opts.vectorK, async (tx) => {
    let q = withKeywordQuery(tx, workspaceId, filter, query.keyword, opts.maxRanked).with(
      'kw',
      keywordTop(tx, workspaceId, filter, opts.keywordK, opts.maxRanked),
    );
    let candidates = tx.select('id').from('kw');
    if (vec !== undefined && opts.vectorK > 0) {
      q = q.with('vec', vectorTop(tx, workspaceId, filter, vec, opts.vectorK, opts.plan, opts.rolesById, opts.column));
      candidates = candidates.union(tx.select('id').from('vec'));
    }
    return q
      .with('cand', candidates)
      .from('cand')
      .join('knowledge_chunks as ch', 'ch.id', 'cand.id')
      .join('knowledge as k', 'k.id', 'ch.knowledge_id')
      .select(...hitColumns(tx, vec, query.keyword.rankHeld ?? 'match', opts.column));
  });
  return rows.map(toHit);
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
    .select(listedItemColumns(db))
    .where('k.workspace_id', workspaceId)
    .whereRaw(`lower(k.title) LIKE ? ESCAPE '\\'`, [`%${escapeLike(title.toLowerCase())}%`])
    .orderBy([
      { column: 'k.created_at', order: 'desc' },
      { column: 'k.id', order: 'desc' },
    ])
    .limit(limit);
  return applyAccessFilter(q, db, filter);
}

/** The first enabled chunk of each item's current version (an excerpt for results that have no matching chunk). */
export async function firstChunks(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ knowledge_id: string; content: string }> = await db('knowledge_chunks as c')
    .join('knowledge as k', 'k.id', 'c.knowledge_id')
    .distinctOn('c.knowledge_id')
    .select('c.knowledge_id', 'c.content')
    .where({ 'c.workspace_id': workspaceId, 'c.enabled': true })
    .whereRaw('c.version = k.current_version')
    .whereIn('c.knowledge_id', ids)
    .orderBy(['c.knowledge_id', 'c.chunk_index']);
  return new Map(rows.map((r) => [r.knowledge_id, r.content]));
}

/**
 * The enabled chunks of the same item version and page within `window` positions of each given chunk (the
 * given chunk excluded): the context a RAG passage returns around the chunk that matched. Keyed by the given
 * chunk's id, in chunk order; `offset` is the neighbour's position relative to it (-1: just before).
 */
export async function neighbourChunks(
  db: Tx,
  workspaceId: string,
  chunkIds: readonly string[],
  window: number,
): Promise<Map<string, Array<{ offset: number; content: string }>>> {
  const found = new Map<string, Array<{ offset: number; content: string }>>();
  if (chunkIds.length === 0 || window < 1) return found;
  const rows: Array<{ of: string; offset: number; content: string }> = await db('knowledge_chunks as c')
    .join('knowledge_chunks as n', function () {
      this.on('n.workspace_id', 'c.workspace_id')
        .andOn('n.knowledge_id', 'c.knowledge_id')
        .andOn('n.version', 'c.version')
        .andOn('n.page_number', 'c.page_number')
        .andOn(db.raw('n.chunk_index BETWEEN c.chunk_index - ? AND c.chunk_index + ?', [window, window]))
        .andOn('n.chunk_index', '<>', 'c.chunk_index');
    })
    .select('c.id as of', db.raw('n.chunk_index - c.chunk_index AS "offset"'), 'n.content')
    .where('c.workspace_id', workspaceId)
    .andWhere('n.enabled', true)
    .whereIn('c.id', chunkIds)
    .orderBy([{ column: 'c.id' }, { column: 'n.chunk_index' }]);
  for (const r of rows) {
    const list = found.get(r.of) ?? [];
    list.push({ offset: Number(r.offset), content: r.content });
    found.set(r.of, list);
  }
  return found;
}

/**
 * Each chunk's cosine distance to one chunk of the same workspace, on one vector column (pseudo-relevance
 * feedback: how close each candidate is to the best one). Chunks without a vector on the column are absent.
 */
export async function distancesToChunk(
  db: Db,
  workspaceId: string,
  chunkId: string,
  chunkIds: readonly string[],
  column: VectorColumn,
): Promise<Map<string, number>> {
  const rows: Array<{ id: string; distance: number | string }> = await db('knowledge_chunks as c')
    .select(
      'c.id',
      db.raw(`c.?? <=> (select f.?? from knowledge_chunks f where f.id = ? and f.workspace_id = ?) as distance`, [
        column,
        column,
        chunkId,
        workspaceId,
      ]),
    )
    .where('c.workspace_id', workspaceId)
    .whereIn('c.id', [...chunkIds])
    .whereNotNull(`c.${column}`);
  return new Map(rows.filter((r) => r.distance !== null).map((r) => [r.id, Number(r.distance)]));
}
