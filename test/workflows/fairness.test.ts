// Fair dispatch round the workspaces (the attacker's read: one tenant's backlog of slow webhook attempts or
// ingestions queued every other tenant behind it). Every job carries its workspace as its fairness key
// (src/temporal/jobs.ts) and the dev server runs with matching.enableFairness, so a backlog is dispatched round the
// keys: a victim's one job runs after a task or two of the busy tenant's, not after its whole backlog. End to end on
// the suite's dev server, with one activity slot so that the queue backs up.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { startJob } from '../../src/temporal/jobs';
import { deliveriesQueue, WorkflowIds } from '../../src/workflows/ids';
import { deliverWebhookWorkflow } from '../../src/workflows/webhooks';
import { testEnv } from '../helpers/env';
import { workflowBundle } from '../helpers/stack';

const BACKLOG = 60;

describe('fair dispatch round the workspaces (dev server)', function () {
  this.timeout(120_000);

  it("runs a victim's job after a few of a busy workspace's backlog, not after all of it", async () => {
    const connection = await Connection.connect({ address: testEnv.temporalAddress });
    const native = await NativeConnection.connect({ address: testEnv.temporalAddress });
    const client = new Client({ connection, namespace: 'default' });
    const taskQueue = `fairness-${randomUUID()}`;
    const temporal = { client, connection, taskQueue, namespace: 'default' };
    const order: string[] = [];
    const activities = {
      attemptWebhookDelivery: async (input: { workspaceId: string }) => {
        order.push(input.workspaceId);
        await new Promise((r) => setTimeout(r, 50));
        return { attempt: 1, statusCode: 200 };
      },
      markWebhookFailed: async () => undefined,
    };
    const [busy, victim] = [randomUUID(), randomUUID()];
    let arrivedAfter = 0;
    const deliver = (workspaceId: string) => {
      const deliveryId = randomUUID();
      return startJob(temporal, deliverWebhookWorkflow, {
        workflowId: WorkflowIds.webhookDelivery(workspaceId, deliveryId),
        workspaceId,
        args: [
          {
            workspaceId,
            deliveryId,
            retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 1 },
          },
        ],
      });
    };
    const main = await Worker.create({
      connection: native,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities,
    });
    // One attempt at a time: the busy workspace's attempts back up in the deliveries' queue.
    const attempts = await Worker.create({
      connection: native,
      taskQueue: deliveriesQueue(taskQueue),
      activities,
      maxConcurrentActivityTaskExecutions: 1,
    });
    try {
      await attempts.runUntil(
        main.runUntil(async () => {
          const handles = [];
          for (let i = 0; i < BACKLOG; i++) handles.push(await deliver(busy));
          // The backlog is queued (each of its workflows has scheduled its attempt) before the victim's one
          // delivery arrives.
          await new Promise((r) => setTimeout(r, 1000));
          arrivedAfter = order.length;
          handles.push(await deliver(victim));
          await Promise.all(handles.map((h) => h.result()));
        }),
      );
    } finally {
      await native.close();
      await connection.close();
    }
    const at = order.indexOf(victim);
    assert.equal(order.length, BACKLOG + 1);
    const waiting = BACKLOG - arrivedAfter;
    assert.ok(waiting >= 25, `${waiting} of the busy workspace's attempts were still queued when the victim's arrived`);
    // FIFO runs it after all of them (none after it). Fair dispatch runs it a few tasks after its workflow task
    // (measured: 3 to 5 of about 40 queued); the margin covers a slow workflow task on a loaded machine.
    const after = BACKLOG - at;
    assert.ok(after >= 15, `only ${after} of the ${waiting} queued ran after the victim's attempt (FIFO: 0)`);
  });
});
