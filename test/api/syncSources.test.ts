// Sources that stay in sync, end to end through the API and the worker, against a real S3-protocol server:
// documents created, changed and deleted in the bucket are added, versioned and removed by a sync; search
// follows; ids and roles are kept; a sync without change embeds nothing; the deletion guard; unreachable
// sources and refused credentials; schedules; the routes' refusals.
import assert from 'node:assert/strict';
import * as rolesRepo from '../../src/db/repositories/roles';
import * as sourcesRepo from '../../src/db/repositories/syncedSources';
import * as syncSteps from '../../src/services/sources/sourceSyncSteps';
import { knowledgeIdForUpload, uuidV5, WorkflowIds } from '../../src/temporal/constants';
import { sourceScheduleId } from '../../src/temporal/schedules';
import { purgeStoredFilesWorkflow } from '../../src/workflows';
import { SOURCE_SYNC_JOB_KIND } from '../../src/workflows/contracts';
import { syncSourceWorkflow } from '../../src/workflows/syncSource';
import { startJob } from '../../src/temporal/jobs';
import { assertError } from '../helpers/assertions';
import { waitForJob } from '../helpers/knowledge';
import { startTestBucket, type TestBucket } from '../helpers/bucket';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { getStack, stackWithTenant, type TestStack } from '../helpers/stack';
import { assertSyncFollowsChanges, foundText, SOURCE_TEXTS, sourceItems, syncToEnd } from '../helpers/sources';

