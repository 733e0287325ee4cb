// What the tests of synced sources share: documents with words no other fixture uses, "sync now" followed to
// its end through the syncs history, and the items a source's documents became.
import assert from 'node:assert/strict';
import type { TestStack } from './stack';

export const SOURCE_TEXTS = {
  OLD: 'The heron lighthouse keeps its lamp burning over the granite harbour every winter night.',
  NEW: 'Quarterly payroll reconciliation closes on the fifth business day after each quarter.',
  KEPT: 'Glacier expeditions pack crampons, ice axes and spare mittens for the summit push.',
  GONE: 'The violin workshop varnishes spruce tops with amber resin in the spring.',
  ADDED: 'Sourdough starters need rye flour and a warm kitchen to rise before baking.',
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a sync of the source and returns its record once it is no longer RUNNING. */
export async function syncToEnd(
  stack: TestStack,
  workspaceId: string,
  headers: Record<string, string>,
  sourceId: string,
  query = '',
): Promise<Record<string, unknown> & { status: string }> {
  const base = `/v1/workspaces/${workspaceId}/sources/${sourceId}`;
  const res = await stack.request('POST', `${base}/sync${query}`, { headers });
  assert.equal(res.status, 202, res.text);
  const syncId = res.body.sync.id as string;
  for (let i = 0; i < 1200; i++) {
    const list = await stack.request('GET', `${base}/syncs`, { headers });
    assert.equal(list.status, 200, list.text);
    const s = (list.body.syncs as Array<{ id: string; status: string }>).find((x) => x.id === syncId);
    if (s && s.status !== 'RUNNING') return s as Record<string, unknown> & { status: string };
    await sleep(200);
  }
  throw new Error('sync still running');
}

/** The item each of the source's documents became, by the document's key. */
export async function sourceItems(stack: TestStack, sourceId: string): Promise<Map<string, string>> {
  const rows = await stack.deps.db('source_documents').where({ source_id: sourceId }).select('key', 'knowledge_id');
  return new Map(rows.map((r: { key: string; knowledge_id: string }) => [r.key, r.knowledge_id]));
}
