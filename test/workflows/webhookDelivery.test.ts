// Webhook delivery attempts moved to a task queue of their own (deliveriesQueue) behind a patch: a delivery
// recorded by the code before must replay on today's, and today's schedules its attempt on the deliveries' queue.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { deliveriesQueue } from '../../src/workflows/ids';
import { DELIVERIES_QUEUE_PATCH } from '../../src/workflows/webhooks';
import { createTimeSkippingEnv } from '../helpers/timeSkipping';
import { workflowBundle } from '../helpers/stack';
import { fixtureBundle } from '../helpers/fixtureBundle';

describe('deliverWebhookWorkflow on its own queue (time-skipping)', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;

  before(async () => {
    env = await createTimeSkippingEnv();
  });
  after(() => env?.teardown());

  it("replays a history recorded before the patch, and schedules today's attempt on the deliveries' queue", async () => {
    const attempts: string[] = [];
    const activities = {
      attemptWebhookDelivery: async (input: { deliveryId: string }) => {
        attempts.push(input.deliveryId);
        return { attempt: 1, statusCode: 200 };
      },
      markWebhookFailed: async () => undefined,
    };
    const plain = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
    const run = async (bundle: Awaited<ReturnType<typeof workflowBundle>>) => {
      const taskQueue = `deliver-replay-${randomUUID()}`;
      const workers = [
        await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: bundle, activities }),
        // Today's attempts go here; the older code never polls it.
        await Worker.create({ connection: env.nativeConnection, taskQueue: deliveriesQueue(taskQueue), activities }),
      ];
      const [main, deliveries] = workers as [Worker, Worker];
      return deliveries.runUntil(
        main.runUntil(async () => {
          const handle = await plain.workflow.start('deliverWebhookWorkflow', {
            taskQueue,
            workflowId: `webhook-delivery-replay:${randomUUID()}`,
            args: [
              {
                workspaceId: randomUUID(),
                deliveryId: randomUUID(),
                retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 3 },
              },
            ],
          });
          await handle.result();
          return { history: await handle.fetchHistory(), taskQueue };
        }),
      );
    };
    const scheduledOn = ({ history }: Awaited<ReturnType<typeof run>>) =>
      (history.events ?? []).flatMap((e) => {
        const a = e.activityTaskScheduledEventAttributes;
        return a?.activityType?.name === 'attemptWebhookDelivery' ? [a.taskQueue?.name] : [];
      });

    const before = await fixtureBundle('deliverWebhookBefore');
    const old = await run(before);
    assert.deepEqual(scheduledOn(old), [old.taskQueue], "the older code attempted on the workflow's own queue");
    // Today's code must replay it; the patch keeps a replayed attempt on the queue it was scheduled on.
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, old.history, 'older-delivery');
    const today = await run(await workflowBundle());
    assert.deepEqual(
      scheduledOn(today),
      [deliveriesQueue(today.taskQueue)],
      "today's attempt on the deliveries' queue",
    );
    const patches = (today.history.events ?? []).filter(
      (e) => e.markerRecordedEventAttributes?.markerName === 'core_patch',
    );
    assert.equal(patches.length, 1, `the ${DELIVERIES_QUEUE_PATCH} patch is recorded once`);
    assert.equal(attempts.length, 2, 'one attempt each run');
  });
});
