// The root hooks fail the run when a worker of the process held a workflow task as long as the 10 s task
// timeout (test/hooks.ts): they hear of slow tasks from the Temporal SDK core's warnings, forwarded to the
// runtime's logger. Here a task held 5.5 s by a local activity must reach that watch with its duration and
// type, below the failing bound; the parse of the warning is checked on its own too.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { workflowTaskWatch } from '../hooks';
import { testEnv } from '../helpers/env';
import { slowTaskOf, WORKFLOW_TASK_TIMEOUT_MS } from '../helpers/workflowTaskWatch';

describe('the workflow task watch (root hooks)', function () {
  this.timeout(120_000);

  it('reads the duration and the type from a slow-task warning', () => {
    const message = '[TMPRL1104] run:11:1 Workflow task duration exceeded 5 seconds.';
    assert.deepEqual(slowTaskOf(message, { workflowType: 'ingestFileWorkflow', workflowTaskDuration: 8003 }), {
      workflowType: 'ingestFileWorkflow',
      ms: 8003,
      message,
    });
    assert.equal(slowTaskOf(message, { workflow_type: 'x', workflow_task_duration: 6100 })?.ms, 6100);
    // Without its fields, the threshold it names is the least it took.
    assert.equal(slowTaskOf(message, {})?.ms, 5000);
    assert.equal(slowTaskOf('Workflow failed', {}), undefined);
  });

  it('hears of a workflow task held 5.5 s by a local activity, below the failing bound', async () => {
    const bundle = await bundleWorkflowCode({
      workflowsPath: require.resolve('../fixtures/workflows/slowTask'),
      logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
    });
    const taskQueue = `slow-task-${randomUUID()}`;
    const native = await NativeConnection.connect({ address: testEnv.temporalAddress });
    const connection = await Connection.connect({ address: testEnv.temporalAddress });
    const before = workflowTaskWatch.slow.length;
    try {
      const worker = await Worker.create({
        connection: native,
        taskQueue,
        workflowBundle: bundle,
        activities: { hold: (ms: number) => sleep(ms) },
      });
      await worker.runUntil(
        new Client({ connection }).workflow.execute('slowTaskWorkflow', {
          taskQueue,
          workflowId: `slow-task-${randomUUID()}`,
          args: [5500],
        }),
      );
    } finally {
      await native.close();
      await connection.close();
    }
    // The warning comes through the runtime's log forwarding, which flushes on its own schedule.
    const deadline = Date.now() + 10_000;
    while (workflowTaskWatch.slow.length === before && Date.now() < deadline) await sleep(100);
    const seen = workflowTaskWatch.slow.slice(before).find((t) => t.workflowType === 'slowTaskWorkflow');
    assert.ok(seen, 'the slow task was heard of');
    assert.ok(seen.ms >= 5500 && seen.ms < WORKFLOW_TASK_TIMEOUT_MS, `${seen.ms} ms`);
  });
});