const { OLD, NEW, KEPT, GONE, ADDED } = SOURCE_TEXTS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sources that stay in sync (s3)', function () {
  this.timeout(300_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let bucket: TestBucket;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;

  before(async () => {
    stack = await getStack();
    bucket = await startTestBucket();
  });
  after(() => bucket.close());

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  let prefixSeq = 0;
  const nextPrefix = () => `t${++prefixSeq}-${Date.now()}/`;

  async function createSource(prefix: string, extra: Record<string, unknown> = {}) {
    const res = await stack.request('POST', v1('/sources'), {
      headers,
      json: { kind: 's3', name: 'Handbook', ...bucket.source(prefix), ...extra },
    });
    assert.equal(res.status, 201, res.text);
    return res.body as { id: string; rootId: string };
  }

  const sync = (sourceId: string, query = '') => syncToEnd(stack, tenant.workspaceId, headers, sourceId, query);

  const found = (text: string) => foundText(stack, tenant, headers, text);

  const itemsByKey = (sourceId: string) => sourceItems(stack, sourceId);

  it('indexes a small new document by one activity task, as an upload: its item COMPLETED under its roles', async () => {
    const prefix = nextPrefix();
    await bucket.store.put(`${prefix}lighthouse.txt`, Buffer.from(OLD), 'text/plain');
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const source = await createSource(prefix, { roleIds: [role.id] });
    const done = await sync(source.id);
    assert.equal(done.status, 'COMPLETED', JSON.stringify(done));
    const uploadId = uuidV5(`source-document:${source.id}:${done.id}:${prefix}lighthouse.txt`);
    const history = await stack.deps.temporal.client.workflow
      .getHandle(WorkflowIds.ingestFile(tenant.workspaceId, uploadId))
      .fetchHistory();
    const events = history.events ?? [];
    assert.deepEqual(
      events.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []),
      ['indexSmallFile'],
      'one activity task: extract, store, embed, complete',
    );
    assert.equal(
      events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity').length,
      0,
      'no local activity holds the workflow task',
    );
    const id = (await itemsByKey(source.id)).get(`${prefix}lighthouse.txt`)!;
    assert.equal(id, knowledgeIdForUpload(uploadId));
    const item = await stack.request('GET', v1(`/knowledge/${id}`), { headers });
    assert.equal(item.body.status, 'COMPLETED', item.text);
    const roles = await rolesRepo.knowledgeRoles(stack.deps.db, tenant.workspaceId, id);
    assert.deepEqual(
      roles.map((r) => r.id),
      [role.id],
      'the source role reaches the item',
    );
    assert.ok(await found(OLD));
  });

  it('adds, versions and removes documents as the bucket changes; a sync without change embeds nothing', async () => {
    const prefix = nextPrefix();
    await bucket.store.put(`${prefix}lighthouse.txt`, Buffer.from(OLD), 'text/plain');
    await bucket.store.put(`${prefix}glacier.md`, Buffer.from(KEPT), 'text/markdown');
    await bucket.store.put(`${prefix}violin.txt`, Buffer.from(GONE), 'text/plain');
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const source = await createSource(prefix, { roleIds: [role.id], attributes: { team: 'docs' } });

    const first = await sync(source.id);
    assert.equal(first.status, 'COMPLETED', JSON.stringify(first));
    assert.deepEqual([first.seen, first.added, first.updated, first.deleted, first.failed], [3, 3, 0, 0, 0]);
    assert.ok((first.chunksEmbedded as number) >= 3);
    assert.ok(await found(OLD));
    const before = await itemsByKey(source.id);
    const lighthouse = before.get(`${prefix}lighthouse.txt`)!;
    const item = await stack.request('GET', v1(`/knowledge/${lighthouse}`), { headers });
    assert.equal(item.status, 200, item.text);
    assert.equal(item.body.parentId, source.rootId);
    assert.equal(item.body.attributes.team, 'docs');

    const keys = {
      changed: `${prefix}lighthouse.txt`,
      kept: `${prefix}glacier.md`,
      gone: `${prefix}violin.txt`,
      added: `${prefix}sourdough.txt`,
    };
    await assertSyncFollowsChanges(stack, tenant, headers, source.id, role.id, keys, async () => {
      await bucket.store.put(`${prefix}lighthouse.txt`, Buffer.from(NEW), 'text/plain');
      await bucket.store.delete([`${prefix}violin.txt`]);
      await bucket.store.put(`${prefix}sourdough.txt`, Buffer.from(ADDED), 'text/plain');
    });
    const gone = await stack.request('GET', v1(`/knowledge/${before.get(keys.gone)}`), { headers });
    assert.equal(gone.status, 404);
    const versions = await stack.request('GET', v1(`/knowledge/${lighthouse}/versions`), { headers });
    assert.equal(versions.status, 200, versions.text);
    assert.equal(versions.body.versions.find((v: { current: boolean }) => v.current).number, 2);
  });

  it('stops a sync that would delete more than the share until confirmed', async () => {
    const prefix = nextPrefix();
    for (const n of [1, 2, 3, 4]) {
      await bucket.store.put(`${prefix}note-${n}.txt`, Buffer.from(`${KEPT} Note ${n}.`), 'text/plain');
    }
    const source = await createSource(prefix);
    assert.equal((await sync(source.id)).added, 4);
    await bucket.store.delete([1, 2, 3].map((n) => `${prefix}note-${n}.txt`));

    const stopped = await sync(source.id);
    assert.equal(stopped.status, 'NEEDS_CONFIRMATION');
    assert.match(String(stopped.error), /would delete 3 of the source's 4 items.*confirmDeletes=true/);
    assert.equal(stopped.deleted, 0);
    assert.equal((await itemsByKey(source.id)).size, 4, 'nothing was deleted');

    // Python's requests sends True: read in any case.
    const confirmed = await sync(source.id, '?confirmDeletes=True');
    assert.equal(confirmed.status, 'COMPLETED');
    assert.equal(confirmed.deleted, 3);
    assert.deepEqual([...(await itemsByKey(source.id)).keys()], [`${prefix}note-4.txt`]);
  });

  it("purges a vanished document's files when the removal step's result was lost after its commit", async () => {
    const prefix = nextPrefix();
    await bucket.store.put(`${prefix}keep.txt`, Buffer.from(KEPT), 'text/plain');
    await bucket.store.put(`${prefix}gone.txt`, Buffer.from(GONE), 'text/plain');
    const source = await createSource(prefix);
    assert.equal((await sync(source.id)).added, 2);
    const goneId = (await itemsByKey(source.id)).get(`${prefix}gone.txt`)!;
    const blob = await stack.deps.db('knowledge').where({ id: goneId }).first('storage_key');
    assert.ok(blob?.storage_key && (await stack.deps.storage.exists(blob.storage_key)));
    await bucket.store.delete([`${prefix}gone.txt`]);

    // The workflow's steps, run as a worker would; the removal step runs twice (its first result lost).
    const stepDeps = {
      ...stack.deps,
      web: stack.config.web,
      ingestion: stack.config.ingestion,
      defaultStorageQuotaBytes: 1e9,
    };
    const ws = tenant.workspaceId;
    const begun = await syncSteps.beginSourceSync(stack.deps, {
      workspaceId: ws,
      sourceId: source.id,
      jobId: `lost-${prefix}`,
    });
    const ids = { workspaceId: ws, sourceId: source.id, syncId: begun.syncId };
    const step = { signal: new AbortController().signal, heartbeat: () => {} };
    assert.equal((await syncSteps.listSourceDocuments(stepDeps, ids, step)).vanished, 1);
    const purgeId = `purge-files:${ws}:${begun.syncId}:1`;
    const first = await syncSteps.removeVanishedDocuments(stack.deps, { ...ids, limit: 10, purgeId });
    assert.ok(first.storageKeys.includes(blob.storage_key));
    const retried = await syncSteps.removeVanishedDocuments(stack.deps, { ...ids, limit: 10, purgeId });
    assert.deepEqual(retried, first, 'the retried step answers as the first did: its keys and its count');
    assert.equal((await syncSteps.removeVanishedDocuments(stack.deps, { ...ids, limit: 10 })).more, false);
    await syncSteps.finishSourceSync(stack.deps, { ...ids, status: 'COMPLETED' });
    const record = await sourcesRepo.findSync(stack.deps.db, ws, begun.syncId);
    assert.equal(record?.deleted, 1, 'the document is counted once');

    const purged = await stack.deps.temporal.client.workflow.execute(purgeStoredFilesWorkflow, {
      taskQueue: stack.deps.temporal.taskQueue,
      workflowId: purgeId,
      args: [{ workspaceId: ws, keys: retried.storageKeys, delay: '1 ms', outboxId: purgeId }],
    });
    assert.equal(purged.deleted, retried.storageKeys.length);
    assert.equal(await stack.deps.storage.exists(blob.storage_key), false, 'the blob is purged');
    const left = await stack.deps.db('purge_outbox').where({ workspace_id: ws, purge_id: purgeId });
    assert.equal(left.length, 0, 'the outbox is cleared once the purge has run');
  });

  it('continues a long sync as new between steps and finishes it once, with its counts, id and search attributes', async () => {
    const prefix = nextPrefix();
    for (const n of [1, 2, 3, 4, 5]) {
      await bucket.store.put(`${prefix}note-${n}.txt`, Buffer.from(`${KEPT} Note ${n}.`), 'text/plain');
    }
    const source = await createSource(prefix);
    const ws = tenant.workspaceId;
    const client = stack.deps.temporal.client;

    // Two documents per step and one step per run: every step after the first is taken by a new run.
    async function longSync(label: string) {
      const workflowId = `${SOURCE_SYNC_JOB_KIND}:${ws}:${source.id}:${label}`;
      const handle = await startJob(stack.deps.temporal, syncSourceWorkflow, {
        workflowId,
        workspaceId: ws,
        kind: SOURCE_SYNC_JOB_KIND,
        args: [{ workspaceId: ws, sourceId: source.id, purgeDelay: '1 ms', batchSize: 2, batchesPerRun: 1 }],
        memo: { sourceId: source.id },
      });
      const result = await handle.result();
      assert.equal(result.status, 'COMPLETED', JSON.stringify(result));
      const runs: string[] = [];
      let finishes = 0;
      for (let runId: string | undefined = handle.firstExecutionRunId; runId;) {
        runs.push(runId);
        const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
        runId = undefined;
        for (const e of history.events ?? []) {
          if (e.activityTaskScheduledEventAttributes?.activityType?.name === 'finishSourceSync') finishes += 1;
          const next: string | null | undefined = e.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId;
          if (next) runId = next;
        }
      }
      // The job's own attributes (the server adds its BuildIds and TemporalChangeVersion).
      const attributes = async (runId: string) =>
        Object.fromEntries(
          (await client.workflow.getHandle(workflowId, runId).describe()).typedSearchAttributes
            .getAll()
            .filter((p) => p.key.name === 'WorkspaceId' || p.key.name === 'JobKind')
            .map((p) => [p.key.name, p.value]),
        );
      assert.deepEqual(await attributes(runs[0]!), { WorkspaceId: ws, JobKind: SOURCE_SYNC_JOB_KIND });
      assert.deepEqual(await attributes(runs.at(-1)!), { WorkspaceId: ws, JobKind: SOURCE_SYNC_JOB_KIND });
      const record = await sourcesRepo.findSync(stack.deps.db, ws, result.syncId!);
      return { runs: runs.length, finishes, record: record! };
    }

    const first = await longSync('first');
    assert.equal(first.runs, 4, 'three fetch steps, each ending its run, then the removal');
    assert.equal(first.finishes, 1, 'the sync is finished once');
    assert.equal(first.record.status, 'COMPLETED');
    assert.deepEqual([first.record.seen, first.record.added, first.record.updated, first.record.deleted], [5, 5, 0, 0]);

    await bucket.store.put(`${prefix}note-1.txt`, Buffer.from(NEW), 'text/plain');
    await bucket.store.delete([`${prefix}note-4.txt`, `${prefix}note-5.txt`]);
    const second = await longSync('second');
    assert.equal(second.runs, 3, 'one fetch step, then two removal steps');
    assert.equal(second.finishes, 1);
    const r = second.record;
    assert.deepEqual([r.seen, r.added, r.updated, r.unchanged, r.deleted, r.failed], [3, 0, 1, 2, 2, 0]);
    assert.deepEqual(
      [...(await itemsByKey(source.id)).keys()].sort(),
      [1, 2, 3].map((n) => `${prefix}note-${n}.txt`),
    );
    assert.ok(await found(NEW));
  });

  it('fails a sync of an unreachable source or with refused credentials, deleting nothing', async () => {
    const prefix = nextPrefix();
    await bucket.store.put(`${prefix}a.txt`, Buffer.from(KEPT), 'text/plain');
    const source = await createSource(prefix);
    assert.equal((await sync(source.id)).added, 1);

    const revoked = await stack.request('PATCH', v1(`/sources/${source.id}`), {
      headers,
      json: { secrets: { accessKeyId: 'REVOKED', secretAccessKey: 'nope' } },
    });
    assert.equal(revoked.status, 200, revoked.text);
    const refused = await sync(source.id);
    assert.equal(refused.status, 'FAILED');
    assert.match(String(refused.error), /refused the source's credentials/);
    assert.equal((await itemsByKey(source.id)).size, 1);
    // Its job fails too, with the sync's reason; an end user's token that sees the job reads only that it failed.
    const job = await waitForJob(stack.request, tenant.workspaceId, headers, String(refused.jobId));
    assert.deepEqual([job.status, job.error], ['FAILED', refused.error]);
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const roleHeaders = (await accessHeaders(stack, tenant, { roleId: role.id })).headers;
    const seen = await waitForJob(stack.request, tenant.workspaceId, roleHeaders, String(refused.jobId));
    assert.deepEqual([seen.status, seen.error], ['FAILED', 'The job failed']);

    // Without secrets (never given, or dropped by a move), the refusal says so and what to send.
    const anonymous = await createSource(prefix, { secrets: undefined });
    const noSecrets = await sync(anonymous.id);
    assert.equal(noSecrets.status, 'FAILED');
    assert.match(String(noSecrets.error), /refused anonymous access \(\w+\): the source has no secrets .*"secrets"/);

    const { config, secrets } = bucket.source(prefix);
    const moved = await stack.request('PATCH', v1(`/sources/${source.id}`), {
      headers,
      json: { secrets, config: { ...config, endpoint: 'http://127.0.0.1:9' } },
    });
    assert.equal(moved.status, 200, moved.text);
    const unreachable = await sync(source.id);
    assert.equal(unreachable.status, 'FAILED');
    assert.match(String(unreachable.error), /could not be reached/);
    assert.equal((await itemsByKey(source.id)).size, 1);
    assert.ok(await found(KEPT));
  });

  it('drops the stored secrets when a config change sends them to another endpoint, unless new ones come with it', async () => {
    const prefix = nextPrefix();
    const source = await createSource(prefix);
    const { config } = bucket.source(prefix);
    const samePlace = await stack.request('PATCH', v1(`/sources/${source.id}`), {
      headers,
      json: { config: { ...config, prefix: `${prefix}sub/` } },
    });
    assert.equal(samePlace.status, 200, samePlace.text);
    assert.equal(samePlace.body.hasSecrets, true, 'the same endpoint keeps them');
    assert.equal(samePlace.body.secretsDropped, undefined);
    // The secrets are bound to the whole target (Security III): another bucket, or virtual-hosted addressing
    // (which sends them to <bucket>.<host>), needs them supplied again.
    for (const [what, change] of [
      ['another bucket', { bucket: 'another-bucket' }],
      ['virtual-hosted addressing', { forcePathStyle: false }],
    ] as const) {
      const again = await createSource(nextPrefix());
      const moved = await stack.request('PATCH', v1(`/sources/${again.id}`), {
        headers,
        json: { config: { ...config, ...change } },
      });
      assert.equal(moved.status, 200, moved.text);
      assert.equal(moved.body.hasSecrets, false, `${what} never gets the old secrets`);
      assert.equal(moved.body.secretsDropped, true, `the answer says that ${what} dropped them`);
      const resupplied = await stack.request('PATCH', v1(`/sources/${again.id}`), {
        headers,
        json: { config: { ...config, ...change }, secrets: bucket.source().secrets },
      });
      assert.equal(resupplied.body.hasSecrets, true, `${what} with its secrets supplied again`);
      assert.equal(resupplied.body.secretsDropped, undefined);
    }
    const elsewhere = await stack.request('PATCH', v1(`/sources/${source.id}`), {
      headers,
      json: { config: { ...config, endpoint: 'http://127.0.0.2:9' } },
    });
    assert.equal(elsewhere.status, 200, elsewhere.text);
    assert.equal(elsewhere.body.hasSecrets, false, 'another endpoint never gets the old secrets');
    const stored = await sourcesRepo.findSource(stack.deps.db, tenant.workspaceId, source.id);
    assert.equal(stored?.secrets_sealed, null);
  });

  it('brings back a document whose item was deleted by hand at the next sync', async () => {
    const prefix = nextPrefix();
    await bucket.store.put(`${prefix}kept.txt`, Buffer.from(KEPT), 'text/plain');
    const source = await createSource(prefix);
    assert.equal((await sync(source.id)).added, 1);
    const first = (await itemsByKey(source.id)).get(`${prefix}kept.txt`)!;
    const deleted = await stack.request('DELETE', v1(`/knowledge/${first}`), { headers });
    assert.ok([200, 202, 204].includes(deleted.status), deleted.text);
    let back: Awaited<ReturnType<typeof sync>> | undefined;
    for (let i = 0; i < 100 && !back; i++) {
      // The delete may finish in the background: a sync after it re-adds the document.
      if (!(await stack.deps.db('knowledge').where({ id: first }).first())) back = await sync(source.id);
      else await sleep(100);
    }
    assert.ok(back, 'the item was deleted');
    assert.equal(back.status, 'COMPLETED', JSON.stringify(back));
    assert.equal(back.added, 1);
    const again = (await itemsByKey(source.id)).get(`${prefix}kept.txt`);
    assert.ok(again && again !== first);
    assert.ok(await found(KEPT));
  });

  it('keeps one Temporal schedule per source that syncs it: pause, resume, delete', async () => {
    const prefix = nextPrefix();
    await bucket.store.put(`${prefix}scheduled.txt`, Buffer.from(KEPT), 'text/plain');
    const source = await createSource(prefix, { schedule: { intervalSeconds: 3600 } });
    const handle = stack.deps.temporal.client.schedule.getHandle(sourceScheduleId(tenant.workspaceId, source.id));
    let d = await handle.describe();
    assert.equal(d.state.paused, false);
    assert.equal(d.policies.overlap, 'SKIP');
    await handle.trigger();
    let scheduled: { trigger: string; status: string; added: number } | undefined;
    for (let i = 0; i < 600 && scheduled?.status !== 'COMPLETED'; i++) {
      await sleep(200);
      const list = await stack.request('GET', v1(`/sources/${source.id}/syncs`), { headers });
      scheduled = list.body.syncs[0];
    }
    assert.equal(scheduled?.trigger, 'schedule');
    assert.equal(scheduled?.status, 'COMPLETED');
    assert.equal(scheduled?.added, 1);
    // A scheduled sync carries its workspace's fairness key, as every other job does.
    d = await handle.describe();
    assert.equal(d.action.priority?.fairnessKey, tenant.workspaceId);
    const run = d.info.recentActions[0]?.action.workflow.workflowId;
    assert.ok(run, 'the schedule lists its run');
    const started = await stack.deps.temporal.client.workflow.getHandle(run).describe();
    assert.equal(started.priority?.fairnessKey, tenant.workspaceId);
    const paused = await stack.request('PATCH', v1(`/sources/${source.id}`), {
      headers,
      json: { schedule: { paused: true } },
    });
    assert.equal(paused.status, 200, paused.text);
    assert.deepEqual(paused.body.schedule, { intervalSeconds: 3600, paused: true });
    d = await handle.describe();
    assert.equal(d.state.paused, true);
    await stack.request('PATCH', v1(`/sources/${source.id}`), { headers, json: { schedule: { paused: false } } });
    assert.equal((await handle.describe()).state.paused, false);
    const del = await stack.request('DELETE', v1(`/sources/${source.id}?deleteItems=true`), { headers });
    assert.equal(del.status, 200, del.text);
    await assert.rejects(handle.describe());
  });

  it('goes with its root item: the source and its history are deleted, and its next scheduled run drops the schedule', async () => {
    const prefix = nextPrefix();
    await bucket.store.put(`${prefix}rooted.txt`, Buffer.from(KEPT), 'text/plain');
    const source = await createSource(prefix, { schedule: { intervalSeconds: 3600 } });
    assert.equal((await syncToEnd(stack, tenant.workspaceId, headers, source.id)).status, 'COMPLETED');
    const cascade = await stack.request('DELETE', v1(`/knowledge/${source.rootId}/children`), { headers });
    assert.equal(cascade.status, 200, cascade.text);
    const jobDone = async () => {
      const res = await stack.request('POST', v1('/background-jobs'), {
        headers,
        json: { jobIds: [cascade.body.jobId] },
      });
      return res.body.jobs[0].status !== 'RUNNING';
    };
    for (let i = 0; i < 600 && !(await jobDone()); i++) await sleep(100);
    assertError(await stack.request('GET', v1(`/sources/${source.id}`), { headers }), 404, 'Source not found');
    assert.equal(await stack.deps.db('source_syncs').where({ source_id: source.id }).first(), undefined);
    const handle = stack.deps.temporal.client.schedule.getHandle(sourceScheduleId(tenant.workspaceId, source.id));
    await handle.trigger();
    let gone = false;
    for (let i = 0; i < 600 && !gone; i++) {
      await sleep(100);
      gone = await handle.describe().then(
        () => false,
        () => true,
      );
    }
    assert.ok(gone, 'the schedule of a source that is gone is deleted by its next run');
  });

  it('answers the routes: secrets never returned, 404 across workspaces, 403 for other credentials, 400', async () => {
    const source = await createSource(nextPrefix());
    const got = await stack.request('GET', v1(`/sources/${source.id}`), { headers });
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.hasSecrets, true);
    assert.ok(!JSON.stringify(got.body).includes('S3RVER'), 'no secret in the answer');
    const stored = await sourcesRepo.findSource(stack.deps.db, tenant.workspaceId, source.id);
    assert.ok(stored?.secrets_sealed && !stored.secrets_sealed.includes('S3RVER'), 'sealed at rest');
    const list = await stack.request('GET', v1('/sources'), { headers });
    assert.equal(list.body.sources.length, 1);

    const other = await createTenant(stack.deps.db);
    const otherHeaders = (await accessHeaders(stack, other)).headers;
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/sync'],
      ['GET', '/syncs'],
    ] as const) {
      const res = await stack.request(method, `/v1/workspaces/${other.workspaceId}/sources/${source.id}${path}`, {
        headers: otherHeaders,
        ...(method === 'PATCH' ? { json: {} } : {}),
      });
      assertError(res, 404, 'Source not found');
    }
    assertError(await stack.request('GET', v1('/sources/not-a-uuid'), { headers }), 404, 'Source not found');

    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const roleHeaders = (await accessHeaders(stack, tenant, { roleId: role.id })).headers;
    assertError(await stack.request('GET', v1('/sources'), { headers: roleHeaders }), 403);

    const bad = (json: unknown) => stack.request('POST', v1('/sources'), { headers, json });
    assertError(await bad({ kind: 'ftp', config: {} }), 400);
    const upper = await bad({ kind: 's3', config: { bucket: 'UPPER' } });
    assertError(upper, 400);
    assert.match(upper.body.hint, /^config\.bucket has an invalid format: The bucket name \(3 to 63 lowercase/);
    assertError(await bad({ kind: 's3', config: { bucket: 'ok-bucket' }, schedule: { intervalSeconds: 5 } }), 400);
    // A pasted placeholder ("…") is no key: refused when given, not at every sync as a signature mismatch.
    const placeholder = await bad({
      kind: 's3',
      config: { bucket: 'ok-bucket' },
      secrets: { accessKeyId: 'AKIA…', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
    });
    assertError(placeholder, 400, 'Invalid field value');
    assert.match(placeholder.body.hint, /printable ASCII without spaces/);
    // An endpoint no URL parser takes (a port past 65535) is a 400 naming it, not a 500.
    const port = await bad({ kind: 's3', config: { bucket: 'ok-bucket', endpoint: 'https://s3.example.com:99999' } });
    assertError(port, 400, 'Invalid source config');
    assert.equal(port.body.param, 'config.endpoint');
    assert.equal(placeholder.body.param, 'secrets.accessKeyId');
    assertError(await bad({ kind: 's3', config: { bucket: 'ok-bucket' }, roleIds: [crypto.randomUUID()] }), 404);
    assertError(
      await stack.request('PATCH', v1(`/sources/${source.id}`), { headers, json: { config: { bucket: 1 } } }),
      400,
    );
    // A change names another kind's field with this (s3) source's own fields, not every kind's.
    const patch = (json: unknown) => stack.request('PATCH', v1(`/sources/${source.id}`), { headers, json });
    const otherConfig = await patch({ config: { bucket: 'ok-bucket', url: 'https://git.example.com/a.git' } });
    assertError(otherConfig, 400, 'Unknown field: config.url');
    assert.equal(
      otherConfig.body.hint,
      'Remove the field; config takes endpoint, region, bucket, prefix, forcePathStyle.',
    );
    const otherSecrets = await patch({ secrets: { username: 'u', token: 't' } });
    assertError(otherSecrets, 400);
    assert.equal(otherSecrets.body.param, 'secrets.accessKeyId', 'an s3 source asks for its own secrets');
    const maybe = await stack.request('POST', v1(`/sources/${source.id}/sync?confirmDeletes=maybe`), { headers });
    assertError(maybe, 400, 'confirmDeletes must be true or false');
    assert.equal(maybe.body.param, 'confirmDeletes');
    // The guard's override in the body (it is a query parameter) is refused by name, and no sync starts.
    const inBody = await stack.request('POST', v1(`/sources/${source.id}/sync`), {
      headers,
      json: { confirmDeletes: true },
    });
    assertError(inBody, 400, 'Unknown field: confirmDeletes');
    assert.match(inBody.body.hint, /\/sync\?confirmDeletes=true$/);
    const syncs = await stack.request('GET', v1(`/sources/${source.id}/syncs`), { headers });
    assert.deepEqual(syncs.body.syncs, [], syncs.text);
  });
});
