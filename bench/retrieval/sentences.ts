// The best sentence beside the chunk, through the service's own hybrid (`KWS_RETRIEVAL_SENTENCES=0,0.3,0.4` with
// `KWS_RETRIEVAL_CONTEXT=header-mix`): each chunk's sentences embedded on their own, and a prose query's vector
// side scoring a chunk (1 - λ) · cos(query, prose vector) + λ · max over its sentences of cos(query, sentence).
// Not a mode of the service (nothing stores sentence vectors): the vector side is computed here, exactly over
// every chunk, and everything else is the service's own: the keyword side is its SQL BM25 (hybridCandidates,
// with the match and candidate counts the default settings give a prose query), the fusion its fuseItems and
// fuseChunks, and the pseudo-relevance feedback its formula (search.ts withFeedback) with the chunk score in
// place of the cosine. Identifier-shaped queries keep the service's own answer: a build would give the sentences
// to prose queries only, as it gives them the prose vectors. λ 0 is the emulation's own baseline, and it is
// checked against the service's hybrid answer question by question. Figures only; nothing is asserted.
import type { Db } from '../../src/db/knex';
import { hybridCandidates, type ChunkHit } from '../../src/db/repositories/search';
import { distinctInOrder } from '../../src/domain/retrievalMetrics';
import { fuseChunks, fuseItems, queryShape, type Fused } from '../../src/services/search/fusion';
import { retrievalSettingsFor } from '../../src/services/search/search';
import type { LabelledQuestion } from './labels';
import { corpusLanguage, summarizeOutcomes, type LoadedCorpus, type QuestionOutcome } from './retrieval.bench';

/** Sentences this short (a heading, a bare name) are not embedded on their own. */
export const MIN_SENTENCE_CHARS = 25;

/**
 * A chunk's sentences: split at a line end, and after `.`, `!` or `?` followed by white space and a capital
 * letter; trimmed, and kept only from MIN_SENTENCE_CHARS characters. One linear scan (no regular expression).
 */
export function sentencesOf(text: string, minChars = MIN_SENTENCE_CHARS): string[] {
  const out: string[] = [];
  let start = 0;
  const push = (end: number) => {
    const s = text.slice(start, end).trim();
    if (s.length >= minChars) out.push(s);
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      push(i);
      start = i + 1;
    } else if ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
      const next = text[j] ?? '';
      if (next !== '' && next !== next.toLowerCase() && next === next.toUpperCase()) {
        push(i + 1);
        start = j;
        i = j - 1;
      }
    }
  }
  push(text.length);
  return out;
}

/**
 * KWS_RETRIEVAL_SENTENCE_WINDOW=N: a chunk's sentences joined in order into windows of at most N characters (a
 * longer sentence a window of its own), so fewer, longer texts stand beside each chunk; unset, each sentence.
 */
export function windowsOf(sentences: readonly string[], maxChars: number | undefined): string[] {
  if (!maxChars) return [...sentences];
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current !== '' && current.length + 1 + s.length > maxChars) {
      out.push(current);
      current = '';
    }
    current = current === '' ? s : `${current} ${s}`;
  }
  if (current !== '') out.push(current);
  return out;
}

export function sentenceWindowFrom(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < MIN_SENTENCE_CHARS) {
    throw new Error(
      `KWS_RETRIEVAL_SENTENCE_WINDOW: ${value} is not a number of characters (at least ${MIN_SENTENCE_CHARS})`,
    );
  }
  return n;
}

interface ChunkRow {
  id: string;
  knowledgeId: string;
  prose: Float32Array;
}

const dot = (a: Float32Array, b: Float32Array | readonly number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
};

const unit = (v: ArrayLike<number>) => {
  const f = Float32Array.from(v);
  const n = Math.sqrt(dot(f, f)) || 1;
  for (let i = 0; i < f.length; i++) f[i] = (f[i] as number) / n;
  return f;
};

/** The corpus's chunks, their prose vectors and their sentences' vectors, in memory. */
export class SentenceIndex {
  private constructor(
    readonly chunks: ChunkRow[],
    /** Per chunk, the rows of its sentences in `vectors`. */
    private readonly sentenceRows: number[][],
    private readonly vectors: Float32Array[],
  ) {}

