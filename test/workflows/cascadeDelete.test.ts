// Cascade delete on the time-skipping server against the real database and S3: children go first in
// bounded batches across continue-as-new, and the stored files are purged only after the durable delay.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createDeleteActivities } from '../../src/activities/deletes';
import { createStorageActivities } from '../../src/activities/storage';
import { createWebhookActivities } from '../../src/activities/webhooks';
import { deleteLeafBatch } from '../../src/services/operations/cascadeDeletes';
import { clearPurgeOutbox } from '../../src/services/sources/sourceSyncSteps';
import { loadConfig } from '../../src/config';
import { createMetrics } from '../../src/observability/metrics';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { startEmbeddedS3 } from '../../src/embedded/s3';
import { createBlobStore, type BlobStore } from '../../src/storage/blobStore';
import { uploadKey } from '../../src/storage/keys';
import { cascadeDeleteWorkflow, purgeStoredFilesWorkflow } from '../../src/workflows';
import { LOCAL_DELETE_BATCHES } from '../../src/workflows/cascadeDelete';
import { createTimeSkippingEnv, resultsSkippingTime } from '../helpers/timeSkipping';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createTenant } from '../helpers/factories';
import { workflowBundle } from '../helpers/stack';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';
import { fixtureBundle } from '../helpers/fixtureBundle';

