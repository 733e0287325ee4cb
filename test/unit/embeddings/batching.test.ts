// The local model's forward passes (src/embeddings/local.ts batchRows): which queued texts one pass takes.
// Every row is padded to the pass's longest text, so what a pass costs is its rows times that width.
import assert from 'node:assert/strict';
import { batchRows } from '../../../src/embeddings/local';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('local embedding batches (batchRows)', () => {
  const budget = 16 * 256;

  it('fills a pass up to the token budget (rows times the longest text)', () => {
    assert.deepEqual(batchRows(Array(20).fill(256), budget), range(16));
    assert.deepEqual(batchRows(Array(200).fill(10), budget), range(128), 'at most 128 rows, however short');
    // A longer text would widen the pass, every row taken counting at its width: past the budget, it waits.
    assert.deepEqual(batchRows([150, 150, 150, 256, 256], 3 * 256), [0, 1, 2]);
    assert.deepEqual(batchRows([150, 150, 256], 3 * 256), [0, 1, 2]);
  });

  it('always takes the oldest text, even past the budget', () => {
    assert.deepEqual(batchRows([5000, 10], budget), [0]);
    assert.deepEqual(batchRows([12, 256, 250], budget), [0], 'a header first: the chunks wait for their own pass');
    assert.deepEqual(batchRows([], budget), []);
  });

  it("keeps the pass's longest text at most twice its shortest, taking like texts from later in the queue", () => {
    // Two pages' chunks, each page's header after them: the chunks of both go in one pass, the headers wait.
    const queue = [256, 250, 240, 200, 12, 256, 230, 11];
    assert.deepEqual(batchRows(queue, budget), [0, 1, 2, 3, 5, 6]);
    // With the chunks gone, the oldest is the first header, and the headers go together.
    assert.deepEqual(batchRows([12, 11], budget), [0, 1]);
    // Half as long or more still shares the pass, either way round.
    assert.deepEqual(batchRows([256, 128], budget), [0, 1]);
    assert.deepEqual(batchRows([256, 127], budget), [0]);
    assert.deepEqual(batchRows([100, 200, 201, 90], budget), [0, 1]);
  });
});
