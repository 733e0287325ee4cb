// Security III, findings 1 and 2: with every private-network setting on (as an operator who crawls an intranet
// sets them; the suite's stack does), no outbound request reaches the service's own components. A tenant's s3
// source on the service's own blob store is refused when created or changed, and one stored before that check
// (with s3rver's well-known keys or the store's real ones) reads nothing of another tenant; a URL item, a website, a webhook endpoint or an agent server on the Temporal Web UI,
// PostgreSQL, the S3 store or the API itself is refused. The table of every component under every outbound use
// is test/web/ownComponents.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';
import { foundText, syncToEnd } from '../helpers/sources';
import { testEnv } from '../helpers/env';

const REFUSED = /is not allowed: the service does not connect to its address/;

describe("the service's own components are never an outbound target (API)", function () {
  this.timeout(120_000);
  let stack: TestStack;
  let attacker: Tenant;
  let headers: Record<string, string>;
  const v1 = (path: string) => `/v1/workspaces/${attacker.workspaceId}${path}`;

  before(async () => {
    stack = await getStack();
    attacker = await createTenant(stack.deps.db);
    headers = (await accessHeaders(stack, attacker)).headers;
  });

  it("an s3 source on the service's own blob store reads nothing of another tenant", async () => {
    assert.equal(stack.config.web.allowPrivateNetworks, true, 'the set-up of the finding: private networks allowed');
    const victim = await createTenant(stack.deps.db);
    const secret = `Quarterly figures of the victim ${randomUUID()}: revenue is up by eleven percent.`;
    const prefix = `org/${victim.organizationId}/ws/${victim.workspaceId}/`;
    await stack.deps.storage.put(`${prefix}uploads/${randomUUID()}/figures.txt`, Buffer.from(secret), 'text/plain');

    const keys = [
      { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      { accessKeyId: stack.s3.accessKeyId, secretAccessKey: stack.s3.secretAccessKey },
    ];
    const ownStore = { endpoint: stack.s3.endpoint, bucket: stack.config.s3.bucket, prefix };
    for (const [i, secrets] of keys.entries()) {
      // Refused when created (400, naming the field) ...
      const refused = await stack.request('POST', v1('/sources'), {
        headers,
        json: { kind: 's3', name: `own store ${i}`, config: ownStore, secrets },
      });
      assertError(refused, 400);
      assert.match(refused.body.message, REFUSED);
      assert.equal(refused.body.param, 'config.endpoint');
      // ... and when changed to it ...
      const created = await stack.request('POST', v1('/sources'), {
        headers,
        json: { kind: 's3', name: `elsewhere ${i}`, config: { ...ownStore, endpoint: 'http://127.0.0.1:9/' }, secrets },
      });
      assert.equal(created.status, 201, created.text);
      const moved = await stack.request('PATCH', v1(`/sources/${created.body.id}`), {
        headers,
        json: { config: ownStore, secrets },
      });
      assertError(moved, 400);
      assert.equal(moved.body.param, 'config.endpoint');
      // ... and a source stored on it before that check existed still reads nothing: its sync refuses the address.
      await stack.deps
        .db('sources')
        .where({ id: created.body.id })
        .update({ config: JSON.stringify(ownStore) });
      const sync = await syncToEnd(stack, attacker.workspaceId, headers, created.body.id);
      assert.equal(sync.status, 'FAILED', JSON.stringify(sync));
      assert.match(String(sync.error), REFUSED);
      assert.equal(sync.added, 0);
    }
    assert.equal(await foundText(stack, attacker, headers, secret), false, "the victim's file is not found");
  });

  it('a URL item on the Temporal Web UI, HTTP API or metrics, PostgreSQL, the S3 store or the API is refused (400)', async () => {
    const { uiPort, httpPort, metricsPort } = stack.config.temporal;
    assert.equal(String(uiPort), testEnv.temporalUiPort, "the suite's Temporal Web UI");
    assert.equal(String(httpPort), testEnv.temporalHttpPort, "the suite's Temporal HTTP API");
    assert.equal(String(metricsPort), testEnv.temporalMetricsPort, "the suite's Temporal metrics");
    const pg = new URL(testEnv.databaseAdminUrl);
    const api = new URL(stack.baseUrl);
    const targets = [
      `http://127.0.0.1:${uiPort}/api/v1/namespaces/default/workflows`,
      `http://localhost:${uiPort}/api/v1/namespaces/default/workflows`,
      `http://[::ffff:127.0.0.1]:${uiPort}/api/v1/namespaces/default/workflows`,
      `http://127.0.0.1:${httpPort}/api/v1/namespaces/default/workflows`,
      `http://localhost:${httpPort}/api/v1/namespaces/default/workflows/${randomUUID()}`,
      `http://127.0.0.1:${metricsPort}/metrics`,
      `http://127.0.0.1:${pg.port}/`,
      `${stack.s3.endpoint}/${stack.config.s3.bucket}/`,
      `https://127.0.0.1:${api.port}/health`,
      `http://${testEnv.temporalAddress}/`,
    ];
    for (const url of targets) {
      const res = await stack.request('POST', v1('/knowledge/url'), { headers, json: { url } });
      assertError(res, 400);
      assert.match(res.body.message, REFUSED, url);
      const site = await stack.request('POST', v1('/knowledge/website'), { headers, json: { url } });
      assertError(site, 400);
      assert.match(site.body.message, REFUSED, url);
    }
  });

  it('a webhook endpoint or an agent server on an own component is refused (400)', async () => {
    const { uiPort, httpPort } = stack.config.temporal;
    const hooks = [
      `http://127.0.0.1:${uiPort}/hook`,
      `http://127.0.0.1:${httpPort}/api/v1/namespaces/default/workflows/${randomUUID()}/terminate`,
    ];
    for (const url of hooks) {
      const hook = await stack.request('POST', v1('/webhooks'), { headers, json: { url } });
      assertError(hook, 400);
      assert.match(hook.body.message, REFUSED, url);
    }
    for (const url of [`${stack.s3.endpoint}/v1`, `http://127.0.0.1:${httpPort}/v1`]) {
      const server = await stack.request('POST', v1('/agent/servers'), { headers, json: { name: 'own', url } });
      assertError(server, 400);
      assert.match(server.body.message, REFUSED, url);
    }
  });
});
