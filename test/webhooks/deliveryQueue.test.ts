// Webhook deliveries run on a task queue of their own with a concurrency of their own (WEBHOOK_MAX_CONCURRENT_
// DELIVERIES), so one workspace's endpoints that never answer hold those slots and not the ones every workspace's
// ingestion needs (an attacker's read: 100 endpoints on a tarpit slowed another workspace's ingestion from 0.4 s to
// over 2 minutes, and deleting the endpoints did not help).
import assert from 'node:assert/strict';
import net from 'node:net';
import { accessHeaders, createTenant } from '../helpers/factories';
import { uploadRequest } from '../helpers/knowledge';
import { randomUUID } from 'node:crypto';
import { createWorker } from '../../src/temporal/worker';
import { testEnv } from '../helpers/env';
import { startStack, workflowBundle, type TestStack } from '../helpers/stack';

/** A receiver that accepts connections and never answers; it counts how many are open at once. */
async function tarpit() {
  const sockets = new Set<net.Socket>();
  let peak = 0;
  let total = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    total += 1;
    peak = Math.max(peak, sockets.size);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks`,
    open: () => sockets.size,
    peak: () => peak,
    total: () => total,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const text = (s: string) => ({ filename: 'note.txt', contentType: 'text/plain', bytes: Buffer.from(s) });

describe('webhook deliveries on a queue of their own', function () {
  this.timeout(180_000);
  let stack: TestStack;

  before(async () => {
    stack = await startStack({
      env: { WEBHOOK_MAX_CONCURRENT_DELIVERIES: '2', WEBHOOK_TIMEOUT_MS: '20000', WEBHOOK_MAX_ATTEMPTS: '1' },
    });
  });
  after(() => stack?.close());

  it("a deliveries worker that cannot be created fails the start with its own error, releasing the workflows' worker", async () => {
    await assert.rejects(
      createWorker({
        address: testEnv.temporalAddress,
        namespace: stack.config.temporal.namespace,
        taskQueue: `refused-${randomUUID()}`,
        activities: {} as never,
        maxConcurrentDeliveries: 0,
        workflowBundle: await workflowBundle(),
      }),
      // The deliveries worker's own refusal (it has no delivery activity here), not the connection's
      // "Cannot close connection while Workers hold a reference to it" that hid it before.
      (err: Error) => /task_types/.test(err.message) && !/Cannot close connection/.test(err.message),
    );
  });

  it("run at most WEBHOOK_MAX_CONCURRENT_DELIVERIES at once, and another workspace's ingestion is not held", async () => {
    const pit = await tarpit();
    try {
      const attacker = await createTenant(stack.deps.db);
      const a = await accessHeaders(stack, attacker);
      for (let i = 0; i < 6; i += 1) {
        const res = await stack.request('POST', `/v1/workspaces/${attacker.workspaceId}/webhooks`, {
          headers: a.headers,
          json: { url: `${pit.url}/${i}`, events: ['knowledge.completed'] },
        });
        assert.equal(res.status, 201, res.text);
      }
      // Each completed item is six deliveries, each held by the tarpit for WEBHOOK_TIMEOUT_MS.
      for (let i = 0; i < 3; i += 1) {
        const up = await uploadRequest(stack.request, attacker.workspaceId, a.headers, text(`Attacker note ${i}.`));
        assert.equal(up.status, 200, up.text);
      }
      const deadline = Date.now() + 30_000;
      while (pit.open() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.equal(pit.open(), 2, 'the delivery slots are taken');

      // Another workspace ingests while every delivery slot is held, as fast as it would otherwise.
      const victim = await createTenant(stack.deps.db);
      const v = await accessHeaders(stack, victim);
      const started = Date.now();
      for (let i = 0; i < 3; i += 1) {
        const up = await uploadRequest(stack.request, victim.workspaceId, v.headers, text(`Victim note ${i}.`));
        assert.equal(up.status, 200, up.text);
        assert.equal(up.body.status, 'COMPLETED', up.text);
      }
      const victimMs = Date.now() - started;
      // Still held: the deliveries waited their turn instead of taking more slots.
      await new Promise((r) => setTimeout(r, 1_000));
      assert.equal(pit.peak(), 2, `at most 2 attempts at once (peak ${pit.peak()}, ${pit.total()} in all)`);
      assert.ok(victimMs < 15_000, `the other workspace ingested 3 items in ${victimMs} ms`);
    } finally {
      await pit.close();
    }
  });
});
