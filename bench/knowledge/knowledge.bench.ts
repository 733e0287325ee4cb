// The knowledge benchmarks against the whole service (test/helpers/stack startStack: HTTPS app, fresh
// database on the real PostgreSQL+pgvector, Temporal worker, in-process S3, the embedding model):
// upload-to-searchable latency, ingestion throughput, semantic search latency at 10k and 100k chunks,
// HNSW recall@10, peak RSS and database size. Figures only; nothing here asserts a time.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { TestStack } from '../../test/helpers/stack';
import { loadAverage, round } from '../lib/stats';
import { measureCascadeDelete } from './cascade';
import { measureIngest } from './ingest';
import { measureBackgroundUpload, newCaller } from './ingestion';
import { measureRealSearch } from './realSearch';
import { writeLatencyChart } from './chart';
import { sampleMemory } from '../lib/memory';
import { measureManualPages } from './manual';
import { measureKeywordLatency, type KeywordLatencyResult } from './keyword';
import { measureRecall, measureSearchLatency, selectivityFilters, type SearchLatencyResult } from './search';
import { hnswIndexDefinition, HNSW_INDEX, loadItems, PROSE_HNSW_INDEX, rebuildHnswIndex, VectorModel } from './vectors';
import { keepsProseVectors } from '../../src/domain/embeddingText';

export interface KnowledgeBenchOptions {
  uploadSamples: number;
  searchSamples: number;
  recallQueries: number;
  chunksPerItem: number;
  /** Chunk counts at which search latency is measured (ascending); recall is measured at the last. */
  sizes: number[];
  /**
   * Bulk load beyond the first size: 'incremental' inserts into the live HNSW index, 'rebuild' drops it and
   * recreates it afterwards, 'auto' rebuilds when the first size's insert rate projects past maxIncrementalMs.
   */
  bulkLoad: 'auto' | 'incremental' | 'rebuild';
  maxIncrementalMs: number;
  /** The latency-versus-size chart (PNG). */
  chartFile: string;
  /** The 388 manual pages (bench/knowledge/manual.ts): about 20 minutes at 10-15 chunks/s, so off by default. */
  manual: boolean;
  /** The read path on the real corpus (bench/knowledge/realSearch.ts; its vectors cached by scripts/bench-corpus.sh). */
  real: boolean;
}

export const DEFAULT_OPTIONS: KnowledgeBenchOptions = {
  uploadSamples: 30,
  searchSamples: 40,
  recallQueries: 30,
  chunksPerItem: 4,
  sizes: [10_000, 30_000, 100_000],
  bulkLoad: 'auto',
  maxIncrementalMs: 150_000,
  chartFile: 'bench/results/search-latency.png',
  manual: false,
  real: false,
};

const log = (msg: string) => console.log(`[bench] ${msg}`);