  get sentences(): number {
    return this.vectors.length;
  }

  static async load(
    db: Db,
    corpus: LoadedCorpus,
    embed: (texts: string[]) => Promise<number[][]>,
    window?: number,
  ): Promise<SentenceIndex> {
    const rows: Array<{ id: string; knowledge_id: string; content: string; prose: string }> = await db(
      'knowledge_chunks',
    )
      .select('id', 'knowledge_id', 'content', db.raw('embedding_prose::text as prose'))
      .where('workspace_id', corpus.workspaceId)
      .orderBy('id');
    const chunks = rows.map((r) => ({
      id: r.id,
      knowledgeId: r.knowledge_id,
      prose: unit(r.prose.slice(1, -1).split(',').map(Number)),
    }));
    const perChunk = rows.map((r) => windowsOf(sentencesOf(r.content), window));
    const texts = [...new Set(perChunk.flat())];
    const vectors = (await embed(texts)).map(unit);
    const rowOf = new Map(texts.map((t, i) => [t, i]));
    return new SentenceIndex(
      chunks,
      perChunk.map((list) => list.map((s) => rowOf.get(s) as number)),
      vectors,
    );
  }

  /** Per chunk (in `chunks` order): its prose cosine and its best sentence's (the prose cosine without any). */
  cosines(query: readonly number[]): { prose: Float64Array; sentence: Float64Array } {
    const q = unit(query);
    const bySentence = this.vectors.map((v) => dot(v, q));
    const prose = new Float64Array(this.chunks.length);
    const sentence = new Float64Array(this.chunks.length);
    this.chunks.forEach((c, i) => {
      prose[i] = dot(c.prose, q);
      const rows = this.sentenceRows[i] as number[];
      sentence[i] = rows.length === 0 ? (prose[i] as number) : Math.max(...rows.map((r) => bySentence[r] as number));
    });
    return { prose, sentence };
  }
}

/**
 * One row: λ, and where the vector side's candidates come from: 'score' (the best chunks by the mixed score, which
 * needs a nearest-sentence search) or 'prose' (the nearest chunks by their prose vector, as today, then scored by
 * the mix: only the candidates' stored sentence vectors read, no sentence index searched).
 */
export interface SentenceRun {
  lambda: number;
  candidates: 'score' | 'prose';
}

/** KWS_RETRIEVAL_SENTENCES=0,0.4,prose:0.4: the runs (a bare λ takes its candidates by the mixed score). */
export function sentenceRunsFrom(value: string | undefined): SentenceRun[] {
  return (value ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '')
    .map((x) => {
      const [candidates, lambda] = x.startsWith('prose:') ? (['prose', x.slice(6)] as const) : (['score', x] as const);
      const n = Number(lambda);
      if (!(n >= 0 && n <= 1)) throw new Error(`KWS_RETRIEVAL_SENTENCES: ${x} is not a λ in [0, 1] (or prose:λ)`);
      return { lambda: n, candidates };
    });
}

export interface SentenceRow extends SentenceRun {
  hybrid: ReturnType<typeof summarizeOutcomes>['metrics'];
  passages: ReturnType<typeof summarizeOutcomes>['metrics'];
  /** λ 0 only: prose-shaped questions whose emulated hybrid ranking differs from the service's. */
  baselineMismatches?: number;
}

/**
 * Each λ's hybrid search and RAG passages for every question: prose-shaped questions emulated as above,
 * identifier-shaped ones the service's own outcome (`service`: the default hybrid and passages runs' outcomes,
 * in the labels' order).
 */
