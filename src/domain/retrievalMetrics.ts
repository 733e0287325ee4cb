// Ranking metrics over labelled questions, one implementation for the retrieval evaluations
// (services/search/retrievalEvaluations.ts) and the retrieval bench (bench/retrieval): recall@1/5/10 (the share of
// questions with a relevant item among the first k), MRR@10, and nDCG@10 with graded relevance (linear gain, as
// trec_eval's ndcg_cut: a result of grade g adds g / log2(rank + 1); the ideal ordering sorts the grades).
// A question is scored once (scoreQuestion: its first relevant rank and its nDCG@10), and a set of questions is
// the mean of those scores (summarize), so a stored per-question score aggregates exactly as the bench does.

/** The cut-off of every metric: rankings are read to this depth. */
export const METRIC_CUTOFF = 10;

export interface Judged {
  /** Item ids, best first, without repeats (only the first METRIC_CUTOFF are read). */
  ranking: readonly string[];
  /** The relevant items: a set (grade 1 each) or each item's grade (> 0; an item of grade 0 is not relevant). */
  relevant: ReadonlySet<string> | ReadonlyMap<string, number>;
}

/** What one question contributes to every metric. */
export interface QuestionScore {
  /** The 1-based rank of the first relevant item within the cut-off; null: none there. */
  rank: number | null;
  /** nDCG@10 of the ranking (0 when nothing relevant was found). */
  ndcg: number;
}

export interface Metrics {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  recallAt10: number;
  mrrAt10: number;
  ndcgAt10: number;
}

/** The metrics' names, in the order tables print them. */
export const METRIC_NAMES = ['recallAt1', 'recallAt5', 'recallAt10', 'mrrAt10', 'ndcgAt10'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

const gradeOf = (relevant: Judged['relevant'], id: string): number => {
  const g = relevant instanceof Map ? relevant.get(id) : relevant.has(id) ? 1 : 0;
  return typeof g === 'number' && g > 0 ? g : 0;
};

const grades = (relevant: Judged['relevant']): number[] =>
  relevant instanceof Map ? [...relevant.values()].filter((g) => g > 0) : [...relevant].map(() => 1);

const discount = (i: number) => 1 / Math.log2(i + 2);

/** nDCG@k with linear gains: the ranking's discounted gain over the best ordering of the relevant grades. */
export function ndcg(j: Judged, k = METRIC_CUTOFF): number {
  let dcg = 0;
  j.ranking.slice(0, k).forEach((id, i) => (dcg += gradeOf(j.relevant, id) * discount(i)));
  const ideal = grades(j.relevant)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + g * discount(i), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export function scoreQuestion(j: Judged): QuestionScore {
  const i = j.ranking.slice(0, METRIC_CUTOFF).findIndex((id) => gradeOf(j.relevant, id) > 0);
  return { rank: i < 0 ? null : i + 1, ndcg: ndcg(j) };
}

const within = (s: QuestionScore, k: number) => (s.rank !== null && s.rank <= k ? 1 : 0);
const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The mean of the questions' scores (NaN for every metric of an empty set). */
export function summarize(scores: readonly QuestionScore[]): Metrics {
  return {
    questions: scores.length,
    recallAt1: mean(scores.map((s) => within(s, 1))),
    recallAt5: mean(scores.map((s) => within(s, 5))),
    recallAt10: mean(scores.map((s) => within(s, 10))),
    mrrAt10: mean(scores.map((s) => (s.rank !== null && s.rank <= 10 ? 1 / s.rank : 0))),
    ndcgAt10: mean(scores.map((s) => s.ndcg)),
  };
}

export const evaluate = (judged: readonly Judged[]): Metrics => summarize(judged.map(scoreQuestion));

/** The metrics rounded to `digits` decimals (reports and answers; the computation keeps full precision). */
export function roundMetrics(m: Metrics, digits: number): Metrics {
  const f = 10 ** digits;
  const r = (x: number) => Math.round(x * f) / f;
  return {
    questions: m.questions,
    recallAt1: r(m.recallAt1),
    recallAt5: r(m.recallAt5),
    recallAt10: r(m.recallAt10),
    mrrAt10: r(m.mrrAt10),
    ndcgAt10: r(m.ndcgAt10),
  };
}

/** Distinct ids in order of first appearance (passages to their items or pages). */
export function distinctInOrder(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
