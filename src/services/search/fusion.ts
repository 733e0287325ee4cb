// Fusing vector and keyword evidence into one ranking (hybrid search). Every candidate carries both its
// cosine similarity to the query and its keyword rank (see hybridCandidates), so either fusion scores it
// on both sides:
// - convex: alpha x cosine + (1 - alpha) x normalised keyword score (a convex combination of normalised
//   scores, Bruch et al. 2023, "An Analysis of Fusion Functions for Hybrid Retrieval"; cosine is already in
//   [0, 1] after clamping; the keyword score (BM25) is divided by the query's best among the candidates
//   ('max': the theoretical minimum 0 as the floor, their TM2C2), or min-max scaled over the candidates that
//   match ('minmax'; those that do not match score 0));
// - rrf: reciprocal rank fusion, sum over the two rankings of 1 / (k + rank), scaled by its maximum 2 / (k + 1).
// Both give scores in [0, 1]. Pure functions.
import type { ChunkHit } from '../../db/repositories/search';

/** How a convex fusion scales keyword scores into [0, 1] per query (default 'max'). */
export type KeywordNormalisation = 'max' | 'minmax';

export type Fusion =
  | {
      kind: 'convex';
      alpha: number;
      normalise?: KeywordNormalisation;
      /**
       * Page-level aggregation (items only): an item's score is its best chunk's plus itemBonus x (1 - 1/n) for
       * its n candidate chunks, at most 1 (an item with one candidate chunk keeps its chunk's score). Absent or
       * 0: the best chunk alone.
       */
      itemBonus?: number;
    }
  | { kind: 'rrf'; k: number };

export const cosineOf = (distance: number) => Math.min(1, Math.max(0, 1 - distance));

export interface Fused {
  hit: ChunkHit;
  score: number;
  /** Pseudo-relevance feedback ran (search.ts withFeedback): the hit's cosine to the first result's best chunk. */
  feedback?: number;
}

/** Scores chunks (each candidate on its own: passages for RAG), best first. */
export function fuseChunks(hits: readonly ChunkHit[], fusion: Fusion): Fused[] {
  return fuse(hits, (h) => h.chunkId, fusion.kind === 'convex' ? { ...fusion, itemBonus: undefined } : fusion);
}

/** Scores items by their best chunk (one result per item: search), best first. */
export function fuseItems(hits: readonly ChunkHit[], fusion: Fusion): Fused[] {
  return fuse(hits, (h) => h.knowledgeId, fusion);
}

function fuse(hits: readonly ChunkHit[], keyOf: (h: ChunkHit) => string, fusion: Fusion): Fused[] {
  const keywordOf = keywordNormaliser(hits, fusion.kind === 'convex' ? (fusion.normalise ?? 'max') : 'max');
  // A chunk on its own: the convex score, or (for the chunk an RRF unit shows) both sides added.
  const alpha = fusion.kind === 'convex' ? fusion.alpha : 0.5;
  const chunkScore = (h: ChunkHit) => alpha * cosineOf(h.distance) + (1 - alpha) * keywordOf(h);
  // Per unit: the chunk that shows it (its best-scoring one), its best cosine and its best keyword rank.
  const units = new Map<string, { hit: ChunkHit; cosine: number; keyword: number; chunks: number }>();
  for (const h of hits) {
    const key = keyOf(h);
    const u = units.get(key);
    if (!u) {
      units.set(key, { hit: h, cosine: cosineOf(h.distance), keyword: h.keywordRank, chunks: 1 });
      continue;
    }
    u.chunks += 1;
    if (chunkScore(h) > chunkScore(u.hit)) u.hit = h;
    u.cosine = Math.max(u.cosine, cosineOf(h.distance));
    u.keyword = Math.max(u.keyword, h.keywordRank);
  }
  const list = [...units.values()];
  let scoreOf: (u: (typeof list)[number]) => number;
  if (fusion.kind === 'convex') {
    const bonus = fusion.itemBonus ?? 0;
    scoreOf = bonus > 0 ? (u) => Math.min(1, chunkScore(u.hit) + bonus * (1 - 1 / u.chunks)) : (u) => chunkScore(u.hit);
  } else {
    const k = fusion.k;
    const vectorRank = rankBy(list, (u) => u.cosine);
    const keywordRank = rankBy(
      list.filter((u) => u.keyword > 0),
      (u) => u.keyword,
    );
    scoreOf = (u) => {
      const v = 1 / (k + (vectorRank.get(u) as number));
      const kw = keywordRank.has(u) ? 1 / (k + (keywordRank.get(u) as number)) : 0;
      return (v + kw) / (2 / (k + 1));
    };
  }
  return list
    .map((u) => ({ hit: u.hit, score: scoreOf(u) }))
    .sort((a, b) => b.score - a.score || a.hit.distance - b.hit.distance);
}

