// The ranking metrics the evaluations and the bench share, against cases computed by hand (the arithmetic is in
// each case's comment), graded relevance included.
import assert from 'node:assert/strict';
import {
  evaluate,
  ndcg,
  roundMetrics,
  scoreQuestion,
  summarize,
  type Judged,
} from '../../../src/domain/retrievalMetrics';

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual}, expected ${expected}`);
const log2 = Math.log2;

describe('retrieval metrics', () => {
  it('binary relevance: the first relevant rank and nDCG@10', () => {
    // c at rank 3: DCG = 1/log2(4) = 0.5; ideal (one relevant item at rank 1) = 1.
    assert.deepEqual(scoreQuestion({ ranking: ['a', 'b', 'c', 'd'], relevant: new Set(['c']) }), {
      rank: 3,
      ndcg: 0.5,
    });
    // a at rank 2, b at rank 4: DCG = 1/log2(3) + 1/log2(5); ideal = 1 + 1/log2(3).
    const two = scoreQuestion({ ranking: ['x', 'a', 'y', 'b'], relevant: new Set(['a', 'b']) });
    assert.equal(two.rank, 2);
    close(two.ndcg, (1 / log2(3) + 1 / log2(5)) / (1 + 1 / log2(3)), 'nDCG');
    close(two.ndcg, 0.6509209298, 'nDCG to ten places');
  });

  it('graded relevance: gains are the grades, the ideal ordering sorts them', () => {
    // b (grade 1) at rank 1, a (grade 3) at rank 3: DCG = 1 + 3/log2(4) = 2.5; ideal = 3 + 1/log2(3) = 3.6309297536.
    const graded: Judged = {
      ranking: ['b', 'z', 'a'],
      relevant: new Map([
        ['a', 3],
        ['b', 1],
      ]),
    };
    const s = scoreQuestion(graded);
    assert.equal(s.rank, 1, 'any grade above 0 counts as relevant for the rank');
    close(s.ndcg, 2.5 / (3 + 1 / log2(3)), 'graded nDCG');
    close(s.ndcg, 0.6885288809, 'graded nDCG to ten places');
    // Swapping them (the better item first) reaches the ideal.
    close(
      ndcg({ ranking: ['a', 'z', 'b'], relevant: graded.relevant }),
      (3 + 1 / log2(4)) / (3 + 1 / log2(3)),
      'a first',
    );
    close(ndcg({ ranking: ['a', 'b'], relevant: graded.relevant }), 1, 'ideal');
    // Grade 0 is judged not relevant: it neither ranks nor gains.
    assert.deepEqual(
      scoreQuestion({
        ranking: ['n', 'b'],
        relevant: new Map([
          ['n', 0],
          ['b', 2],
        ]),
      }),
      {
        rank: 2,
        ndcg: 2 / log2(3) / 2,
      },
    );
  });

  it("Wikipedia's DCG example: nDCG@6 = 6.861 / 8.740 = 0.785", () => {
    // Documents D1..D6 ranked with grades 3, 2, 3, 0, 1, 2; D7 (3) and D8 (2) are relevant but not retrieved.
    const relevant = new Map([
      ['D1', 3],
      ['D2', 2],
      ['D3', 3],
      ['D4', 0],
      ['D5', 1],
      ['D6', 2],
      ['D7', 3],
      ['D8', 2],
    ]);
    const ranking = ['D1', 'D2', 'D3', 'D4', 'D5', 'D6'];
    const dcg = 3 + 2 / log2(3) + 3 / log2(4) + 0 + 1 / log2(6) + 2 / log2(7);
    const idcg = 3 + 3 / log2(3) + 3 / log2(4) + 2 / log2(5) + 2 / log2(6) + 2 / log2(7);
    assert.equal(Math.round(dcg * 1000) / 1000, 6.861);
    assert.equal(Math.round(idcg * 1000) / 1000, 8.74);
    close(ndcg({ ranking, relevant }, 6), dcg / idcg, 'nDCG6');
    assert.equal(Math.round(ndcg({ ranking, relevant }, 6) * 1000) / 1000, 0.785);
  });

  it('reads rankings to the cut-off of 10 only', () => {
    const ranking = Array.from({ length: 12 }, (_, i) => `r${i + 1}`);
    assert.deepEqual(scoreQuestion({ ranking, relevant: new Set(['r11']) }), { rank: null, ndcg: 0 });
    // r10 counts: 1/log2(11).
    const tenth = scoreQuestion({ ranking, relevant: new Set(['r10']) });
    assert.equal(tenth.rank, 10);
    close(tenth.ndcg, 1 / log2(11), 'rank 10');
    // Twelve relevant items: the ideal has ten of them, so the first ten found is perfect.
    close(ndcg({ ranking, relevant: new Set(ranking) }), 1, 'more relevant items than the cut-off');
    assert.deepEqual(scoreQuestion({ ranking: [], relevant: new Set(['a']) }), { rank: null, ndcg: 0 });
  });

  it('summarizes the mean of the questions: recall@k, MRR@10, nDCG@10', () => {
    const judged: Judged[] = [
      { ranking: ['a', 'b', 'c'], relevant: new Set(['c']) }, // rank 3, nDCG 0.5
      { ranking: ['x', 'a', 'y', 'b'], relevant: new Set(['a', 'b']) }, // rank 2, nDCG 0.6509209298
      { ranking: ['q'], relevant: new Set(['a']) }, // missed
      { ranking: ['t', 'u'], relevant: new Set(['t']) }, // rank 1, nDCG 1
    ];
    const m = evaluate(judged);
    assert.equal(m.questions, 4);
    close(m.recallAt1, 1 / 4, 'recall@1');
    close(m.recallAt5, 3 / 4, 'recall@5');
    close(m.recallAt10, 3 / 4, 'recall@10');
    close(m.mrrAt10, (1 / 3 + 1 / 2 + 0 + 1) / 4, 'MRR@10');
    close(m.ndcgAt10, (0.5 + (1 / log2(3) + 1 / log2(5)) / (1 + 1 / log2(3)) + 0 + 1) / 4, 'nDCG@10');
    assert.deepEqual(roundMetrics(m, 3), {
      questions: 4,
      recallAt1: 0.25,
      recallAt5: 0.75,
      recallAt10: 0.75,
      mrrAt10: 0.458,
      ndcgAt10: 0.538,
    });
    // Stored per-question scores aggregate to the same figures (what the evaluations do).
    assert.deepEqual(summarize(judged.map(scoreQuestion)), m);
    // Rank 6..10 counts for recall@10 only.
    const late = summarize([{ rank: 7, ndcg: 1 / log2(8) }]);
    assert.deepEqual([late.recallAt1, late.recallAt5, late.recallAt10], [0, 0, 1]);
    close(late.mrrAt10, 1 / 7, 'MRR of rank 7');
    assert.ok(Number.isNaN(summarize([]).ndcgAt10), 'an empty set has no figures');
  });
});
