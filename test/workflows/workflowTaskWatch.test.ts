// The root hooks fail the run when a worker of the process held a workflow task as long as the 10 s task
// timeout (test/hooks.ts): they hear of slow tasks from the Temporal SDK core's warnings, forwarded to the
// runtime's logger. Here a task held 5.5 s by a local activity must reach that watch with its duration and
// type, below the failing bound; the parse of the warning is checked on its own too.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { workflowTaskWatch } from '../hooks';
import { testEnv } from '../helpers/env';
import { explainSlowTask, slowTaskOf, watchEventLoop, WORKFLOW_TASK_TIMEOUT_MS } from '../helpers/workflowTaskWatch';
import { fixtureBundle } from '../helpers/fixtureBundle';

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

  it("says whether this process's event loop stood still while a slow task was held", async () => {
    const task = { workflowType: 'ingestFileWorkflow', ms: 12_000, message: '', at: 100_000 };
    const stalls = [
      { endedAt: 80_000, ms: 3_000, test: '"before it"' },
      { endedAt: 95_000, ms: 9_500, test: '"uploads a file"' },
      { endedAt: 99_000, ms: 1_200, test: '' },
    ];
    assert.equal(
      explainSlowTask(task, stalls),
      'ingestFileWorkflow 12000 ms (this process\'s event loop stood still meanwhile: 9500 ms in "uploads a file", ' +
        '1200 ms between tests)',
    );
    assert.match(explainSlowTask(task, stalls.slice(0, 1)), /never stood still 1 s or more meanwhile/);
    assert.equal(explainSlowTask({ ...task, at: undefined }, stalls), 'ingestFileWorkflow 12000 ms');
    // The watch itself: a synchronous 1.3 s of work on this thread is a stall, with the test's title.
    const watch = watchEventLoop(() => 'busy test', 1000);
    try {
      await sleep(150);
      const until = Date.now() + 1300;
      while (Date.now() < until);
      await sleep(250);
    } finally {
      watch.stop();
    }
    // At least the 1.3 s (more on a loaded machine, whose scheduler may hold the thread longer).
    assert.ok(
      watch.stalls.some((s) => s.test === 'busy test' && s.ms >= 1000),
      JSON.stringify(watch.stalls),
    );
  });

  it('hears of a workflow task held 5.5 s by a local activity, below the failing bound', async () => {
    const bundle = await fixtureBundle('slowTask');
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
