// The routes the console's overview and integrations panels call: storage usage against the quota, a webhook's
// test event and the workspace's API keys; and the one its sign-in calls: the key alone names its workspace.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createRole, accessHeaders, createTenant, createUserSpace, type Tenant } from '../helpers/factories';
import { assertError } from '../helpers/assertions';
import { uploadRequest } from '../helpers/knowledge';
import { stackWithTenant, type TestStack } from '../helpers/stack';

/** A webhook receiver on loopback that answers 200 and keeps what it received. */
async function receiver() {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('console routes', function () {
  this.timeout(180_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  describe('GET /storage', () => {
    it('answers the bytes stored against the quota, which an upload grows', async () => {
      const before = await stack.request('GET', v1('/storage'), { headers });
      assert.equal(before.status, 200, before.text);
      assert.deepEqual(before.body, {
        usedBytes: 0,
        quotaBytes: stack.deps.config.limits.defaultStorageQuotaBytes,
        fileBytes: 0,
        messageBytes: 0,
      });
      await stack.deps.db('workspaces').where({ id: tenant.workspaceId }).update({ storage_quota_bytes: 5000 });
      const bytes = Buffer.from('storage counts every stored byte');
      const up = await uploadRequest(stack.request, tenant.workspaceId, headers, {
        filename: 'a.txt',
        contentType: 'text/plain',
        bytes,
      });
      assert.equal(up.status, 200, up.text);
      const after = await stack.request('GET', v1('/storage'), { headers });
      assert.deepEqual(after.body, {
        usedBytes: bytes.length,
        quotaBytes: 5000,
        fileBytes: bytes.length,
        messageBytes: 0,
      });
    });

    it('refuses a role-bound token with 403 and another workspace with 4xx', async () => {
      const role = await createRole(stack.deps.db, tenant.workspaceId);
      const bound = await accessHeaders(stack, tenant, { roleId: role.id });
      const res = await stack.request('GET', v1('/storage'), { headers: bound.headers });
      // The error body and nothing else (the drift guard holds it to the document's Error schema).
      assertError(res, 403);
      const other = await createTenant(stack.deps.db);
      const cross = await stack.request('GET', `/v1/workspaces/${other.workspaceId}/storage`, { headers });
      assert.ok(cross.status >= 400 && cross.status < 500, cross.text);
      assert.equal((await stack.request('PUT', v1('/storage'), { headers })).status, 405);
    });
  });

  describe('POST /webhooks/{id}/test', () => {
    it('delivers a signed webhook.test to that endpoint alone, and logs the delivery', async () => {
      const [rx, other] = [await receiver(), await receiver()];
      try {
        const create = async (url: string, events?: string[]) => {
          const res = await stack.request('POST', v1('/webhooks'), { headers, json: { url, events } });
          assert.equal(res.status, 201, res.text);
          return res.body as { id: string; secret: string };
        };
        const hook = await create(rx.url, ['role.job_failed']);
        await create(other.url);
        const sent = await stack.request('POST', v1(`/webhooks/${hook.id}/test`), { headers });
        assert.equal(sent.status, 202, sent.text);
        assert.equal(sent.body.eventType, 'webhook.test');
        const log = await until(async () => {
          const res = await stack.request('GET', v1(`/webhooks/${hook.id}/deliveries`), { headers });
          const d = (res.body.deliveries as Array<{ id: string; status: string; eventType: string }>)[0];
          return d?.status === 'SUCCEEDED' ? d : undefined;
        }, 'the test delivery');
        assert.equal(log.id, sent.body.deliveryId);
        assert.equal(rx.received.length, 1);
        const { headers: h, body } = rx.received[0]!;
        const payload = new Webhook(hook.secret.slice('whsec_'.length)).verify(body, {
          'webhook-id': String(h['webhook-id']),
          'webhook-timestamp': String(h['webhook-timestamp']),
          'webhook-signature': String(h['webhook-signature']),
        }) as { type: string; data: Record<string, unknown> };
        assert.equal(payload.type, 'webhook.test');
        assert.deepEqual(payload.data, { workspaceId: tenant.workspaceId, webhookId: hook.id });
        assert.equal(other.received.length, 0, 'only the chosen endpoint receives the test event');
      } finally {
        await rx.close();
        await other.close();
      }
    });

    it("answers 404 for another workspace's webhook or a malformed id, and 403 to a role-bound token", async () => {
      const other = await createTenant(stack.deps.db);
      const otherHeaders = (await accessHeaders(stack, other)).headers;
      const theirs = await stack.request('POST', `/v1/workspaces/${other.workspaceId}/webhooks`, {
        headers: otherHeaders,
        json: { url: 'https://hooks.example/x' },
      });
      assert.equal(theirs.status, 201, theirs.text);
      for (const id of [theirs.body.id as string, 'not-a-uuid', 'x'.repeat(300)]) {
        const res = await stack.request('POST', v1(`/webhooks/${id}/test`), { headers });
        assert.deepEqual([res.status, res.body.message], [404, 'Webhook not found'], id);
      }
      const deliveries = await stack.request(
        'GET',
        `/v1/workspaces/${other.workspaceId}/webhooks/${theirs.body.id}/deliveries`,
        {
          headers: otherHeaders,
        },
      );
      assert.deepEqual(deliveries.body.deliveries, []);
      const role = await createRole(stack.deps.db, tenant.workspaceId);
      const bound = await accessHeaders(stack, tenant, { roleId: role.id });
      const res = await stack.request('POST', v1(`/webhooks/${theirs.body.id}/test`), { headers: bound.headers });
      assert.equal(res.status, 403, res.text);
    });
  });

  describe('/api-keys', () => {
    it('creates a key shown once that mints tokens, lists it without key or hash, and revokes it', async () => {
      const created = await stack.request('POST', v1('/api-keys'), { headers, json: { name: ' ci deploy ' } });
      assert.equal(created.status, 201, created.text);
      const key = created.body as { id: string; apiKey: string; name: string; lastUsedAt: null };
      assert.match(key.apiKey, /^sk-kws-[A-Za-z0-9_-]+$/);
      assert.equal(key.name, 'ci deploy');
      assert.equal(key.lastUsedAt, null);
      const minted = await accessHeaders(stack, { ...tenant, apiKey: key.apiKey });
      assert.equal((await stack.request('GET', v1('/storage'), { headers: minted.headers })).status, 200);

      const list = await stack.request('GET', v1('/api-keys'), { headers });
      assert.equal(list.status, 200, list.text);
      const listed = (list.body.apiKeys as Array<Record<string, unknown>>).find((k) => k.id === key.id)!;
      assert.deepEqual(Object.keys(listed).sort(), ['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt']);
      assert.ok(listed.lastUsedAt, 'the key was used to mint a token');
      const [row] = await stack.deps.db('api_keys').where({ id: key.id }).select('key_hash');
      assert.ok(!list.text.includes(key.apiKey) && !list.text.includes(row.key_hash), 'never the key or its hash');
      assert.equal(list.body.apiKeys.length, 2, 'the tenant key and the new one');

      const revoked = await stack.request('DELETE', v1(`/api-keys/${key.id}`), { headers });
      assert.deepEqual([revoked.status, revoked.body], [200, { success: true }]);
      const again = await stack.request('DELETE', v1(`/api-keys/${key.id}`), { headers });
      assert.equal(again.status, 404, again.text);
      const refused = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
        headers: { 'x-api-key': key.apiKey },
        json: {},
      });
      assert.equal(refused.status, 401, refused.text);
      assert.equal((await stack.request('GET', v1('/storage'), { headers: minted.headers })).status, 401);
    });

    it("refuses bad names, other workspaces' keys and credentials that are not the workspace's", async () => {
      for (const json of [{}, { name: '' }, { name: '   ' }, { name: 7 }, { name: 'x'.repeat(201) }, [], 'key']) {
        const res = await stack.request('POST', v1('/api-keys'), { headers, json });
        assertError(res, 400);
      }
      for (const id of ['not-a-uuid', 'x'.repeat(300)]) {
        const res = await stack.request('DELETE', v1(`/api-keys/${id}`), { headers });
        assert.equal(res.status, 404, id);
      }
      const other = await createTenant(stack.deps.db);
      const [theirs] = await stack.deps.db('api_keys').where({ workspace_id: other.workspaceId }).select('id');
      const cross = await stack.request('DELETE', v1(`/api-keys/${theirs.id}`), { headers });
      assert.equal(cross.status, 404, cross.text);
      const direct = await stack.request('DELETE', `/v1/workspaces/${other.workspaceId}/api-keys/${theirs.id}`, {
        headers,
      });
      assert.ok(direct.status >= 400 && direct.status < 500, direct.text);
      await accessHeaders(stack, other); // their key still works
      const role = await createRole(stack.deps.db, tenant.workspaceId);
      const bound = (await accessHeaders(stack, tenant, { roleId: role.id })).headers;
      for (const [method, path] of [
        ['GET', '/api-keys'],
        ['POST', '/api-keys'],
        ['DELETE', `/api-keys/${theirs.id}`],
      ] as const) {
        const res = await stack.request(method, v1(path), {
          headers: bound,
          ...(method === 'POST' ? { json: { name: 'x' } } : {}),
        });
        assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
      }
      const { headers: userSpace } = await createUserSpace(stack, tenant, 'u-1');
      for (const [method, path] of [
        ['GET', '/api-keys'],
        ['POST', '/api-keys'],
      ] as const) {
        const res = await stack.request(method, v1(path), { headers: userSpace, json: { name: 'x' } });
        assert.equal(res.status, 403, `user space ${method} ${path}: ${res.text}`);
      }
      const withKey = await stack.request('GET', v1('/api-keys'), {
        headers: { 'x-api-key': tenant.apiKey, organizationid: tenant.organizationId },
      });
      assert.equal(withKey.status, 401, 'the API key mints tokens; it does not call /v1 routes itself');
      assert.equal((await stack.request('PUT', v1('/api-keys'), { headers })).status, 405);
    });
  });

  describe('GET /api-keys/current', () => {
    it("names the key's own workspace and organization, and the key (never its value or hash)", async () => {
      const res = await stack.request('GET', '/api-keys/current', { headers: { 'x-api-key': tenant.apiKey } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.workspaceId, tenant.workspaceId);
      assert.equal(res.body.organizationId, tenant.organizationId);
      assert.deepEqual(Object.keys(res.body.apiKey).sort(), [
        'createdAt',
        'id',
        'lastUsedAt',
        'name',
        'prefix',
        'revokedAt',
      ]);
      assert.ok(tenant.apiKey.startsWith(res.body.apiKey.prefix));
      const [row] = await stack.deps.db('api_keys').where({ workspace_id: tenant.workspaceId }).select('key_hash');
      assert.ok(!res.text.includes(tenant.apiKey) && !res.text.includes(row.key_hash));
      // Another workspace's key names that workspace: the answer follows the key, nothing else.
      const other = await createTenant(stack.deps.db);
      const theirs = await stack.request('GET', '/api-keys/current', { headers: { 'x-api-key': other.apiKey } });
      assert.deepEqual([theirs.status, theirs.body.workspaceId], [200, other.workspaceId]);
    });

    it('refuses a missing, malformed, unknown or revoked key, and every bearer token, as the token endpoint does', async () => {
      const created = await stack.request('POST', v1('/api-keys'), { headers, json: { name: 'soon revoked' } });
      await stack.request('DELETE', v1(`/api-keys/${created.body.id}`), { headers });
      const tokenOnly = { authorization: headers.authorization! };
      for (const sent of <Array<Record<string, string>>>[
        {},
        { 'x-api-key': 'not a key' },
        { 'x-api-key': `sk-kws-${'A'.repeat(43)}` },
        { 'x-api-key': created.body.apiKey as string },
        tokenOnly,
      ]) {
        const res = await stack.request('GET', '/api-keys/current', { headers: sent });
        assert.deepEqual([res.status, res.body.message], [401, 'Invalid or missing API key'], JSON.stringify(sent));
      }
      await stack.deps.db('workspaces').where({ id: tenant.workspaceId }).update({ deleted_at: new Date() });
      const gone = await stack.request('GET', '/api-keys/current', { headers: { 'x-api-key': tenant.apiKey } });
      assert.ok(gone.status === 401 || gone.status === 410, gone.text);
    });
  });
});