/** The keyword score of a candidate scaled into [0, 1] over the query's candidates (0 when it does not match). */
export function keywordNormaliser(hits: readonly ChunkHit[], how: KeywordNormalisation): (h: ChunkHit) => number {
  const matching = hits.map((h) => h.keywordRank).filter((r) => r > 0);
  const best = Math.max(0, ...matching);
  const floor = how === 'minmax' && matching.length > 1 ? Math.min(...matching) : 0;
  if (best <= 0) return () => 0;
  if (best === floor) return (h) => (h.keywordRank > 0 ? 1 : 0);
  return (h) => (h.keywordRank > 0 ? (h.keywordRank - floor) / (best - floor) : 0);
}

/** 1-based ranks by a score, highest first (stable on ties). */
function rankBy<T>(units: readonly T[], score: (u: T) => number): Map<T, number> {
  return new Map([...units].sort((a, b) => score(b) - score(a)).map((u, i) => [u, i + 1] as const));
}

/** What a query looks like: it names code or quotes text ('identifier'), or it asks in words ('prose'). */
export type QueryShape = 'identifier' | 'prose';

/**
 * Tokens that name code: dotted or snake_case names (os.path.join, sort_keys, __slots__), calls (open()),
 * camelCase and PascalCase names (basicConfig, KeyError), command-line flags (-m, --system-site-packages),
 * keyword arguments (delete=False) and constant or environment names of six or more capitals (PYTHONPATH,
 * SIGTERM; not acronyms such as HTTP or ASCII).
 */
const CODE_TOKEN = [
  /[A-Za-z0-9][._][A-Za-z0-9_]/,
  /^__\w+__$/,
  /\w\(/,
  /[a-z][A-Z]/,
  /^--?[A-Za-z]/,
  /^\w+=/,
  /^[A-Z][A-Z0-9_]{5,}$/,
];
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const LINE_BREAK = new Set(['\n', '\r', '\u2028', '\u2029']);
const AFTER_SINGLE_QUOTE = new Set(['.', ',', ':', ';', '!', '?']);

/**
 * Text in double quotes or backticks, or in single quotes that are not apostrophes (error messages): a quote at
 * the start or after a space, closed on the same line after at least one character (`"…"`, a backtick pair), or a
 * single quote so placed whose next single quote ends the text or stands before a space or punctuation. One pass
 * over the text (a query is user input: no regular expression that can backtrack over it).
 */
export function quotesText(text: string): boolean {
  // The first opening of each quote on the current line: any later same quote on it, not adjacent, closes it.
  const opened = new Map<string, number>();
  let single = -1; // the last single quote's position, and whether it could open (start or after a space)
  let singleOpens = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (LINE_BREAK.has(c)) opened.clear();
    if (c === '"' || c === '`') {
      const at = opened.get(c);
      if (at !== undefined && i >= at + 2) return true;
      if (at === undefined && (i === 0 || isSpace(text[i - 1]))) opened.set(c, i);
    } else if (c === "'") {
      const next = text[i + 1];
      if (singleOpens && i >= single + 2 && (next === undefined || isSpace(next) || AFTER_SINGLE_QUOTE.has(next))) {
        return true;
      }
      single = i;
      singleOpens = i === 0 || isSpace(text[i - 1]);
    }
  }
  return false;
}

const OPENING = new Set(['(', '[', '{']);
const CLOSING = new Set([')', ']', '}', ',', ';', ':', '!', '?']);

/** A word without the brackets before it and the brackets and punctuation after it (`(see os.path)`, `KeyError:`). */
export function bareWord(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && OPENING.has(word[start] as string)) start += 1;
  while (end > start && CLOSING.has(word[end - 1] as string)) end -= 1;
  return word.slice(start, end);
}
/** A query this short with one code token is a lookup of that name, not a question about it. */
export const IDENTIFIER_QUERY_MAX_WORDS = 4;

/**
 * The shape of a query: 'identifier' when it quotes text, or names code (CODE_TOKEN) in a short query (at most
 * IDENTIFIER_QUERY_MAX_WORDS words) or in at least half of its words; 'prose' otherwise. Hybrid search leans
 * on the keyword side for identifier-shaped queries (RetrievalSettings.identifierHybrid). Pure.
 */
export function queryShape(query: string): QueryShape {
  const text = query.trim();
  if (quotesText(text)) return 'identifier';
  const words = text.split(/\s+/).filter((w) => /\w/.test(w));
  const code = words.filter((w) => {
    const bare = bareWord(w);
    return CODE_TOKEN.some((re) => re.test(bare));
  }).length;
  if (code === 0) return 'prose';
  return words.length <= IDENTIFIER_QUERY_MAX_WORDS || 2 * code >= words.length ? 'identifier' : 'prose';
}
