// Webhooks end to end: endpoints managed with kws, events from real workflows delivered to receivers
// started in the test, signatures verified with the Standard Webhooks reference library, retries with
// backoff against a receiver that fails twice, and the delivery log read back with kws.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { AppError } from '../../src/errors';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { createWebhook } from '../../src/services/webhooks/webhooks';
import { uuidV5 } from '../../src/temporal/constants';
import { startJob } from '../../src/temporal/jobs';
import { createRoleWorkflow } from '../../src/workflows/roles';
import { postWebhook, signWebhook } from '../../src/services/webhooks/webhookDelivery';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { multipartBody, uploadRequest } from '../helpers/knowledge';
import { childEnv, kwsBin, runNode } from '../helpers/processes';
import { getStack, stackWithTenant, type TestStack } from '../helpers/stack';
import { specFields } from '../helpers/assertions';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A webhook receiver on loopback answering each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(statuses.shift() ?? 200).end('ok');
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    async waitFor(n: number, timeoutMs = 60_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${n} deliveries arrived`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 500);
        });
      }
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const text = (s: string) => ({ filename: 'hook.txt', contentType: 'text/plain', bytes: Buffer.from(s) });
const events = (rs: Received[]) => rs.map((r) => (JSON.parse(r.body) as { type: string }).type);

describe('webhooks', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let env: NodeJS.ProcessEnv;
  let dataDir: string;
  const kws = async (...args: string[]) => {
    const res = await runNode([kwsBin, ...args, '--json'], env);
    if (res.code !== 0) throw new Error(`kws ${args.join(' ')} exited ${res.code}: ${res.stderr}`);
    return JSON.parse(res.stdout.trim());
  };

  before(async () => {
    stack = await getStack();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-hooks-'));
    // The receivers listen on loopback: the CLI checks endpoints under the same setting as the stack.
    env = childEnv({
      DATABASE_URL: stack.testDb.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
  });
  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('delivers knowledge.completed, signed per Standard Webhooks, to an endpoint added with kws', async () => {
    const rx = await receiver();
    try {
      const created = await kws(
        'webhook',
        'create',
        '--workspace',
        tenant.workspaceId,
        '--url',
        rx.url,
        '--events',
        'knowledge.completed,knowledge.failed',
      );
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      assert.deepEqual(created.events, ['knowledge.completed', 'knowledge.failed']);
      const listed = await kws('webhook', 'list', '--workspace', tenant.workspaceId);
      assert.deepEqual(
        listed.map((w: { id: string }) => w.id),
        [created.id],
      );
      assert.ok(!('secret' in listed[0]), 'list never shows the secret');

      const upload = await uploadRequest(
        stack.request,
        tenant.workspaceId,
        headers,
        text('Webhooks tell clients when ingestion is done.'),
      );
      assert.equal(upload.status, 200, upload.text);
      const [msg] = await rx.waitFor(1);
      const verified = new Webhook(created.secret).verify(msg!.body, {
        'webhook-id': String(msg!.headers['webhook-id']),
        'webhook-timestamp': String(msg!.headers['webhook-timestamp']),
        'webhook-signature': String(msg!.headers['webhook-signature']),
      }) as { type: string; timestamp: string; data: Record<string, unknown> };
      assert.equal(verified.type, 'knowledge.completed');
      assert.ok(!Number.isNaN(Date.parse(verified.timestamp)));
      assert.deepEqual(verified.data, {
        workspaceId: tenant.workspaceId,
        knowledgeId: upload.body.knowledgeId,
        uploadId: upload.body.uploadFileMetadataId,
        version: 1,
        status: 'COMPLETED',
        chunkCount: 1,
        pageCount: 1,
      });
      assert.match(String(msg!.headers['webhook-id']), /^msg_[0-9a-f]{32}$/);
      // A tampered body does not verify.
      assert.throws(() =>
        new Webhook(created.secret).verify(msg!.body.replace('COMPLETED', 'FAILED'), {
          'webhook-id': String(msg!.headers['webhook-id']),
          'webhook-timestamp': String(msg!.headers['webhook-timestamp']),
          'webhook-signature': String(msg!.headers['webhook-signature']),
        }),
      );

      const bad = await uploadRequest(stack.request, tenant.workspaceId, headers, text('  \n '));
      assert.equal(bad.status, 422);
      const all = await rx.waitFor(2);
      assert.deepEqual(events(all), ['knowledge.completed', 'knowledge.failed']);
      assert.equal(JSON.parse(all[1]!.body).data.status, 'BACKGROUND_ERROR');
      assert.match(JSON.parse(all[1]!.body).data.messageError, /no text could be extracted/i);
    } finally {
      await rx.close();
    }
  });

  it('retries with backoff, same message id, when the receiver fails twice, and logs every attempt (kws webhook deliveries)', async () => {
    const rx = await receiver([500, 503]);
    try {
      const hook = await createWebhook(stack.deps, tenant.workspaceId, {
        url: rx.url,
        events: ['knowledge.completed'],
      });
      const upload = await uploadRequest(stack.request, tenant.workspaceId, headers, text('Third time lucky.'));
      assert.equal(upload.status, 200, upload.text);
      const got = await rx.waitFor(3);
      const ids = new Set(got.map((r) => r.headers['webhook-id']));
      assert.equal(ids.size, 1, 'one message id across retries');
      for (const r of got) {
        const wh = new Webhook(hook.secret);
        wh.verify(r.body, r.headers as Record<string, string>);
      }
      const gaps = [got[1]!.at - got[0]!.at, got[2]!.at - got[1]!.at];
      // The stack's WEBHOOK_RETRY_INITIAL_INTERVAL is 500 ms and the coefficient 2: each retry waits at least its
      // interval. Only lower bounds hold: Temporal may start a retry late (a first gap of 1.15 s was seen under
      // load), so comparing the two gaps with each other measured the scheduler, not the backoff.
      assert.ok(gaps[0]! >= 450, `first retry after the initial interval of 500 ms (${gaps[0]} ms)`);
      assert.ok(gaps[1]! >= 950, `second retry after twice the initial interval, 1,000 ms (${gaps[1]} ms)`);

      let log;
      for (let i = 0; i < 50; i++) {
        log = await kws('webhook', 'deliveries', '--workspace', tenant.workspaceId, '--webhook', hook.id);
        if (log[0]?.status === 'SUCCEEDED') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(log.length, 1);
      assert.equal(log[0].status, 'SUCCEEDED');
      assert.equal(log[0].eventType, 'knowledge.completed');
      assert.equal(log[0].messageId, got[0]!.headers['webhook-id']);
      assert.deepEqual(
        log[0].attemptLog.map((a: { attempt: number; statusCode: number }) => [a.attempt, a.statusCode]),
        [
          [1, 500],
          [2, 503],
          [3, 200],
        ],
      );
    } finally {
      await rx.close();
    }
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS and records the delivery FAILED', async () => {
    const rx = await receiver([500, 500, 500, 500, 500]);
    try {
      const hook = await createWebhook(stack.deps, tenant.workspaceId, {
        url: rx.url,
        events: ['knowledge.completed'],
      });
      await uploadRequest(stack.request, tenant.workspaceId, headers, text('Never acknowledged.'));
      await rx.waitFor(4);
      let log;
      for (let i = 0; i < 100; i++) {
        log = await kws('webhook', 'deliveries', '--workspace', tenant.workspaceId, '--webhook', hook.id);
        if (log[0]?.status === 'FAILED') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(log[0].status, 'FAILED');
      assert.equal(log[0].attempts, 4);
      assert.equal(rx.received.length, 4);
    } finally {
      await rx.close();
    }
  });

  it('sends knowledge.updated when a replacement becomes current and knowledge.version_restored on a restore', async () => {
    const rx = await receiver();
    try {
      await createWebhook(stack.deps, tenant.workspaceId, {
        url: rx.url,
        events: ['knowledge.completed', 'knowledge.updated', 'knowledge.version_restored'],
      });
      const up = await uploadRequest(stack.request, tenant.workspaceId, headers, text('The first version of a note.'));
      assert.equal(up.status, 200, up.text);
      const id = up.body.knowledgeId as string;
      await rx.waitFor(1);
      const { body, contentType } = multipartBody({}, text('The second version of the same note.'));
      const put = await stack.request('PUT', `/v1/workspaces/${tenant.workspaceId}/knowledge/${id}/file`, {
        headers: { ...headers, 'content-type': contentType },
        raw: body,
      });
      assert.equal(put.status, 202, put.text);
      await stack.deps.temporal.client.workflow.getHandle(put.body.jobId).result();
      const restore = await stack.request(
        'POST',
        `/v1/workspaces/${tenant.workspaceId}/knowledge/${id}/versions/1/restore`,
        { headers },
      );
      assert.equal(restore.status, 200, restore.text);
      const all = await rx.waitFor(4);
      // Each delivery is its own workflow: the order of arrival is not the order of the events.
      const seen = all
        .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
        .map(
          ({ type, data }) => `${type} v${data.version}${data.previousVersion ? ` from v${data.previousVersion}` : ''}`,
        )
        .sort();
      assert.deepEqual(seen, [
        'knowledge.completed v1',
        'knowledge.completed v2',
        'knowledge.updated v2',
        'knowledge.version_restored v1 from v2',
      ]);
      const updated = all.map((r) => JSON.parse(r.body)).find((e) => e.type === 'knowledge.updated');
      assert.deepEqual(updated.data, {
        workspaceId: tenant.workspaceId,
        knowledgeId: id,
        version: 2,
        status: 'COMPLETED',
        chunkCount: 1,
      });
    } finally {
      await rx.close();
    }
  });

  it('sends knowledge.cascade_deleted and role job events only to subscribed endpoints of the workspace', async () => {
    const rx = await receiver();
    const other = await receiver();
    try {
      await createWebhook(stack.deps, tenant.workspaceId, {
        url: rx.url,
        events: ['knowledge.cascade_deleted', 'role.job_completed', 'role.job_failed'],
      });
      const otherTenant = await createTenant(stack.deps.db);
      await createWebhook(stack.deps, otherTenant.workspaceId, { url: other.url });

      const root = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'WEBSITE',
        title: 'site',
      });
      await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'URL',
        title: 'p',
        parentId: root.id,
      });
      const del = await stack.request('DELETE', `/v1/workspaces/${tenant.workspaceId}/knowledge/${root.id}/children`, {
        headers,
      });
      assert.equal(del.status, 200, del.text);
      const role = { name: 'Agents', customerRoleId: 'agents' };
      const created = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/role`, { headers, json: role });
      await stack.deps.temporal.client.workflow.getHandle(created.body.workflowId).result();
      const dup = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/role`, {
        headers,
        json: { ...role, name: 'Agents again' },
      });
      assert.equal(dup.status, 409, 'a taken customerRoleId is refused at once');
      // Two creates that both passed that check (a race): the second job fails in its workflow, and says so.
      const raceId = `role-create:${tenant.workspaceId}:race-${randomUUID()}`;
      await startJob(stack.deps.temporal, createRoleWorkflow, {
        workflowId: raceId,
        workspaceId: tenant.workspaceId,
        args: [
          {
            workspaceId: tenant.workspaceId,
            roleId: uuidV5(raceId),
            role: { ...role, name: 'Agents again', description: null },
          },
        ],
      });
      await assert.rejects(stack.deps.temporal.client.workflow.getHandle(raceId).result());
      const rbac = await stack.request('PUT', `/v1/workspaces/${tenant.workspaceId}/rbac-status`, {
        headers,
        json: { rbacEnabled: true },
      });
      assert.equal(rbac.status, 200, rbac.text);
      const item = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'STRING',
        title: 'i',
      });
      const assigned = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/${item.id}/role`, {
        headers,
        json: { roleIds: [created.body.roleId] },
      });
      assert.equal(assigned.status, 200, assigned.text);

      const got = await rx.waitFor(4);
      const events = got.map((r) => JSON.parse(r.body));
      // The assignment job's event keeps its public type across the workflow's rename.
      const assignment = events.find((e) => e.type === 'role.job_completed' && e.data.knowledgeId);
      assert.equal(assignment?.data.type, 'roleAssignmentWorkflow');
      assert.equal(assignment?.data.jobId, assigned.body.workflowId);
      // It says what the job wrote: here what it asked, as no later request for the role came in before it ran.
      assert.equal(assignment?.data.action, 'assign');
      assert.deepEqual(assignment?.data.assigned, [created.body.roleId]);
      assert.deepEqual(assignment?.data.unassigned, []);
      const byType = new Map(
        events.filter((e) => !e.data.knowledgeId || e.type !== 'role.job_completed').map((e) => [e.type, e.data]),
      );
      assert.deepEqual(byType.get('knowledge.cascade_deleted'), {
        workspaceId: tenant.workspaceId,
        knowledgeId: root.id,
        deleted: 2,
        batches: 1, // the child, then the root it left childless, in one batch
      });
      assert.equal(byType.get('role.job_completed').jobId, created.body.workflowId);
      assert.equal(byType.get('role.job_completed').roleId, created.body.roleId);
      assert.equal(byType.get('role.job_failed').jobId, raceId);
      assert.equal(byType.get('role.job_failed').error, 'Role with customerRoleId already exists');
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(other.received.length, 0, 'another workspace hears nothing');
    } finally {
      await rx.close();
      await other.close();
    }
  });

  it('validates endpoints, and refuses private addresses unless WEBHOOK_ALLOW_PRIVATE_TARGETS', async () => {
    await assert.rejects(createWebhook(stack.deps, tenant.workspaceId, { url: 'ftp://x.example/' }), /absolute http/);
    await assert.rejects(
      createWebhook(stack.deps, tenant.workspaceId, { url: 'https://u:p@x.example/' }),
      /without credentials/,
    );
    await assert.rejects(
      createWebhook(stack.deps, tenant.workspaceId, { url: 'https://x.example/', events: ['nope'] }),
      /events must be/,
    );
    // A slip of an event type is named with the type it is probably meant to be.
    await assert.rejects(
      createWebhook(stack.deps, tenant.workspaceId, {
        url: 'https://x.example/',
        events: ['knowledge.failed', 'knowledge.complete'],
      }),
      (err: AppError) => {
        assert.equal(err.help?.param, 'events[1]');
        assert.equal(err.help?.hint, '"knowledge.complete" is not an event type: did you mean knowledge.completed?');
        return true;
      },
    );
    const cli = await runNode(
      [kwsBin, 'webhook', 'create', '--workspace', tenant.workspaceId, '--url', 'nope', '--json'],
      env,
    );
    assert.equal(cli.code, 1);
    assert.match(JSON.parse(cli.stderr).error, /absolute http/);

    const rx = await receiver();
    try {
      const opts = { timeoutMs: 2000, allowPrivateTargets: false, own: stack.deps.ownComponents };
      const port = new URL(rx.url).port;
      // Every spelling of this machine's address is refused before connecting, a name inside its lookup.
      for (const host of [
        '127.0.0.1',
        'localhost',
        '[::ffff:7f00:1]',
        '[::ffff:127.0.0.1]',
        '[0:0:0:0:0:ffff:7f00:1]',
      ]) {
        const attempt = await postWebhook(`http://${host}:${port}/hooks`, {}, '{}', opts);
        assert.equal(attempt.statusCode, null, host);
        assert.equal(
          attempt.error,
          `The URL's host ${new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, '')} is not allowed: the service does not connect to its address`,
          host,
        );
      }
      assert.equal(rx.received.length, 0);
      assert.equal((await postWebhook(rx.url, {}, '{}', { ...opts, allowPrivateTargets: true })).statusCode, 200);
    } finally {
      await rx.close();
    }
    // The signature is the Standard Webhooks one (reference vector computed by the library).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const sig = new Webhook(secret).sign(
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    assert.equal(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'), sig);
  });

  it('refuses endpoints on private addresses in any spelling with 400 (WEBHOOK_ALLOW_PRIVATE_TARGETS off), and delivers nothing to them', async () => {
    const guarded = await stack.serve({
      ...stack.deps,
      config: { ...stack.deps.config, webhooks: { ...stack.deps.config.webhooks, allowPrivateTargets: false } },
    });
    const base = `/v1/workspaces/${tenant.workspaceId}/webhooks`;
    const rx = await receiver();
    try {
      const port = new URL(rx.url).port;
      const REFUSED = /is not allowed: the service does not connect to its address$/;
      const cases: Array<[string, RegExp]> = [
        [`http://[::ffff:127.0.0.1]:${port}/`, REFUSED],
        [`http://[::ffff:7f00:1]:${port}/`, REFUSED],
        [`http://[0:0:0:0:0:ffff:7f00:1]:${port}/`, REFUSED],
        [`http://0x7f.1:${port}/`, REFUSED],
        [`http://2130706433:${port}/`, REFUSED],
        [
          `http://localhost:${port}/`,
          /^The URL's host localhost is not allowed: the service does not connect to its address$/,
        ],
        [`http://[64:ff9b::7f00:1]:${port}/`, REFUSED],
        [`http://[2002:7f00:1::]:${port}/`, REFUSED],
        ['http://169.254.169.254/latest/meta-data/', REFUSED],
        ['http://[fe80::1]/', REFUSED],
        ['http://0.0.0.0/', REFUSED],
        ['http://[::]/', REFUSED],
        ['http://198.18.0.1/', REFUSED],
      ];
      for (const [url, message] of cases) {
        const res = await guarded.request('POST', base, { headers, json: { url } });
        assert.equal(res.status, 400, `${url}: ${res.text}`);
        assert.equal(res.body.error, 'Bad Request');
        assert.match(res.body.message, message, url);
        assert.doesNotMatch(res.body.message, /resolves|loopback|private|link-local/, url);
        // The same hint for every refused address: the setting a local test needs, and nothing of this address.
        assert.equal(res.body.code, 'url_host_refused', url);
        assert.match(res.body.hint, /the operator can set WEBHOOK_ALLOW_PRIVATE_TARGETS=true/, url);
      }
      assert.deepEqual((await guarded.request('GET', base, { headers })).body, { webhooks: [] }, 'none was created');
      // An event in the workspace finds no endpoint: nothing reaches the listener.
      const upload = await uploadRequest(guarded.request, tenant.workspaceId, headers, text('Nobody hears this.'));
      assert.equal(upload.status, 200, upload.text);
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(rx.received.length, 0);

      // An endpoint stored while private targets were allowed cannot be moved to one, nor delivered to.
      const created = await stack.request('POST', base, { headers, json: { url: rx.url } });
      assert.equal(created.status, 201, created.text);
      const moved = await guarded.request('PATCH', `${base}/${created.body.id}`, {
        headers,
        json: { url: `http://[::ffff:127.0.0.1]:${port}/` },
      });
      assert.equal(moved.status, 400, moved.text);
      assert.match(moved.body.message, /is not allowed: the service does not connect to its address$/);
      assert.equal(rx.received.length, 0, 'nothing was delivered to the listener');
    } finally {
      await rx.close();
    }
  });

  it('is managed through the API by workspace credentials only (webhooks.manage), scoped to the workspace', async () => {
    const base = `/v1/workspaces/${tenant.workspaceId}/webhooks`;
    const created = await stack.request('POST', base, {
      headers,
      json: { url: 'https://hooks.example.com/kws', events: ['knowledge.completed'], description: 'ci' },
    });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.secret, /^whsec_/);
    const id = created.body.id as string;
    const list = await stack.request('GET', base, { headers });
    assert.deepEqual(
      list.body.webhooks.map((w: { id: string }) => w.id),
      [id],
    );
    assert.ok(!('secret' in list.body.webhooks[0]));
    const patched = await stack.request('PATCH', `${base}/${id}`, {
      headers,
      json: { enabled: false, rotateSecret: true },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.enabled, false);
    assert.notEqual(patched.body.secret, created.body.secret);
    const deliveries = await stack.request('GET', `${base}/${id}/deliveries?limit=5`, { headers });
    assert.deepEqual(deliveries.body, { deliveries: [] });
    const badUrl = await stack.request('POST', base, { headers, json: { url: 'javascript:alert(1)' } });
    assert.equal(badUrl.status, 400);
    assert.equal(badUrl.body.error, 'Bad Request');
    assert.equal((await stack.request('POST', base, { headers, json: { events: [] } })).status, 400);

    // A role-bound token is not a workspace credential.
    await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'hooks-role' });
    const roleHeaders = (await accessHeaders(stack, tenant, { customerRoleId: 'hooks-role' })).headers;
    assert.equal((await stack.request('GET', base, { headers: roleHeaders })).status, 403);
    // Another workspace's credential neither sees nor reaches it.
    const other = await createTenant(stack.deps.db);
    const otherHeaders = (await accessHeaders(stack, other)).headers;
    const foreign = await stack.request('GET', `/v1/workspaces/${other.workspaceId}/webhooks/${id}`, {
      headers: otherHeaders,
    });
    assert.equal(foreign.status, 404);
    assert.deepEqual(specFields(foreign.body), { error: 'Not Found', message: 'Webhook not found' });
    assert.equal((await stack.request('DELETE', `${base}/${id}`, { headers })).status, 200);
    assert.equal((await stack.request('GET', `${base}/${id}`, { headers })).status, 404);
    assert.equal((await stack.request('GET', `${base}/not-a-uuid`, { headers })).status, 404);
  });

  it('caps the endpoints of a workspace at WEBHOOK_MAX_ENDPOINTS, under concurrent creates too (409)', async () => {
    const capped = await stack.serve({
      ...stack.deps,
      config: { ...stack.deps.config, webhooks: { ...stack.deps.config.webhooks, maxEndpoints: 3 } },
    });
    const base = `/v1/workspaces/${tenant.workspaceId}/webhooks`;
    const create = (n: number) =>
      capped.request('POST', base, { headers, json: { url: `https://hooks.example.com/${n}` } });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(create));
    assert.deepEqual(answers.map((r) => r.status).sort(), [201, 201, 201, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      assert.deepEqual(specFields(refused.body), {
        error: 'Conflict',
        message: 'The workspace holds its maximum of 3 webhook endpoints',
      });
    }
    const list = await capped.request('GET', base, { headers });
    assert.equal(list.body.webhooks.length, 3);
    // Removing one makes room for one; another workspace has a cap of its own.
    const removed = answers.find((r) => r.status === 201)!.body.id as string;
    assert.equal((await capped.request('DELETE', `${base}/${removed}`, { headers })).status, 200);
    assert.equal((await create(7)).status, 201);
    assert.equal((await create(8)).status, 409);
    const other = await createTenant(stack.deps.db);
    const otherHeaders = (await accessHeaders(stack, other)).headers;
    const elsewhere = await capped.request('POST', `/v1/workspaces/${other.workspaceId}/webhooks`, {
      headers: otherHeaders,
      json: { url: 'https://hooks.example.com/other' },
    });
    assert.equal(elsewhere.status, 201, elsewhere.text);
  });
});