describe('cascadeDeleteWorkflow (time-skipping)', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;
  let testDb: TestDatabase;
  let storage: BlobStore;
  let stopS3: () => Promise<void>;
  let dir: string;

  before(async () => {
    env = await createTimeSkippingEnv();
    testDb = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'kws-cascade-'));
    const s3 = await startEmbeddedS3({ dataDir: dir, bucket: 'kws-cascade' });
    stopS3 = s3.stop;
    storage = createBlobStore({ ...s3, bucket: 'kws-cascade', region: 'us-east-1', forcePathStyle: true });
  });
  after(async () => {
    await env?.teardown();
    storage?.close();
    await stopS3?.();
    await testDb?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('deletes a tree children first, then purges its files only after the delay', async () => {
    const db = testDb.db;
    const tenant = await createTenant(db);
    const ws = tenant.workspaceId;
    const root = await knowledgeRepo.insertKnowledge(db, ws, { createdBy: null, type: 'WEBSITE', title: 'site' });
    const keys: string[] = [];
    const ids = [root.id];
    for (let i = 0; i < 7; i++) {
      const key = uploadKey(tenant.organizationId, ws, randomUUID(), `page-${i}.html`);
      await storage.put(key, Buffer.from(`page ${i}`), 'text/html');
      keys.push(key);
      const page = await knowledgeRepo.insertKnowledge(db, ws, {
        createdBy: null,
        type: 'URL',
        title: `p${i}`,
        parentId: root.id,
        storageKey: key,
      });
      ids.push(page.id);
      const sub = await knowledgeRepo.insertKnowledge(db, ws, {
        createdBy: null,
        type: 'URL',
        title: `s${i}`,
        parentId: page.id,
      });
      ids.push(sub.id);
    }
    const bystander = await knowledgeRepo.insertKnowledge(db, ws, { createdBy: null, type: 'STRING', title: 'other' });

    const taskQueue = `cascade-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: {
        ...createDeleteActivities({ db }),
        ...createStorageActivities({ storage }),
        clearPurgeOutbox: (input: { workspaceId: string; purgeId: string }) => clearPurgeOutbox({ db }, input),
        ...createWebhookActivities({
          db,
          metrics: createMetrics(),
          webhooks: loadConfig({}).webhooks,
          ownComponents: NO_OWN_COMPONENTS,
        }),
      },
    });
    await worker.runUntil(async () => {
      // Started and awaited by a client that does not skip time: the cascade has no timer, and skipping while
      // it finishes could already fire its purges' day-long timers before the files are looked at.
      const plain = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
      const handle = await plain.workflow.start(cascadeDeleteWorkflow, {
        taskQueue,
        workflowId: `cascade-delete:${ws}:${root.id}`,
        args: [{ workspaceId: ws, rootId: root.id, purgeDelay: '1 day', batchSize: 3, batchesPerRun: 2 }],
      });
      const result = await handle.result();
      assert.equal(result.deleted, 15);
      assert.ok(result.batches >= 5, `${result.batches} batches of at most 3`);
      for (const id of ids) assert.equal(await knowledgeRepo.findKnowledge(db, ws, id), undefined);
      assert.ok(await knowledgeRepo.findKnowledge(db, ws, bystander.id));
      for (const key of keys)
        assert.equal(await storage.exists(key), true, 'files outlive the rows until the purge delay');

      const purges = Array.from({ length: result.batches }, (_, i) => `purge-files:${ws}:cascade-${root.id}-${i + 1}`);
      const started = await Promise.all(
        purges.map((id) =>
          env.client.workflow
            .getHandle(id)
            .describe()
            .then(() => id)
            .catch(() => undefined),
        ),
      );
      const purgeIds = started.filter((id): id is string => id !== undefined);
      assert.ok(purgeIds.length > 0);
      const before = await env.currentTimeMs();
      await resultsSkippingTime(env, purgeIds);
      assert.ok((await env.currentTimeMs()) - before >= 23 * 3600 * 1000, 'the purge waited out its day');
      for (const key of keys) assert.equal(await storage.exists(key), false, 'purged after the delay');
    });
  });
  it("purges a batch's files once when the batch's result was lost after its commit, and empties the outbox", async () => {
    const db = testDb.db;
    const tenant = await createTenant(db);
    const ws = tenant.workspaceId;
    const root = await knowledgeRepo.insertKnowledge(db, ws, { createdBy: null, type: 'WEBSITE', title: 'site' });
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      const key = uploadKey(tenant.organizationId, ws, randomUUID(), `page-${i}.html`);
      await storage.put(key, Buffer.from(`page ${i}`), 'text/html');
      keys.push(key);
      await knowledgeRepo.insertKnowledge(db, ws, {
        createdBy: null,
        type: 'URL',
        title: `p${i}`,
        parentId: root.id,
        storageKey: key,
      });
    }
    // The batch's step as the workflow runs it; the first batch runs twice (its first result lost).
    const step = (batch: number) =>
      deleteLeafBatch({ db }, ws, root.id, 2, `purge-files:${ws}:cascade-${root.id}-${batch}`);
    const first = await step(1);
    assert.equal(first.storageKeys.length, 2);
    const retried = await step(1);
    assert.deepEqual(retried, first, 'the retried batch answers as the first did: its keys and its count');
    assert.equal(retried.deleted, 2);
    const handed = [retried.storageKeys];
    for (let batch = 2; ; batch++) {
      const out = await step(batch);
      handed.push(out.storageKeys);
      if (out.rootDeleted) break;
    }
    assert.deepEqual(handed.flat().sort(), [...keys].sort(), 'each file is handed to one purge');

    const taskQueue = `cascade-lost-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: {
        ...createStorageActivities({ storage }),
        clearPurgeOutbox: (input: { workspaceId: string; purgeId: string }) => clearPurgeOutbox({ db }, input),
      },
    });
    await worker.runUntil(async () => {
      const plain = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
      let deleted = 0;
      for (const [i, batchKeys] of handed.entries()) {
        if (batchKeys.length === 0) continue;
        const purgeId = `purge-files:${ws}:cascade-${root.id}-${i + 1}`;
        const purged = await plain.workflow.execute(purgeStoredFilesWorkflow, {
          taskQueue,
          workflowId: purgeId,
          args: [{ workspaceId: ws, keys: batchKeys, delay: '1 ms', outboxId: purgeId }],
        });
        deleted += purged.deleted;
      }
      for (const key of keys) assert.equal(await storage.exists(key), false, 'every file is purged');
      assert.equal(deleted, keys.length, 'each file is purged exactly once');
      assert.equal((await db('purge_outbox').where({ workspace_id: ws })).length, 0, 'the outbox is emptied');
    });
  });
  it("replays a run an older worker started (batches as activity tasks) on today's code, which records local ones", async () => {
    const db = testDb.db;
    const ws = (await createTenant(db)).workspaceId;
    const tree = async () => {
      const root = await knowledgeRepo.insertKnowledge(db, ws, { createdBy: null, type: 'WEBSITE', title: 'site' });
      for (let i = 0; i < 4; i++)
        await knowledgeRepo.insertKnowledge(db, ws, {
          createdBy: null,
          type: 'URL',
          title: `p${i}`,
          parentId: root.id,
        });
      return root.id;
    };
    const activities = {
      ...createDeleteActivities({ db }),
      ...createStorageActivities({ storage }),
      clearPurgeOutbox: (input: { workspaceId: string; purgeId: string }) => clearPurgeOutbox({ db }, input),
      ...createWebhookActivities({
        db,
        metrics: createMetrics(),
        webhooks: loadConfig({}).webhooks,
        ownComponents: NO_OWN_COMPONENTS,
      }),
    };
    const plain = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
    const run = async (bundle: Awaited<ReturnType<typeof workflowBundle>>) => {
      const taskQueue = `cascade-replay-${randomUUID()}`;
      const rootId = await tree();
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: bundle,
        activities,
      });
      return worker.runUntil(async () => {
        const handle = await plain.workflow.start('cascadeDeleteWorkflow', {
          taskQueue,
          workflowId: `cascade-delete:${ws}:${rootId}`,
          args: [{ workspaceId: ws, rootId, purgeDelay: '1 day', batchSize: 2 }],
        });
        assert.deepEqual(await handle.result(), { deleted: 5, batches: 3 });
        return handle.fetchHistory();
      });
    };
    const scheduled = (history: Awaited<ReturnType<typeof run>>) =>
      (history.events ?? []).filter(
        (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'deleteLeafBatch',
      ).length;

    const before = await fixtureBundle('cascadeDeleteBefore');
    const old = await run(before);
    assert.equal(scheduled(old), 3, 'the older code scheduled each batch as an activity task');
    // Today's code must replay it: the patch keeps those batches activity tasks (without it, non-determinism).
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, old, 'older-run');
    const today = await run(await workflowBundle());
    assert.equal(scheduled(today), 0, 'today each batch is a local activity');
    const markers = (name: string) =>
      (today.events ?? []).filter((e) => e.markerRecordedEventAttributes?.markerName === name).length;
    assert.equal(markers('core_local_activity'), 3, 'three batches, each recorded as a local activity');
    assert.equal(markers('core_patch'), 1, `the ${LOCAL_DELETE_BATCHES} patch is recorded once`);
  });
});
