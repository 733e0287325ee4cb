// Semantic search figures: latency through the HTTPS API beside the same query as raw SQL on pgvector
// and the embedding alone, the planner's actual plans (EXPLAIN), and recall@10 of the service's plans
// against exact search.
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import * as search from '../../src/db/repositories/search';
import { choosePlan, nearestItems, planChoice, searchKnowledge } from '../../src/services/search/search';
import { createRole } from '../../test/helpers/factories';
import type { TestStack } from '../../test/helpers/stack';
import { round, summarize, type Summary } from '../lib/stats';
import type { Caller } from './ingestion';
import { parseFilter } from '../../src/domain/filter';
import { HNSW_INDEX, toArray, type SelectivityRoles, type VectorModel } from './vectors';

/** Questions a user of a knowledge base asks; embedded by the deployment's model. */
export const QUERIES = [
  'how do I reset my password',
  'what is the refund policy for damaged items',
  'when will my order be delivered',
  'how many vacation days do new employees get',
  'quarterly revenue growth by region',
  'who is on call during an outage',
  'how long do we keep customer data',
  'onboarding checklist for engineers',
  'how to submit an expense report',
  'what changed in the latest release',
  'can I change the shipping address after ordering',
  'security requirements for laptops',
  'steps to escalate a severity one incident',
  'which carrier do we use for international parcels',
  'invoice payment terms for enterprise customers',
  'how to request access to the analytics dashboard',
  'backup schedule for the production database',
  'travel policy for hotels and flights',
  'approval process for new vendors',
  'where to find the employee handbook',
];

/** The baseline: pgvector's ORDER BY <=> LIMIT 10 with the workspace join, at the server's default settings. */
export const RAW_SQL = `select c.knowledge_id, c.page_number, c.content, c.embedding <=> ?::vector as distance
  from knowledge_chunks c
  join knowledge k on k.id = c.knowledge_id
 where c.workspace_id = ? and k.workspace_id = ? and k.status = 'COMPLETED'
 order by c.embedding <=> ?::vector
 limit 10`;

export interface PlanSummary {
  usesHnswIndex: boolean;
  /** Plan nodes depth-first, with index or relation, and how sorts ran (EXPLAIN ANALYZE). */
  nodes: string[];
  executionMs: number;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Sort Method'?: string;
  'Sort Space Used'?: number;
  'Sort Space Type'?: string;
  Plans?: PlanNode[];
}

function summarizePlan(root: PlanNode, executionMs: number): PlanSummary {
  const nodes: string[] = [];
  const walk = (n: PlanNode) => {
    let label = n['Node Type'];
    if (n['Index Name']) label += ` using ${n['Index Name']}`;
    else if (n['Relation Name']) label += ` on ${n['Relation Name']}`;
    if (n['Sort Method']) label += ` (${n['Sort Method']}, ${n['Sort Space Used']} kB ${n['Sort Space Type']})`;
    nodes.push(label);
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(root);
  return { usesHnswIndex: nodes.some((l) => l.includes(HNSW_INDEX)), nodes, executionMs: round(executionMs) };
}

/** EXPLAIN ANALYZE (the query runs once more) after the given SET LOCAL settings. */
async function explain(
  db: Db,
  sql: string,
  bindings: readonly unknown[],
  settings: readonly string[] = [],
): Promise<PlanSummary> {
  return db.transaction(async (trx) => {
    for (const s of settings) await trx.raw(s);
    const res = await trx.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings as never);
    const out = res.rows[0]['QUERY PLAN'][0] as { Plan: PlanNode; 'Execution Time': number };
    return summarizePlan(out.Plan, out['Execution Time']);
  });
}

interface CapturedQuery {
  /** With knex's ? placeholders. */
  sql: string;
  bindings: unknown[];
  /** The SET LOCAL statements sent before it in its transaction. */
  settings: string[];
}

