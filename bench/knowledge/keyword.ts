// Keyword and hybrid search latency over the synthetic chunks (BM25 computed in SQL, repositories/search.ts),
// with the cost of the choice behind it: the per-query term statistics alone (chunk count, average length,
// each query lexeme's document frequency through the GIN index, bounded by maxRanked), against what
// maintained statistics would cost instead (a per-workspace, per-lexeme count table upserted with every
// chunk batch, and the lookup a query would then make). The synthetic vocabulary is small (about 100 words;
// no stop words under `simple`), so every query word is common: the worst case for the keyword side.
import type { Db } from '../../src/db/knex';
import * as search from '../../src/db/repositories/search';
import type { EmbeddingProvider } from '../../src/embeddings';
import type { HeldRanking } from '../../src/db/repositories/search';
import {
  DEFAULT_RETRIEVAL,
  retrievalSettingsFor,
  searchKnowledge,
  type RetrievalSettings,
} from '../../src/services/search/search';
import { loadAverage, round, summarize, type Summary } from '../lib/stats';
import { QUERIES, selectivityFilters, type SearchFilterCase } from './search';
import { HNSW_INDEX, loadItems, rebuildHnswIndex, VectorModel } from './vectors';

export interface KeywordLatencyRow {
  filter: string;
  selectivity: number;
  /** searchKnowledge in keyword mode (BM25 over any-lexeme matches), limit 10. */
  keywordMs: Summary;
  /** searchKnowledge in hybrid mode (default settings) with the query vector already computed. */
  hybridMs: Summary;
  /** The same under header-mix's settings (retrievalSettingsFor), without and with pseudo-relevance feedback. */
  headerMixMs: Summary;
  feedbackMs: Summary;
  /**
   * Identifier-shaped queries (IDENTIFIER_QUERIES) in hybrid mode under header-mix's settings, their keyword side
   * matching every lexeme (the default) and any lexeme (the title schemes' setting; docs: Retrieval quality, "A second
   * set, written blind"), and every lexeme with each candidate ranked by the lexemes it holds (`rankHeld`).
   */
  identifierAllMs: Summary;
  identifierAnyMs: Summary;
  identifierHeldMs: Summary;
  /**
   * Quoted phrases of the synthetic words (MATCHED_IDENTIFIER_QUERIES: identifier-shaped, and many chunks hold every
   * word), every lexeme and every lexeme with each candidate ranked by those held where some chunk matches (the
   * default's setting for RAG passages; the statistics are read either way).
   */
  matchedAllMs: Summary;
  matchedHeldMs: Summary;
  /** The per-query statistics alone (what maintained statistics would replace by a lookup). */
  statisticsMs: Summary;
}

export interface MaintainedStatisticsCost {
  /** Chunks whose lexemes were counted into the table, in batches of `batch`. */
  chunks: number;
  batch: number;
  /** Per chunk, the upsert of its lexemes' counts (what every ingestion and delete would add). */
  upsertUsPerChunk: number;
  /** The lookup of a query's lexemes in the table. */
  lookupMs: Summary;
}

export interface KeywordLatencyResult {
  chunks: number;
  samples: number;
  maxRanked: number;
  rows: KeywordLatencyRow[];
  maintained: MaintainedStatisticsCost;
  loadAverage: number[];
}

/**
 * Queries that name code (fusion.ts queryShape: snake_case and dotted names), from the synthetic chunks' words: a
 * whole name no chunk holds, and its parts common words, the worst case for a keyword side matching any lexeme.
 */
export const IDENTIFIER_QUERIES = [
  'reset_password',
  'refund_policy damaged',
  'order.delivered',
  'vacation_days',
  'revenue_growth region',
  'customer_data retention',
  'expense_report',
  'shipping.address',
];

/** Quoted text (identifier-shaped, fusion.ts quotesText) whose words many synthetic chunks hold together. */
export const MATCHED_IDENTIFIER_QUERIES = [
  '"refund policy"',
  '"vacation days"',
  '"expense report"',
  '"shipping address"',
];

/** A provider that answers the bench's queries from vectors computed once (hybrid timings leave out the model). */
function cachedProvider(embeddings: EmbeddingProvider, vectors: ReadonlyMap<string, number[]>): EmbeddingProvider {
  return {
    name: embeddings.name,
    model: embeddings.model,
    modelVersion: embeddings.modelVersion,
    dimension: embeddings.dimension,
    embedDocuments: () => Promise.reject(new Error('not used')),
    embedQuery: async (q) => vectors.get(q) as number[],
    close: async () => undefined,
  };
}

