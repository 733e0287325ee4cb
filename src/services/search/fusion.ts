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

export type Fusion = { kind: 'convex'; alpha: number; normalise?: KeywordNormalisation } | { kind: 'rrf'; k: number };

export const cosineOf = (distance: number) => Math.min(1, Math.max(0, 1 - distance));

export interface Fused {
  hit: ChunkHit;
  score: number;
}

/** Scores chunks (each candidate on its own: passages for RAG), best first. */
export function fuseChunks(hits: readonly ChunkHit[], fusion: Fusion): Fused[] {
  return fuse(hits, (h) => h.chunkId, fusion);
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
  const units = new Map<string, { hit: ChunkHit; cosine: number; keyword: number }>();
  for (const h of hits) {
    const key = keyOf(h);
    const u = units.get(key);
    if (!u) {
      units.set(key, { hit: h, cosine: cosineOf(h.distance), keyword: h.keywordRank });
      continue;
    }
    if (chunkScore(h) > chunkScore(u.hit)) u.hit = h;
    u.cosine = Math.max(u.cosine, cosineOf(h.distance));
    u.keyword = Math.max(u.keyword, h.keywordRank);
  }
  const list = [...units.values()];
  let scoreOf: (u: (typeof list)[number]) => number;
  if (fusion.kind === 'convex') {
    scoreOf = (u) => chunkScore(u.hit);
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
