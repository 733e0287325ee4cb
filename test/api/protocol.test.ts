// Transport-level rules: HTTPS only, one JSON error shape for every failure, health and readiness.
import assert from 'node:assert/strict';
import { createDb } from '../../src/db/knex';
import { testEnv } from '../helpers/env';
import { accessHeaders, createTenant } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

describe('protocol', () => {
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  it('refuses plain HTTP on the HTTPS port with a JSON error, never serving it', async () => {
    const tenant = await createTenant(stack.deps.db);
    const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      plain: true,
      headers: { 'x-api-key': tenant.apiKey },
      json: {},
    });
    assert.equal(res.status, 403, res.text);
    assert.deepEqual(res.body, { error: 'Forbidden', message: 'HTTPS is required' });
    // Without TRUST_PROXY a forged X-Forwarded-Proto changes nothing.
    const forged = await stack.request('GET', '/health', { plain: true, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(forged.status, 403);
  });

  it('trusts X-Forwarded-Proto from a TLS-terminating proxy only when TRUST_PROXY is set', async () => {
    const proxied = await stack.serve({
      ...stack.deps,
      config: { ...stack.deps.config, tls: { ...stack.deps.config.tls, trustProxy: true } },
    });
    const ok = await proxied.request('GET', '/health', { plain: true, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(ok.status, 200, ok.text);
    const refused = await proxied.request('GET', '/health', { plain: true });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'HTTPS is required');
  });

  it('answers unknown routes, malformed JSON and oversized bodies with {"error","message"}', async () => {
    const notFound = await stack.request('GET', '/v1/nothing/here');
    assert.equal(notFound.status, 404);
    assert.deepEqual(notFound.body, { error: 'Not Found', message: 'Route not found' });
    assert.equal(notFound.headers['x-api-version'], 'v1');

    const tenant = await createTenant(stack.deps.db);
    const malformed = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      raw: '{"customerRoleId": ',
    });
    assert.equal(malformed.status, 400);
    assert.deepEqual(malformed.body, { error: 'Bad Request', message: 'Malformed JSON in request body' });

    const big = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      raw: JSON.stringify({ pad: 'x'.repeat(stack.deps.config.limits.maxJsonBodyBytes + 10) }),
    });
    assert.equal(big.status, 413);
    assert.equal(big.body.error, 'Payload Too Large');
    assert.match(big.body.message, /exceeds the limit/);
  });

  it('answers an unexpected failure with a generic 500 and no stack trace', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    // The same app on a reachable database without the service's tables: every query fails unexpectedly.
    const emptyDb = createDb(testEnv.databaseAdminUrl, 1);
    try {
      const broken = await stack.serve({ ...stack.deps, db: emptyDb });
      const res = await broken.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, { headers });
      assert.equal(res.status, 500, res.text);
      assert.deepEqual(res.body, {
        error: 'Internal Server Error',
        message: 'Failed to process or retrieve the resource',
      });
      assert.equal(res.headers['x-api-version'], 'v1');
      assert.doesNotMatch(res.text, /relation|does not exist|at .*\.js/);
    } finally {
      await emptyDb.destroy();
    }
  });

  it('answers 503 while the database is unreachable, and readiness 503 naming only the component', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    // The same app with its database pointing at a closed port.
    const brokenDb = createDb('postgres://kws@127.0.0.1:1/nothing', 1);
    try {
      const broken = await stack.serve({ ...stack.deps, db: brokenDb });
      const res = await broken.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, { headers });
      assert.equal(res.status, 503, res.text);
      assert.deepEqual(res.body, { error: 'Service Unavailable', message: 'Service temporarily unavailable' });
      assert.equal(res.headers['x-api-version'], 'v1');

      const ready = await broken.request('GET', '/health/ready');
      assert.equal(ready.status, 503, ready.text);
      // Component names and up/down only: never the driver's error text.
      assert.deepEqual(ready.body, {
        error: 'Service Unavailable',
        message: 'Not ready: database down',
        status: 'unavailable',
        checks: { database: { status: 'down' }, temporal: { status: 'up' }, storage: { status: 'up' } },
      });
    } finally {
      await brokenDb.destroy();
    }
  });

  it('reports database, Temporal and storage ready', async () => {
    const res = await stack.request('GET', '/health/ready');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      status: 'ready',
      checks: { database: { status: 'up' }, temporal: { status: 'up' }, storage: { status: 'up' } },
    });
    assert.equal(res.headers['x-api-version'], undefined, 'only /v1 responses carry X-API-Version');
  });
});
