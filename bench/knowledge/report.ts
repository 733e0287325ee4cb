// The readable summary of bench/results/knowledge.json, and the list of things in it worth a second look.
import { round, type Summary } from '../lib/stats';
import { table } from '../lib/table';
import { formatKeywordLatency } from './keyword';
import type { KnowledgeBenchResult } from './knowledge.bench';
import { formatManual, manualRow } from './manual';
import { ATTRIBUTE_1_PERCENT } from './search';
import { formatSteps, ingestTargets } from './ingest';
import { realSearchTargets } from './realSearch';
import { formatWorkflowTasks } from './workflowTasks';

const ms = (s: Summary) => `${s.p50} / ${s.p95}`;
const seconds = (x: number) => `${(x / 1000).toFixed(1)} s`;

/** The read path's rows on the real corpus, or one row saying why there are none. */
function issue42ReadRows(r: KnowledgeBenchResult): Array<[string, string, string, string]> {
  if (r.real) return realSearchTargets(r.real);
  return [
    [
      'real corpus (100,000 chunks): recall@10 and (API - embed) / raw, each filter',
      r.options.real ? 'not measured: no cached vectors (scripts/bench-corpus.sh)' : 'left out (KWS_BENCH_REAL=0)',
      '>= 0.95; <= 2x',
      'NOT met',
    ],
  ];
}

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
  for (const s of r.searchLatency) {
    for (const f of s.filters) {
      const name = `${s.chunks} chunks, filter ${f.filter}`;
      if (f.plan === 'hnsw' && !f.servicePlanExplained.usesHnswIndex)
        out.push(`${name}: the service chose HNSW but the planner does not use the index`);
      if (f.plan === 'exact' && f.servicePlanExplained.usesHnswIndex)
        out.push(`${name}: the service chose an exact scan but the planner uses the HNSW index`);
      if (f.resultsPerQuery < 10) out.push(`${name}: an API search returned ${f.resultsPerQuery} results`);
      if (f.recallAt10 < 0.95) out.push(`${name}: API recall@10 ${f.recallAt10}`);
    }
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

/** What the search steps (3 and 4) report: the knowledge suite's result, or the search suite's alone. */
export type SearchSteps = Pick<
  KnowledgeBenchResult,
  'searchLatency' | 'keywordLatency' | 'bulkLoad' | 'chart' | 'recallAt10' | 'syntheticData'
>;

/** The rows of issue 12's table: what was measured beside its target. */
export function targets(r: KnowledgeBenchResult): Array<[string, string, string, string]> {
  return [
    ...searchTargets(r),
    [
      'ingestion, mixed corpus',
      `${r.throughput.chunksPerSecond} chunks/s`,
      '>= 40 chunks/s',
      r.throughput.chunksPerSecond >= 40 ? 'met' : 'NOT met',
    ],
  ];
}

/** The search rows of issue 12's table. */
export function searchTargets(r: SearchSteps): Array<[string, string, string, string]> {
  const rows: Array<[string, string, string, string]> = [];
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const at = (chunks: number) => r.searchLatency.find((s) => s.chunks === chunks);
  const largest = r.searchLatency.at(-1);
  for (const s of [at(10_000), largest]) {
    const f = s?.filters.find((x) => x.filter === 'none');
    if (!s || !f) continue;
    rows.push([
      `API search, ${s.chunks} chunks, p50 (${f.plan}): (API - embed) / raw SQL`,
      `${f.apiMs.p50} ms API, ${f.rawSqlMs.p50} ms raw: ${f.ratio.p50}x`,
      '<= 2x',
      check(f.ratio.p50 <= 2),
    ]);
  }
  const none = largest?.filters.find((x) => x.filter === 'none');
  const recall = r.recallAt10.find((x) => x.filter === 'none' && !x.queries.startsWith('uniform'));
  if (largest && none) {
    rows.push([
      `recall@10 at ${largest.chunks} with the chosen plan (${none.plan})`,
      `${recall?.recallChosen ?? '?'} (synthetic queries), ${none.recallAt10} (the API's text queries)`,
      '>= 0.95',
      check(Math.min(recall?.recallChosen ?? 0, none.recallAt10) >= 0.95),
    ]);
    rows.push([
      `where it goes at ${largest.chunks}: embed / plan choice / query+rows / HTTPS+auth+JSON`,
      `${none.split.embedMs} / ${none.split.planChoiceMs} / ${none.split.queryAndRowsMs} / ${none.split.httpAuthJsonMs} ms`,
      'plan <= 0.5, HTTPS/auth/JSON <= 1 ms',
      check(none.split.planChoiceMs <= 0.5 && none.split.httpAuthJsonMs <= 1),
    ]);
    const filtered = r.recallAt10.find((x) => x.filter === ATTRIBUTE_1_PERCENT);
    if (filtered && recall) {
      const ratio = round(filtered.chosenMs.p50 / recall.chosenMs.p50, 2);
      rows.push([
        `${ATTRIBUTE_1_PERCENT} at ${largest.chunks} (${filtered.chosenPlan}): p50 vs unfiltered, recall@10 vs exact`,
        `${filtered.chosenMs.p50} / ${recall.chosenMs.p50} ms: ${ratio}x; recall ${filtered.recallChosen}`,
        '<= 1.5x, >= 0.95',
        check(ratio <= 1.5 && filtered.recallChosen >= 0.95),
      ]);
    }
    for (const name of ['role 10%', 'role 50%']) {
      const f = largest.filters.find((x) => x.filter === name);
      if (f)
        rows.push([
          `${name} at ${largest.chunks}, plan choice alone`,
          `${f.split.planChoiceMs} ms`,
          '<= 0.5 ms',
          check(f.split.planChoiceMs <= 0.5),
        ]);
    }
  }
  return rows;
}

/** d156f6f and c8b6c97's figures from issue 27's table (its bench, KWS_BENCH_SIZES=10000,100000). */
const ISSUE_27 = {
  ingestion: ['19.6 chunks/s', '10.5 chunks/s'],
  upload: ['469 ms', '580 ms'],
  manualPages: ['143 s', '216 s'],
  cascade: ['1.4 s', '4.3 s'],
  peakRss: ['1.06 GB', '1.22 GB'],
} as const;

/** Growth of the process's RSS during the cascade delete that still counts as flat memory. */
export const CASCADE_FLAT_RSS_MB = 64;
/** The floor for the default model (FP32 MiniLM) beside the ratio to the embedder's own rate. */
const INGESTION_FLOOR = 20;

/** The rows of issue 27's table (the write path): measured, the two commits it names, the target. */
export function writePathTargets(r: KnowledgeBenchResult): Array<[string, string, string, string, string, string]> {
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const t = r.throughput;
  const e = r.embedder;
  const rows: Array<[string, string, string, string, string, string]> = [];
  rows.push([
    `ingestion, mixed corpus (${t.files} files, ${t.chunks} chunks)`,
    `${t.chunksPerSecond} chunks/s = ${Math.round(e.ingestionRatio * 100)}% of the embedder's ${e.corpus.passagesPerSecond} passages/s`,
    ...ISSUE_27.ingestion,
    `>= 90% of the embedder; >= ${INGESTION_FLOOR} chunks/s (default model)`,
    check(e.ingestionRatio >= 0.9 && t.chunksPerSecond >= INGESTION_FLOOR),
  ]);
  const { sync } = r.uploadToSearchable;
  const budget = e.onePageUploadMs ? round(e.onePageUploadMs.p50 + 100) : undefined;
  rows.push([
    `upload -> searchable, one-page text (${sync.chunksPerFile} chunks), p50`,
    `${sync.totalMs.p50} ms`,
    ...ISSUE_27.upload,
    budget === undefined
      ? 'embedder time + 100 ms (not measured)'
      : `<= ${budget} ms (embedder ${e.onePageUploadMs!.p50} ms + 100)`,
    budget === undefined ? '?' : check(sync.totalMs.p50 <= budget),
  ]);
  const [measure, measured, target, verdict] = manualRow(r.manual);
  rows.push([measure, measured, ...ISSUE_27.manualPages, target, verdict]);
  const c = r.cascade;
  rows.push([
    `cascade delete, ${c.deleted} items (${c.batches} batches)`,
    `${(c.ms / 1000).toFixed(2)} s, RSS +${c.rssGrowthMb} MB`,
    ...ISSUE_27.cascade,
    `<= 1.5 s, RSS growth <= ${CASCADE_FLAT_RSS_MB} MB`,
    check(c.ms <= 1500 && c.rssGrowthMb <= CASCADE_FLAT_RSS_MB),
  ]);
  rows.push([
    'peak RSS, all-in-one process',
    `${(r.memory.peakRssMb / 1024).toFixed(2)} GB`,
    ...ISSUE_27.peakRss,
    '<= 1 GB',
    check(r.memory.peakRssMb <= 1024),
  ]);
  return rows;
}

export function formatReport(r: KnowledgeBenchResult): string {
  const { sync, background } = r.uploadToSearchable;
  const t = r.throughput;
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
    `  the embedder alone (${r.embedder.corpus.provider} ${r.embedder.corpus.model}, batch size ${r.embedder.corpus.batchSize}, ` +
      `same run): the corpus's ${r.embedder.corpus.passages} chunks in ${seconds(r.embedder.corpus.ms)} = ` +
      `${r.embedder.corpus.passagesPerSecond} passages/s; ingestion / embedder = ${r.embedder.ingestionRatio}`,
    `  CPU during ingestion: ${t.cpu.processSeconds} s in this process (client, API, worker, embedder), ` +
      `${t.cpu.childrenSeconds ?? 'n/a'} s in extraction children = ${Math.round(t.cpu.shareOfCores * 100)}% of ` +
      `${t.cpu.cores} cores over the step (PostgreSQL and the Temporal server not counted)`,
    table(
      ['type', 'files', 'pages', 'chunks'],
      t.byType.map((x) => [x.mimetype, x.files, x.pages, x.chunks]),
    ),
    '',
    ...searchSections(r),
    '',
    `Cascade delete of ${r.cascade.descendants} descendants (+ the root): ${r.cascade.deleted} deleted in ${r.cascade.batches} ` +
      `batches, ${(r.cascade.ms / 1000).toFixed(1)} s, ${r.cascade.remaining} left; process RSS ${r.cascade.rssBeforeMb} MB before, ` +
      `peak ${r.cascade.rssPeakMb} MB (+${r.cascade.rssGrowthMb} MB)`,
    '',
    `5. Peak RSS ${r.memory.peakRssMb} MB (${r.memory.note}; at the peak sample: ${r.memory.atPeak.rssMb} MB, ` +
      `anonymous ${r.memory.atPeak.anonymousMb ?? '?'}, file-backed ${r.memory.atPeak.fileBackedMb ?? '?'}, main V8 heap ` +
      `${r.memory.atPeak.heapUsedMb}/${r.memory.atPeak.heapTotalMb} MB); database ${r.database.sizeMb} MB ` +
      `(knowledge_chunks ${r.database.knowledgeChunksTotalMb} MB with indexes and TOAST, heap ${r.database.knowledgeChunksHeapMb} MB, ` +
      `HNSW index ${r.database.hnswIndexMb} MB; knowledge ${r.database.knowledgeTotalMb} MB)`,
  );
  if (r.manual) out.push('', formatManual(r.manual));
  out.push('', "Targets (issue 12's table)", table(['measure', 'measured', 'target', ''], targets(r)));
  out.push(
    '',
    "The write path (issue 27's table; d156f6f and c8b6c97 as the issue measured them)",
    table(['measure', 'this run', 'd156f6f', 'c8b6c97', 'target', ''], writePathTargets(r)),
  );
  out.push(
    '',
    "The write path and the read path on real vectors (issue 42's table)",
    formatWorkflowTasks('the one-page uploads', r.ingest.syncWorkflowTasks),
    formatWorkflowTasks('the corpus ingestion', r.ingest.workflowTasks),
    `  per step of the corpus ingestion (mean per file or call): ${formatSteps(r.ingest.steps, r.throughput.files)}`,
    table(['measure', 'measured', 'target', ''], [...ingestTargets(r.ingest), ...issue42ReadRows(r)]),
  );
  const odd = oddities(r);
  out.push('', odd.length === 0 ? 'Nothing odd.' : `Worth a look:\n${odd.map((o) => `  - ${o}`).join('\n')}`);
  return out.join('\n');
}

