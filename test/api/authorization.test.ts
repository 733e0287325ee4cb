// The authorization policy over HTTPS: what a role-bound or user space credential cannot do (each attempt of
// the "tried as a new user would" list answers 403, or 401 for a revoked key, and changes nothing), workspace
// scoping without an existence oracle, tokens dying with their key and with their role, and token input checks.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import * as apiKeysRepo from '../../src/db/repositories/apiKeys';
import * as workspaces from '../../src/db/repositories/workspaces';
import { assertError, specFields } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, insertItem, seededVector, type Tenant } from '../helpers/factories';
import { uploadRequest } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

const FORBIDDEN = 'Insufficient permissions';

describe('authorization policy', function () {
  this.timeout(120_000);
  let stack: TestStack;
  let tenant: Tenant;
  let admin: Record<string, string>;
  let roleA: { id: string };
  let roleB: { id: string };
  let asA: Record<string, string>;
  let itemA: string;
  let itemB: string;
  const v1 = (path: string, ws = tenant.workspaceId) => `/v1/workspaces/${ws}${path}`;
  const visibleTo = async (headers: Record<string, string>) => {
    const res = await stack.request('GET', v1('/knowledge?limit=100'), { headers });
    assert.equal(res.status, 200, res.text);
    return (res.body.knowledge as Array<{ id: string }>).map((k) => k.id).sort();
  };

  before(async () => {
    stack = await getStack();
  });
  beforeEach(async () => {
    const db = stack.deps.db;
    tenant = await createTenant(db);
    admin = (await accessHeaders(stack, tenant)).headers;
    await workspaces.setRbacEnabled(db, tenant.workspaceId, true);
    roleA = await createRole(db, tenant.workspaceId, { customerRoleId: 'role-a' });
    roleB = await createRole(db, tenant.workspaceId, { customerRoleId: 'role-b' });
    const dim = stack.deps.embeddings.dimension;
    itemA = await insertItem(db, tenant.workspaceId, {
      title: 'A doc',
      roleIds: [roleA.id],
      vector: seededVector(dim, 1),
    });
    itemB = await insertItem(db, tenant.workspaceId, {
      title: 'B doc',
      roleIds: [roleB.id],
      vector: seededVector(dim, 2),
    });
    asA = (await accessHeaders(stack, tenant, { customerRoleId: 'role-a' })).headers;
  });

  it('refuses a role-bound token every write and administration, and nothing changes', async () => {
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', v1('/rbac-status'), { rbacEnabled: false }],
      ['POST', v1(`/knowledge/${itemB}/role`), { roleIds: [roleA.id] }],
      ['DELETE', v1(`/knowledge/${itemA}/role`), { roleIds: [roleA.id] }],
      ['POST', v1('/role'), { name: 'Escalated' }],
      ['PUT', v1(`/role/${roleB.id}`), { name: 'Renamed' }],
      ['DELETE', v1(`/role/${roleB.id}`), undefined],
      ['DELETE', v1(`/knowledge/${itemB}`), undefined],
      ['DELETE', v1(`/knowledge/${itemA}`), undefined],
      ['DELETE', v1(`/knowledge/${itemA}/children`), undefined],
      ['PUT', v1(`/knowledge/${itemA}/reservedField`), { type: 'STRING', title: 'Mine now' }],
      ['POST', v1('/knowledge/link'), { type: 'LINK', url: 'https://example.com' }],
    ];
    for (const [method, path, json] of attempts) {
      assertError(await stack.request(method, path, { headers: asA, json }), 403, FORBIDDEN);
    }
    const upload = await uploadRequest(stack.request, tenant.workspaceId, asA, {
      filename: 'x.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('planted text'),
    });
    assertError(upload, 403, FORBIDDEN);

    // Nothing changed: RBAC still on, both roles and items as they were, role A still sees only its item.
    const status = await stack.request('GET', v1('/rbac-status'), { headers: asA });
    assert.equal(status.status, 200, 'reading the RBAC status stays allowed');
    assert.equal(status.body.rbacStatus, 'ACTIVE');
    assert.deepEqual(await visibleTo(asA), [itemA]);
    assert.deepEqual((await visibleTo(admin)).sort(), [itemA, itemB].sort());
    const roles = await stack.request('GET', v1('/role'), { headers: asA });
    assert.equal(roles.status, 200, 'listing roles stays allowed');
    assert.deepEqual(roles.body.roles.map((r: { id: string }) => r.id).sort(), [roleA.id, roleB.id].sort());
  });

  it('lets the workspace credential do what the role-bound one may not', async () => {
    const assign = await stack.request('POST', v1(`/knowledge/${itemB}/role`), {
      headers: admin,
      json: { roleIds: [roleA.id] },
    });
    assert.equal(assign.status, 200, assign.text);
    const del = await stack.request('DELETE', v1(`/knowledge/${itemA}`), { headers: admin });
    assert.equal(del.status, 200, del.text);
    const off = await stack.request('PUT', v1('/rbac-status'), { headers: admin, json: { rbacEnabled: false } });
    assert.equal(off.status, 200, off.text);
  });

  it("keeps a role-bound token's reads scoped: upload tracking and an item's role list follow get-knowledge", async () => {
    const file = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      admin,
      { filename: 'policy.txt', contentType: 'text/plain', bytes: Buffer.from('Expense reports are due monthly.') },
      {},
    );
    assert.equal(file.status, 200, file.text);
    const uploadPath = v1(`/upload-file-metadata/${file.body.uploadFileMetadataId}`);
    assert.equal((await stack.request('GET', uploadPath, { headers: admin })).status, 200);
    assertError(await stack.request('GET', uploadPath, { headers: asA }), 404, 'Upload file metadata not found');
    assertError(
      await stack.request('GET', v1(`/knowledge/${itemB}/role`), { headers: asA }),
      404,
      'Knowledge item not found',
    );
    const own = await stack.request('GET', v1(`/knowledge/${itemA}/role`), { headers: asA });
    assert.equal(own.status, 200, own.text);
    assert.deepEqual(
      own.body.map((r: { id: string }) => r.id),
      [roleA.id],
    );

    // Once the upload's item is assigned to role A, role A can follow it.
    await stack.deps.db('knowledge_roles').insert({
      knowledge_id: file.body.knowledgeId,
      role_id: roleA.id,
      workspace_id: tenant.workspaceId,
    });
    const tracked = await stack.request('GET', uploadPath, { headers: asA });
    assert.equal(tracked.status, 200, tracked.text);
    assert.equal(tracked.body.knowledge.id, file.body.knowledgeId);
  });

  it('lets a role-bound token activate a user space only with its own role', async () => {
    const activate = (json: Record<string, unknown>) =>
      stack.request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
        headers: { authorization: asA.authorization!, organizationId: tenant.organizationId },
        json: { workspaceId: tenant.workspaceId, customerIdString: 'end-user-1', ...json },
      });
    // The refusal points at the field that named the other role, and says what to send instead.
    for (const [field, value] of [
      ['customerRoleId', 'role-b'],
      ['roleId', roleB.id],
    ] as const) {
      const refused = await activate({ [field]: value });
      assertError(refused, 403, FORBIDDEN);
      assert.equal(refused.body.code, 'role_not_own');
      assert.equal(refused.body.param, field);
      assert.match(String(refused.body.hint), new RegExp(`only under its own role: leave ${field} out`));
    }
    const inherited = await activate({});
    assert.equal(inherited.status, 200, inherited.text);
    assert.deepEqual(decodeJwt(inherited.body.token).user_metadata, { roleId: roleA.id });
    const named = await activate({ customerRoleId: 'role-a' });
    assert.equal(named.status, 200, named.text);
    assert.deepEqual(decodeJwt(named.body.token).user_metadata, { roleId: roleA.id });
    // The workspace credential may hand out any role.
    const byAdmin = await stack.request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
      headers: { authorization: admin.authorization!, organizationId: tenant.organizationId },
      json: { workspaceId: tenant.workspaceId, customerIdString: 'end-user-2', customerRoleId: 'role-b' },
    });
    assert.equal(byAdmin.status, 200, byAdmin.text);
    assert.deepEqual(decodeJwt(byAdmin.body.token).user_metadata, { roleId: roleB.id });
  });

  it('refuses user space tokens on workspace routes with 403, and kills them with their API key', async () => {
    const viaKey = await stack.request(
      'POST',
      `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space-api-key`,
      {
        headers: { 'x-api-key': tenant.apiKey },
        json: { userId: 'u-1', email: 'u1@example.com' },
      },
    );
    assert.equal(viaKey.status, 200, viaKey.text);
    const viaToken = await stack.request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
      headers: { authorization: admin.authorization!, organizationId: tenant.organizationId },
      json: { workspaceId: tenant.workspaceId, customerIdString: 'u-2' },
    });
    assert.equal(viaToken.status, 200, viaToken.text);
    const spaces = [
      { token: viaKey.body.token as string, spaceId: viaKey.body.space.id as string },
      { token: viaToken.body.token as string, spaceId: viaToken.body.spaceId as string },
    ];
    for (const { token, spaceId } of spaces) {
      const auth = { authorization: `Bearer ${token}` };
      assert.equal((await stack.request('GET', v1(`/spaces/${spaceId}`), { headers: auth })).status, 200);
      assertError(await stack.request('GET', v1('/knowledge'), { headers: auth }), 403, FORBIDDEN);
      assertError(
        await stack.request('PUT', v1('/rbac-status'), { headers: auth, json: { rbacEnabled: false } }),
        403,
        FORBIDDEN,
      );
      assertError(await stack.request('DELETE', v1(`/knowledge/${itemA}`), { headers: auth }), 403, FORBIDDEN);
      assertError(await stack.request('POST', v1('/role'), { headers: auth, json: { name: 'x' } }), 403, FORBIDDEN);
    }
    const [key] = await apiKeysRepo.listApiKeys(stack.deps.db, tenant.workspaceId);
    await apiKeysRepo.revokeApiKey(stack.deps.db, tenant.workspaceId, key!.id);
    for (const { token, spaceId } of spaces) {
      const auth = { authorization: `Bearer ${token}` };
      assertError(
        await stack.request('GET', v1(`/spaces/${spaceId}`), { headers: auth }),
        401,
        'Invalid or expired access token',
      );
      assertError(
        await stack.request('POST', v1(`/spaces/${spaceId}/rag`), { headers: auth, json: { text: 'x' } }),
        401,
      );
    }
    assertError(
      await stack.request('GET', v1('/knowledge'), { headers: admin }),
      401,
      'Invalid or expired access token',
    );
  });

  it("answers 403 for another workspace's path whether or not it exists, with tokens and with API keys", async () => {
    const other = await createTenant(stack.deps.db);
    for (const ws of [other.workspaceId, randomUUID(), 'not-a-uuid']) {
      assertError(await stack.request('GET', v1('/knowledge', ws), { headers: admin }), 403, FORBIDDEN);
      assertError(await stack.request('GET', v1('/rbac-status', ws), { headers: asA }), 403, FORBIDDEN);
      assertError(
        await stack.request('POST', `/workspaces/${ws}/generate-access-key-token`, {
          headers: { 'x-api-key': tenant.apiKey },
          json: {},
        }),
        403,
        FORBIDDEN,
      );
      const rag = await stack.request('POST', v1(`/spaces/${randomUUID()}/rag`, ws), {
        headers: admin,
        json: { text: 'x' },
      });
      assert.deepEqual(
        [rag.status, specFields(rag.body)],
        [404, { error: 'Error', message: 'Workspace ID does not match' }],
      );
    }
    // The documented order otherwise: a deleted own workspace answers 410.
    await workspaces.softDeleteWorkspace(stack.deps.db, tenant.workspaceId);
    assertError(await stack.request('GET', v1('/knowledge'), { headers: admin }), 410, 'Workspace is deleted');
  });

  it('keeps tokens of a deleted role refused when an identical role is created again', async () => {
    const body = { name: 'Reviewers', customerRoleId: 'reviewers' };
    const wait = async (jobId: string) => {
      for (let i = 0; i < 400; i++) {
        const res = await stack.request('POST', v1('/background-jobs'), { headers: admin, json: { jobIds: [jobId] } });
        if (res.body.jobs[0].status !== 'RUNNING') return res.body.jobs[0].status as string;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${jobId} still running`);
    };
    const created = await stack.request('POST', v1('/role'), { headers: admin, json: body });
    assert.equal(await wait(created.body.workflowId), 'COMPLETED');
    const bound = (await accessHeaders(stack, tenant, { customerRoleId: 'reviewers' })).headers;
    assert.equal((await stack.request('GET', v1('/knowledge'), { headers: bound })).status, 200);
    const deleted = await stack.request('DELETE', v1(`/role/${created.body.roleId}`), { headers: admin });
    assert.equal(await wait(deleted.body.workflowId), 'COMPLETED');
    const again = await stack.request('POST', v1('/role'), { headers: admin, json: body });
    assert.equal(await wait(again.body.workflowId), 'COMPLETED');
    assert.notEqual(again.body.roleId, created.body.roleId, 'a new role, with a new id');
    assertError(await stack.request('GET', v1('/knowledge'), { headers: bound }), 403, 'Role not found');
    const fresh = (await accessHeaders(stack, tenant, { customerRoleId: 'reviewers' })).headers;
    assert.equal((await stack.request('GET', v1('/knowledge'), { headers: fresh })).status, 200);
    // Repeating the new create still makes no third role.
    const repeat = await stack.request('POST', v1('/role'), { headers: admin, json: body });
    assert.equal(repeat.body.roleId, again.body.roleId);
  });

  it("checks customerRoleId's format and length before looking it up", async () => {
    const token = (json: unknown) =>
      stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
        headers: { 'x-api-key': tenant.apiKey },
        json,
      });
    const format = 'customerRoleId must be 1 to 255 characters: letters, digits, hyphen or underscore';
    assertError(await token({ customerRoleId: 'x'.repeat(256) }), 400, format);
    assertError(await token({ customerRoleId: 'has space' }), 400, format);
    assertError(await token({ customerRoleId: '' }), 400, format);
    assertError(await token({ customerRoleId: 'ümlaut' }), 400, format);
    assertError(await token({ customerRoleId: 'x'.repeat(255) }), 404, 'role with the given customerRoleId not found');
    assert.equal((await token({ customerRoleId: 'role-a' })).status, 200);
  });
});