async function maintainedStatisticsCost(
  db: Db,
  workspaceId: string,
  samples: number,
): Promise<MaintainedStatisticsCost> {
  const batch = 1000;
  const ids: string[] = (
    await db('knowledge_chunks')
      .where({ workspace_id: workspaceId })
      .limit(10 * batch)
  ).map((r: { id: string }) => r.id);
  return db.transaction(async (trx) => {
    await trx.raw(`CREATE TEMP TABLE bench_term_stats (workspace_id uuid, lexeme text, chunks bigint,
                     PRIMARY KEY (workspace_id, lexeme)) ON COMMIT DROP`);
    const started = performance.now();
    for (let from = 0; from < ids.length; from += batch) {
      await trx.raw(
        `INSERT INTO bench_term_stats
         SELECT c.workspace_id, u.lexeme, count(*) FROM knowledge_chunks c CROSS JOIN unnest(c.content_tsv) u
          WHERE c.id = ANY(?::uuid[]) GROUP BY 1, 2
         ON CONFLICT (workspace_id, lexeme) DO UPDATE SET chunks = bench_term_stats.chunks + excluded.chunks`,
        [ids.slice(from, from + batch)],
      );
    }
    const upsertMs = performance.now() - started;
    const lookups: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      await trx.raw(
        `SELECT lexeme, chunks FROM bench_term_stats
          WHERE workspace_id = ? AND lexeme = ANY(kws_keyword_lexemes(?, ARRAY['']))`,
        [workspaceId, QUERIES[i % QUERIES.length] as string],
      );
      lookups.push(performance.now() - t);
    }
    return {
      chunks: ids.length,
      batch,
      upsertUsPerChunk: round((upsertMs * 1000) / Math.max(1, ids.length), 1),
      lookupMs: summarize(lookups, 2),
    };
  });
}

export async function measureKeywordLatency(
  db: Db,
  embeddings: EmbeddingProvider,
  workspaceId: string,
  chunks: number,
  filters: readonly SearchFilterCase[],
  samples = 20,
  warmups = 3,
): Promise<KeywordLatencyResult> {
  const vectors = new Map<string, number[]>();
  for (const q of [...QUERIES, ...IDENTIFIER_QUERIES, ...MATCHED_IDENTIFIER_QUERIES])
    vectors.set(q, await embeddings.embedQuery(q));
  const provider = cachedProvider(embeddings, vectors);
  const { maxRanked } = DEFAULT_RETRIEVAL;
  const rows: KeywordLatencyRow[] = [];
  for (const f of filters) {
    const filter: search.AccessFilter = f.roleId ? { roleIds: [f.roleId] } : {};
    const series = {
      keyword: [] as number[],
      hybrid: [] as number[],
      statistics: [] as number[],
      headerMix: [] as number[],
      feedback: [] as number[],
      identifierAll: [] as number[],
      identifierAny: [] as number[],
      identifierHeld: [] as number[],
      matchedAll: [] as number[],
      matchedHeld: [] as number[],
    };
    const withFeedback = retrievalSettingsFor('header-mix');
    const headerMix = { ...withFeedback, feedback: undefined };
    const identifierFusion = (withFeedback.identifierHybrid as NonNullable<typeof withFeedback.identifierHybrid>)
      .fusion;
    // Every lexeme (header-mix's setting), any lexeme, and every lexeme with each candidate ranked by the lexemes it
    // holds, always or where some chunk matches (search.KeywordQuery.rankHeld).
    const identifierSettings = (keywordMatch: 'all' | 'any', rankHeld?: HeldRanking) => ({
      ...withFeedback,
      identifierHybrid: {
        keywordMatch,
        fusion: identifierFusion,
        ...(rankHeld ? { rankHeld: { search: rankHeld } } : {}),
      },
    });
    const everyLexeme = identifierSettings('all');
    const anyLexeme = identifierSettings('any');
    const heldLexemes = identifierSettings('all', 'always');
    const heldWhereMatched = identifierSettings('all', 'matched');
    const hybrid = (query: string, settings = DEFAULT_RETRIEVAL) =>
      searchKnowledge(
        { db, embeddings: provider },
        workspaceId,
        { query, limit: 10, filter, mode: 'hybrid' },
        settings,
      );
    // Interleaved, so a change of load on the shared machine affects every series alike.
    for (let i = 0; i < warmups + samples; i++) {
      const query = QUERIES[i % QUERIES.length] as string;
      const t0 = performance.now();
      await searchKnowledge({ db, embeddings: provider }, workspaceId, { query, limit: 10, filter, mode: 'keyword' });
      const t1 = performance.now();
      await searchKnowledge({ db, embeddings: provider }, workspaceId, { query, limit: 10, filter, mode: 'hybrid' });
      const t2 = performance.now();
      await search.keywordStatistics(
        db,
        workspaceId,
        filter,
        { text: query, languages: [''], match: 'any' },
        maxRanked,
      );
      const t3 = performance.now();
      await hybrid(query, headerMix);
      const t4 = performance.now();
      await hybrid(query, withFeedback);
      const t5 = performance.now();
      const identifier = IDENTIFIER_QUERIES[i % IDENTIFIER_QUERIES.length] as string;
      const matched = MATCHED_IDENTIFIER_QUERIES[i % MATCHED_IDENTIFIER_QUERIES.length] as string;
      const shaped: Array<[number[], string, RetrievalSettings]> = [
        [series.identifierAll, identifier, everyLexeme],
        [series.identifierAny, identifier, anyLexeme],
        [series.identifierHeld, identifier, heldLexemes],
        [series.matchedAll, matched, everyLexeme],
        [series.matchedHeld, matched, heldWhereMatched],
      ];
      for (const [into, q, settings] of shaped) {
        const t = performance.now();
        await hybrid(q, settings);
        if (i >= warmups) into.push(performance.now() - t);
      }
      if (i < warmups) continue;
      series.headerMix.push(t4 - t3);
      series.feedback.push(t5 - t4);
      series.keyword.push(t1 - t0);
      series.hybrid.push(t2 - t1);
      series.statistics.push(t3 - t2);
    }
    rows.push({
      filter: f.name,
      selectivity: f.selectivity,
      keywordMs: summarize(series.keyword),
      hybridMs: summarize(series.hybrid),
      statisticsMs: summarize(series.statistics),
      headerMixMs: summarize(series.headerMix),
      feedbackMs: summarize(series.feedback),
      identifierAllMs: summarize(series.identifierAll),
      identifierAnyMs: summarize(series.identifierAny),
      identifierHeldMs: summarize(series.identifierHeld),
      matchedAllMs: summarize(series.matchedAll),
      matchedHeldMs: summarize(series.matchedHeld),
    });
  }
  return {
    chunks,
    samples,
    maxRanked,
    rows,
    maintained: await maintainedStatisticsCost(db, workspaceId, samples),
    loadAverage: loadAverage(),
  };
}