/** Sections 3 and 4: search latency at each size, recall@10 at the largest. */
export function searchSections(r: SearchSteps): string[] {
  const b = r.bulkLoad;
  return [
    `3. Semantic search through the API, limit 10, ms (p50 / p95); ${r.syntheticData.chunksPerItem} synthetic chunks per item; ` +
      'roles sent as roleIds; raw SQL: the same query (same plan and filter) as plain pgvector SQL through the same pool',
    table(
      [
        'chunks',
        'filter',
        'plan',
        'n',
        'API',
        'raw SQL',
        '(API-embed)/raw',
        'embed',
        'plan choice',
        'query+rows',
        'HTTPS/auth/JSON',
        'recall@10',
      ],
      r.searchLatency.flatMap((s) =>
        s.filters.map((f) => [
          s.chunks,
          f.filter,
          f.plan,
          f.apiMs.n,
          ms(f.apiMs),
          ms(f.rawSqlMs),
          `${f.ratio.p50}x`,
          f.split.embedMs,
          f.split.planChoiceMs,
          f.split.queryAndRowsMs,
          f.split.httpAuthJsonMs,
          f.recallAt10.toFixed(3),
        ]),
      ),
    ),
    ...r.searchLatency.map(
      (s) =>
        `  ${s.chunks}, no filter: API over a new TLS connection per request ${ms(s.apiNewConnectionMs)}; ` +
        `space RAG API ${ms(s.ragApiMs)}; pgvector at its default ef_search 40 ${ms(s.pgvectorDefaultMs)}; ` +
        `service plan: ${s.filters[0]?.servicePlanExplained.nodes.join(' > ')}`,
    ),
    ...r.searchLatency.flatMap((s) =>
      s.filters.map(
        (f) =>
          `  ${s.chunks}, ${f.filter}: HTTPS/auth/JSON with the API call first ${f.split.httpAuthJsonApiFirstMs} ms, ` +
          `with the service call first ${f.split.httpAuthJsonServiceFirstMs} ms; raw SQL first ${f.split.rawFirstMs} ms, ` +
          `last ${f.split.rawLastMs} ms`,
      ),
    ),
    ...r.searchLatency.flatMap((s) =>
      s.filters
        .filter((f) => f.textQuerySweep)
        .map(
          (f) =>
            `  ${s.chunks}, ${f.filter}, the API's ${f.textQuerySweep!.queries} text queries through the service's HNSW query, ` +
            `ef_search/first scan: recall@10, p50 ms (SET LOCAL alone ${f.textQuerySweep!.setLocalMs.p50} ms):\n    ` +
            f
              .textQuerySweep!.points.map((p) => `${p.efSearch}/${p.firstScan}: ${p.recall.toFixed(3)}, ${p.ms.p50}`)
              .join('; '),
        ),
    ),
    `  loads: ${b.loads.map((l) => `to ${l.toChunks} (${l.mode}) ${seconds(l.ms)}`).join('; ')}; chart: ${r.chart}`,
    ...formatKeywordLatency(r.keywordLatency ?? []),
    '',
    '4. Recall@10 against exact search at the largest size; latency ms (p50 / p95)',
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
  ];
}
