// Cascade delete of a large tree through the API and the workflow: how long it takes, in how many
// batches, and how much the process (API + worker in one) grows while it runs.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { TestStack } from '../../test/helpers/stack';
import { round } from '../lib/stats';
import type { Caller } from './ingestion';

export interface CascadeResult {
  descendants: number;
  deleted: number;
  batches: number;
  ms: number;
  remaining: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

/**
 * KWS_BENCH_CASCADE_EXPLAIN=1: the plans of a first batch (finding 500 leaves, deleting them, with each
 * trigger's time), in a transaction rolled back before the measured run.
 */
async function explainFirstBatch(db: TestStack['deps']['db'], ws: string, rootId: string) {
  const trx = await db.transaction();
  try {
    const show = async (label: string, sql: string, bindings: unknown[]) => {
      const plan = await trx.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bindings as never);
      const lines = (plan.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']);
      console.log(`[bench] cascade plan, ${label}:\n  ${lines.join('\n  ')}`);
    };
    const leaves = `WITH RECURSIVE tree AS (
         SELECT id FROM knowledge WHERE workspace_id = ? AND id = ?
         UNION ALL
         SELECT k.id FROM knowledge k JOIN tree t ON k.parent_id = t.id WHERE k.workspace_id = ?
       )
       SELECT t.id FROM tree t WHERE NOT EXISTS (SELECT 1 FROM knowledge c WHERE c.parent_id = t.id) LIMIT 500`;
    await show('500 leaves', leaves, [ws, rootId, ws]);
    const ids = ((await trx.raw(leaves, [ws, rootId, ws])).rows as Array<{ id: string }>).map((r) => r.id);
    const del = trx('knowledge').where({ workspace_id: ws }).whereIn('id', ids).delete().toSQL();
    await show('delete them', del.sql, del.bindings as unknown[]);
  } finally {
    await trx.rollback();
  }
}

/** A WEBSITE root with `pages` children, each with `perPage` children of its own. */
export async function measureCascadeDelete(
  stack: TestStack,
  caller: Caller,
  pages = 100,
  perPage = 100,
): Promise<CascadeResult> {
  const db = stack.deps.db;
  const ws = caller.tenant.workspaceId;
  const rootId = randomUUID();
  await db('knowledge').insert({ id: rootId, workspace_id: ws, type: 'WEBSITE', title: 'bench site' });
  const pageIds = Array.from({ length: pages }, () => randomUUID());
  await db('knowledge').insert(
    pageIds.map((id, i) => ({ id, workspace_id: ws, parent_id: rootId, type: 'URL', title: `page ${i}` })),
  );
  for (const [i, pageId] of pageIds.entries()) {
    await db('knowledge').insert(
      Array.from({ length: perPage }, (_, j) => ({
        id: randomUUID(),
        workspace_id: ws,
        parent_id: pageId,
        type: 'URL',
        title: `page ${i}.${j}`,
      })),
    );
  }
  const descendants = pages + pages * perPage;
  if (process.env.KWS_BENCH_CASCADE_EXPLAIN === '1') await explainFirstBatch(db, ws, rootId);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  let result: { deleted: number; batches: number };
  try {
    const res = await stack.request('DELETE', `/v1/workspaces/${ws}/knowledge/${rootId}/children`, {
      headers: caller.headers,
    });
    if (res.status !== 200) throw new Error(`cascade delete answered ${res.status}: ${res.text}`);
    result = (await stack.deps.temporal.client.workflow.getHandle(res.body.jobId as string).result()) as typeof result;
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - start;
  const left = await db('knowledge')
    .where({ workspace_id: ws })
    .whereIn('id', [rootId, ...pageIds])
    .count<{ count: number }[]>({ count: '*' });
  const count = left[0]?.count ?? 0;
  const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
  return {
    descendants,
    deleted: result.deleted,
    batches: result.batches,
    ms: round(ms, 0),
    remaining: Number(count),
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(rssPeak),
    rssGrowthMb: mb(rssPeak - rssBefore),
  };
}
