// Ranking metrics over a labelled set: recall@k (here: the share of questions with a relevant page among
// the first k), MRR@10 and nDCG@10 with binary relevance. A ranking is a list of page ids, best first,
// without repeats.

export interface Judged {
  ranking: readonly string[];
  relevant: ReadonlySet<string>;
}

export interface Metrics {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  recallAt10: number;
  mrrAt10: number;
  ndcgAt10: number;
}

const hitWithin = (j: Judged, k: number) => j.ranking.slice(0, k).some((p) => j.relevant.has(p));

function reciprocalRank(j: Judged, k: number): number {
  const i = j.ranking.slice(0, k).findIndex((p) => j.relevant.has(p));
  return i < 0 ? 0 : 1 / (i + 1);
}

/** nDCG@k: gains 1 for relevant pages, discounted by log2(rank + 1), over the best possible ordering. */
export function ndcg(j: Judged, k: number): number {
  let dcg = 0;
  j.ranking.slice(0, k).forEach((p, i) => {
    if (j.relevant.has(p)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, j.relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal > 0 ? dcg / ideal : 0;
}

const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function evaluate(judged: readonly Judged[]): Metrics {
  return {
    questions: judged.length,
    recallAt1: r3(mean(judged.map((j) => (hitWithin(j, 1) ? 1 : 0)))),
    recallAt5: r3(mean(judged.map((j) => (hitWithin(j, 5) ? 1 : 0)))),
    recallAt10: r3(mean(judged.map((j) => (hitWithin(j, 10) ? 1 : 0)))),
    mrrAt10: r3(mean(judged.map((j) => reciprocalRank(j, 10)))),
    ndcgAt10: r3(mean(judged.map((j) => ndcg(j, 10)))),
  };
}

/** Distinct pages in order of first appearance (passages to pages). */
export function distinctInOrder(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