const ms = (s: Summary) => `${s.p50} / ${s.p95}`;

export function formatKeywordLatency(results: readonly KeywordLatencyResult[]): string[] {
  const out = ['Keyword and hybrid search (BM25), in process, limit 10, ms (p50 / p95):'];
  for (const r of results) {
    out.push(`  ${r.chunks} chunks (load ${r.loadAverage.join(' ')}), ${r.samples} samples, maxRanked ${r.maxRanked}:`);
    for (const row of r.rows) {
      out.push(
        `    ${row.filter.padEnd(9)} keyword ${ms(row.keywordMs)}; hybrid ${ms(row.hybridMs)}; ` +
          `per-query statistics alone ${ms(row.statisticsMs)}; header-mix hybrid ${ms(row.headerMixMs)}, ` +
          `with feedback ${ms(row.feedbackMs)}; identifier-shaped, every lexeme ${ms(row.identifierAllMs)}, ` +
          `any lexeme ${ms(row.identifierAnyMs)}, every lexeme ranked by those held ${ms(row.identifierHeldMs)}; ` +
          `quoted text many chunks match, every lexeme ${ms(row.matchedAllMs)}, ranked by those held where matched ` +
          `${ms(row.matchedHeldMs)}`,
      );
    }
    out.push(
      `    maintained statistics instead: ${r.maintained.upsertUsPerChunk} us per chunk at ingestion ` +
        `(${r.maintained.chunks} chunks in batches of ${r.maintained.batch}), lookup ${ms(r.maintained.lookupMs)}`,
    );
  }
  return out;
}

/**
 * The `keyword` suite: synthetic chunks (as the search steps load them) up to each size in a fresh workspace,
 * keyword and hybrid latency at each, unfiltered and with 50%, 10% and 1% role filters.
 */
export async function runKeywordSteps(
  db: Db,
  embeddings: EmbeddingProvider,
  workspaceId: string,
  opts: { sizes: readonly number[]; chunksPerItem: number; samples: number },
  log: (msg: string) => void,
): Promise<KeywordLatencyResult[]> {
  const { roles, filters } = await selectivityFilters(db, workspaceId);
  const model = new VectorModel(embeddings.dimension, 42);
  const itemsAt = (chunks: number) => Math.round(chunks / opts.chunksPerItem);
  const out: KeywordLatencyResult[] = [];
  let from = 0;
  for (const size of opts.sizes) {
    // Bulk loads go in without the HNSW index, rebuilt after (as the search steps' 'rebuild' mode).
    await db.raw(`DROP INDEX IF EXISTS ${HNSW_INDEX}`);
    const load = await loadItems({
      db,
      workspaceId,
      roles,
      model,
      fromItem: from,
      toItem: itemsAt(size),
      chunksPerItem: opts.chunksPerItem,
    });
    from = itemsAt(size);
    const buildMs = await rebuildHnswIndex(db);
    log(
      `${size} chunks: ${load.chunks} loaded in ${(load.ms / 1000).toFixed(1)} s, index ${(buildMs / 1000).toFixed(1)} s`,
    );
    await db.raw('VACUUM ANALYZE knowledge, knowledge_chunks, knowledge_roles');
    out.push(await measureKeywordLatency(db, embeddings, workspaceId, size, filters, opts.samples));
    log(formatKeywordLatency(out.slice(-1)).join('\n'));
  }
  return out;
}
