// The readable summary of bench/results/knowledge.json, and the list of things in it worth a second look.
import type { Summary } from '../lib/stats';
import type { KnowledgeBenchResult } from './knowledge.bench';

function table(head: string[], rows: Array<Array<string | number>>): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    '  ' +
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

const ms = (s: Summary) => `${s.p50} / ${s.p95}`;
const seconds = (x: number) => `${(x / 1000).toFixed(1)} s`;

/** Findings: recall below 0.95, a plan the planner does not follow, short pages, failed uploads. */
export function oddities(r: KnowledgeBenchResult): string[] {
  const out: string[] = [];
  const { sync, background } = r.uploadToSearchable;
  if (sync.completed < sync.samples)
    out.push(`${sync.samples - sync.completed} synchronous uploads answered PROCESSING`);
  if (sync.foundBySearch < sync.samples)
    out.push(`${sync.samples - sync.foundBySearch} synchronous uploads were not found by the search that followed`);
  if (background.searchesNeeded > 1)
    out.push(`a BACKGROUND_START item was COMPLETED before search found it (${background.searchesNeeded} searches)`);
  if (r.throughput.errors.length > 0) out.push(`${r.throughput.errors.length} corpus files ended BACKGROUND_ERROR`);
  if (r.throughput.pages !== r.throughput.chunkPages)
    out.push(
      `extraction pageCount sum ${r.throughput.pages} differs from distinct chunk pages ${r.throughput.chunkPages}`,
    );
  if (!r.bulkLoad.indexDefinitionUnchanged) out.push('the rebuilt HNSW index definition differs from the original');
  const [small, large] = r.searchLatency;
  if (small && large && small.apiMs.p50 > large.apiMs.p50)
    out.push(
      `search at ${small.chunks} chunks (${small.servicePlan}, API p50 ${small.apiMs.p50} ms) is slower than at ${large.chunks} (${large.servicePlan}, ${large.apiMs.p50} ms)`,
    );
  for (const s of r.searchLatency) {
    if (s.servicePlan === 'hnsw' && !s.servicePlanExplained.usesHnswIndex)
      out.push(`${s.chunks} chunks: the service chose HNSW but the planner does not use the index`);
    if (s.servicePlan === 'exact' && s.servicePlanExplained.usesHnswIndex)
      out.push(`${s.chunks} chunks: the service chose an exact scan but the planner uses the HNSW index`);
    if (!s.rawSqlPlan.usesHnswIndex) out.push(`${s.chunks} chunks: the raw SQL baseline does not use the HNSW index`);
    if (s.resultsPerQuery < 10) out.push(`${s.chunks} chunks: an API search returned ${s.resultsPerQuery} results`);
  }
  for (const row of r.recallAt10) {
    const name = `filter ${row.filter}, ${row.queries}`;
    if (row.recallChosen < 0.95)
      out.push(`recall@10 ${row.recallChosen} with the chosen plan (${row.chosenPlan}): ${name}`);
    if (row.recallHnsw < 0.95) out.push(`recall@10 ${row.recallHnsw} with forced HNSW: ${name}`);
    if (row.shortPagesChosen + row.shortPagesHnsw > 0)
      out.push(
        `short pages (fewer than 10 items): chosen ${row.shortPagesChosen}, HNSW ${row.shortPagesHnsw}: ${name}`,
      );
    if (row.chosenPlan === 'hnsw' && !row.chosenPlanExplained.usesHnswIndex)
      out.push(`the chosen plan is HNSW but the planner does not use the index: ${name}`);
    if (row.chosenPlan === 'exact' && row.chosenPlanExplained.usesHnswIndex)
      out.push(`the chosen plan is exact but the planner uses the HNSW index: ${name}`);
    if (row.chosenPlan === 'hnsw' && row.choosePlanMs.p50 > row.hnswMs.p50)
      out.push(
        `choosing the plan (p50 ${row.choosePlanMs.p50} ms) costs more than the HNSW query itself (p50 ${row.hnswMs.p50} ms): ${name}`,
      );
    if (!row.hnswPlanExplained.usesHnswIndex)
      out.push(
        `forced HNSW, but the planner does not use the index (${row.hnswPlanExplained.nodes.join(' > ')}): ${name}`,
      );
  }
  return out;
}

