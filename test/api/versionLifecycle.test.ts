// The lifecycle of versions that are no longer current: kept for VERSION_RETENTION (a restore needs no
// re-extraction), then purged by purgeVersionWorkflow's durable timer (driven on the time-skipping server, with
// the real database and store); MAX_VERSIONS_PER_ITEM purges the oldest non-current ones at once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createActivities } from '../../src/activities';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import * as versionsRepo from '../../src/db/repositories/versions';
import { activityDeps } from '../../src/main/deps';
import { deleteLeafBatch } from '../../src/services/operations/cascadeDeletes';
import { ChunkMessages } from '../../src/services/knowledge/chunks';
import { VersionMessages } from '../../src/services/versions/versions';
import { purgeSupersededVersion } from '../../src/services/versions/versionRetention';
import { uploadKey } from '../../src/storage/keys';
import { WorkflowIds } from '../../src/temporal/constants';
import { purgeVersionWorkflow } from '../../src/workflows';
import { assertError } from '../helpers/assertions';
import { type Tenant } from '../helpers/factories';
import type { Request } from '../helpers/http';
import { multipartBody, uploadRequest } from '../helpers/knowledge';
import { getStack, stackWithTenant, workflowBundle, type TestStack } from '../helpers/stack';
import { createTimeSkippingEnv, resultsSkippingTime } from '../helpers/timeSkipping';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TEXTS = [
  'The heron lighthouse keeps its lamp burning over the granite harbour every winter night.',
  'Quarterly payroll reconciliation closes on the fifth business day after each quarter.',
  'Orchard cider presses run from September until the last russet apples are gathered.',
];