/** Runs fn once while recording the SQL knex sends; returns the first or last vector query. */
async function captureVectorQuery(
  db: Db,
  fn: () => Promise<unknown>,
  which: 'first' | 'last' = 'last',
): Promise<CapturedQuery> {
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', listener);
  try {
    await fn();
  } finally {
    db.removeListener('query', listener);
  }
  const vectorQueries = seen.map((q, i) => ({ ...q, i })).filter((q) => q.sql.includes('<=>'));
  const picked = which === 'first' ? vectorQueries[0] : vectorQueries.at(-1);
  if (!picked) throw new Error('no vector query was sent');
  const settings = seen
    .slice(0, picked.i)
    .filter((q) => /^set local/i.test(q.sql.trim()))
    .map((q) => q.sql);
  // knex reports pg's positional $n placeholders; knex.raw wants ? again (they are numbered in order).
  return { sql: picked.sql.replace(/\$\d+/g, '?'), bindings: picked.bindings, settings };
}

/** The plan PostgreSQL actually takes for the service's (last) vector query. */
async function explainServiceQuery(db: Db, fn: () => Promise<unknown>): Promise<PlanSummary> {
  const q = await captureVectorQuery(db, fn);
  return explain(db, q.sql, q.bindings, q.settings);
}

/**
 * POST /workspaces/{id}/knowledge/search, either over one kept-alive TLS connection (a client's steady
 * state) or over a new TLS connection per request (no agent, so a full handshake each time).
 */
