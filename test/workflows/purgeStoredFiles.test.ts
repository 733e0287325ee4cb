// The purge workflow on both real Temporal servers: the time-skipping test server skips its durable
// timer of days in seconds; the dev server runs it end to end with a readable, deterministic id.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createStorageActivities } from '../../src/activities/storage';
import { startEmbeddedS3 } from '../../src/embedded/s3';
import { createBlobStore, type BlobStore } from '../../src/storage/blobStore';
import { storageKeyBelongsTo, uploadKey } from '../../src/storage/keys';
import { WorkflowIds } from '../../src/temporal/constants';
import { purgeStoredFilesWorkflow } from '../../src/workflows';
import { createTimeSkippingEnv, resultsSkippingTime } from '../helpers/timeSkipping';
import { getStack, workflowBundle } from '../helpers/stack';

describe('purgeStoredFilesWorkflow', () => {
  describe('on the time-skipping test server', () => {
    let env: TestWorkflowEnvironment;
    let storage: BlobStore;
    let stopS3: () => Promise<void>;
    let dir: string;
    before(async function () {
      this.timeout(120_000);
      env = await createTimeSkippingEnv();
      dir = await mkdtemp(path.join(os.tmpdir(), 'kws-ts-'));
      const s3 = await startEmbeddedS3({ dataDir: dir, bucket: 'kws-timeskip' });
      stopS3 = s3.stop;
      storage = createBlobStore({ ...s3, bucket: 'kws-timeskip', region: 'us-east-1', forcePathStyle: true });
      await storage.ensureBucket();
    });
    after(async () => {
      await env?.teardown();
      storage?.close();
      await stopS3?.();
      await rm(dir, { recursive: true, force: true });
    });

    it('waits out a two-day durable timer in seconds, then deletes the files', async () => {
      const org = randomUUID();
      const ws = randomUUID();
      const keys = [uploadKey(org, ws, randomUUID(), 'a.txt'), uploadKey(org, ws, randomUUID(), 'b.pdf')];
      for (const key of keys) await storage.put(key, Buffer.from('bytes'), 'text/plain');
      const taskQueue = `ts-${randomUUID()}`;
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: await workflowBundle(),
        activities: createStorageActivities({ storage }),
      });
      const skippedFrom = await env.currentTimeMs();
      const workflowId = WorkflowIds.purgeStoredFiles(ws, 'time-skip');
      const [result] = await worker.runUntil(async () => {
        await env.client.workflow.start(purgeStoredFilesWorkflow, {
          taskQueue,
          workflowId,
          args: [{ workspaceId: ws, keys, delay: '2 days' }],
        });
        return resultsSkippingTime(env, [workflowId]);
      });
      const skippedMs = (await env.currentTimeMs()) - skippedFrom;
      assert.deepEqual(result, { deleted: 2, refused: 0, failed: 0 });
      assert.ok(skippedMs >= 2 * 24 * 3600 * 1000, `server time advanced ${skippedMs} ms`);
      for (const key of keys) assert.equal(await storage.exists(key), false);
    });

    it('maps any file name to a key it can purge, and refuses keys outside the workspace without leaving the rest', async () => {
      const org = randomUUID();
      const ws = randomUUID();
      const names = [
        'v1..2.pdf',
        '../../etc/passwd',
        '...',
        '..',
        'résumé final (2).docx',
        '%2e%2e%2fx.txt',
        'a'.repeat(400),
      ];
      const keys = names.map((name) => uploadKey(org, ws, randomUUID(), name));
      for (const key of keys) {
        assert.ok(storageKeyBelongsTo(key, ws), key);
        assert.ok(!key.split('/').some((s) => s === '..' || s === '.' || s === ''), key);
        await storage.put(key, Buffer.from('bytes'), 'text/plain');
      }
      const foreignKey = uploadKey(randomUUID(), randomUUID(), randomUUID(), 'x.txt');
      const traversal = `org/${org}/ws/${ws}/uploads/../../../other/x.txt`;
      await storage.put(foreignKey, Buffer.from('keep me'), 'text/plain');
      const taskQueue = `ts-${randomUUID()}`;
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: await workflowBundle(),
        activities: createStorageActivities({ storage }),
      });
      const workflowId = WorkflowIds.purgeStoredFiles(ws, 'foreign');
      const [result] = await worker.runUntil(async () => {
        await env.client.workflow.start(purgeStoredFilesWorkflow, {
          taskQueue,
          workflowId,
          args: [{ workspaceId: ws, keys: [keys[0]!, foreignKey, traversal, ...keys.slice(1)], delay: '1 hour' }],
        });
        return resultsSkippingTime(env, [workflowId]);
      });
      assert.deepEqual(result, { deleted: keys.length, refused: 2, failed: 0 });
      assert.equal(await storage.exists(foreignKey), true);
      for (const key of keys) assert.equal(await storage.exists(key), false, key);
    });
  });

  describe('on the Temporal dev server', () => {
    it('runs end to end through the service worker, under a readable id that cannot start twice', async () => {
      const stack = await getStack();
      const { client, taskQueue } = stack.deps.temporal;
      const org = randomUUID();
      const ws = randomUUID();
      const key = uploadKey(org, ws, randomUUID(), 'doc.txt');
      await stack.deps.storage.put(key, Buffer.from('hello'), 'text/plain');
      const operationId = randomUUID();
      const workflowId = WorkflowIds.purgeStoredFiles(ws, operationId);
      const handle = await client.workflow.start(purgeStoredFilesWorkflow, {
        taskQueue,
        workflowId,
        args: [{ workspaceId: ws, keys: [key], delay: '1 second' }],
      });
      await assert.rejects(
        client.workflow.start(purgeStoredFilesWorkflow, {
          taskQueue,
          workflowId,
          args: [{ workspaceId: ws, keys: [key], delay: '1 second' }],
        }),
        WorkflowExecutionAlreadyStartedError,
      );
      assert.deepEqual(await handle.result(), { deleted: 1, refused: 0, failed: 0 });
      assert.equal(await stack.deps.storage.exists(key), false);
      const description = await handle.describe();
      assert.equal(description.status.name, 'COMPLETED');
      assert.equal(description.workflowId, `purge-files:${ws}:${operationId}`);
    });
  });
});
