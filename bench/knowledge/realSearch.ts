// The read path on real vectors (`npm run bench -- real`, and the knowledge run when the corpus is cached):
// the documentation corpus of realCorpus.ts, its vectors read from the cache scripts/bench-corpus.sh built,
// loaded as one item per page into a fresh workspace (items get the roles of 1%, 10% and 50% by page number),
// and searched through the HTTPS API with questions drawn from the corpus itself: a page's title asked as a
// question, or a sentence of the page reworded. At 10,000 chunks and at the whole corpus (100,000): latency
// beside the same query as raw SQL ((API - embed) / raw), where the API's time goes (HTTPS, auth and JSON),
// and recall@10 of the API's answers against exact search, with no filter and each role filter.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TestStack } from '../../test/helpers/stack';
import { round } from '../lib/stats';
import { newCaller } from './ingestion';
import {
  cacheDir,
  cachedPrefix,
  loadRealCorpus,
  readVectors,
  REAL_CORPUS_CHUNKS,
  vectorsFile,
  type RealCorpus,
} from './realCorpus';
import { measureSearchLatency, selectivityFilters, type SearchLatencyResult } from './search';
import { HNSW_INDEX, rebuildHnswIndex, vectorLiteral, type SelectivityRoles } from './vectors';

const ROOT = path.resolve(__dirname, '../../..');

export interface RealSearchResult {
  corpus: {
    chunks: number;
    pages: number;
    /** Chunks whose vectors the cache held (the corpus is cut to the pages it holds whole). */
    cached: number;
    sources: RealCorpus['sources'];
    complete: boolean;
  };
  questions: string[];
  loads: Array<{ toChunks: number; ms: number }>;
  searchLatency: SearchLatencyResult[];
}

const STOP = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those']);

/**
 * `n` questions from the loaded pages, spread evenly over them: even ones a page's title as a question,
 * odd ones a sentence of the page's middle chunk reworded (articles dropped, lower case, as a question).
 */
export function questionsFrom(corpus: RealCorpus, pages: number, n: number): string[] {
  const out: string[] = [];
  const chunksOf = new Map<number, string[]>();
  for (const c of corpus.chunks) {
    if (c.page >= pages) break;
    (chunksOf.get(c.page) ?? chunksOf.set(c.page, []).get(c.page)!).push(c.text);
  }
  for (let k = 0; k < n; k++) {
    const page = Math.floor(((k + 0.5) * pages) / n);
    const { title } = corpus.pages[page]!;
    const texts = chunksOf.get(page) ?? [];
    if (k % 2 === 0 || texts.length === 0) {
      out.push(`What does the documentation say about ${title.replace(/[¶#]/g, '').trim()}?`);
      continue;
    }
    const middle = texts[Math.floor(texts.length / 2)]!;
    const sentence =
      middle
        .split(/(?<=[.!?])\s+/)
        .map((s) => s.trim())
        .find((s) => {
          const words = s.split(/\s+/).length;
          return words >= 6 && words <= 30 && /[a-z]/.test(s);
        }) ?? middle.slice(0, 160);
    const words = sentence
      .replace(/[.!?:;]+$/, '')
      .split(/\s+/)
      .filter((w) => !STOP.has(w.toLowerCase()));
    out.push(`${words.join(' ').toLowerCase()}?`);
  }
  return out;
}

/** Inserts pages [fromPage, toPage) as items with their chunks and vectors, roles by page number. */
async function loadPages(
  stack: TestStack,
  workspaceId: string,
  roles: SelectivityRoles,
  corpus: RealCorpus,
  file: string,
  range: { fromPage: number; toPage: number; fromChunk: number },
): Promise<number> {
  const db = stack.deps.db;
  const dim = stack.deps.embeddings.dimension;
  let at = range.fromChunk;
  const batchPages = 200;
  for (let from = range.fromPage; from < range.toPage; from += batchPages) {
    const to = Math.min(range.toPage, from + batchPages);
    let end = at;
    while (end < corpus.chunks.length && corpus.chunks[end]!.page < to) end++;
    const vectors = await readVectors(file, dim, at, end);
    const ids = new Map<number, string>();
    const items: Array<Record<string, unknown>> = [];
    const assignments: Array<{ knowledge_id: string; role_id: string; workspace_id: string }> = [];
    for (let p = from; p < to; p++) {
      const id = randomUUID();
      ids.set(p, id);
      const page = corpus.pages[p]!;
      items.push({
        id,
        workspace_id: workspaceId,
        type: 'STRING',
        title: page.title.slice(0, 1000),
        status: 'COMPLETED',
        attributes: JSON.stringify({ source: page.source, shard: p % 100 }),
      });
      for (const [role, every] of [
        [roles.p1, 100],
        [roles.p10, 10],
        [roles.p50, 2],
      ] as const) {
        if (p % every === 0) assignments.push({ knowledge_id: id, role_id: role, workspace_id: workspaceId });
      }
    }
    const chunks = corpus.chunks.slice(at, end).map((c, i) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      knowledge_id: ids.get(c.page)!,
      chunk_index: c.index,
      page_number: 1,
      content: c.text,
      embedding: db.raw('?::vector', [vectorLiteral(vectors[i]!)]),
    }));
    await db.transaction(async (trx) => {
      await trx('knowledge').insert(items);
      for (let i = 0; i < chunks.length; i += 500) await trx('knowledge_chunks').insert(chunks.slice(i, i + 500));
      if (assignments.length > 0) await trx('knowledge_roles').insert(assignments);
    });
    at = end;
  }
  return at;
}

