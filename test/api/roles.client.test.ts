// Roles end to end through the typed client (@kws/client: openapi-typescript types + openapi-fetch, generated from
// the published document): the compiler checks every path, parameter and body, and every answer also passes the
// drift guard (the client's fetch goes through the test HTTPS client).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createKwsClient, type KwsClient } from '@kws/client';
import { specFields } from '../helpers/assertions';
import { createTenant, type Tenant } from '../helpers/factories';
import { fetchVia } from '../helpers/http';
import { getStack, type TestStack } from '../helpers/stack';

describe('roles through the typed client', function () {
  this.timeout(120_000);
  let stack: TestStack;
  let tenant: Tenant;
  let kws: KwsClient;
  const path = () => ({ path: { workspaceId: tenant.workspaceId } });
  /** A /v1 call's parameters: the path and the organizationid header the contract requires with an access token. */
  const v1 = <P extends Record<string, string>>(extra?: P) => ({
    path: { workspaceId: tenant.workspaceId, ...extra } as { workspaceId: string } & P,
    header: { organizationid: tenant.organizationId },
  });
  const client = (credentials: { apiKey?: string; token?: string }) =>
    createKwsClient({ baseUrl: stack.baseUrl, fetch: fetchVia(stack.request), ...credentials });

  before(async () => {
    stack = await getStack();
  });
  beforeEach(async () => {
    tenant = await createTenant(stack.deps.db);
    const minted = await client({ apiKey: tenant.apiKey }).POST('/workspaces/{workspaceId}/generate-access-key-token', {
      params: path(),
      body: {},
    });
    assert.equal(minted.response.status, 200);
    kws = client({ token: minted.data!.token });
  });

  async function waitForRole(roleId: string, predicate: (role: { name: string }) => boolean = () => true) {
    for (let i = 0; i < 400; i++) {
      const { data, response } = await kws.GET('/v1/workspaces/{workspaceId}/role/{roleId}', {
        params: v1({ roleId }),
      });
      if (response.status === 200 && predicate(data!)) return data!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`role ${roleId} never appeared`);
  }

  it('creates, finds, lists, updates and deletes a role, and reports the RBAC status', async () => {
    const status = await kws.PUT('/v1/workspaces/{workspaceId}/rbac-status', {
      params: v1(),
      body: { rbacEnabled: true },
    });
    assert.deepEqual(status.data, { workspaceId: tenant.workspaceId, rbacEnabled: true, rbacStatus: 'ACTIVE' });

    const customerRoleId = `agents-${randomUUID().slice(0, 8)}`;
    const created = await kws.POST('/v1/workspaces/{workspaceId}/role', {
      params: v1(),
      body: { name: 'Support agents', description: 'Tier 1', customerRoleId },
    });
    assert.equal(created.response.status, 200);
    const { roleId, workflowId } = created.data!;
    assert.match(workflowId, /^role-create:/);
    const role = await waitForRole(roleId);
    assert.equal(role.name, 'Support agents');

    const found = await kws.POST('/v1/workspaces/{workspaceId}/role/find', { params: v1(), body: { name: 'SUPPORT' } });
    assert.deepEqual(
      found.data!.roles.map((r) => r.id),
      [roleId],
    );
    const byCustomerId = await kws.GET('/v1/workspaces/{workspaceId}/role/by-customer-role-id/{customerRoleId}', {
      params: v1({ customerRoleId }),
    });
    assert.equal(byCustomerId.data!.id, roleId);
    const list = await kws.GET('/v1/workspaces/{workspaceId}/role', { params: v1() });
    assert.equal(list.data!.total, 1);

    const updated = await kws.PUT('/v1/workspaces/{workspaceId}/role/{roleId}', {
      params: v1({ roleId }),
      body: { name: 'Support tier 1' },
    });
    assert.equal(updated.data!.role.name, 'Support tier 1');
    assert.equal(updated.data!.role.customerRoleId, customerRoleId, 'omitted fields stay');
    await waitForRole(roleId, (r) => r.name === 'Support tier 1');

    const deleted = await kws.DELETE('/v1/workspaces/{workspaceId}/role/{roleId}', {
      params: v1({ roleId }),
    });
    assert.equal(deleted.data!.roleId, roleId);
    for (let i = 0; i < 400; i++) {
      const gone = await kws.GET('/v1/workspaces/{workspaceId}/role/{roleId}', {
        params: v1({ roleId }),
      });
      if (gone.response.status === 404) {
        assert.deepEqual(specFields(gone.error), { error: 'Not Found', message: 'Role not found' });
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail('the role was never deleted');
  });

  it('answers the typed error body for bad input and a missing credential', async () => {
    const missing = await kws.POST('/v1/workspaces/{workspaceId}/role/find', { params: v1(), body: {} });
    assert.equal(missing.response.status, 400);
    assert.deepEqual(specFields(missing.error), {
      error: 'Bad Request',
      message: 'At least one search criterion required',
    });
    const anonymous = client({});
    const refused = await anonymous.GET('/v1/workspaces/{workspaceId}/role', {
      params: v1(),
    });
    assert.equal(refused.response.status, 401);
    assert.equal(refused.error!.message, 'Invalid or expired access token');
  });
});