describe('version lifecycle: retention purge and caps', function () {
  this.timeout(240_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let workerDeps: ReturnType<typeof activityDeps>;
  const k = (path = '') => `/v1/workspaces/${tenant.workspaceId}/knowledge${path}`;

  before(async () => {
    stack = await getStack();
    workerDeps = activityDeps(stack.deps);
  });
  after(() => workerDeps.close());

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  async function waitForJob(jobId: string) {
    for (let i = 0; i < 1200; i++) {
      const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/background-jobs`, {
        headers,
        json: { jobIds: [jobId] },
      });
      assert.equal(res.status, 200, res.text);
      if (res.body.jobs[0].status !== 'RUNNING') return res.body.jobs[0];
      await sleep(100);
    }
    throw new Error(`job ${jobId} still running`);
  }

  async function upload(text: string): Promise<string> {
    const up = await uploadRequest(stack.request, tenant.workspaceId, headers, {
      filename: 'notes.txt',
      contentType: 'text/plain',
      bytes: Buffer.from(text),
    });
    assert.equal(up.status, 200, up.text);
    assert.equal(up.body.status, 'COMPLETED');
    return up.body.knowledgeId as string;
  }

  /** PUT …/file; waits for the new version unless `wait` is false. */
  async function replace(id: string, text: string, request: Request = stack.request, wait = true) {
    const { body, contentType } = multipartBody(
      {},
      { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from(text) },
    );
    const put = await request('PUT', k(`/${id}/file`), {
      headers: { ...headers, 'content-type': contentType },
      raw: body,
    });
    assert.equal(put.status, 202, put.text);
    if (wait) assert.equal((await waitForJob(put.body.jobId)).status, 'COMPLETED');
    return put.body as {
      version: number;
      jobId: string;
      warnings?: Array<{ code: string; chunks: number; message: string }>;
    };
  }

  const chunkCount = async (id: string, version: number) => {
    const [row] = await stack.deps
      .db('knowledge_chunks')
      .where({ workspace_id: tenant.workspaceId, knowledge_id: id, version })
      .count<{ n: string }[]>({ n: '*' });
    return Number(row!.n);
  };

  const listVersions = async (id: string) => {
    const res = await stack.request('GET', k(`/${id}/versions`), { headers });
    assert.equal(res.status, 200, res.text);
    return res.body.versions as Array<{ number: number; current: boolean; purgedAt?: string }>;
  };

  const servedChunks = async (id: string) => {
    const res = await stack.request('GET', k(`/${id}/chunks?limit=100`), { headers });
    assert.equal(res.status, 200, res.text);
    return res.body.chunks as Array<{ id: string; text: string }>;
  };

  describe('on the time-skipping server', () => {
    let env: TestWorkflowEnvironment;
    before(async function () {
      this.timeout(120_000);
      env = await createTimeSkippingEnv();
    });
    after(() => env?.teardown());

    it('purges a superseded version after its retention, never the current one; a restore then answers 409', async () => {
      const id = await upload(TEXTS[0]!);
      await replace(id, TEXTS[1]!);
      const ws = tenant.workspaceId;
      const old = (await versionsRepo.findVersion(stack.deps.db, ws, id, 1))!;
      const current = (await versionsRepo.findVersion(stack.deps.db, ws, id, 2))!;
      assert.equal(old.superseded_count, 1, 'the switch records the old version as superseded');
      assert.ok(old.storage_key && (await stack.deps.storage.exists(old.storage_key)));
      assert.ok((await chunkCount(id, 1)) > 0);

      const taskQueue = `ts-${randomUUID()}`;
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: await workflowBundle(),
        activities: createActivities(workerDeps),
      });
      const run = async (version: number, generation: number) => {
        const workflowId = WorkflowIds.purgeVersion(ws, id, version);
        await env.client.workflow.start(purgeVersionWorkflow, {
          taskQueue,
          workflowId,
          args: [{ workspaceId: ws, knowledgeId: id, version, generation, retention: '30 days' }],
        });
        return (await resultsSkippingTime(env, [workflowId]))[0];
      };
      const skippedFrom = await env.currentTimeMs();
      const outcome = await worker.runUntil(async () => ({
        // The current version is kept whatever its timer says.
        current: await run(2, 0),
        // A timer set by an earlier supersession (generation 0) waits a whole retention more, then purges.
        old: await run(1, 0),
      }));
      const skippedMs = (await env.currentTimeMs()) - skippedFrom;
      assert.deepEqual(outcome, { current: { purged: false }, old: { purged: true } });
      assert.ok(skippedMs >= 3 * 30 * 24 * 3600 * 1000, `server time advanced ${skippedMs} ms`);

      assert.equal(await chunkCount(id, 1), 0, "the old version's chunks are gone");
      assert.equal(await stack.deps.storage.exists(old.storage_key), false, "the old version's file is gone");
      assert.ok((await chunkCount(id, 2)) > 0, "the current version's chunks stay");
      assert.equal(await stack.deps.storage.exists(current.storage_key!), true, "the current version's file stays");
      const versions = await listVersions(id);
      assert.deepEqual(
        versions.map((v) => [v.number, v.current, typeof v.purgedAt]),
        [
          [2, true, 'undefined'],
          [1, false, 'string'],
        ],
      );
      assertError(
        await stack.request('POST', k(`/${id}/versions/1/restore`), { headers }),
        409,
        VersionMessages.purged,
      );
      // Repeating the step after the purge is harmless and answers the file again (its deletion is idempotent).
      assert.deepEqual(
        await purgeSupersededVersion(stack.deps, { workspaceId: ws, knowledgeId: id, version: 1, generation: 1 }),
        { kind: 'purged', storageKey: old.storage_key },
      );
    });

    it('purges a version whose indexing failed after its retention, not only by the version cap', async () => {
      const id = await upload(TEXTS[0]!);
      const ws = tenant.workspaceId;
      const { organization_id: org } = await stack.deps.db('workspaces').where({ id: ws }).first('organization_id');
      const key = uploadKey(org, ws, randomUUID(), 'notes.txt');
      await stack.deps.storage.put(key, Buffer.from(TEXTS[1]!), 'text/plain');
      await versionsRepo.insertVersion(stack.deps.db, ws, id, { number: 2, status: 'PROCESSING', storage_key: key });

      const taskQueue = `ts-${randomUUID()}`;
      const temporal = {
        client: env.client,
        connection: env.connection,
        taskQueue,
        namespace: env.namespace ?? 'default',
      };
      const activities = createActivities({
        ...workerDeps,
        temporal,
        versionRetention: { retention: '30 days', maxVersions: 10 },
      });
      // The version's ingestion fails: its retention purge starts (it never became current, so never superseded).
      await activities.failKnowledge({ workspaceId: ws, knowledgeId: id, message: 'unreadable', version: 2 });
      assert.equal((await versionsRepo.findVersion(stack.deps.db, ws, id, 2))?.status, 'FAILED');
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: await workflowBundle(),
        activities,
      });
      const skippedFrom = await env.currentTimeMs();
      const [outcome] = await worker.runUntil(
        resultsSkippingTime<{ purged: boolean }>(env, [WorkflowIds.purgeVersion(ws, id, 2)]),
      );
      const skippedMs = (await env.currentTimeMs()) - skippedFrom;
      assert.deepEqual(outcome, { purged: true });
      assert.ok(skippedMs >= 30 * 24 * 3600 * 1000, `server time advanced ${skippedMs} ms`);
      assert.ok((await versionsRepo.findVersion(stack.deps.db, ws, id, 2))?.purged_at, 'the failed version is purged');
      assert.equal(await stack.deps.storage.exists(key), false, "the failed version's file is gone");
      assert.equal((await listVersions(id)).find((v) => v.current)?.number, 1, 'the current version stays');
    });
  });

  it('keeps a superseded version until its retention: a restore serves its own chunks again, not re-extracted', async () => {
    const id = await upload(TEXTS[0]!);
    const before = await servedChunks(id);
    await replace(id, TEXTS[1]!);
    assert.ok((await servedChunks(id)).every((c) => !c.text.includes('heron')));

    const res = await stack.request('POST', k(`/${id}/versions/1/restore`), { headers });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.version, 1);
    assert.deepEqual(await servedChunks(id), before, 'the very same chunks serve again');
    assert.equal((await listVersions(id)).length, 2, 'no new version was made');
    // Both versions stopped being current once: each has its retention purge waiting, under its readable id.
    for (const n of [1, 2]) {
      const handle = stack.deps.temporal.client.workflow.getHandle(WorkflowIds.purgeVersion(tenant.workspaceId, id, n));
      assert.equal((await handle.describe()).status.name, 'RUNNING', `purge of version ${n}`);
    }
  });

  it('purges the oldest non-current version at once beyond MAX_VERSIONS_PER_ITEM', async () => {
    const capped = await stack.serve({
      ...stack.deps,
      config: { ...stack.deps.config, versions: { ...stack.deps.config.versions, maxVersions: 2 } },
    });
    const id = await upload(TEXTS[0]!);
    const first = (await versionsRepo.findVersion(stack.deps.db, tenant.workspaceId, id, 1))!;
    await replace(id, TEXTS[1]!, capped.request);
    assert.deepEqual(
      (await listVersions(id)).map((v) => v.purgedAt),
      [undefined, undefined],
      'two versions fit the cap',
    );
    // The third version (still processing) makes three: the oldest non-current one goes at once.
    const third = await replace(id, TEXTS[2]!, capped.request, false);
    const versions = await listVersions(id);
    assert.deepEqual(
      versions.map((v) => [v.number, typeof v.purgedAt]),
      [
        [3, 'undefined'],
        [2, 'undefined'],
        [1, 'string'],
      ],
    );
    assert.equal(await chunkCount(id, 1), 0);
    assert.equal((await waitForJob(third.jobId)).status, 'COMPLETED');
    for (let i = 0; i < 300 && (await stack.deps.storage.exists(first.storage_key!)); i++) await sleep(100);
    assert.equal(await stack.deps.storage.exists(first.storage_key!), false, "the purged version's file is deleted");
    assertError(await stack.request('POST', k(`/${id}/versions/1/restore`), { headers }), 409, VersionMessages.purged);
    // Version 2 (kept) is still restorable.
    const back = await stack.request('POST', k(`/${id}/versions/2/restore`), { headers });
    assert.equal(back.status, 200, back.text);
  });

  it('refuses a manual chunk beyond MAX_MANUAL_CHUNKS_PER_ITEM with a clear 409, before and under the lock', async () => {
    const capped = await stack.serve({
      ...stack.deps,
      config: { ...stack.deps.config, versions: { ...stack.deps.config.versions, maxManualChunks: 2 } },
    });
    const id = await upload(TEXTS[0]!);
    const add = (request: Request, text: string) => request('POST', k(`/${id}/chunks`), { headers, json: { text } });
    for (const text of ['Manual note one.', 'Manual note two.']) {
      const res = await add(capped.request, text);
      assert.equal(res.status, 201, res.text);
    }
    assertError(await add(capped.request, 'Manual note three.'), 409, ChunkMessages.tooManyManual);
    assert.equal((await servedChunks(id)).length, 3, 'the refused chunk was not added');
    // Extracted chunks do not count, and the limit is the setting's: the default allows a third.
    assert.equal((await add(stack.request, 'Manual note three.')).status, 201);
  });

  describe('replacements', () => {
    const add = (id: string, text: string) => stack.request('POST', k(`/${id}/chunks`), { headers, json: { text } });
    const patchChunk = (id: string, chunkId: string, json: unknown) =>
      stack.request('PATCH', k(`/${id}/chunks/${chunkId}`), { headers, json });

    async function createText(content: string): Promise<string> {
      const res = await stack.request('POST', k('/text'), { headers, json: { title: 'Notes', content } });
      assert.equal(res.status, 201, res.text);
      assert.equal((await waitForJob(res.body.jobId)).status, 'COMPLETED');
      return res.body.id as string;
    }

    it('warn when they leave manual edits behind; a restore of that version brings the edits back', async () => {
      const id = await upload(TEXTS[0]!);
      const [first] = await servedChunks(id);
      assert.equal((await patchChunk(id, first!.id, { text: 'Edited by hand: the lamp is green.' })).status, 200);
      assert.equal((await add(id, 'Added by hand: the keeper is called Ada.')).status, 201);
      const edited = await servedChunks(id);

      const started = await replace(id, TEXTS[1]!, stack.request, false);
      const warnings = (started as { warnings?: Array<{ code: string; chunks: number; message: string }> }).warnings;
      assert.deepEqual(
        warnings?.map((w) => [w.code, w.chunks]),
        [['MANUAL_EDITS_DROPPED', 2]],
      );
      assert.match(warnings![0]!.message, /^2 chunks of the current version added, edited or disabled by hand/);
      assert.equal((await waitForJob(started.jobId)).status, 'COMPLETED');
      assert.ok(
        (await servedChunks(id)).every((c) => !c.text.includes('by hand')),
        'the new version starts clean',
      );

      const back = await stack.request('POST', k(`/${id}/versions/1/restore`), { headers });
      assert.equal(back.status, 200, back.text);
      assert.deepEqual(await servedChunks(id), edited, 'the edits survive the restore of their version');

      // A replacement of a version without manual edits warns of nothing.
      const clean = await upload(TEXTS[2]!);
      assert.equal((await replace(clean, TEXTS[1]!)).warnings, undefined);
    });

    it("warn on PATCH text too (a disabled chunk is a manual edit), beside the item's fields", async () => {
      const id = await createText(TEXTS[0]!);
      const [first] = await servedChunks(id);
      assert.equal((await patchChunk(id, first!.id, { enabled: false })).status, 200);
      const res = await stack.request('PATCH', k(`/${id}`), { headers, json: { text: TEXTS[1] } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.id, id);
      assert.deepEqual(
        (res.body.warnings as Array<{ code: string; chunks: number }>).map((w) => [w.code, w.chunks]),
        [['MANUAL_EDITS_DROPPED', 1]],
      );
    });

    it('PATCH text and attributes is one transaction: both apply, or (refused) neither', async () => {
      const id = await createText(TEXTS[0]!);
      const ok = await stack.request('PATCH', k(`/${id}`), {
        headers,
        json: { text: TEXTS[1], attributes: { team: 'ops' } },
      });
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual(ok.body.attributes, { team: 'ops' });
      assert.equal(ok.body.pendingVersion?.number ?? 2, 2);
      // Version 2 is processing (or done); a third text now, or later, with new attributes: refused whole while
      // processing. Hold a version PROCESSING to make the refusal certain.
      const latest = (await listVersions(id))[0]!.number;
      await versionsRepo.insertVersion(stack.deps.db, tenant.workspaceId, id, {
        number: latest + 1,
        status: 'PROCESSING',
        text: 'held',
      });
      assertError(
        await stack.request('PATCH', k(`/${id}`), { headers, json: { text: TEXTS[2], attributes: { team: 'sales' } } }),
        409,
        VersionMessages.inProgress,
      );
      const item = await stack.request('GET', k(`/${id}`), { headers });
      assert.deepEqual(item.body.attributes, { team: 'ops' }, 'the refused PATCH changed no attribute');
    });

    it('PUT file while a version is processing is refused before the upload body is read', async () => {
      const id = await upload(TEXTS[0]!);
      await versionsRepo.insertVersion(stack.deps.db, tenant.workspaceId, id, { number: 2, status: 'PROCESSING' });
      const uploadsBefore = await stack.deps.db('upload_file_metadata').where({ workspace_id: tenant.workspaceId });
      // Declares 64 MiB, sends the multipart head only, and waits for the answer without sending the rest.
      const boundary = 'kwsEarlyRefusal';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      );
      const answer = await new Promise<{ status: number; body: { error: string; message: string } }>(
        (resolve, reject) => {
          const url = new URL(k(`/${id}/file`), stack.baseUrl);
          const req = https.request(url, {
            method: 'PUT',
            ca: stack.ca,
            headers: {
              ...headers,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(64 * 1024 * 1024),
            },
          });
          const timer = setTimeout(() => reject(new Error('no answer before the body was sent')), 15_000);
          req.on('response', (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => {
              clearTimeout(timer);
              req.destroy();
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
            });
          });
          req.on('error', (err) => {
            clearTimeout(timer);
            reject(err);
          });
          req.write(head);
        },
      );
      assert.equal(answer.status, 409);
      assert.equal(answer.body.message, VersionMessages.inProgress);
      const uploadsAfter = await stack.deps.db('upload_file_metadata').where({ workspace_id: tenant.workspaceId });
      assert.equal(uploadsAfter.length, uploadsBefore.length, 'nothing was staged');
    });
  });

  it('a replacement racing a cascade delete leaves no stored file behind: the delete purges the new version too', async () => {
    const id = await upload(TEXTS[0]!);
    const ws = tenant.workspaceId;
    const key = uploadKey(tenant.organizationId, ws, randomUUID(), 'racing.txt');
    await stack.deps.storage.put(key, Buffer.from(TEXTS[1]!), 'text/plain');
    // The replacement's transaction (as nextVersion runs it): the item locked, its next version recorded.
    const trx = await stack.deps.db.transaction();
    try {
      assert.ok(await knowledgeRepo.findKnowledge(trx, ws, id, { forUpdate: true }));
      await versionsRepo.insertVersion(trx, ws, id, { number: 2, status: 'PROCESSING', storage_key: key });
      const deleting = deleteLeafBatch(stack.deps, ws, id, 500);
      await sleep(500); // the delete is under way (waiting, or it would have read the versions without this one)
      await trx.commit();
      const out = await deleting;
      assert.equal(out.rootDeleted, true);
      assert.ok(out.storageKeys.includes(key), `the new version's file is among those purged: ${out.storageKeys}`);
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
  });
});
