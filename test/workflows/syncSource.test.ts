// A failed source sync fails its job (SYNC_FAILS_JOB): a sync recorded by the code before, which completed with
// its FAILED result, must replay on today's; today's fails with the sync's reason (type SyncFailed), once the
// failure is recorded.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { SYNC_FAILED } from '../../src/workflows/contracts';
import { SYNC_FAILS_JOB } from '../../src/workflows/syncSource';
import { createTimeSkippingEnv } from '../helpers/timeSkipping';
import { workflowBundle } from '../helpers/stack';
import { fixtureBundle } from '../helpers/fixtureBundle';

const REFUSED = "The bucket docs refused the source's credentials (InvalidAccessKeyId)";

describe('syncSourceWorkflow fails its job when the sync fails (time-skipping)', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;

  before(async () => {
    env = await createTimeSkippingEnv();
  });
  after(() => env?.teardown());

  it("replays a history recorded before the patch, and today's run fails with the sync's reason", async () => {
    const finished: string[] = [];
    const activities = {
      beginSourceSync: async () => ({
        state: 'run' as const,
        syncId: randomUUID(),
        rootId: randomUUID(),
        maxDeleteShare: 0.5,
      }),
      listSourceDocuments: async () => ({ error: REFUSED, seen: 0, unchanged: 0, vanished: 0, indexed: 0 }),
      finishSourceSync: async (input: { status: string }) => {
        finished.push(input.status);
      },
    };
    const plain = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
    const run = async (bundle: Awaited<ReturnType<typeof workflowBundle>>) => {
      const taskQueue = `sync-replay-${randomUUID()}`;
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: bundle,
        activities,
      });
      return worker.runUntil(async () => {
        const handle = await plain.workflow.start('syncSourceWorkflow', {
          taskQueue,
          workflowId: `source-sync-replay:${randomUUID()}`,
          args: [{ workspaceId: randomUUID(), sourceId: randomUUID() }],
        });
        const outcome = await handle.result().then(
          (result: unknown) => ({ result }),
          (error: unknown) => ({ error }),
        );
        return { outcome, history: await handle.fetchHistory() };
      });
    };

    const before = await fixtureBundle('syncSourceBefore');
    const old = await run(before);
    assert.equal((old.outcome as { result?: { status: string } }).result?.status, 'FAILED', 'the older code completed');
    // Today's code must replay it: the patch keeps a replayed run's completion.
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, old.history, 'older-sync');

    const today = await run(await workflowBundle());
    const error = (today.outcome as { error?: unknown }).error;
    assert.ok(error instanceof WorkflowFailedError, `today's run fails its job: ${JSON.stringify(today.outcome)}`);
    assert.ok(error.cause instanceof ApplicationFailure);
    assert.deepEqual([error.cause.type, error.cause.message, error.cause.nonRetryable], [SYNC_FAILED, REFUSED, true]);
    const patches = (today.history.events ?? []).filter(
      (e) => e.markerRecordedEventAttributes?.markerName === 'core_patch',
    );
    assert.equal(patches.length, 1, `the ${SYNC_FAILS_JOB} patch is recorded once`);
    assert.deepEqual(finished, ['FAILED', 'FAILED'], 'each run recorded the failure before it ended');
  });
});
