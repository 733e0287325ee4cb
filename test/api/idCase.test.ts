// Ids are UUIDs, and a UUID's case carries nothing (RFC 9562): an id sent in capitals names the same thing as in
// lower case, wherever it is sent (the path, the organizationid header, a body or a query), and the answer gives it
// back in lower case, as the database does. Before, a capital-letter id passed every format check and then
// matched nothing where the service compares ids in code or builds a workflow id from one.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiRouter } from '../../src/api/app';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { connectTemporal } from '../../src/temporal/client';
import { testEnv } from '../helpers/env';
import { createRole, type Tenant } from '../helpers/factories';
import { waitForJob } from '../helpers/knowledge';
import { stackWithTenant, type TestStack } from '../helpers/stack';

const UP = (id: string) => id.toUpperCase();

describe('ids in capitals', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  it('reads the workspace in the path and the organizationid header whatever their case', async () => {
    const shouted = { ...headers, organizationid: UP(tenant.organizationId) };
    const status = await stack.request('GET', `/v1/workspaces/${UP(tenant.workspaceId)}/rbac-status`, {
      headers: shouted,
    });
    assert.equal(status.status, 200, status.text);
    assert.equal(status.body.workspaceId, tenant.workspaceId, 'answered in lower case');
    // The API-key routes too: the key's workspace is the path's.
    const token = await stack.request('POST', `/workspaces/${UP(tenant.workspaceId)}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey },
      json: {},
    });
    assert.equal(token.status, 200, token.text);
    // Another workspace is still another workspace.
    const other = await stack.request('GET', `/v1/workspaces/${UP(randomUUID())}/rbac-status`, { headers: shouted });
    assert.equal(other.status, 403, other.text);
  });

  it("matches a path's words with their case: /V1/… is a route not found, whatever its body", async () => {
    for (const res of [
      await stack.request('GET', `/V1/workspaces/${tenant.workspaceId}/rbac-status`, { headers }),
      await stack.request('POST', `/v1/Workspaces/${tenant.workspaceId}/agent/threads`, {
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        raw: 'title=Design',
      }),
    ]) {
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.code, 'route_not_found', res.text);
    }
    // Every route of every router (each made by src/api/routes/router.ts).
    const loose = apiRouter(stack.deps).stack.filter((layer) => !layer.opts.sensitive);
    assert.deepEqual(
      loose.map((layer) => layer.path),
      [],
    );
  });

  it('assigns roles named in capitals as the same roles: the same job name, whatever the spelling', async () => {
    const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
    const enabled = await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
    assert.equal(enabled.status, 200, enabled.text);
    const item = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
      createdBy: null,
      type: 'STRING',
      title: 'doc',
    });
    const [a, b] = [
      await createRole(stack.deps.db, tenant.workspaceId),
      await createRole(stack.deps.db, tenant.workspaceId),
    ];
    // One role twice (two spellings) and a path id in capitals: before, 404 "One or more roles not found".
    const shouted = await stack.request('POST', v1(`/knowledge/${UP(item.id)}/role`), {
      headers,
      json: { roleIds: [UP(a.id), a.id, UP(b.id)] },
    });
    assert.equal(shouted.status, 200, shouted.text);
    assert.equal(shouted.body.knowledgeId, item.id);
    assert.deepEqual(shouted.body.roleIds, [a.id, b.id].sort());
    // The same assignment in lower case is the same roles (its job id names them by the same hash; each request
    // has a job of its own, numbered after it).
    const plain = await stack.request('POST', v1(`/knowledge/${item.id}/role`), {
      headers,
      json: { roleIds: [b.id, a.id] },
    });
    assert.equal(plain.status, 200, plain.text);
    const withoutNumber = (jobId: string) => jobId.slice(0, jobId.lastIndexOf(':'));
    assert.equal(withoutNumber(plain.body.workflowId), withoutNumber(shouted.body.workflowId));
    for (const job of [shouted.body.workflowId, plain.body.workflowId])
      assert.equal((await waitForJob(stack.request, tenant.workspaceId, headers, job)).status, 'COMPLETED');
    const listed = await stack.request('GET', v1(`/knowledge/${item.id}/role`), { headers });
    assert.deepEqual(listed.body.map((r: { id: string }) => r.id).sort(), [a.id, b.id].sort());
    // Asking what a role named in capitals may read of the item: that role.
    const access = await stack.request('GET', v1(`/knowledge/${UP(item.id)}/access?roleId=${UP(a.id)}`), { headers });
    assert.equal(access.status, 200, access.text);
    assert.equal(access.body.roleId, a.id);
  });

  it('takes an evaluation whose relevant items and role are named in capitals', async () => {
    // Evaluations wait on a task queue no worker polls: this test reads what was stored, not a run.
    const temporal = await connectTemporal(
      testEnv.temporalAddress,
      stack.deps.temporal.namespace,
      `nobody-${randomUUID()}`,
    );
    const { request } = await stack.serve({ ...stack.deps, temporal });
    const item = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
      createdBy: null,
      type: 'STRING',
      title: 'Quota errors',
    });
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const created = await request('POST', `/v1/workspaces/${tenant.workspaceId}/retrieval-evaluations`, {
      headers,
      json: {
        questions: [{ query: 'E4031', relevant: [{ knowledgeId: UP(item.id) }] }],
        runs: [{ mode: 'keyword', roleId: UP(role.id) }],
      },
    });
    // Before: 400 evaluation_unknown_item for an item that exists.
    assert.equal(created.status, 202, created.text);
    const stored = JSON.stringify(created.body);
    assert.ok(!stored.includes(UP(role.id)), stored);
    const read = await request('GET', `/v1/workspaces/${tenant.workspaceId}/retrieval-evaluations/${created.body.id}`, {
      headers,
    });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.runs[0].roleId, role.id);
    assert.equal(read.body.runs[0].name, `keyword as ${role.id}`);
    assert.ok(JSON.stringify(read.body).includes(item.id), read.text);
  });
});
