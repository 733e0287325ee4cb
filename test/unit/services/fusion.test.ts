// The convex fusion's keyword normalisation: the query's best keyword score scales to 1, a candidate without a
// keyword match to 0; 'max' keeps 0 as the floor, 'minmax' the lowest matching score.
import assert from 'node:assert/strict';
import type { ChunkHit } from '../../../src/db/repositories/search';
import { fuseChunks, keywordNormaliser } from '../../../src/services/search/fusion';

const hit = (chunkId: string, keywordRank: number, distance = 0.5) =>
  ({ chunkId, knowledgeId: chunkId, keywordRank, distance }) as ChunkHit;

describe('keyword normalisation for convex fusion', () => {
  const hits = [hit('a', 8), hit('b', 4), hit('c', 2), hit('d', 0)];

  it('divides by the best score (max) or scales between the lowest and best matching ones (minmax)', () => {
    const max = keywordNormaliser(hits, 'max');
    assert.deepEqual(hits.map(max), [1, 0.5, 0.25, 0]);
    const minmax = keywordNormaliser(hits, 'minmax');
    assert.deepEqual(hits.map(minmax), [1, 1 / 3, 0, 0]);
  });

  it('gives 1 to a sole match and 0 to all when nothing matches', () => {
    assert.deepEqual([hit('a', 3), hit('b', 0)].map(keywordNormaliser([hit('a', 3), hit('b', 0)], 'minmax')), [1, 0]);
    assert.deepEqual([hit('a', 0)].map(keywordNormaliser([hit('a', 0)], 'max')), [0]);
  });

  it('mixes the normalised keyword score into the convex score', () => {
    const fused = fuseChunks(hits, { kind: 'convex', alpha: 0.5, normalise: 'minmax' });
    assert.deepEqual(
      fused.map((f) => [f.hit.chunkId, f.score]),
      [
        ['a', 0.75],
        ['b', 0.25 + 1 / 6],
        ['c', 0.25],
        ['d', 0.25],
      ],
    );
  });
});
