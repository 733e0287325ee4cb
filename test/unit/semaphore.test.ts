// mapBounded: one request's fan-out (background-jobs describes up to 100 job ids) runs at most `limit` calls at a
// time and answers in the items' order, failures included.
import assert from 'node:assert/strict';
import { mapBounded } from '../../src/semaphore';
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