export async function measureRealSearch(
  stack: TestStack,
  opts: { sizes?: number[]; samples: number; questions?: number; log?: (msg: string) => void },
): Promise<RealSearchResult> {
  const log = opts.log ?? ((msg: string) => console.log(`[real] ${msg}`));
  const db = stack.deps.db;
  const corpus = await loadRealCorpus();
  const file = vectorsFile(cacheDir(ROOT), stack.deps.embeddings.modelVersion);
  const cached = await cachedPrefix(file, corpus, stack.deps.embeddings.dimension);
  // Whole pages only: the corpus is cut at the last page whose chunks are all cached.
  const lastPage = cached >= corpus.chunks.length ? corpus.pages.length : (corpus.chunks[cached]?.page ?? 0);
  const usable = corpus.chunks.findIndex((c) => c.page >= lastPage);
  const total = usable < 0 ? corpus.chunks.length : usable;
  if (total === 0) {
    throw new Error(`no vectors of the real corpus are cached in ${file}: run scripts/bench-corpus.sh first`);
  }
  log(`${cached} of ${REAL_CORPUS_CHUNKS} chunks cached; searching ${total} (${lastPage} pages)`);
  const sizes = (opts.sizes ?? [10_000, REAL_CORPUS_CHUNKS]).map((s) => Math.min(s, total));
  const caller = await newCaller(stack);
  const ws = caller.tenant.workspaceId;
  const { roles, filters } = await selectivityFilters(db, ws);
  const questions = questionsFrom(corpus, lastPage, opts.questions ?? 40);
  const loads: RealSearchResult['loads'] = [];
  const searchLatency: SearchLatencyResult[] = [];
  // The chunk each page starts at (and the end, after the last page).
  const pageStart: number[] = [];
  corpus.chunks.forEach((c, i) => (pageStart[c.page] ??= i));
  pageStart[corpus.pages.length] = corpus.chunks.length;
  let page = 0;
  let chunk = 0;
  for (const [i, size] of [...new Set(sizes)].entries()) {
    let toPage = page;
    while (toPage < lastPage && pageStart[toPage + 1]! <= size) toPage++;
    if (toPage === page) continue;
    const start = performance.now();
    // The first size goes into the live index; the rest in bulk, the index rebuilt after.
    if (i > 0) await db.raw(`DROP INDEX IF EXISTS ${HNSW_INDEX}`);
    chunk = await loadPages(stack, ws, roles, corpus, file, { fromPage: page, toPage, fromChunk: chunk });
    if (i > 0) await rebuildHnswIndex(db);
    page = toPage;
    loads.push({ toChunks: chunk, ms: round(performance.now() - start, 0) });
    log(`${chunk} chunks (${page} pages) loaded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    await db.raw('ANALYZE knowledge, knowledge_chunks, knowledge_roles');
    const asked = questionsFrom(corpus, page, questions.length);
    searchLatency.push(
      await measureSearchLatency(stack, caller, { chunks: chunk, items: page }, filters, opts.samples, 5, asked),
    );
  }
  return {
    corpus: {
      chunks: chunk,
      pages: page,
      cached,
      sources: corpus.sources,
      complete: chunk === REAL_CORPUS_CHUNKS,
    },
    questions: questionsFrom(corpus, page, questions.length),
    loads,
    searchLatency,
  };
}

/** The read path's rows: each size and filter beside the targets. */
export function realSearchTargets(r: RealSearchResult): Array<[string, string, string, string]> {
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const rows: Array<[string, string, string, string]> = [];
  for (const s of r.searchLatency) {
    for (const f of s.filters) {
      rows.push([
        `real corpus, ${s.chunks} chunks, filter ${f.filter} (${f.plan}): (API - embed) / raw SQL p50; recall@10`,
        `${f.apiMs.p50} ms API, ${f.split.embedMs} embed, ${f.rawSqlMs.p50} raw: ${f.ratio.p50}x; ${f.recallAt10}`,
        '<= 2x; >= 0.95',
        check(f.ratio.p50 <= 2 && f.recallAt10 >= 0.95),
      ]);
    }
  }
  const http = r.searchLatency.map((s) => s.filters.find((f) => f.filter === 'none')?.split.httpAuthJsonMs ?? NaN);
  if (http.length >= 2) {
    const [small, large] = [http[0]!, http.at(-1)!];
    rows.push([
      `HTTPS, auth and JSON at ${r.searchLatency[0]!.chunks} and ${r.searchLatency.at(-1)!.chunks} chunks (no filter)`,
      `${small} / ${large} ms`,
      'the same (within 1 ms)',
      // The figures are rounded to 0.1 ms; 4.4 - 3.4 is 1.0000000000000004 in floating point.
      check(Math.round(Math.abs(large - small) * 10) <= 10),
    ]);
  }
  if (!r.corpus.complete) {
    rows.push([
      'real corpus size',
      `${r.corpus.chunks} of ${REAL_CORPUS_CHUNKS} chunks (cache incomplete: scripts/bench-corpus.sh)`,
      `${REAL_CORPUS_CHUNKS}`,
      'NOT met',
    ]);
  }
  return rows;
}
