// The orphan reaper, through its Temporal schedule on the dev server: an upload older than the grace
// period that never became an item and has no running workflow goes, with its bytes, and the workspace's
// quota is freed; a recent one, one whose workflow is still running, and an accepted one stay.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Duration } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createOrphanActivities } from '../../src/activities/orphans';
import * as purgeOutbox from '../../src/db/repositories/purgeOutbox';
import * as uploads from '../../src/db/repositories/uploads';
import { uploadKey } from '../../src/storage/keys';
import { WorkflowIds } from '../../src/temporal/constants';
import { ensureOrphanReaperSchedule } from '../../src/temporal/schedules';
import { ingestFileWorkflow, purgeStoredFilesWorkflow } from '../../src/workflows';
import { createTenant } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

describe('orphan upload reaper (Temporal schedule)', function () {
  this.timeout(90_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  it('reaps old uploads without an item or a running workflow, with their blobs, and frees the quota', async () => {
    const { db, storage, temporal } = stack.deps;
    const tenant = await createTenant(db);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const stage = async (name: string, createdAt: Date, size: number) => {
      const id = randomUUID();
      const key = uploadKey(tenant.organizationId, tenant.workspaceId, id, name);
      await storage.put(key, Buffer.alloc(size, 1), 'text/plain');
      await uploads.insertUpload(db, {
        id,
        workspace_id: tenant.workspaceId,
        organization_id: tenant.organizationId,
        filename: name,
        mimetype: 'text/plain',
        size_bytes: size,
        storage_key: key,
        title: name,
        description: null,
        language: null,
        requested_status: null,
        workflow_id: WorkflowIds.ingestFile(tenant.workspaceId, id),
        space_id: null,
        source_visibility: 'source',
      });
      await db('upload_file_metadata').where({ id }).update({ created_at: createdAt });
      return { id, key };
    };
    const orphan = await stage('abandoned.txt', twoHoursAgo, 4000);
    const recent = await stage('arriving.txt', new Date(), 10);
    const busy = await stage('queued.txt', twoHoursAgo, 20);
    // Its workflow is running (on a task queue no worker polls, so it stays running).
    const running = await temporal.client.workflow.start(ingestFileWorkflow, {
      taskQueue: `nobody-${randomUUID()}`,
      workflowId: WorkflowIds.ingestFile(tenant.workspaceId, busy.id),
      args: [{ workspaceId: tenant.workspaceId, organizationId: tenant.organizationId, uploadId: busy.id }],
      memo: { workspaceId: tenant.workspaceId },
    });
    const usedBefore = await uploads.storageUsedBytes(db, tenant.workspaceId);

    const scheduleId = await ensureOrphanReaperSchedule(temporal, { every: '1 hour', grace: '1 hour' });
    // Starting twice brings the schedule up to date instead of failing.
    assert.equal(await ensureOrphanReaperSchedule(temporal, { every: '1 hour', grace: '1 hour' }), scheduleId);
    const schedule = temporal.client.schedule.getHandle(scheduleId);
    try {
      await schedule.trigger();
      const deadline = Date.now() + 60_000;
      while (await uploads.findUpload(db, tenant.workspaceId, orphan.id)) {
        assert.ok(Date.now() < deadline, 'the orphan was not reaped in time');
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(await storage.exists(orphan.key), false, 'its blob went with it');
      for (const kept of [recent, busy]) {
        assert.ok(await uploads.findUpload(db, tenant.workspaceId, kept.id), 'recent and running uploads stay');
        assert.equal(await storage.exists(kept.key), true);
      }
      assert.equal(await uploads.storageUsedBytes(db, tenant.workspaceId), usedBefore - 4000);
      const description = await schedule.describe();
      assert.equal(description.action.type, 'startWorkflow');
    } finally {
      await schedule.delete();
      await running.terminate('test over');
    }
  });
  it('starts the purge of an outbox row left past the grace, once: a running or finished purge is not started again', async () => {
    const { db, storage, temporal } = stack.deps;
    const tenant = await createTenant(db);
    const ws = tenant.workspaceId;
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const record = async (label: string, createdAt: Date) => {
      const key = uploadKey(tenant.organizationId, ws, randomUUID(), `${label}.txt`);
      await storage.put(key, Buffer.from(label), 'text/plain');
      const purgeId = `purge-files:${ws}:test-${label}-${randomUUID()}`;
      await purgeOutbox.recordPurge(db, ws, purgeId, [key]);
      await db('purge_outbox').where({ workspace_id: ws, purge_id: purgeId }).update({ created_at: createdAt });
      return { key, purgeId };
    };
    // Left behind: its deleting workflow ended between the delete and the purge's start.
    const left = await record('left', twoHoursAgo);
    // Recent: its workflow may still start the purge itself.
    const recent = await record('recent', new Date());
    /** The row's purge, started on a task queue no worker polls: it runs until it is ended. */
    const startUnpolled = (row: { key: string; purgeId: string }) =>
      temporal.client.workflow.start(purgeStoredFilesWorkflow, {
        taskQueue: `nobody-${randomUUID()}`,
        workflowId: row.purgeId,
        args: [{ workspaceId: ws, keys: [row.key], delay: '1 day', outboxId: row.purgeId }],
        memo: { workspaceId: ws },
      });
    // Its purge is running and must not be started a second time.
    const busy = await record('busy', twoHoursAgo);
    const running = await startUnpolled(busy);
    const sweep = () =>
      new MockActivityEnvironment().run(createOrphanActivities(stack.deps).sweepPurgeOutbox, {
        grace: '1 hour' as Duration,
      }) as Promise<{ started: number; skipped: number; cleared: number }>;
    try {
      await sweep();
      const purge = temporal.client.workflow.getHandle(left.purgeId);
      assert.equal((await purge.result()).deleted, 1);
      assert.equal(await storage.exists(left.key), false, 'the left purge ran');
      assert.equal(await purgeOutbox.findRecordedStep(db, ws, left.purgeId), undefined, 'and cleared its row');
      assert.deepEqual(
        (await purgeOutbox.findRecordedStep(db, ws, recent.purgeId))?.keys,
        [recent.key],
        'a recent row waits',
      );
      assert.equal(await storage.exists(recent.key), true);
      const busyRun = await running.describe();
      assert.equal(busyRun.runId, running.firstExecutionRunId, 'the running purge is joined, not run again');
      assert.equal(busyRun.status.name, 'RUNNING');

      // A row whose purge already ran (its last step, clearing the row, failed) is not purged a second time, and
      // its row is cleared: no later sweep looks at it again.
      const ran = await purge.describe();
      await purgeOutbox.recordPurge(db, ws, left.purgeId, [left.key]);
      await db('purge_outbox').where({ workspace_id: ws, purge_id: left.purgeId }).update({ created_at: twoHoursAgo });
      const again = await sweep();
      assert.ok(again.cleared >= 1, JSON.stringify(again));
      assert.equal((await purge.describe()).runId, ran.runId, 'and not run again');
      assert.equal(await purgeOutbox.findRecordedStep(db, ws, left.purgeId), undefined, 'its row is cleared');

      // A row whose purge was terminated before it deleted anything is purged by a new run under its id.
      const cut = await record('cut', twoHoursAgo);
      const first = await startUnpolled(cut);
      await first.terminate('worker gone');
      await sweep();
      const rerun = temporal.client.workflow.getHandle(cut.purgeId);
      assert.equal((await rerun.result()).deleted, 1);
      assert.equal(await storage.exists(cut.key), false, 'the terminated purge ran again');
      assert.notEqual((await rerun.describe()).runId, first.firstExecutionRunId);
    } finally {
      await running.terminate('test over');
    }
  });
});