export async function runKnowledgeBench(stack: TestStack, opts: KnowledgeBenchOptions = DEFAULT_OPTIONS) {
  const db = stack.deps.db;
  const dim = stack.deps.embeddings.dimension;
  const { phase, loadAverages, phaseMs } = phaseTimer();
  // Where the peak RSS goes: V8 heap of the main thread, external, anonymous and file-backed at the peak sample.
  const memorySampler = sampleMemory();

  // 1-2. Upload to searchable (synchronous), ingestion of the mixed corpus, the embedder alone on the same
  // chunks (same provider), where the time goes per step and how long workflow tasks were held.
  const ingest = await phase('ingest', () => measureIngest(stack, opts.uploadSamples));
  const { sync: syncUpload, throughput, embedder } = ingest;
  const backgroundUpload = await phase('backgroundUpload', () => measureBackgroundUpload(stack, opts.uploadSamples));

  // 2c. The 388 manual pages, and the embedder alone on their chunks.
  const manual = opts.manual ? await phase('manual', () => measureManualPages(stack)) : undefined;

  // 3. Search latency at each size, 4. recall@10 at the largest.
  const { caller, searchLatency, keywordLatency, bulkLoad, chartFile, recall, syntheticData } = await runSearchSteps(
    stack,
    opts,
    phase,
  );

  // Cascade delete of a 10,100-item tree: time, batches, process growth.
  const cascade = await phase('cascade', () => measureCascadeDelete(stack, caller));

  // 4b. The read path on the real corpus, when scripts/bench-corpus.sh has cached its vectors (or
  // KWS_BENCH_REAL=1: whatever part is cached).
  const real = opts.real
    ? await phase('real', () =>
        measureRealSearch(stack, { samples: opts.searchSamples }).catch((err: unknown) => {
          log(`real corpus: ${err instanceof Error ? err.message : String(err)}`);
          return undefined;
        }),
      )
    : undefined;

  // 5. Memory and disk.
  const sizes = (
    await db.raw(
      `select pg_database_size(current_database())::bigint as database,
              pg_total_relation_size('knowledge_chunks')::bigint as chunks_total,
              pg_relation_size('knowledge_chunks')::bigint as chunks_heap,
              pg_relation_size('${HNSW_INDEX}')::bigint as hnsw_index,
              pg_total_relation_size('knowledge')::bigint as knowledge_total`,
    )
  ).rows[0] as Record<string, string>;
  const mb = (bytes: string | undefined) => round(Number(bytes) / 2 ** 20, 1);
  const pgVersion = (await db.raw('select version() as v')).rows[0].v as string;
  const pgvectorVersion = (await db.raw(`select extversion from pg_extension where extname = 'vector'`)).rows[0]
    .extversion as string;

  return {
    benchmark: 'knowledge',
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      postgres: pgVersion.split(' ').slice(0, 2).join(' '),
      pgvector: pgvectorVersion,
    },
    embeddings: {
      provider: stack.deps.embeddings.name,
      model: stack.deps.embeddings.model,
      dimension: dim,
    },
    options: opts,
    loadAverages,
    phaseMs,
    uploadToSearchable: { sync: syncUpload, background: backgroundUpload },
    throughput,
    embedder,
    ingest,
    real,
    manual,
    syntheticData,
    bulkLoad,
    searchLatency,
    keywordLatency,
    chart: chartFile,
    cascade,
    recallAt10: recall,
    memory: {
      peakRssMb: round(process.resourceUsage().maxRSS / 1024, 0),
      atPeak: memorySampler.stop(),
      note: 'one process: API, Temporal worker, embedding model, in-process S3 and the benchmark client',
    },
    database: {
      sizeMb: mb(sizes.database),
      knowledgeChunksTotalMb: mb(sizes.chunks_total),
      knowledgeChunksHeapMb: mb(sizes.chunks_heap),
      hnswIndexMb: mb(sizes.hnsw_index),
      knowledgeTotalMb: mb(sizes.knowledge_total),
    },
  };
}

export type KnowledgeBenchResult = Awaited<ReturnType<typeof runKnowledgeBench>>;

/** A timed step of the bench: logs its start and end and records its time and the load average after it. */
export type Phase = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export function phaseTimer() {
  const loadAverages: Record<string, number[]> = { start: loadAverage() };
  const phaseMs: Record<string, number> = {};
  const phase: Phase = async (name, fn) => {
    log(`${name}: running (load average ${loadAverage().join(' ')})`);
    const start = performance.now();
    const value = await fn();
    phaseMs[name] = round(performance.now() - start, 0);
    loadAverages[name] = loadAverage();
    log(`${name}: done in ${(phaseMs[name] / 1000).toFixed(1)} s`);
    return value;
  };
  return { phase, loadAverages, phaseMs };
}

/**
 * Steps 3 and 4 (`npm run bench -- search` runs only these): synthetic chunks loaded up to each size, search
 * latency at each, recall@10 at the largest.
 */