function searchClient(
  stack: TestStack,
  caller: Caller,
  keepAlive: boolean,
  endpoint: { path: string; headers: Record<string, string>; body: (query: string) => unknown } = {
    path: `/workspaces/${caller.tenant.workspaceId}/knowledge/search`,
    headers: caller.searchHeaders,
    body: (query) => ({ query, limit: 10 }),
  },
) {
  const base = new URL(stack.baseUrl);
  const agent = keepAlive ? new https.Agent({ keepAlive: true, maxSockets: 1, ca: stack.ca }) : false;
  const path = endpoint.path;
  const post = (query: string) =>
    new Promise<string[]>((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(endpoint.body(query)));
      const req = https.request(
        {
          method: 'POST',
          host: base.hostname,
          port: base.port,
          path,
          agent,
          ...(agent ? {} : { ca: stack.ca }),
          headers: {
            ...endpoint.headers,
            'content-type': 'application/json',
            'content-length': String(payload.length),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (res.statusCode !== 200) {
              reject(new Error(`search answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`));
              return;
            }
            const body = JSON.parse(Buffer.concat(chunks).toString()) as {
              results?: Array<{ id: string }>;
              knowledgeResults?: unknown[];
            };
            resolve(body.results ? body.results.map((r) => r.id) : (body.knowledgeResults ?? []).map(String));
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { post, close: () => (agent ? agent.destroy() : undefined) };
}

const pairedMedian = (a: readonly number[], b: readonly number[]) =>
  summarize(a.map((x, i) => x - (b[i] as number))).p50;

/**
 * The raw SQL of a search: pgvector's ORDER BY <=> LIMIT 10 over the candidate chunks with the same
 * workspace, status, space and role conditions, through the same pool (so with the service's session
 * settings), exact ("+ 0") or through the HNSW index as the service's plan is.
 */
export function rawSearchSql(plan: search.SearchPlan, roleFilter: boolean): string {
  return `select c.knowledge_id, c.page_number, c.content, c.embedding <=> ?::vector as distance
  from knowledge_chunks c
  join knowledge k on k.id = c.knowledge_id
 where c.workspace_id = ? and k.workspace_id = ? and k.status = 'COMPLETED' and k.space_id is null${
   roleFilter
     ? '\n   and exists (select 1 from knowledge_roles kr where kr.knowledge_id = k.id and kr.role_id = ?)'
     : ''
 }
 order by ${plan === 'exact' ? '(c.embedding <=> ?::vector) + 0' : 'c.embedding <=> ?::vector'}
 limit 10`;
}

export interface SearchFilterCase {
  name: string;
  /** Share of the items the filter admits. */
  selectivity: number;
  /** A role every admitted item has (sent as roleIds). */
  roleId?: string;
}

/** Three roles of a workspace for items 1%, 10% and 50% (loadItems assigns them), and the filter cases over them. */
export async function selectivityFilters(
  db: Db,
  workspaceId: string,
): Promise<{ roles: SelectivityRoles; filters: SearchFilterCase[] }> {
  const roles = {
    p1: (await createRole(db, workspaceId)).id,
    p10: (await createRole(db, workspaceId)).id,
    p50: (await createRole(db, workspaceId)).id,
  };
  const filters: SearchFilterCase[] = [
    { name: 'none', selectivity: 1 },
    { name: 'role 50%', selectivity: 0.5, roleId: roles.p50 },
    { name: 'role 10%', selectivity: 0.1, roleId: roles.p10 },
    { name: 'role 1%', selectivity: 0.01, roleId: roles.p1 },
  ];
  return { roles, filters };
}

export interface FilterLatency {
  filter: string;
  selectivity: number;
  plan: search.SearchPlan;
  samples: number;
  /** POST /workspaces/{id}/knowledge/search over one kept-alive HTTPS connection. */
  apiMs: Summary;
  /** The raw SQL of the same query (rawSearchSql, same plan and filter). */
  rawSqlMs: Summary;
  /** (API - embedding) / raw SQL, medians of per-query values. */
  ratio: { p50: number; target: number };
  /**
   * Where the API's time goes, medians of per-query timings: embedding; plan choice (the counts query, timed
   * alone: the service runs it while the query is embedded, so the API waits for little or none of it); vector
   * query and item rows; HTTPS, authentication, validation and JSON (API minus the service call).
   */
  split: {
    embedMs: number;
    planChoiceMs: number;
    queryAndRowsMs: number;
    httpAuthJsonMs: number;
    /** The same, from the samples where the API call came first, and from those where the service call did. */
    httpAuthJsonApiFirstMs: number;
    httpAuthJsonServiceFirstMs: number;
    /** Raw SQL's p50 where it ran before the API call, and where it ran after every other search of the sample. */
    rawFirstMs: number;
    rawLastMs: number;
  };
  /** HNSW plans: the service's query for the API's text queries at other scan settings. */
  textQuerySweep?: ScanSweep;
  /** The API's results against the exact ranking of the same query vectors. */
  recallAt10: number;
  resultsPerQuery: number;
  /** EXPLAIN ANALYZE of the service's vector query and of the raw SQL. */
  servicePlanExplained: PlanSummary;
  rawSqlPlan: PlanSummary;
}

export interface SearchLatencyResult {
  chunks: number;
  items: number;
  warmups: number;
  filters: FilterLatency[];
  /** Unfiltered extras: a new TLS connection per request, space RAG, and pgvector at its default ef_search 40. */
  apiNewConnectionMs: Summary;
  ragApiMs: Summary;
  pgvectorDefaultMs: Summary;
}

/**
 * ef_search values and first-scan sizes the text-query sweep tries: a first scan longer than ef_search goes on
 * by the iterative scan (up to max_scan_tuples).
 */
const SCAN_SWEEP = { efSearch: [400, 1000], firstScan: [40, 400, 1000, 2000, 4000] };

export interface ScanPoint extends search.HnswScan {
  recall: number;
  /** nearestItems alone; a setting other than the session's ef_search also pays its transaction and SET LOCAL. */
  ms: Summary;
}

export interface ScanSweep {
  queries: number;
  points: ScanPoint[];
  /** BEGIN, SET LOCAL hnsw.ef_search and COMMIT alone: what a non-session ef_search adds to each query. */
  setLocalMs: Summary;
}

/**
 * The API's text queries (the deployment's model, off the synthetic data's distribution) through the service's
 * HNSW query at each ef_search and first-scan size: recall@10 against the exact ranking, and latency.
 */
async function textQuerySweep(
  db: Db,
  workspaceId: string,
  access: search.AccessFilter,
  vectors: number[][],
): Promise<ScanSweep> {
  const truths: Array<Set<string>> = [];
  for (const v of vectors) {
    truths.push(
      new Set((await search.nearestItems(db, workspaceId, access, v, 10, 'exact')).map((h) => h.knowledgeId)),
    );
  }
  const points: ScanPoint[] = [];
  for (const efSearch of SCAN_SWEEP.efSearch) {
    for (const firstScan of SCAN_SWEEP.firstScan) {
      const times: number[] = [];
      let found = 0;
      let expected = 0;
      // One untimed pass warms the pages the setting reaches, then the timed pass.
      for (const pass of [0, 1]) {
        for (const [i, v] of vectors.entries()) {
          const start = performance.now();
          const hits = await search.nearestItems(db, workspaceId, access, v, 10, 'hnsw', {
            scan: { efSearch, firstScan },
          });
          if (pass === 0) continue;
          times.push(performance.now() - start);
          const truth = truths[i] as Set<string>;
          found += hits.filter((h) => truth.has(h.knowledgeId)).length;
          expected += truth.size;
        }
      }
      points.push({ efSearch, firstScan, recall: round(found / Math.max(1, expected), 3), ms: summarize(times) });
    }
  }
  const setLocal: number[] = [];
  for (let i = 0; i < vectors.length; i++) {
    const start = performance.now();
    await db.transaction(async (trx) => {
      await trx.raw('SET LOCAL hnsw.ef_search = 600');
    });
    setLocal.push(performance.now() - start);
  }
  return { queries: vectors.length, points, setLocalMs: summarize(setLocal) };
}

export async function measureSearchLatency(
  stack: TestStack,
  caller: Caller,
  counts: { chunks: number; items: number },
  filters: readonly SearchFilterCase[],
  samples = 40,
  warmups = 5,
  /** The questions asked (the synthetic corpus's by default; the real corpus brings its own). */
  queries: readonly string[] = QUERIES,
): Promise<SearchLatencyResult> {
  const { db, embeddings } = stack.deps;
  const ws = caller.tenant.workspaceId;
  const vectors = new Map<string, number[]>();
  for (const q of queries) vectors.set(q, await embeddings.embedQuery(q));
  const activated = await stack.request('POST', `/workspaces/${ws}/activate-or-retrieve-user-space-api-key`, {
    headers: { 'x-api-key': caller.tenant.apiKey },
    json: { userId: 'bench-user', email: 'bench@example.com' },
  });
  if (activated.status !== 200) throw new Error(`user space activation answered ${activated.status}`);
  const activation = { spaceId: activated.body.space.id as string, token: activated.body.token as string };
  const out: FilterLatency[] = [];
  const fresh = searchClient(stack, caller, false);
  const rag = searchClient(stack, caller, true, {
    path: `/v1/workspaces/${ws}/spaces/${activation.spaceId}/rag`,
    headers: { authorization: `Bearer ${activation.token}` },
    body: (text) => ({ text, topK: 5 }),
  });
  const extras = { fresh: [] as number[], rag: [] as number[], pgvector: [] as number[] };
  try {
    for (const f of filters) {
      const access: search.AccessFilter = f.roleId ? { roleIds: [f.roleId] } : {};
      const client = searchClient(stack, caller, true, {
        path: `/workspaces/${ws}/knowledge/search`,
        headers: caller.searchHeaders,
        body: (query) => ({ query, limit: 10, ...(f.roleId ? { roleIds: [f.roleId] } : {}) }),
      });
      const { plan, rolesById } = await planChoice({ db: db }, ws, access);
      const sql = rawSearchSql(plan, f.roleId !== undefined);
      const rawBindings = (vec: string) => (f.roleId ? [vec, ws, ws, f.roleId, vec] : [vec, ws, ws, vec]);
      const series = { api: [] as number[], raw: [] as number[], embed: [] as number[] };
      const split = { service: [] as number[], plan: [] as number[], query: [] as number[] };
      const order = {
        apiFirst: [] as number[],
        serviceFirst: [] as number[],
        rawFirst: [] as number[],
        rawLast: [] as number[],
      };
      let found = 0;
      let expected = 0;
      let resultsPerQuery = 10;
      try {
        // Interleaved, so a change of load on the shared machine affects every series alike.
        for (let i = 0; i < warmups + samples; i++) {
          const query = queries[i % queries.length] as string;
          const vector = vectors.get(query) as number[];
          const vec = search.toVectorLiteral(vector);
          // The API call and the same search in process, in alternating order: the second of two identical
          // searches finds the first's pages in PostgreSQL's buffers.
          const serviceFirst = i % 2 === 1;
          // The raw query too: first in half the pairs, last in the others. Always last, it ran as the fourth of
          // four identical searches and always found its pages in the buffers, where the API call did so only
          // when second (the API's share then looked larger at 100,000 chunks than it is).
          const rawFirst = Math.floor(i / 2) % 2 === 1;
          const raw = async () => {
            const start = performance.now();
            await db.raw(sql, rawBindings(vec));
            return performance.now() - start;
          };
          const rawBefore = rawFirst ? await raw() : 0;
          const service = async () => {
            const start = performance.now();
            await searchKnowledge({ db, embeddings }, ws, { query, limit: 10, filter: access });
            return performance.now() - start;
          };
          const serviceBefore = serviceFirst ? await service() : 0;
          const t0 = performance.now();
          const ids = await client.post(query);
          const t1 = performance.now();
          const serviceMs = serviceFirst ? serviceBefore : await service();
          const t2 = performance.now();
          await embeddings.embedQuery(query);
          const t3 = performance.now();
          const chosen = await planChoice({ db: db }, ws, access);
          const t4 = performance.now();
          await search.nearestItems(db, ws, access, vector, 10, chosen.plan, { rolesById: chosen.rolesById });
          const t5 = performance.now();
          const rawMs = rawFirst ? rawBefore : await raw();
          const t6 = performance.now();
          if (f.roleId === undefined) {
            await fresh.post(query);
            const t7 = performance.now();
            await rag.post(query);
            const t8 = performance.now();
            await db.transaction(async (trx) => {
              await trx.raw('SET LOCAL hnsw.ef_search = 40');
              await trx.raw(RAW_SQL, [vec, ws, ws, vec]);
            });
            const t9 = performance.now();
            if (i >= warmups) {
              extras.fresh.push(t7 - t6);
              extras.rag.push(t8 - t7);
              extras.pgvector.push(t9 - t8);
            }
          }
          if (i < warmups) continue;
          series.api.push(t1 - t0);
          split.service.push(serviceMs);
          (serviceFirst ? order.serviceFirst : order.apiFirst).push(t1 - t0 - serviceMs);
          series.embed.push(t3 - t2);
          split.plan.push(t4 - t3);
          split.query.push(t5 - t4);
          series.raw.push(rawMs);
          (rawFirst ? order.rawFirst : order.rawLast).push(rawMs);
          const truth = await search.nearestItems(db, ws, access, vector, 10, 'exact');
          const truthIds = new Set(truth.map((h) => h.knowledgeId));
          found += ids.filter((id) => truthIds.has(id)).length;
          expected += truth.length;
          resultsPerQuery = Math.min(resultsPerQuery, ids.length);
        }
      } finally {
        client.close();
      }
      const probe = vectors.get(queries[0] as string) as number[];
      const probeVec = search.toVectorLiteral(probe);
      out.push({
        filter: f.name,
        selectivity: f.selectivity,
        plan,
        samples,
        apiMs: summarize(series.api),
        rawSqlMs: summarize(series.raw),
        ratio: {
          p50: round(
            summarize(series.api.map((a, i) => (a - (series.embed[i] as number)) / (series.raw[i] as number))).p50,
            2,
          ),
          target: 2,
        },
        split: {
          embedMs: summarize(series.embed).p50,
          planChoiceMs: summarize(split.plan, 2).p50,
          queryAndRowsMs: summarize(split.query, 2).p50,
          httpAuthJsonMs: round(pairedMedian(series.api, split.service), 2),
          httpAuthJsonApiFirstMs: summarize(order.apiFirst, 2).p50,
          httpAuthJsonServiceFirstMs: summarize(order.serviceFirst, 2).p50,
          rawFirstMs: summarize(order.rawFirst, 2).p50,
          rawLastMs: summarize(order.rawLast, 2).p50,
        },
        textQuerySweep: plan === 'hnsw' ? await textQuerySweep(db, ws, access, [...vectors.values()]) : undefined,
        recallAt10: round(found / Math.max(1, expected), 3),
        resultsPerQuery,
        servicePlanExplained: await explainServiceQuery(db, () =>
          search.nearestItems(db, ws, access, probe, 10, plan, { rolesById }),
        ),
        rawSqlPlan: await explain(db, sql, rawBindings(probeVec)),
      });
    }
  } finally {
    rag.close();
  }
  return {
    ...counts,
    warmups,
    filters: out,
    apiNewConnectionMs: summarize(extras.fresh),
    ragApiMs: summarize(extras.rag),
    pgvectorDefaultMs: summarize(extras.pgvector),
  };
}

export interface RecallRow {
  filter: string;
  /** Share of the items the filter admits. */
  selectivity: number;
  queries: string;
  samples: number;
  chosenPlan: search.SearchPlan;
  recallChosen: number;
  recallHnsw: number;
  /** Queries answered with fewer than 10 items (all filters admit far more than 10). */
  shortPagesChosen: number;
  shortPagesHnsw: number;
  exactMs: Summary;
  /** nearestItems with plan undefined: choosePlan's bounded count, then the chosen query. */
  chosenMs: Summary;
  /** choosePlan alone. */
  choosePlanMs: Summary;
  hnswMs: Summary;
  /** EXPLAIN ANALYZE of the chosen plan's and the forced HNSW plan's (last) vector query. */
  chosenPlanExplained: PlanSummary;
  hnswPlanExplained: PlanSummary;
  /**
   * Unfiltered rows: the service's first HNSW scan (k = 40 chunks, grouped to items) replayed at other
   * hnsw.ef_search values, to show how recall moves with the one knob (the service sets 100 for k = 40).
   */
  efSearchSweep?: SweepPoint[];
}

const EF_SEARCH_SWEEP = [40, 100, 200, 400];

/** pgvector's cost estimate depends on ef_search, so whether the index is used is recorded per value. */
export interface SweepPoint {
  efSearch: number;
  recall: number;
  ms: Summary;
  usesHnswIndex: boolean;
}

/**
 * Distinct items in distance order from the service query's rows (the item's columns, `id` among them, beside
 * the chunk's: repositories/search.ts hitColumns), the first `limit`.
 */
function topItems(rows: Array<{ id: string; distance: number | string }>, limit: number): string[] {
  const sorted = [...rows].sort((a, b) => Number(a.distance) - Number(b.distance));
  return [...new Set(sorted.map((r) => r.id))].slice(0, limit);
}

async function efSearchSweep(
  db: Db,
  workspaceId: string,
  queries: Array<{ vector: number[]; truth: Set<string> }>,
): Promise<SweepPoint[]> {
  const first = queries[0] as { vector: number[] };
  const captured = await captureVectorQuery(
    db,
    () => nearestItems({ db: db }, workspaceId, {}, first.vector, 10, 'hnsw'),
    'first',
  );
  const probe = search.toVectorLiteral(first.vector);
  // Replaying needs the query vector among the bindings, as toVectorLiteral wrote it.
  if (!captured.bindings.includes(probe)) return [];
  const out: SweepPoint[] = [];
  for (const efSearch of EF_SEARCH_SWEEP) {
    const settings = [...captured.settings, `SET LOCAL hnsw.ef_search = ${efSearch}`];
    let found = 0;
    let expected = 0;
    const times: number[] = [];
    for (const q of queries) {
      const literal = search.toVectorLiteral(q.vector);
      const bindings = captured.bindings.map((b) => (b === probe ? literal : b));
      const start = performance.now();
      const rows = await db.transaction(async (trx) => {
        for (const setting of settings) await trx.raw(setting);
        return (await trx.raw(captured.sql, bindings as never)).rows;
      });
      times.push(performance.now() - start);
      const items = topItems(rows, 10);
      found += items.filter((id) => q.truth.has(id)).length;
      expected += q.truth.size;
    }
    const plan = await explain(db, captured.sql, captured.bindings, settings);
    out.push({ efSearch, recall: round(found / expected, 3), ms: summarize(times), usesHnswIndex: plan.usesHnswIndex });
  }
  return out;
}

/** The recall row of a 1%-selective attribute filter (items carry `shard`: n modulo 100). */
export const ATTRIBUTE_1_PERCENT = 'attribute shard = 37 (1%)';

export async function measureRecall(
  db: Db,
  workspaceId: string,
  roles: SelectivityRoles,
  model: VectorModel,
  queriesPerRow = 30,
): Promise<RecallRow[]> {
  const rows: RecallRow[] = [];
  const cases: Array<{ filter: string; selectivity: number; access: search.AccessFilter; uniform?: boolean }> = [
    { filter: 'none', selectivity: 1, access: {} },
    { filter: 'role 50%', selectivity: 0.5, access: { requiredRoleId: roles.p50 } },
    { filter: 'role 10%', selectivity: 0.1, access: { requiredRoleId: roles.p10 } },
    { filter: 'role 1%', selectivity: 0.01, access: { requiredRoleId: roles.p1 } },
    // A request's attribute filter, which the maintained counts cannot see (services/search/search.ts probeFilter).
    {
      filter: ATTRIBUTE_1_PERCENT,
      selectivity: 0.01,
      access: { where: parseFilter({ type: 'eq', key: 'shard', value: 37 }) },
    },
    { filter: 'none', selectivity: 1, access: {}, uniform: true },
  ];
  for (const c of cases) {
    const chosenPlan = await choosePlan({ db: db }, workspaceId, c.access);
    const exactMs: number[] = [];
    const chosenMs: number[] = [];
    const choosePlanMs: number[] = [];
    const hnswMs: number[] = [];
    let expected = 0;
    let foundChosen = 0;
    let foundHnsw = 0;
    let shortChosen = 0;
    let shortHnsw = 0;
    const asked: Array<{ vector: number[]; truth: Set<string> }> = [];
    for (let q = 0; q < queriesPerRow; q++) {
      const vector = toArray(c.uniform ? model.unit() : model.query());
      let t = performance.now();
      const truth = await search.nearestItems(db, workspaceId, c.access, vector, 10, 'exact');
      exactMs.push(performance.now() - t);
      t = performance.now();
      const chosen = await nearestItems({ db: db }, workspaceId, c.access, vector, 10);
      chosenMs.push(performance.now() - t);
      t = performance.now();
      await choosePlan({ db: db }, workspaceId, c.access);
      choosePlanMs.push(performance.now() - t);
      t = performance.now();
      const hnsw = await nearestItems({ db: db }, workspaceId, c.access, vector, 10, 'hnsw');
      hnswMs.push(performance.now() - t);
      const truthIds = new Set(truth.map((h) => h.knowledgeId));
      asked.push({ vector, truth: truthIds });
      expected += truth.length;
      foundChosen += chosen.filter((h) => truthIds.has(h.knowledgeId)).length;
      foundHnsw += hnsw.filter((h) => truthIds.has(h.knowledgeId)).length;
      if (chosen.length < 10) shortChosen += 1;
      if (hnsw.length < 10) shortHnsw += 1;
    }
    const probe = (asked[0] as { vector: number[] }).vector;
    rows.push({
      filter: c.filter,
      selectivity: c.selectivity,
      queries: c.uniform ? 'uniform random (off the data distribution)' : 'from the data distribution',
      samples: queriesPerRow,
      chosenPlan,
      recallChosen: round(foundChosen / expected, 3),
      recallHnsw: round(foundHnsw / expected, 3),
      shortPagesChosen: shortChosen,
      shortPagesHnsw: shortHnsw,
      exactMs: summarize(exactMs),
      chosenMs: summarize(chosenMs),
      choosePlanMs: summarize(choosePlanMs),
      hnswMs: summarize(hnswMs),
      chosenPlanExplained: await explainServiceQuery(db, () =>
        nearestItems({ db: db }, workspaceId, c.access, probe, 10),
      ),
      hnswPlanExplained: await explainServiceQuery(db, () =>
        nearestItems({ db: db }, workspaceId, c.access, probe, 10, 'hnsw'),
      ),
      ...(c.filter === 'none' ? { efSearchSweep: await efSearchSweep(db, workspaceId, asked) } : {}),
    });
  }
  return rows;
}
