// RBAC status, roles on Temporal, role assignment, background jobs, categories and taxonomies.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import * as catalog from '../../src/db/repositories/catalog';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import * as workspaces from '../../src/db/repositories/workspaces';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { uploadRequest } from '../helpers/knowledge';
import { assertError } from '../helpers/assertions';
import { stackWithTenant, type TestStack } from '../helpers/stack';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('RBAC, roles and background jobs', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;
  const jobs = (jobIds: unknown) => stack.request('POST', v1('/background-jobs'), { headers, json: { jobIds } });

  async function waitForJob(jobId: string): Promise<{ status: string; error?: string }> {
    for (let i = 0; i < 400; i++) {
      const res = await jobs([jobId]);
      assert.equal(res.status, 200, res.text);
      const [job] = res.body.jobs;
      if (job.status !== 'RUNNING') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${jobId} still running`);
  }

  async function enableRbac() {
    const res = await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
    assert.equal(res.status, 200, res.text);
  }

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  it('reports and changes the RBAC status', async () => {
    const get = await stack.request('GET', v1('/rbac-status'), { headers });
    assert.deepEqual(get.body, { workspaceId: tenant.workspaceId, rbacEnabled: false, rbacStatus: 'INACTIVE' });
    const put = await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
    assert.deepEqual(put.body, { workspaceId: tenant.workspaceId, rbacEnabled: true, rbacStatus: 'ACTIVE' });
    assert.equal((await stack.request('GET', v1('/rbac-status'), { headers })).body.rbacStatus, 'ACTIVE');
    assertError(await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: 'yes' } }), 400);
    assertError(await stack.request('PUT', v1('/rbac-status'), { headers, json: {} }), 400);
  });

  it('creates roles through workflows (also while RBAC is off), idempotently', async () => {
    const body = { name: 'Support agents', description: 'Tier 1', customerRoleId: 'Support_T1' };
    const created = await stack.request('POST', v1('/role'), { headers, json: body });
    assert.equal(created.status, 200, created.text);
    assert.match(created.body.workflowId, /^role-create:/);
    const retried = await stack.request('POST', v1('/role'), { headers, json: body });
    assert.equal(retried.body.workflowId, created.body.workflowId, 'a retried request joins the same job');
    assert.equal((await waitForJob(created.body.workflowId)).status, 'COMPLETED');
    const list = await stack.request('GET', v1('/role'), { headers });
    assert.equal(list.body.total, 1);
    const [role] = list.body.roles;
    assert.deepEqual(Object.keys(role).sort(), [
      'createdAt',
      'customerRoleId',
      'description',
      'id',
      'name',
      'updatedAt',
    ]);
    assert.equal(role.id, created.body.roleId);
    assert.equal(role.customerRoleId, 'Support_T1');
    // Repeating the create after it completed still makes no second role.
    const again = await stack.request('POST', v1('/role'), { headers, json: body });
    assert.equal((await waitForJob(again.body.workflowId)).status, 'COMPLETED');
    assert.equal((await stack.request('GET', v1('/role'), { headers })).body.total, 1);

    const got = await stack.request('GET', v1(`/role/${role.id}`), { headers });
    assert.deepEqual(got.body, role);
    assertError(await stack.request('GET', v1(`/role/${randomUUID()}`), { headers }), 404, 'Role not found');
    const malformed = await stack.request('GET', v1('/role/nope'), { headers });
    assertError(malformed, 400, 'Invalid role ID format');
    assert.equal(malformed.body.param, 'roleId');
    assertError(await stack.request('DELETE', v1('/role/nope'), { headers }), 400, 'Invalid role ID format');
    assertError(
      await stack.request('POST', v1('/role'), { headers, json: { description: 'x' } }),
      400,
      'Missing required field',
    );
    assertError(
      await stack.request('POST', v1('/role'), { headers, json: { name: 'x', customerRoleId: 'has space' } }),
      400,
      'Invalid field value',
    );
    assertError(
      await stack.request('POST', v1('/role'), { headers, json: { name: 'x', customerRoleId: 'a'.repeat(256) } }),
      400,
      'Invalid field value',
    );
  });

  it('refuses a create whose customerRoleId another role holds with 409 at once, as the update does', async () => {
    const held = await stack.request('POST', v1('/role'), {
      headers,
      json: { name: 'Support', customerRoleId: 'dup' },
    });
    assert.equal((await waitForJob(held.body.workflowId)).status, 'COMPLETED');
    const res = await stack.request('POST', v1('/role'), { headers, json: { name: 'Other', customerRoleId: 'dup' } });
    assertError(res, 409, 'Role with customerRoleId already exists');
    assert.equal(res.body.param, 'customerRoleId');
    assert.match(res.body.hint, new RegExp(`Another role of this workspace \\(${held.body.roleId}\\).*choose another`));
    assert.equal((await stack.request('GET', v1('/role'), { headers })).body.total, 1);
    // The same create repeated is the same role, not a conflict with itself.
    const again = await stack.request('POST', v1('/role'), {
      headers,
      json: { name: 'Support', customerRoleId: 'dup' },
    });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.roleId, held.body.roleId);
  });

  it('finds roles by customerRoleId (exact) and name (partial, case-insensitive), and by the path value', async () => {
    await createRole(stack.deps.db, tenant.workspaceId, { name: 'Billing Team', customerRoleId: 'Billing-1' });
    await createRole(stack.deps.db, tenant.workspaceId, { name: 'billing admins', customerRoleId: 'billing-1' });
    await createRole(stack.deps.db, tenant.workspaceId, { name: 'Sales', customerRoleId: 'Sales_EU' });
    const find = (json: unknown) => stack.request('POST', v1('/role/find'), { headers, json });
    assert.equal((await find({ name: 'BILLING' })).body.total, 2);
    const exact = await find({ customerRoleId: 'Billing-1' });
    assert.deepEqual(
      exact.body.roles.map((r: { name: string }) => r.name),
      ['Billing Team'],
    );
    assert.equal((await find({ customerRoleId: 'Billing-1', name: 'sales' })).body.total, 0, 'all criteria must hold');
    assert.deepEqual((await find({ name: 'nobody' })).body, { roles: [], total: 0 });
    assertError(await find({}), 400, 'At least one search criterion required');
    const byPath = await stack.request('GET', v1(`/role/by-customer-role-id/${encodeURIComponent('Sales_EU')}`), {
      headers,
    });
    assert.equal(byPath.status, 200, byPath.text);
    assert.equal(byPath.body.name, 'Sales');
    const missed = await stack.request('GET', v1('/role/by-customer-role-id/sales_eu'), { headers });
    assertError(missed, 404, 'Role not found');
    // The hint names the customerRoleId it was probably meant to be (matched exactly, case included).
    assert.equal(missed.body.param, 'customerRoleId');
    assert.match(missed.body.hint, /No role has customerRoleId "sales_eu": did you mean "Sales_EU"\?/);
    const lower = await stack.request('GET', v1('/role/by-customer-role-id/billing-1'), { headers });
    assert.equal(lower.body.name, 'billing admins', 'case-sensitive');
  });

  it('updates roles through a workflow with a UUID id, keeping omitted fields and refusing a taken customerRoleId', async () => {
    const role = await createRole(stack.deps.db, tenant.workspaceId, { name: 'Agents', customerRoleId: 'agents' });
    await createRole(stack.deps.db, tenant.workspaceId, { name: 'Managers', customerRoleId: 'managers' });
    const put = (json: unknown, id = role.id) => stack.request('PUT', v1(`/role/${id}`), { headers, json });
    const res = await put({ description: 'Front line' });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.workflowId, UUID);
    assert.equal(res.body.role.name, 'Agents');
    assert.equal(res.body.role.description, 'Front line');
    assert.equal(res.body.role.customerRoleId, 'agents');
    assert.equal((await waitForJob(res.body.workflowId)).status, 'COMPLETED');
    const after = await stack.request('GET', v1(`/role/${role.id}`), { headers });
    assert.equal(after.body.description, 'Front line');
    assert.equal(after.body.name, 'Agents', 'omitted fields unchanged');
    assertError(await put({ customerRoleId: 'managers' }), 409, 'Role with customerRoleId already exists');
    assertError(await put({ customerRoleId: 'bad id!' }), 400, 'Invalid field value');
    assertError(await put({ name: '' }), 400, 'Invalid field value');
    // An update that names no field would start a job that changes nothing.
    const empty = await put({});
    assertError(empty, 400, 'At least one field required: name, description or customerRoleId');
    assert.equal(empty.body.code, 'missing_field');
    assert.equal(empty.body.param, 'name, description, customerRoleId');
    assertError(await put({ name: 'x' }, 'not-a-uuid'), 400, 'Invalid role ID format');
    assertError(await put({ name: 'x' }, randomUUID()), 404, 'Role not found');
    const renamed = await put({ customerRoleId: 'agents-v2' });
    assert.equal((await waitForJob(renamed.body.workflowId)).status, 'COMPLETED');
    assert.equal((await stack.request('GET', v1('/role/by-customer-role-id/agents-v2'), { headers })).status, 200);
  });

  it('assigns and unassigns roles on knowledge (RBAC ACTIVE only), verified by listing the item roles', async () => {
    const item = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
      createdBy: null,
      type: 'STRING',
      title: 'doc',
    });
    const [a, b] = [
      await createRole(stack.deps.db, tenant.workspaceId),
      await createRole(stack.deps.db, tenant.workspaceId),
    ];
    const path = v1(`/knowledge/${item.id}/role`);
    const inactive = await stack.request('POST', path, { headers, json: { roleIds: [a.id] } });
    assertError(inactive, 403, 'RBAC is not enabled for this workspace');
    // The fix is the workspace's state, not the credential: the answer says how to turn RBAC on.
    assert.equal(inactive.body.code, 'rbac_not_active');
    assert.equal(inactive.body.param, undefined);
    assert.match(inactive.body.hint, /PUT \/v1\/workspaces\/\{workspaceId\}\/rbac-status with \{"rbacEnabled": true\}/);
    await enableRbac();
    for (const roleIds of [undefined, 'x', [], ['not-a-uuid'], [a.id, 5]]) {
      assertError(
        await stack.request('POST', path, { headers, json: { roleIds } }),
        400,
        'roleIds must be an array of valid UUIDs',
      );
    }
    // A role's customerRoleId where its id belongs: the hint says which id the field takes.
    const named = await stack.request('POST', path, { headers, json: { roleIds: ['employee'] } });
    assert.deepEqual([named.body.code, named.body.param], ['invalid_field', 'roleIds[0]']);
    assert.match(named.body.hint, /the role's id .*not its customerRoleId/);
    assertError(
      await stack.request('POST', path, { headers, json: { roleIds: [a.id, randomUUID()] } }),
      404,
      'One or more roles not found',
    );
    const foreign = await createRole(stack.deps.db, (await createTenant(stack.deps.db)).workspaceId);
    assertError(
      await stack.request('POST', path, { headers, json: { roleIds: [foreign.id] } }),
      404,
      'One or more roles not found',
    );
    assertError(
      await stack.request('POST', v1(`/knowledge/${randomUUID()}/role`), { headers, json: { roleIds: [a.id] } }),
      404,
    );

    const assign = await stack.request('POST', path, { headers, json: { roleIds: [a.id, b.id] } });
    assert.equal(assign.status, 200, assign.text);
    assert.equal(assign.body.workspaceId, tenant.workspaceId);
    assert.equal(assign.body.knowledgeId, item.id);
    assert.equal(assign.body.organizationId, tenant.organizationId);
    assert.deepEqual([...assign.body.roleIds].sort(), [a.id, b.id].sort());
    assert.equal((await waitForJob(assign.body.workflowId)).status, 'COMPLETED');
    const listed = await stack.request('GET', path, { headers });
    assert.deepEqual(listed.body.map((r: { id: string }) => r.id).sort(), [a.id, b.id].sort());
    assert.deepEqual(Object.keys(listed.body[0]).sort(), ['description', 'id', 'metadata', 'name']);

    const unassign = await stack.request('DELETE', path, { headers, json: { roleIds: [a.id] } });
    assert.equal(unassign.status, 200, unassign.text);
    assert.equal((await waitForJob(unassign.body.workflowId)).status, 'COMPLETED');
    assert.deepEqual(
      (await stack.request('GET', path, { headers })).body.map((r: { id: string }) => r.id),
      [b.id],
    );

    await workspaces.softDeleteWorkspace(stack.deps.db, tenant.workspaceId);
    assertError(await stack.request('POST', path, { headers, json: { roleIds: [a.id] } }), 410, 'Workspace is deleted');
  });

  it('makes an item invisible at once to a token whose role it loses, and a deleted role fails its tokens cleanly', async () => {
    await enableRbac();
    const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'readers' });
    const item = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
      createdBy: null,
      type: 'STRING',
      title: 'Handbook',
    });
    await stack.deps
      .db('knowledge_roles')
      .insert({ knowledge_id: item.id, role_id: role.id, workspace_id: tenant.workspaceId });
    const reader = (await accessHeaders(stack, tenant, { customerRoleId: 'readers' })).headers;
    assert.equal(decodeJwt(reader.authorization!.slice(7)).roleId, role.id);
    assert.equal((await stack.request('GET', v1(`/knowledge/${item.id}`), { headers: reader })).status, 200);
    const un = await stack.request('DELETE', v1(`/knowledge/${item.id}/role`), {
      headers,
      json: { roleIds: [role.id] },
    });
    await waitForJob(un.body.workflowId);
    assertError(
      await stack.request('GET', v1(`/knowledge/${item.id}`), { headers: reader }),
      404,
      'Knowledge item not found',
    );
    assert.equal((await stack.request('GET', v1('/knowledge'), { headers: reader })).body.total, 0);

    const del = await stack.request('DELETE', v1(`/role/${role.id}`), { headers });
    assert.equal(del.status, 200, del.text);
    assert.equal((await waitForJob(del.body.workflowId)).status, 'COMPLETED');
    assertError(await stack.request('GET', v1(`/role/${role.id}`), { headers }), 404, 'Role not found');
    assertError(await stack.request('GET', v1('/knowledge'), { headers: reader }), 403, 'Role not found');
  });

  it('deletes a role with its knowledge assignments', async () => {
    await enableRbac();
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const item = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
      createdBy: null,
      type: 'STRING',
      title: 'x',
    });
    await stack.deps
      .db('knowledge_roles')
      .insert({ knowledge_id: item.id, role_id: role.id, workspace_id: tenant.workspaceId });
    const del = await stack.request('DELETE', v1(`/role/${role.id}`), { headers });
    assert.match(del.body.workflowId, /^role-delete:/);
    await waitForJob(del.body.workflowId);
    assert.equal((await stack.deps.db('knowledge_roles').where({ role_id: role.id })).length, 0);
    assert.deepEqual((await stack.request('GET', v1(`/knowledge/${item.id}/role`), { headers })).body, []);
  });

  it("reports every kind of job read from Temporal, never another workspace's", async () => {
    const ok = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      {
        filename: 'a.txt',
        contentType: 'text/plain',
        bytes: Buffer.from('A fine document.'),
      },
      { status: 'BACKGROUND_START' },
    );
    const bad = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      {
        filename: 'b.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 broken'),
      },
      { status: 'BACKGROUND_START' },
    );
    assert.equal((await waitForJob(ok.body.jobId)).status, 'COMPLETED');
    const failed = await waitForJob(bad.body.jobId);
    assert.equal(failed.status, 'FAILED');
    assert.equal(typeof failed.error, 'string');
    const root = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
      createdBy: null,
      type: 'WEBSITE',
      title: 'w',
    });
    const cascade = await stack.request('DELETE', v1(`/knowledge/${root.id}/children`), { headers });
    assert.equal((await waitForJob(cascade.body.jobId)).status, 'COMPLETED');

    const other = await createTenant(stack.deps.db);
    const otherHeaders = (await accessHeaders(stack, other)).headers;
    const theirs = await stack.request('POST', `/v1/workspaces/${other.workspaceId}/background-jobs`, {
      headers: otherHeaders,
      json: { jobIds: [ok.body.jobId, 'no-such-job'] },
    });
    assert.deepEqual(
      theirs.body.jobs.map((j: { status: string }) => j.status),
      ['NOT_FOUND', 'NOT_FOUND'],
    );
    const mine = await jobs([ok.body.jobId, bad.body.jobId, 'no-such-job']);
    assert.deepEqual(
      mine.body.jobs.map((j: { jobId: string; status: string }) => [j.jobId, j.status]),
      [
        [ok.body.jobId, 'COMPLETED'],
        [bad.body.jobId, 'FAILED'],
        ['no-such-job', 'NOT_FOUND'],
      ],
    );
    assertError(await jobs('x'), 400);
    assertError(await jobs([]), 400);
  });

  it('lists categories with counts (empty ones too) and their knowledge, scoped to the caller', async () => {
    await enableRbac();
    const db = stack.deps.db;
    const role = await createRole(db, tenant.workspaceId, { customerRoleId: 'r' });
    const full = await catalog.insertCategory(db, tenant.workspaceId, { name: 'Billing', description: 'Money' });
    const empty = await catalog.insertCategory(db, tenant.workspaceId, { name: 'Empty' });
    const items = [];
    for (const title of ['Invoices', 'Refunds', 'Taxes']) {
      items.push(
        await knowledgeRepo.insertKnowledge(db, tenant.workspaceId, {
          createdBy: null,
          type: 'LINK',
          title,
          content: `https://x.example/${title}`,
          url: `https://x.example/${title}`,
        }),
      );
    }
    await catalog.linkCategoryKnowledge(
      db,
      tenant.workspaceId,
      full.id,
      items.map((i) => i.id),
    );
    await db('knowledge_roles').insert({
      knowledge_id: items[0]!.id,
      role_id: role.id,
      workspace_id: tenant.workspaceId,
    });

    const all = await stack.request('GET', v1('/categories'), { headers });
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(
      all.body.categories.map((c: { name: string; knowledgeCount: number }) => [c.name, c.knowledgeCount]),
      [
        ['Billing', 3],
        ['Empty', 0],
      ],
    );
    const c0 = all.body.categories[0];
    assert.deepEqual(Object.keys(c0).sort(), ['createdAt', 'description', 'id', 'knowledgeCount', 'name', 'updatedAt']);
    const listed = await stack.request('GET', v1(`/categories/${full.id}/knowledge`), { headers });
    assert.equal(listed.body.knowledge.length, 3);
    const k0 = listed.body.knowledge[0];
    for (const field of ['id', 'title', 'type', 'url', 'content', 'metadata', 'categoryId', 'createdAt', 'updatedAt']) {
      assert.ok(field in k0, field);
    }
    assert.equal(k0.categoryId, full.id);
    assert.deepEqual((await stack.request('GET', v1(`/categories/${empty.id}/knowledge`), { headers })).body, {
      knowledge: [],
    });
    assertError(
      await stack.request('GET', v1(`/categories/${randomUUID()}/knowledge`), { headers }),
      404,
      'Category not found',
    );

    const reader = (await accessHeaders(stack, tenant, { customerRoleId: 'r' })).headers;
    const scoped = await stack.request('GET', v1('/categories'), { headers: reader });
    assert.deepEqual(
      scoped.body.categories.map((c: { knowledgeCount: number }) => c.knowledgeCount),
      [1, 0],
    );
    const scopedItems = await stack.request('GET', v1(`/categories/${full.id}/knowledge`), { headers: reader });
    assert.deepEqual(
      scopedItems.body.knowledge.map((k: { id: string }) => k.id),
      [items[0]!.id],
    );
  });

  it("answers at most 1,000 of a category's items, newest first, and says when it left some out", async () => {
    const db = stack.deps.db;
    const big = await catalog.insertCategory(db, tenant.workspaceId, { name: 'Crawled' });
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      id: randomUUID(),
      workspace_id: tenant.workspaceId,
      type: 'LINK',
      title: `page ${i}`,
      content: `https://docs.example/${i}`,
      url: `https://docs.example/${i}`,
      created_at: new Date(base + i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500) await db('knowledge').insert(rows.slice(i, i + 500));
    await catalog.linkCategoryKnowledge(
      db,
      tenant.workspaceId,
      big.id,
      rows.map((r) => r.id),
    );
    const listed = await stack.request('GET', v1(`/categories/${big.id}/knowledge`), { headers });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.knowledge.length, 1000);
    assert.equal(listed.body.truncated, true);
    assert.equal(listed.body.knowledge[0].title, 'page 1000', 'newest first');
    assert.equal(listed.body.knowledge.at(-1).title, 'page 1', 'the oldest is the one left out');
    // One item fewer fits: no flag.
    await db('knowledge').where({ id: rows[0]!.id }).delete();
    const whole = await stack.request('GET', v1(`/categories/${big.id}/knowledge`), { headers });
    assert.equal(whole.body.knowledge.length, 1000);
    assert.equal('truncated' in whole.body, false);
  });

  it('lists taxonomies with optional roles, languages and categories, filtered by role and language', async () => {
    const db = stack.deps.db;
    const role = await createRole(db, tenant.workspaceId, { name: 'Agents', customerRoleId: 'agents' });
    const cat = await catalog.insertCategory(db, tenant.workspaceId, { name: 'Billing' });
    const main = await catalog.insertTaxonomy(db, tenant.workspaceId, { name: 'Main', published: true });
    const other = await catalog.insertTaxonomy(db, tenant.workspaceId, { name: 'Other' });
    await catalog.setTaxonomyLinks(db, tenant.workspaceId, main.id, {
      roleIds: [role.id],
      languageIds: ['en', 'fr'],
      categoryIds: [cat.id],
    });
    await catalog.setTaxonomyLinks(db, tenant.workspaceId, other.id, { languageIds: ['de'] });

    const plain = await stack.request('GET', v1('/taxonomy'), { headers });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.length, 2);
    const m = plain.body[0];
    assert.deepEqual(
      { name: m.name, published: m.published, categoryCount: m.categoryCount, workspaceId: m.workspaceId },
      { name: 'Main', published: true, categoryCount: 1, workspaceId: tenant.workspaceId },
    );
    assert.ok(!('roles' in m) && !('languages' in m) && !('categories' in m), 'nothing included by default');

    const full = await stack.request(
      'GET',
      v1('/taxonomy?includeRoles=true&includeLanguages=true&includeCategories=true'),
      { headers },
    );
    assert.deepEqual(full.body[0].roles, [
      { id: role.id, name: 'Agents', metadata: { uniqueCustomerRoleId: 'agents' } },
    ]);
    assert.deepEqual(full.body[0].languages, [{ languageId: 'en' }, { languageId: 'fr' }]);
    assert.deepEqual(
      full.body[0].categories.map((c: { id: string }) => c.id),
      [cat.id],
    );
    assert.deepEqual(full.body[1].roles, []);
    // Python's requests sends a boolean parameter as True or False: the flags read any case.
    const capitalized = await stack.request('GET', v1('/taxonomy?includeRoles=True&includeLanguages=FALSE'), {
      headers,
    });
    assert.equal(capitalized.status, 200, capitalized.text);
    assert.deepEqual(capitalized.body[0].roles, full.body[0].roles);
    assert.ok(!('languages' in capitalized.body[0]), 'includeLanguages=FALSE includes none');

    assert.deepEqual(
      (await stack.request('GET', v1(`/taxonomy?roleId=${role.id}`), { headers })).body.map(
        (t: { name: string }) => t.name,
      ),
      ['Main'],
    );
    assert.deepEqual(
      (await stack.request('GET', v1('/taxonomy?languageId=de'), { headers })).body.map(
        (t: { name: string }) => t.name,
      ),
      ['Other'],
    );
    assertError(
      await stack.request('GET', v1('/taxonomy?roleId=abc'), { headers }),
      400,
      'roleId must be a valid UUID',
    );
    assertError(
      await stack.request('GET', v1('/taxonomy?includeRoles=maybe'), { headers }),
      400,
      'includeRoles must be true or false',
    );

    await enableRbac();
    const agent = (await accessHeaders(stack, tenant, { customerRoleId: 'agents' })).headers;
    assert.deepEqual(
      (await stack.request('GET', v1('/taxonomy'), { headers: agent })).body.map((t: { name: string }) => t.name),
      ['Main'],
    );
  });
});
