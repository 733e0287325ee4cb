// "Why not?" (GET …/knowledge/{knowledgeId}/access): which rule keeps an item out of a role's searches, checked
// against what a search made with that role's token actually finds.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { accessHeaders, createRole, createTenant, insertItem, seededVector, type Tenant } from '../helpers/factories';
import { assertError } from '../helpers/assertions';
import { getStack, type TestStack } from '../helpers/stack';

describe('knowledge access explanation', function () {
  this.timeout(60_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  async function world() {
    const tenant = await createTenant(stack.deps.db);
    const db = stack.deps.db;
    const dim = stack.deps.embeddings.dimension;
    const sales = await createRole(db, tenant.workspaceId, { name: 'Sales' });
    const hr = await createRole(db, tenant.workspaceId, { name: 'HR' });
    const assigned = await insertItem(db, tenant.workspaceId, {
      title: 'sales handbook',
      roleIds: [sales.id],
      vector: seededVector(dim, 1),
    });
    const unassigned = await insertItem(db, tenant.workspaceId, {
      title: 'hr handbook',
      roleIds: [hr.id],
      vector: seededVector(dim, 2),
    });
    const orphan = await insertItem(db, tenant.workspaceId, { title: 'no role at all', vector: seededVector(dim, 3) });
    const muted = await insertItem(db, tenant.workspaceId, {
      title: 'muted',
      roleIds: [sales.id],
      vector: seededVector(dim, 4),
    });
    await db('knowledge_chunks').where({ knowledge_id: muted }).update({ enabled: false });
    const child = await insertItem(db, tenant.workspaceId, { title: 'a page', vector: seededVector(dim, 5) });
    await db('knowledge').where({ id: child }).update({ parent_id: assigned });
    await db('workspaces').where({ id: tenant.workspaceId }).update({ rbac_enabled: true });
    const { headers } = await accessHeaders(stack, tenant);
    return { tenant, sales, hr, assigned, unassigned, orphan, muted, child, headers };
  }

  const access = (tenant: Tenant, headers: Record<string, string>, id: string, query = '') =>
    stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge/${id}/access${query}`, { headers });

  it('names the rule that hides each item from a role, and the role a search with its token finds', async () => {
    const w = await world();
    const ask = async (id: string) => {
      const res = await access(w.tenant, w.headers, id, `?roleId=${w.sales.id}`);
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const seen = await ask(w.assigned);
    assert.deepEqual([seen.visible, seen.hiddenBy, seen.via, seen.rbacStatus], [true, null, 'direct', 'ACTIVE']);
    assert.deepEqual(seen.roles, [{ id: w.sales.id, name: 'Sales', via: 'direct' }]);
    assert.deepEqual(seen.chunks, { total: 1, enabled: 1 });

    const inherited = await ask(w.child);
    assert.deepEqual([inherited.visible, inherited.via], [true, 'parent']);
    assert.deepEqual(inherited.roles, [{ id: w.sales.id, name: 'Sales', via: 'parent' }]);

    assert.deepEqual(
      (await ask(w.unassigned)).reasons.map((r: { rule: string }) => r.rule),
      ['NOT_ASSIGNED'],
    );
    assert.equal((await ask(w.orphan)).hiddenBy, 'RBAC_ON');
    const muted = await ask(w.muted);
    assert.deepEqual([muted.hiddenBy, muted.chunks], ['CHUNKS_DISABLED', { total: 1, enabled: 0 }]);

    const filtered = await access(
      w.tenant,
      w.headers,
      w.assigned,
      `?roleId=${w.sales.id}&filter=${encodeURIComponent(JSON.stringify({ type: 'eq', key: 'type', value: 'FILE' }))}`,
    );
    assert.deepEqual([filtered.body.visible, filtered.body.hiddenBy], [false, 'FILTER']);

    // The explanation agrees with a keyword search made with the role's own token.
    const { token } = await accessHeaders(stack, w.tenant, { roleId: w.sales.id });
    const search = await stack.request('POST', `/workspaces/${w.tenant.workspaceId}/knowledge/search`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-key': w.tenant.apiKey },
      json: { query: 'handbook', mode: 'keyword', limit: 50 },
    });
    assert.equal(search.status, 200, search.text);
    assert.deepEqual(
      search.body.results.map((r: { id: string }) => r.id),
      [w.assigned],
    );
  });

  it('without a role or with RBAC off, only the item rules apply', async () => {
    const w = await world();
    const workspaceView = await access(w.tenant, w.headers, w.unassigned);
    assert.deepEqual([workspaceView.body.visible, workspaceView.body.roleId], [true, null]);
    await stack.deps.db('workspaces').where({ id: w.tenant.workspaceId }).update({ rbac_enabled: false });
    const off = await access(w.tenant, w.headers, w.unassigned, `?roleId=${w.sales.id}`);
    assert.deepEqual([off.body.visible, off.body.rbacStatus, off.body.via], [true, 'INACTIVE', null]);
    assert.equal(
      (await access(w.tenant, w.headers, w.muted, `?roleId=${w.sales.id}`)).body.hiddenBy,
      'CHUNKS_DISABLED',
    );
  });

  it('is for the workspace credential only, scoped to its workspace, and refuses bad input with 4xx', async () => {
    const w = await world();
    const { headers: roleHeaders } = await accessHeaders(stack, w.tenant, { roleId: w.sales.id });
    assertError(await access(w.tenant, roleHeaders, w.assigned), 403);
    assertError(
      await stack.request('GET', `/v1/workspaces/${w.tenant.workspaceId}/knowledge/${w.assigned}/access`, {
        headers: { 'x-api-key': w.tenant.apiKey },
      }),
      401,
    );
    const other = await world();
    assertError(await access(other.tenant, other.headers, w.assigned), 404, 'Knowledge item not found');
    assertError(await access(w.tenant, w.headers, w.assigned, `?roleId=${other.sales.id}`), 404, 'Role not found');
    assertError(await access(w.tenant, w.headers, w.assigned, `?roleId=${randomUUID()}`), 404, 'Role not found');
    assertError(await access(w.tenant, w.headers, w.assigned, '?roleId=nope'), 400, 'roleId must be a valid UUID');
    assertError(await access(w.tenant, w.headers, 'nope'), 400);
    assertError(await access(w.tenant, w.headers, w.assigned, '?filter=%7Bnope'), 400);
    assertError(await access(w.tenant, w.headers, w.assigned, '?roleId=%00'), 400);
  });
});
