import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import * as apiKeys from '../../src/db/repositories/apiKeys';
import * as workspaces from '../../src/db/repositories/workspaces';
import { hashApiKey } from '../../src/services/access/apiKeys';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { assertError } from '../helpers/assertions';
import { getStack, type TestStack } from '../helpers/stack';

const tokenPath = (ws: string) => `/workspaces/${ws}/generate-access-key-token`;
const listPath = (ws: string) => `/v1/workspaces/${ws}/knowledge`;

describe('authentication', () => {
  let stack: TestStack;
  let tenant: Tenant;
  before(async () => {
    stack = await getStack();
  });
  beforeEach(async () => {
    tenant = await createTenant(stack.deps.db);
  });

  describe('POST /workspaces/{id}/generate-access-key-token', () => {
    it('answers 200 {token} for a valid key with an empty or absent body', async () => {
      for (const opts of [{ json: {} }, {}]) {
        const res = await stack.request('POST', tokenPath(tenant.workspaceId), {
          headers: { 'x-api-key': tenant.apiKey },
          ...opts,
        });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(Object.keys(res.body), ['token']);
        const claims = decodeJwt(res.body.token);
        assert.equal(claims.organizationId, tenant.organizationId);
        assert.equal(claims.workspaceId, tenant.workspaceId);
        assert.equal(claims.roleId, undefined);
        assert.ok(typeof claims.exp === 'number' && claims.exp > Date.now() / 1000);
      }
    });

    it('stores the key only as its hash, in the sk-<word>-<secret> format', async () => {
      assert.match(tenant.apiKey, /^sk-[a-z0-9]+-[A-Za-z0-9_-]{16,}$/);
      const rows = await apiKeys.listApiKeys(stack.deps.db, tenant.workspaceId);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.key_hash, hashApiKey(tenant.apiKey));
      const everything = JSON.stringify(await stack.deps.db('api_keys').select('*'));
      assert.ok(!everything.includes(tenant.apiKey), 'plain key never stored');
    });

    it('answers 401 "Invalid or missing API key" for missing, malformed, unknown and revoked keys', async () => {
      const forged = `sk-kws-${'A'.repeat(43)}`;
      for (const headers of [
        {} as Record<string, string>,
        { 'x-api-key': 'nope' },
        { 'x-api-key': forged },
        { 'x-api-key': `${tenant.apiKey}x` },
      ]) {
        const res = await stack.request('POST', tokenPath(tenant.workspaceId), { headers, json: {} });
        assertError(res, 401, 'Invalid or missing API key');
      }
      const [row] = await apiKeys.listApiKeys(stack.deps.db, tenant.workspaceId);
      await apiKeys.revokeApiKey(stack.deps.db, tenant.workspaceId, row!.id);
      const res = await stack.request('POST', tokenPath(tenant.workspaceId), {
        headers: { 'x-api-key': tenant.apiKey },
      });
      assertError(res, 401, 'Invalid or missing API key');
    });

    it("answers 403 for any workspace but the key's own (existing or not), 410 for a deleted one", async () => {
      const other = await createTenant(stack.deps.db);
      for (const ws of [other.workspaceId, randomUUID(), 'not-a-uuid']) {
        assertError(
          await stack.request('POST', tokenPath(ws), { headers: { 'x-api-key': tenant.apiKey } }),
          403,
          'Insufficient permissions',
        );
      }
      await workspaces.softDeleteWorkspace(stack.deps.db, tenant.workspaceId);
      assertError(
        await stack.request('POST', tokenPath(tenant.workspaceId), { headers: { 'x-api-key': tenant.apiKey } }),
        410,
        'Workspace is deleted',
      );
    });

    it('binds the token to a role given by customerRoleId or roleId, never both', async () => {
      const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'Support_Agents-1' });
      const headers = { 'x-api-key': tenant.apiKey };
      const byCustomer = await stack.request('POST', tokenPath(tenant.workspaceId), {
        headers,
        json: { customerRoleId: 'Support_Agents-1' },
      });
      assert.equal(byCustomer.status, 200, byCustomer.text);
      assert.equal(decodeJwt(byCustomer.body.token).roleId, role.id);

      const byId = await stack.request('POST', tokenPath(tenant.workspaceId), { headers, json: { roleId: role.id } });
      assert.equal(byId.status, 200, byId.text);
      assert.equal(decodeJwt(byId.body.token).roleId, role.id);

      assertError(
        await stack.request('POST', tokenPath(tenant.workspaceId), {
          headers,
          json: { customerRoleId: 'Support_Agents-1', roleId: role.id },
        }),
        400,
        'Provide either customerRoleId or roleId, not both',
      );
      // customerRoleId is case-sensitive; the hint names the role probably meant, and where roles are listed
      const miscased = await stack.request('POST', tokenPath(tenant.workspaceId), {
        headers,
        json: { customerRoleId: 'support_agents-1' },
      });
      assertError(miscased, 404, 'role with the given customerRoleId not found');
      assert.equal(miscased.body.param, 'customerRoleId');
      assert.equal(
        miscased.body.hint,
        `No role has customerRoleId "support_agents-1": did you mean "Support_Agents-1"? GET /v1/workspaces/${tenant.workspaceId}/role lists the workspace's roles with their customerRoleId.`,
      );
      assertError(
        await stack.request('POST', tokenPath(tenant.workspaceId), { headers, json: { roleId: randomUUID() } }),
        404,
        'Role not found',
      );
      assertError(
        await stack.request('POST', tokenPath(tenant.workspaceId), { headers, json: { roleId: 'abc' } }),
        400,
        'roleId must be a valid UUID',
      );
      assertError(await stack.request('POST', tokenPath(tenant.workspaceId), { headers, json: [1, 2] }), 400);
    });

    it('does not bind a role of another workspace', async () => {
      const other = await createTenant(stack.deps.db);
      const foreign = await createRole(stack.deps.db, other.workspaceId, { customerRoleId: 'foreign' });
      const headers = { 'x-api-key': tenant.apiKey };
      assertError(
        await stack.request('POST', tokenPath(tenant.workspaceId), { headers, json: { roleId: foreign.id } }),
        404,
        'Role not found',
      );
      const elsewhere = await stack.request('POST', tokenPath(tenant.workspaceId), {
        headers,
        json: { customerRoleId: 'foreign' },
      });
      assertError(elsewhere, 404, 'role with the given customerRoleId not found');
      assert.ok(!elsewhere.text.includes(other.workspaceId), 'the other workspace is not named');
    });
  });

  describe('/v1 bearer authentication', () => {
    it('opens /v1 routes with a token and the organizationid header, answering X-API-Version: v1', async () => {
      const { headers } = await accessHeaders(stack, tenant);
      const res = await stack.request('GET', listPath(tenant.workspaceId), { headers });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers['x-api-version'], 'v1');
      assert.deepEqual(res.body, { knowledge: [], total: 0, page: 1, limit: 20 });
    });

    it('answers 401 "Invalid or expired access token" for a missing, raw-key, forged or expired bearer', async () => {
      // Our claims, issuer and audience: only the secret or the times are wrong.
      const sign = (secret: Uint8Array, issuedAt: number, expires: number) =>
        new SignJWT({ tokenType: 'access', organizationId: tenant.organizationId, workspaceId: tenant.workspaceId })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('kws')
          .setAudience('kws-api')
          .setIssuedAt(issuedAt)
          .setExpirationTime(expires)
          .sign(secret);
      const now = Math.floor(Date.now() / 1000);
      const expired = await sign(stack.jwtSecret, now - 7200, now - 3600);
      const forged = await sign(new TextEncoder().encode('x'.repeat(32)), now, now + 3600);
      const { token } = await accessHeaders(stack, tenant);
      const unsigned = `${token.split('.').slice(0, 2).join('.')}.`;
      for (const authorization of [
        undefined,
        `Bearer ${tenant.apiKey}`,
        `Bearer ${forged}`,
        `Bearer ${expired}`,
        `Bearer ${unsigned}`,
        token,
      ]) {
        const headers: Record<string, string> = { organizationid: tenant.organizationId };
        if (authorization) headers.authorization = authorization;
        const res = await stack.request('GET', listPath(tenant.workspaceId), { headers });
        assertError(res, 401, 'Invalid or expired access token');
        assert.equal(res.headers['x-api-version'], 'v1', 'errors carry the version header too');
      }
    });

    it('stops accepting tokens minted by a key once it is revoked', async () => {
      const { headers } = await accessHeaders(stack, tenant);
      const [row] = await apiKeys.listApiKeys(stack.deps.db, tenant.workspaceId);
      await apiKeys.revokeApiKey(stack.deps.db, tenant.workspaceId, row!.id);
      assertError(
        await stack.request('GET', listPath(tenant.workspaceId), { headers }),
        401,
        'Invalid or expired access token',
      );
    });

    it('requires organizationid to be the token organization', async () => {
      const { token } = await accessHeaders(stack, tenant);
      assertError(
        await stack.request('GET', listPath(tenant.workspaceId), { headers: { authorization: `Bearer ${token}` } }),
        400,
        'Missing required header: organizationid',
      );
      assertError(
        await stack.request('GET', listPath(tenant.workspaceId), {
          headers: { authorization: `Bearer ${token}`, organizationid: randomUUID() },
        }),
        403,
        'Insufficient permissions',
      );
    });

    it('answers 403 on another workspace or organization, existing or not (no existence oracle), 410 once deleted', async () => {
      const { headers } = await accessHeaders(stack, tenant);
      const otherOrg = await createTenant(stack.deps.db);
      const sameOrg = await workspaces.insertWorkspace(stack.deps.db, {
        organizationId: tenant.organizationId,
        name: 'second',
      });
      assertError(
        await stack.request('GET', listPath(otherOrg.workspaceId), { headers }),
        403,
        'Insufficient permissions',
      );
      assertError(await stack.request('GET', listPath(sameOrg.id), { headers }), 403, 'Insufficient permissions');
      assertError(await stack.request('GET', listPath(randomUUID()), { headers }), 403, 'Insufficient permissions');
      await workspaces.softDeleteWorkspace(stack.deps.db, tenant.workspaceId);
      assertError(await stack.request('GET', listPath(tenant.workspaceId), { headers }), 410, 'Workspace is deleted');
    });
  });
});