export async function runSearchSteps(
  stack: TestStack,
  opts: Pick<
    KnowledgeBenchOptions,
    'sizes' | 'chunksPerItem' | 'bulkLoad' | 'maxIncrementalMs' | 'searchSamples' | 'recallQueries' | 'chartFile'
  >,
  phase: Phase,
) {
  const db = stack.deps.db;
  const dim = stack.deps.embeddings.dimension;
  // Search latency at each size: the first inserted into the live HNSW index, the rest in bulk.
  const caller = await newCaller(stack);
  const ws = caller.tenant.workspaceId;
  const { roles, filters } = await selectivityFilters(db, ws);
  const model = new VectorModel(dim, 42);
  const itemsAt = (chunks: number) => Math.round(chunks / opts.chunksPerItem);
  // A deployment of the default scheme (header-mix) holds a prose vector per chunk, which prose queries read.
  const prose = keepsProseVectors(stack.deps.config.embeddings.textScheme);
  log(
    `EMBEDDING_TEXT_SCHEME ${stack.deps.config.embeddings.textScheme}: ${prose ? 'two vectors' : 'one vector'} per chunk`,
  );
  const indexDefinition = await hnswIndexDefinition(db);
  if (!indexDefinition) throw new Error(`${HNSW_INDEX} does not exist: the embedding space was not set up`);

  const searchLatency: SearchLatencyResult[] = [];
  const keywordLatency: KeywordLatencyResult[] = [];
  const loads: Array<{ toChunks: number; mode: 'live' | 'incremental' | 'rebuild'; ms: number; chunks: number }> = [];
  let rate = 0; // chunks per ms into the live index, from the first load
  for (const [i, size] of opts.sizes.entries()) {
    const from = i === 0 ? 0 : itemsAt(opts.sizes[i - 1] as number);
    const remaining = size - (i === 0 ? 0 : (opts.sizes[i - 1] as number));
    const projected = i === 0 ? 0 : remaining / rate;
    const mode =
      i === 0
        ? 'live'
        : opts.bulkLoad === 'auto'
          ? projected > opts.maxIncrementalMs
            ? 'rebuild'
            : 'incremental'
          : opts.bulkLoad;
    if (mode === 'rebuild') await db.raw(`DROP INDEX ${HNSW_INDEX}${prose ? `, ${PROSE_HNSW_INDEX}` : ''}`);
    const load = await phase(`load${size}`, () =>
      loadItems({
        db,
        workspaceId: ws,
        roles,
        model,
        fromItem: from,
        toItem: itemsAt(size),
        chunksPerItem: opts.chunksPerItem,
        prose,
      }),
    );
    let ms = load.ms;
    if (mode === 'rebuild') ms += await phase(`hnswBuild${size}`, () => rebuildHnswIndex(db, '1GB', prose));
    if (i === 0) rate = load.chunks / load.ms;
    loads.push({ toChunks: size, mode, ms: round(ms, 0), chunks: load.chunks });
    log(`${size} chunks: ${load.chunks} loaded (${mode}) in ${(ms / 1000).toFixed(1)} s`);
    await db.raw('ANALYZE knowledge, knowledge_chunks, knowledge_roles');
    searchLatency.push(
      await phase(`search${size}`, () =>
        measureSearchLatency(stack, caller, { chunks: size, items: itemsAt(size) }, filters, opts.searchSamples),
      ),
    );
    keywordLatency.push(
      await phase(`keyword${size}`, () =>
        measureKeywordLatency(db, stack.deps.embeddings, ws, size, filters, opts.searchSamples),
      ),
    );
  }
  const rebuiltDefinition = await hnswIndexDefinition(db);
  const bulkLoad = {
    loads,
    indexBuildMaintenanceWorkMem: '1GB (session setting)',
    indexDefinitionUnchanged: rebuiltDefinition === indexDefinition,
    indexDefinition: rebuiltDefinition,
  };
  const chartFile = await writeLatencyChart(searchLatency, opts.chartFile);

  // Recall@10 at the largest size.
  const recall = await phase('recall', () => measureRecall(db, ws, roles, model, opts.recallQueries));

  const syntheticData = {
    vectors: 'clustered model, see bench/knowledge/vectors.ts (256 clusters, 16-d subspaces, noise)',
    chunksPerItem: opts.chunksPerItem,
    roles: 'nested: 1% (item n % 100 == 0), 10% (n % 10), 50% (n % 2) via knowledge_roles',
  };
  return { caller, searchLatency, keywordLatency, bulkLoad, chartFile, recall, syntheticData };
}
