// Okapi BM25, the lexical baseline of the labelled-set script, computed here over the same chunks the
// service searches (a page scores as its best chunk) and over whole pages. Tokens: lower-cased runs of
// letters, digits and underscores (os.path.join -> os, path, join; __slots__ stays whole), English stop
// words removed, no stemming.

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have how i if in into is it its me my no not of on or so ' +
    'that the their them then there these they this to was we what when where which who why will with you your ' +
    'do does can could should would i’m it’s'
  ).split(' '),
);

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((t) => !STOP_WORDS.has(t));
}

export interface Bm25Options {
  k1: number;
  b: number;
}

export const BM25_DEFAULTS: Bm25Options = { k1: 1.2, b: 0.75 };

/** An inverted index of documents (each with the key it counts for, e.g. its page). */
export class Bm25Index {
  private readonly postings = new Map<string, Array<{ doc: number; tf: number }>>();
  private readonly lengths: number[] = [];
  private readonly keys: string[] = [];
  private readonly ids: Array<string | undefined> = [];
  private avgLength = 0;

  constructor(
    docs: Iterable<{ key: string; text: string; id?: string }>,
    private readonly opts: Bm25Options = BM25_DEFAULTS,
  ) {
    for (const { key, text, id } of docs) {
      const doc = this.keys.length;
      this.keys.push(key);
      this.ids.push(id);
      const tokens = tokenize(text);
      this.lengths.push(tokens.length);
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        const list = this.postings.get(t) ?? [];
        list.push({ doc, tf: n });
        this.postings.set(t, list);
      }
    }
    this.avgLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  /** Keys by their best document's score, best first (the first `limit`). */
  search(query: string, limit: number): string[] {
    const best = new Map<string, number>();
    for (const [doc, score] of this.docScores(query)) {
      const key = this.keys[doc] as string;
      if (score > (best.get(key) ?? -Infinity)) best.set(key, score);
    }
    return [...best.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([key]) => key);
  }

  /** The score of every document with an id that matches the query, by id. */
  scoresById(query: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const [doc, score] of this.docScores(query)) {
      const id = this.ids[doc];
      if (id !== undefined) out.set(id, score);
    }
    return out;
  }

  private docScores(query: string): Map<number, number> {
    const { k1, b } = this.opts;
    const n = this.keys.length;
    const scores = new Map<number, number>();
    for (const term of new Set(tokenize(query))) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf + k1 * (1 - b + (b * (this.lengths[doc] as number)) / this.avgLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * (tf * (k1 + 1))) / norm);
      }
    }
    return scores;
  }
}
