// The local model's forward passes (src/embeddings/local.ts batchRows): how many queued texts one pass takes.
// Every row is padded to the pass's longest text, so what a pass costs is its rows times that width.
import assert from 'node:assert/strict';
import { batchRows } from '../../../src/embeddings/local';

describe('local embedding batches (batchRows)', () => {
  const budget = 16 * 256;

  it('fills a pass up to the token budget (rows times the longest text)', () => {
    assert.equal(batchRows(Array(20).fill(256), budget), 16);
    assert.equal(batchRows(Array(200).fill(10), budget), 128, 'at most 128 rows, however short');
    // A longer text arriving later would widen the pass, every row taken counting at its width: past the
    // budget, it waits for the next pass.
    assert.equal(batchRows([100, 100, 100, 256, 256], 3 * 256), 3);
    assert.equal(batchRows([100, 100, 256], 3 * 256), 3);
  });

  it('takes at least one text, even past the budget', () => {
    assert.equal(batchRows([5000, 10], budget), 1);
  });

  it("leaves a text shorter than half the pass's longest to a pass of its own (a chunk's header after its chunks)", () => {
    // Four chunks of a page, then the page's header: padded to 256 it would cost a fifth row of 256 tokens.
    assert.equal(batchRows([256, 250, 240, 200, 12], budget), 4);
    assert.equal(batchRows([12, 11, 9], budget), 3, 'the headers then go together');
    // Half as long or more still shares the pass.
    assert.equal(batchRows([256, 128], budget), 2);
    assert.equal(batchRows([256, 127], budget), 1);
  });
});
