// What the tests of synced sources share: documents with words no other fixture uses, "sync now" followed to
// its end through the syncs history, and the items a source's documents became.
import assert from 'node:assert/strict';
import * as rolesRepo from '../../src/db/repositories/roles';
import type { Tenant } from './factories';
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

/** Whether a keyword search of the workspace finds a chunk holding the text (its first 30 characters). */
export async function foundText(
  stack: TestStack,
  tenant: Tenant,
  headers: Record<string, string>,
  text: string,
): Promise<boolean> {
  const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
    headers: { ...headers, 'x-api-key': tenant.apiKey },
    json: { query: text, limit: 20, mode: 'keyword' },
  });
  assert.equal(res.status, 200, res.text);
  return (res.body.results as Array<{ content: string }>).some((r) => r.content.includes(text.slice(0, 30)));
}

/** The keys of a source's three documents after its first sync, and of the one the change adds. */
export interface ChangeKeys {
  /** Held OLD; the change makes it NEW. */
  changed: string;
  /** Held KEPT; left alone. */
  kept: string;
  /** Held GONE; the change deletes it. */
  gone: string;
  /** Added by the change, holding ADDED. */
  added: string;
}

/**
 * What every kind's test proves after a first sync of three documents (OLD, KEPT, GONE; the source given
 * `roleId`): `change` rewrites one, deletes one and adds one in the real source; one sync then adds, versions
 * and removes them, search finds the new texts and not the old or deleted ones, the items keep their ids and
 * roles; a further sync without change embeds nothing. Returns the syncs and the items before and after.
 */
export async function assertSyncFollowsChanges(
  stack: TestStack,
  tenant: Tenant,
  headers: Record<string, string>,
  sourceId: string,
  roleId: string,
  keys: ChangeKeys,
  change: () => Promise<void> | void,
) {
  const sync = () => syncToEnd(stack, tenant.workspaceId, headers, sourceId);
  const found = (text: string) => foundText(stack, tenant, headers, text);
  const before = await sourceItems(stack, sourceId);
  assert.deepEqual([...before.keys()].sort(), [keys.changed, keys.gone, keys.kept].sort());
  await change();
  const second = await sync();
  assert.equal(second.status, 'COMPLETED', JSON.stringify(second));
  assert.deepEqual(
    [second.seen, second.added, second.updated, second.unchanged, second.deleted, second.failed],
    [3, 1, 1, 1, 1, 0],
    JSON.stringify(second),
  );
  assert.ok(await found(SOURCE_TEXTS.NEW), 'the new text is found');
  assert.ok(await found(SOURCE_TEXTS.ADDED), 'the added document is found');
  assert.ok(!(await found(SOURCE_TEXTS.OLD)), 'the old text is not found');
  assert.ok(!(await found(SOURCE_TEXTS.GONE)), 'the deleted document is not found');
  const after = await sourceItems(stack, sourceId);
  assert.equal(after.get(keys.changed), before.get(keys.changed), 'the changed document keeps its item');
  assert.equal(after.get(keys.kept), before.get(keys.kept), 'the unchanged document keeps its item');
  assert.equal(after.has(keys.gone), false);
  assert.ok(after.has(keys.added));
  const roles = await rolesRepo.knowledgeRoles(stack.deps.db, tenant.workspaceId, before.get(keys.changed)!);
  assert.deepEqual(
    roles.map((r) => r.id),
    [roleId],
    'the source role reaches the item',
  );

  const third = await sync();
  assert.equal(third.status, 'COMPLETED', JSON.stringify(third));
  assert.deepEqual([third.seen, third.unchanged, third.added, third.updated, third.deleted], [3, 3, 0, 0, 0]);
  assert.equal(third.chunksEmbedded, 0, 'a sync without change embeds nothing');
  return { before, after, second, third };
}