export async function sentenceRows(
  db: Db,
  corpus: LoadedCorpus,
  index: SentenceIndex,
  labels: readonly LabelledQuestion[],
  queryVectors: ReadonlyMap<string, number[]>,
  runs: readonly SentenceRun[],
  service: { hybrid: readonly QuestionOutcome[]; passages: readonly QuestionOutcome[] },
): Promise<SentenceRow[]> {
  const settings = retrievalSettingsFor('header-mix');
  const fusion = settings.fusion;
  const beta = settings.feedback?.beta ?? 0;
  const k = Math.max(settings.minCandidates, settings.candidatesPerResult * 10);
  const positionOf = new Map(index.chunks.map((c, i) => [c.id, i]));
  const outcomes = runs.map(() => ({ hybrid: [] as QuestionOutcome[], passages: [] as QuestionOutcome[] }));
  let mismatches = 0;
  for (const [qi, q] of labels.entries()) {
    if (queryShape(q.question) !== 'prose') {
      outcomes.forEach((o) => {
        o.hybrid.push(service.hybrid[qi] as QuestionOutcome);
        // The ranking only: the emulated rows measure no evidence.
        o.passages.push({ judged: (service.passages[qi] as QuestionOutcome).judged });
      });
      continue;
    }
    const vector = queryVectors.get(q.question) as number[];
    // The keyword side as the service runs it for a prose query: every match ranked by its BM25.
    const keyword = await hybridCandidates(
      db,
      corpus.workspaceId,
      {},
      {
        vector,
        keyword: { text: q.question, languages: [corpusLanguage() ?? ''], match: settings.hybridKeywordMatch },
      },
      { vectorK: 0, plan: 'exact', keywordK: 1_000_000, maxRanked: settings.maxRanked, column: 'embedding_prose' },
    );
    const rankOf = new Map(keyword.map((h) => [h.chunkId, h.keywordRank]));
    const keywordTop = [...keyword].sort((a, b) => b.keywordRank - a.keywordRank).slice(0, k);
    const { prose, sentence } = index.cosines(vector);
    const relevant = new Set(q.relevant.map((r) => r.page));
    const pageOf = (f: Fused) => corpus.pageOfItem.get(f.hit.knowledgeId) as string;
    const byProse = index.chunks.map((_, i) => i).sort((a, b) => (prose[b] as number) - (prose[a] as number));
    for (const [li, { lambda, candidates }] of runs.entries()) {
      const score = (i: number) => (1 - lambda) * (prose[i] as number) + lambda * (sentence[i] as number);
      const order =
        candidates === 'prose' ? byProse : index.chunks.map((_, i) => i).sort((a, b) => score(b) - score(a));
      const ids = new Set([...order.slice(0, k).map((i) => index.chunks[i]!.id), ...keywordTop.map((h) => h.chunkId)]);
      const hits = [...ids].map((id) => {
        const i = positionOf.get(id) as number;
        const c = index.chunks[i] as ChunkRow;
        return { chunkId: c.id, knowledgeId: c.knowledgeId, distance: 1 - score(i), keywordRank: rankOf.get(id) ?? 0 };
      }) as ChunkHit[];
      let fused = fuseItems(hits, fusion);
      if (beta > 0 && fused.length > 1) {
        // search.ts withFeedback, with the chunk score in place of the query's cosine.
        const best = positionOf.get((fused[0] as Fused).hit.chunkId) as number;
        const norm = Math.sqrt(1 + beta * beta + 2 * beta * score(best));
        const f = (index.chunks[best] as ChunkRow).prose;
        const moved = hits.map((h) => {
          const i = positionOf.get(h.chunkId) as number;
          const toFirst = dot(f, (index.chunks[i] as ChunkRow).prose);
          return { ...h, distance: 1 - (score(i) + beta * toFirst) / norm };
        });
        fused = fuseItems(moved, fusion);
      }
      const ranking = distinctInOrder(fused.slice(0, 10).map(pageOf));
      const passages = distinctInOrder(fuseChunks(hits, fusion).slice(0, 10).map(pageOf));
      const o = outcomes[li]!;
      o.hybrid.push({ judged: { kind: q.kind, ranking, relevant } });
      o.passages.push({ judged: { kind: q.kind, ranking: passages, relevant } });
      if (
        lambda === 0 &&
        li === runs.findIndex((r) => r.lambda === 0) &&
        ranking.join('\n') !== (service.hybrid[qi]?.judged.ranking ?? []).join('\n')
      )
        mismatches++;
    }
  }
  return runs.map((run, li) => ({
    ...run,
    hybrid: summarizeOutcomes(outcomes[li]!.hybrid).metrics,
    passages: summarizeOutcomes(outcomes[li]!.passages).metrics,
    ...(run.lambda === 0 ? { baselineMismatches: mismatches } : {}),
  }));
}