export function formatReport(r: KnowledgeBenchResult): string {
  const { sync, background } = r.uploadToSearchable;
  const t = r.throughput;
  const b = r.bulkLoad;
  const out: string[] = [];
  out.push(
    `Knowledge benchmark ${r.date}: ${r.machine.cpus} x ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, ${r.machine.postgres}, ` +
      `pgvector ${r.machine.pgvector}, ${r.embeddings.provider} ${r.embeddings.model} (${r.embeddings.dimension}-d)`,
    `Load average (1/5/15 min): ${Object.entries(r.loadAverages)
      .map(([k, v]) => `${k} ${v.join(' ')}`)
      .join('; ')}`,
    '',
    `1. Upload to searchable, one-page text file (${sync.fileBytes} bytes, ${sync.chunksPerFile} chunks), ms (p50 / p95)`,
    table(
      ['path', 'n', 'p50 / p95', 'min', 'max'],
      [
        ['sync POST (answered when searchable)', sync.totalMs.n, ms(sync.totalMs), sync.totalMs.min, sync.totalMs.max],
        [
          'BACKGROUND_START + rule 7 poll + search',
          background.totalMs.n,
          ms(background.totalMs),
          background.totalMs.min,
          background.totalMs.max,
        ],
        [
          '  of which: POST answered',
          background.postMs.n,
          ms(background.postMs),
          background.postMs.min,
          background.postMs.max,
        ],
        [
          '  POST to COMPLETED seen',
          background.completedMs.n,
          ms(background.completedMs),
          background.completedMs.min,
          background.completedMs.max,
        ],
        [
          '  COMPLETED to found by search',
          background.searchMs.n,
          ms(background.searchMs),
          background.searchMs.min,
          background.searchMs.max,
        ],
      ],
    ),
    `  sync answers COMPLETED ${sync.completed}/${sync.samples}, found by search ${sync.foundBySearch}/${sync.samples}; ` +
      `${sync.warmups} warm-up samples each not counted; polling: ${background.polling}`,
    '',
    `2. Ingestion throughput: ${t.files} files (${t.bytes} bytes), BACKGROUND_START, ${t.uploadConcurrency} uploads at a time; ` +
      `all POSTs in ${seconds(t.uploadPhaseMs)}, all COMPLETED in ${seconds(t.totalMs)}`,
    `  ${t.pages} pages (extraction pageCount; ${t.chunkPages} distinct chunk pages), ${t.chunks} chunks, ` +
      `${t.completed} completed, ${t.errors.length} errors -> ${t.pagesPerSecond} pages/s, ${t.chunksPerSecond} chunks/s, ${t.filesPerSecond} files/s`,
    table(
      ['type', 'files', 'pages', 'chunks'],
      t.byType.map((x) => [x.mimetype, x.files, x.pages, x.chunks]),
    ),
    '',
    `3. Semantic search latency, unfiltered, limit 10, ms (p50 / p95); ${r.syntheticData.chunksPerItem} synthetic chunks per item`,
    table(
      [
        'chunks',
        'items',
        'plan',
        'n',
        'API',
        'API new TLS conn',
        'service',
        'embed only',
        'raw SQL',
        'API/raw p50, p95',
        'space RAG API',
      ],
      r.searchLatency.map((s) => [
        s.chunks,
        s.items,
        s.servicePlan,
        s.apiMs.n,
        ms(s.apiMs),
        ms(s.apiNewConnectionMs),
        ms(s.serviceMs),
        ms(s.embedMs),
        ms(s.rawSqlMs),
        `${s.ratio.p50}x, ${s.ratio.p95}x`,
        ms(s.ragApiMs),
      ]),
    ),
    ...r.searchLatency.map(
      (s) =>
        `  ${s.chunks}: split (medians of per-query differences): embed ${s.split.embedMs}, plan choice/vector query/rows ${s.split.planAndDbMs}, ` +
        `HTTPS/auth/validation/JSON ${s.split.httpAuthJsonMs} ms; raw SQL plan: ${s.rawSqlPlan.nodes.join(' > ')}; ` +
        `service plan: ${s.servicePlanExplained.nodes.join(' > ')}`,
    ),
    `  bulk load (${b.mode}): first ${b.firstChunks} chunks into the live HNSW index ${seconds(b.firstLoadMs)} ` +
      `(${b.firstChunksPerSecond}/s); ${b.restChunks} more ${seconds(b.restLoadMs)} (${b.restChunksPerSecond}/s)` +
      (b.mode === 'rebuild'
        ? ` without the index, then CREATE INDEX ${seconds(b.indexBuildMs)}; `
        : ` into the live index (projected ${seconds(b.projectedIncrementalMs)}); `) +
      `total ${seconds(b.totalMs)}`,
    '',
    '4. Recall@10 against exact search (exactNearestItems) at the second size; latency ms (p50 / p95)',
    table(
      [
        'filter',
        'queries',
        'n',
        'chosen',
        'recall chosen',
        'recall HNSW',
        'exact',
        'chosen (with choice)',
        'choosePlan',
        'HNSW',
        'index used: chosen, HNSW',
      ],
      r.recallAt10.map((row) => [
        row.filter,
        row.queries.startsWith('uniform') ? 'uniform random' : 'in-distribution',
        row.samples,
        row.chosenPlan,
        row.recallChosen.toFixed(3),
        row.recallHnsw.toFixed(3),
        ms(row.exactMs),
        ms(row.chosenMs),
        ms(row.choosePlanMs),
        ms(row.hnswMs),
        `${row.chosenPlanExplained.usesHnswIndex ? 'yes' : 'no'}, ${row.hnswPlanExplained.usesHnswIndex ? 'yes' : 'no'}`,
      ]),
    ),
    ...r.recallAt10
      .filter((row) => row.efSearchSweep !== undefined)
      .map(
        (row) =>
          `  ${row.queries} queries, no filter, the service's first HNSW scan (40 chunks) at other ef_search: ` +
          (row.efSearchSweep!.length === 0
            ? 'unavailable (the query vector was not among the bindings)'
            : row
                .efSearchSweep!.map(
                  (e) =>
                    `ef ${e.efSearch} recall ${e.recall.toFixed(3)} (${e.ms.p50} ms p50, ${e.usesHnswIndex ? 'index' : 'NO index: exact'})`,
                )
                .join(', ')),
      ),
    ...r.recallAt10.map(
      (row) =>
        `  ${row.filter} (${row.queries.startsWith('uniform') ? 'uniform' : 'in-distribution'}): chosen plan: ` +
        `${row.chosenPlanExplained.nodes.join(' > ')}; forced HNSW: ${row.hnswPlanExplained.nodes.join(' > ')}`,
    ),
    '',
    `Cascade delete of ${r.cascade.descendants} descendants (+ the root): ${r.cascade.deleted} deleted in ${r.cascade.batches} ` +
      `batches, ${(r.cascade.ms / 1000).toFixed(1)} s, ${r.cascade.remaining} left; process RSS ${r.cascade.rssBeforeMb} MB before, ` +
      `peak ${r.cascade.rssPeakMb} MB (+${r.cascade.rssGrowthMb} MB)`,
    '',
    `5. Peak RSS ${r.memory.peakRssMb} MB (${r.memory.note}); database ${r.database.sizeMb} MB ` +
      `(knowledge_chunks ${r.database.knowledgeChunksTotalMb} MB with indexes and TOAST, heap ${r.database.knowledgeChunksHeapMb} MB, ` +
      `HNSW index ${r.database.hnswIndexMb} MB; knowledge ${r.database.knowledgeTotalMb} MB)`,
  );
  const odd = oddities(r);
  out.push('', odd.length === 0 ? 'Nothing odd.' : `Worth a look:\n${odd.map((o) => `  - ${o}`).join('\n')}`);
  return out.join('\n');
}
