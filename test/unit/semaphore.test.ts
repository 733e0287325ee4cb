// KeyedSemaphore: one workspace's requests wait their turn without holding another's (the workspace gate).
// mapBounded: one request's fan-out (background-jobs describes up to 100 job ids) runs at most `limit` calls at a
// time and answers in the items' order, failures included.
import assert from 'node:assert/strict';
import { KeyedSemaphore, mapBounded } from '../../src/semaphore';
import { JOB_DESCRIBE_CONCURRENCY } from '../../src/services/operations/jobs';

describe('mapBounded', () => {
  it('keeps at most limit calls in flight and the results in order', async () => {
    let inFlight = 0;
    let most = 0;
    const items = Array.from({ length: 100 }, (_, i) => i);
    const out = await mapBounded(items, JOB_DESCRIBE_CONCURRENCY, async (i) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      inFlight -= 1;
      return i * 2;
    });
    assert.deepEqual(
      out,
      items.map((i) => i * 2),
    );
    assert.equal(most, JOB_DESCRIBE_CONCURRENCY, 'as many as the limit, no more');
  });

  it('rejects as Promise.all does, and frees the slot of a failed call', async () => {
    const seen: number[] = [];
    await assert.rejects(
      mapBounded([1, 2, 3, 4], 1, async (i) => {
        seen.push(i);
        if (i === 2) throw new Error('two');
        return i;
      }),
      /two/,
    );
    await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(seen, [1, 2, 3, 4], 'the calls after the failure still ran, one at a time');
  });
});

describe('KeyedSemaphore', () => {
  const tick = () => new Promise((r) => setImmediate(r));

  it("bounds each key on its own, serves a key's waiters in arrival order, and drops idle keys", async () => {
    const gates = new KeyedSemaphore(2);
    const a1 = await gates.acquire('a');
    const a2 = await gates.acquire('a');
    const b1 = await gates.acquire('b'); // another key is not behind a's
    const order: string[] = [];
    const a3 = gates.acquire('a').then((r) => (order.push('a3'), r));
    const a4 = gates.acquire('a').then((r) => (order.push('a4'), r));
    await tick();
    assert.deepEqual(order, [], 'a is full: both wait');
    a2();
    a2(); // a second call gives back nothing more
    await tick();
    assert.deepEqual(order, ['a3']);
    (await a3)();
    await tick();
    assert.deepEqual(order, ['a3', 'a4']);
    (await a4)();
    a1();
    b1();
    assert.equal(gates.size, 0, 'no semaphore kept for idle keys');
  });

  it('lets a waiter give up through its signal, taking no slot and leaving no key behind', async () => {
    const gates = new KeyedSemaphore(1);
    const held = await gates.acquire('a');
    const stop = new AbortController();
    const waiting = gates.acquire('a', stop.signal);
    stop.abort(new Error('waited too long'));
    await assert.rejects(waiting, /waited too long/);
    held();
    assert.equal(gates.size, 0);
    const again = await gates.acquire('a');
    again();
  });
});
