// `npm run bench [-- SUITE ...]` (scripts/bench.sh starts PostgreSQL+pgvector and the Temporal dev server,
// then runs this) against the whole service. Suites: `knowledge` (the default: upload, ingestion, search,
// recall, cascade delete), `auth` (per-request cost of the credential check), `agent` (agent RAG beside
// space RAG, message posts, a whole agent run), `hardening` (hostile files at the default limits; the
// API's memory under 8 concurrent 100 MB uploads), `overhead` (the fixed cost of one semantic search request:
// its database statements and each middleware's share) and `web` (a 100-page website crawl and recrawl, main-text
// extraction) and `retrieval` (the labelled set over the Python documentation: recall, MRR and nDCG of
// keyword, semantic and hybrid search against BM25; no Temporal stack) and `sync` (an s3 source of 1,100 files:
// the time to sync 1,000 unchanged and 100 changed ones, then four sources synced at once) and `fairness` (one
// workspace's backlog against another's one job behind a single slot, keyed and unkeyed). Each prints a summary and
// writes bench/results/<suite>.json; `cascade` runs the knowledge suite's cascade delete step alone, `upload`
// its synchronous one-page upload step (with the workflow's Temporal round trips), `search` its search steps
// (synthetic loads, latency at each size, recall), `manual` its 388 manual pages (in the knowledge run only
// with KWS_BENCH_MANUAL=1), `keyword` keyword and hybrid (BM25) latency over synthetic chunks at each size. The
// embedding model's own benchmark is bench/embeddings/embed.bench.ts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createTestDatabase, type TestDatabase } from '../test/helpers/database';
import { startStack, type TestStack } from '../test/helpers/stack';
import { ensureEmbeddingSpace } from '../src/services/search/embeddingSpace';
import { measureAgent } from './agent/agent.bench';
import { measureAuthOverhead } from './auth/overhead.bench';
import { measureHostileFiles, measureUploadMemory } from './hardening/hardening.bench';
import {
  DEFAULT_OPTIONS,
  phaseTimer,
  runKnowledgeBench,
  runSearchSteps,
  type KnowledgeBenchOptions,
} from './knowledge/knowledge.bench';
import { measureCascadeDelete } from './knowledge/cascade';
import { formatKeywordLatency, runKeywordSteps } from './knowledge/keyword';
import { formatManual, manualRow, measureManualPages } from './knowledge/manual';
import { workflowTaskRow } from './knowledge/workflowTasks';
import { measureSyncUpload, newCaller } from './knowledge/ingestion';
import { formatIngest, measureIngest } from './knowledge/ingest';
import { measureRealSearch, realSearchTargets } from './knowledge/realSearch';
import { measureScale, scaleRows } from './knowledge/scale';
import { measureSearchOverhead } from './knowledge/searchOverhead';
import { formatReport, searchSections, searchTargets } from './knowledge/report';
import { table } from './lib/table';
import { loadAverage } from './lib/stats';
import { modelDirsFrom, positiveFrom, runModelComparison } from './retrieval/models.bench';
import { contextVariantsFrom, runContextComparison } from './retrieval/context.bench';
import { formatContextComparison, formatModelComparison, formatRetrievalReport } from './retrieval/report';
import { DEFAULT_RETRIEVAL_OPTIONS, runRetrievalBench } from './retrieval/retrieval.bench';
import { measureWeb } from './web/crawl.bench';
import { measureSync } from './sync/sync.bench';
import { DEFAULT_FAIRNESS, formatFairness, measureFairness } from './fairness/fairness.bench';
import { scrapedRun, type ScrapedRun } from './dashboard/scrape';

// dist/bench -> the repository root
const ROOT = path.resolve(__dirname, '../..');

const QUICK_OPTIONS: Partial<KnowledgeBenchOptions> = {
  uploadSamples: 3,
  searchSamples: 5,
  recallQueries: 5,
  sizes: [2_000, 8_000],
};

function options(): KnowledgeBenchOptions {
  const bulk = process.env.KWS_BENCH_BULK_LOAD;
  if (bulk !== undefined && bulk !== 'auto' && bulk !== 'incremental' && bulk !== 'rebuild') {
    throw new Error(`KWS_BENCH_BULK_LOAD must be auto, incremental or rebuild, not ${bulk}`);
  }
  // A smoke run of every step in a minute or two; its figures mean little.
  const quick = process.env.KWS_BENCH_QUICK === '1' ? QUICK_OPTIONS : {};
  // KWS_BENCH_SIZES=10000,100000: the corpus sizes searched (ascending chunk counts).
  const sizes = process.env.KWS_BENCH_SIZES?.split(',').map(Number);
  if (
    sizes &&
    (sizes.some((n) => !Number.isInteger(n) || n <= 0) || sizes.some((n, i) => i > 0 && n <= sizes[i - 1]!))
  ) {
    throw new Error(`KWS_BENCH_SIZES must be ascending positive integers, not ${process.env.KWS_BENCH_SIZES}`);
  }
  // KWS_BENCH_UPLOAD_SAMPLES / KWS_BENCH_SEARCH_SAMPLES: fewer samples on a loaded machine.
  const samples = (name: string) => positiveFrom(name, process.env[name]);
  const uploadSamples = samples('KWS_BENCH_UPLOAD_SAMPLES');
  // KWS_BENCH_MANUAL=1: the knowledge run includes the 388 manual pages (about 20 minutes more).
  const manual = process.env.KWS_BENCH_MANUAL === '1';
  const searchSamples = samples('KWS_BENCH_SEARCH_SAMPLES');
  // KWS_BENCH_REAL=0 leaves out the real corpus's search (on by default: its vectors come from the cache
  // scripts/bench-corpus.sh builds; the step says so when they are missing).
  const real = process.env.KWS_BENCH_REAL !== '0';
  return {
    ...DEFAULT_OPTIONS,
    ...quick,
    ...(bulk ? { bulkLoad: bulk } : {}),
    ...(sizes ? { sizes } : {}),
    ...(uploadSamples ? { uploadSamples } : {}),
    ...(searchSamples ? { searchSamples } : {}),
    ...(manual ? { manual } : {}),
    real,
  };
}

function manualPageCount(): number | undefined {
  const v = process.env.KWS_BENCH_MANUAL_PAGES;
  if (v === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(v)) throw new Error(`KWS_BENCH_MANUAL_PAGES must be a positive integer, not ${v}`);
  return Number(v);
}

const SUITES = [
  'knowledge',
  'auth',
  'agent',
  'hardening',
  'web',
  'retrieval',
  'cascade',
  'upload',
  'search',
  'manual',
  'keyword',
  'sync',
  'ingest',
  'real',
  'scale',
  'overhead',
  'fairness',
] as const;
type Suite = (typeof SUITES)[number];

async function writeResult(suite: Suite | 'retrieval-models' | 'retrieval-context', result: object): Promise<string> {
  const out = path.join(ROOT, `bench/results/${suite}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(result, null, 2) + '\n');
  return path.relative(ROOT, out);
}

/**
 * Fair dispatch round the workspaces on the bench's dev server (no service stack): KWS_BENCH_FAIRNESS_ROUNDS
 * (default 3) rounds of KWS_BENCH_FAIRNESS_BACKLOG (default 60) queued attempts, keyed and shared.
 */
async function fairnessSuite() {
  const env = process.env;
  const result = await measureFairness({
    ...DEFAULT_FAIRNESS,
    temporalAddress: env.TEMPORAL_ADDRESS!,
    rounds: positiveFrom('KWS_BENCH_FAIRNESS_ROUNDS', env.KWS_BENCH_FAIRNESS_ROUNDS) ?? DEFAULT_FAIRNESS.rounds,
    backlog: positiveFrom('KWS_BENCH_FAIRNESS_BACKLOG', env.KWS_BENCH_FAIRNESS_BACKLOG) ?? DEFAULT_FAIRNESS.backlog,
  });
  console.log(formatFairness(result));
  console.log(`[bench] wrote ${await writeResult('fairness', result)}`);
}

/** The labelled set: a database of its own (the chunks of the Python documentation), no service stack. */
async function retrievalSuite() {
  const database = await createTestDatabase('kws_retrieval');
  try {
    await ensureEmbeddingSpace(database, {
      name: 'local',
      model: 'all-MiniLM-L6-v2',
      modelVersion: 'bench',
      dimension: 384,
    });
    const subsetOpts = () => ({
      ...DEFAULT_RETRIEVAL_OPTIONS(ROOT),
      pageLimit: positiveFrom('KWS_RETRIEVAL_PAGES', process.env.KWS_RETRIEVAL_PAGES),
      questionLimit: positiveFrom('KWS_RETRIEVAL_QUESTIONS', process.env.KWS_RETRIEVAL_QUESTIONS),
    });
    // A database per vector dimension (the one above is 384's): all-mpnet-base-v2 has 768.
    const others = new Map<number, TestDatabase>();
    const dbFor = async (dimension: number) => {
      if (dimension === 384) return database.db;
      if (!others.has(dimension)) {
        const other = await createTestDatabase(`kws_retrieval_${dimension}`);
        others.set(dimension, other);
        await ensureEmbeddingSpace(other, { name: 'local', model: 'bench', modelVersion: 'bench', dimension });
      }
      return (others.get(dimension) as TestDatabase).db;
    };
    /** Writes a comparison's result and prints it. */
    const report = async (
      name: 'retrieval-context' | 'retrieval-models',
      result: { seconds: number },
      text: string,
    ) => {
      const out = await writeResult(name, result);
      console.log(`\n${text}\n`);
      console.log(`[bench] ${result.seconds} s; written to ${out}`);
    };
    // KWS_RETRIEVAL_CONTEXT=none,title: contextual chunk headers compared (bench/retrieval/context.bench.ts), with
    // all-MiniLM-L6-v2 or the model KWS_RETRIEVAL_MODEL_DIR names. KWS_RETRIEVAL_MODELS=dir1,dir2: the
    // embedding-model comparison instead (bench/retrieval/models.bench.ts). Both write their results after each
    // step, so a run cut short keeps the rows it finished.
    const variants = contextVariantsFrom(process.env.KWS_RETRIEVAL_CONTEXT);
    const modelDirs = modelDirsFrom(ROOT, process.env.KWS_RETRIEVAL_MODELS);
    if (variants || modelDirs) {
      const opts = subsetOpts();
      try {
        if (variants) {
          const name = 'retrieval-context';
          const result = await runContextComparison(dbFor, variants, opts, (p) => writeResult(name, p));
          await report(name, result, formatContextComparison(result));
        } else if (modelDirs) {
          const name = 'retrieval-models';
          const result = await runModelComparison(dbFor, modelDirs, opts, (p) => writeResult(name, p));
          await report(name, result, formatModelComparison(result));
        }
      } finally {
        for (const other of others.values()) await other.drop();
      }
      return;
    }
    const result = await runRetrievalBench(database.db, DEFAULT_RETRIEVAL_OPTIONS(ROOT));
    const out = await writeResult('retrieval', result);
    console.log(`\n${formatRetrievalReport(result)}\n`);
    console.log(`[bench] ${result.seconds} s; written to ${out}`);
  } finally {
    await database.drop();
  }
}

async function main() {
  const suites = process.argv.slice(2);
  for (const s of suites) {
    if (!(SUITES as readonly string[]).includes(s)) throw new Error(`unknown suite ${s}: one of ${SUITES.join(', ')}`);
  }
  const selected = (suites.length ? suites : ['knowledge']) as Suite[];
  for (const name of ['TEST_DATABASE_ADMIN_URL', 'TEMPORAL_ADDRESS']) {
    if (!process.env[name]) throw new Error(`${name} is not set: run the benchmarks with \`npm run bench\``);
  }
  const logger = new DefaultLogger('WARN');
  // KWS_BENCH_SCRAPE_TARGETS: a Prometheus scrapes this run (scripts/bench-dashboard.sh).
  const targetsFile = process.env.KWS_BENCH_SCRAPE_TARGETS;
  let scraped: ScrapedRun | undefined;
  if (targetsFile) scraped = await scrapedRun(targetsFile, logger);
  else Runtime.install({ logger });
  if (selected.includes('retrieval')) await retrievalSuite();
  if (selected.includes('fairness')) await fairnessSuite();
  if (selected.every((s) => s === 'retrieval' || s === 'fairness')) return;
  const opts = options();
  const started = Date.now();
  console.log('[bench] starting the stack (fresh database, Temporal worker, HTTPS app, embedding model)');
  let stack: TestStack | undefined;
  try {
    // EMBEDDING_THREADS and EMBEDDING_TEXT_SCHEME reach the bench's stack (its configuration is the test one, not
    // the environment).
    const threads = process.env.EMBEDDING_THREADS;
    const scheme = process.env.EMBEDDING_TEXT_SCHEME;
    const env = {
      ...(threads ? { EMBEDDING_THREADS: threads } : {}),
      ...(scheme ? { EMBEDDING_TEXT_SCHEME: scheme } : {}),
    };
    stack = await startStack({ metrics: scraped?.metrics, env });
    console.log(
      `[bench] EMBEDDING_THREADS: ${threads ?? `unset: the default, ${stack.config.embeddings.threads} (cores - 1)`}`,
    );
    await scraped?.publish(stack.baseUrl);
    if (selected.includes('auth')) {
      const result = await measureAuthOverhead(stack);
      console.log(JSON.stringify(result, null, 2));
      console.log(`[bench] auth written to ${await writeResult('auth', result)}`);
    }
    if (selected.includes('overhead')) {
      // The fixed cost of one semantic search request: statements per request, each middleware's share.
      const result = await measureSearchOverhead(stack);
      console.log(JSON.stringify(result, null, 2));
      console.log(`[bench] overhead written to ${await writeResult('overhead', result)}`);
    }
    if (selected.includes('agent')) {
      const result = await measureAgent(stack);
      console.log(JSON.stringify(result, null, 2));
      console.log(`[bench] agent written to ${await writeResult('agent', result)}`);
    }
    if (selected.includes('hardening')) {
      // KWS_BENCH_HARDENING=uploads or hostile runs one part; KWS_BENCH_API_ENTRY measures another build's API.
      const part = process.env.KWS_BENCH_HARDENING ?? 'all';
      const uploads =
        part === 'hostile'
          ? undefined
          : await measureUploadMemory({
              adminUrl: process.env.TEST_DATABASE_ADMIN_URL!,
              temporalAddress: process.env.TEMPORAL_ADDRESS!,
              apiEntry: process.env.KWS_BENCH_API_ENTRY ?? path.join(ROOT, 'dist/src/main/api.js'),
            });
      console.log(`[bench] ${JSON.stringify(uploads)}`);
      const hostileFiles = part === 'uploads' ? undefined : await measureHostileFiles(stack);
      const result = {
        loadAverage: (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3),
        uploads,
        hostileFiles,
      };
      console.log(`[bench] hardening written to ${await writeResult('hardening', result)}`);
    }
    if (selected.includes('web')) {
      const result = await measureWeb(stack);
      console.log(JSON.stringify(result, null, 2));
      console.log(`[bench] web written to ${await writeResult('web', result)}`);
    }
    if (selected.includes('sync')) {
      // An s3 source: 1,000 unchanged and 100 changed files, then four sources of 100 new files synced at once
      // (KWS_BENCH_SYNC_FILES=unchanged,changed,each of the four).
      const [unchanged, changed, eachOfFour] = (process.env.KWS_BENCH_SYNC_FILES ?? '1000,100,100')
        .split(',')
        .map(Number);
      const result = await measureSync(stack, unchanged, changed, eachOfFour);
      console.log(JSON.stringify(result, null, 2));
      const syncs = { first: result.firstSync, changed: result.changedSync, 'no-change': result.noChangeSync };
      const rows = Object.entries(syncs).map(([name, run]) => workflowTaskRow(`the ${name} sync`, run.workflowTasks));
      const four = result.concurrentSyncs;
      rows.push(
        workflowTaskRow(`${four.sources} syncs at once (${four.filesEach} new files each)`, four.workflowTasks),
      );
      console.log(`\n${table(['measure', 'measured', 'target', ''], rows)}\n`);
      console.log(`[bench] sync written to ${await writeResult('sync', result)}`);
    }
    if (selected.includes('ingest')) {
      // The knowledge suite's write-path steps alone: one-page uploads, the mixed corpus beside the embedder's
      // own rate, the per-step split, and the workflow tasks' durations (KWS_BENCH_UPLOAD_SAMPLES).
      const result = await measureIngest(stack, opts.uploadSamples);
      console.log(`\n${formatIngest(result)}\n`);
      console.log(`[bench] ingest written to ${await writeResult('ingest', result)}`);
    }
    if (selected.includes('real')) {
      // The read path on the real corpus (scripts/bench-corpus.sh builds its vectors once): 10,000 and
      // 100,000 chunks, every role filter, recall@10 against exact search (KWS_BENCH_SEARCH_SAMPLES).
      const result = await measureRealSearch(stack, { samples: opts.searchSamples });
      console.log(`\n${table(['measure', 'measured', 'target', ''], realSearchTargets(result))}\n`);
      console.log(`[bench] real written to ${await writeResult('real', result)}`);
    }
    if (selected.includes('scale')) {
      // Sizing: the mixed corpus (KWS_BENCH_SCALE_COPIES times over, default 3) with one worker, then with a
      // second worker process beside it.
      const copies = Number(process.env.KWS_BENCH_SCALE_COPIES ?? 3);
      const result = await measureScale(stack, copies);
      console.log(`\n${table(['workers', 'work', 'rate', 'CPU', ''], scaleRows(result))}\n`);
      console.log(`[bench] scale written to ${await writeResult('scale', result)}`);
    }
    if (selected.includes('cascade')) {
      // The knowledge suite's cascade step alone (KWS_BENCH_CASCADE_EXPLAIN=1 prints a first batch's plans).
      const loadBefore = loadAverage();
      const result = {
        ...(await measureCascadeDelete(stack, await newCaller(stack))),
        loadBefore,
        loadAfter: loadAverage(),
      };
      console.log(JSON.stringify(result, null, 2));
      console.log(`[bench] cascade written to ${await writeResult('cascade', result)}`);
    }
    if (selected.includes('upload')) {
      // The knowledge suite's synchronous one-page upload step alone, with its workflow's round trips.
      const loadBefore = loadAverage();
      const result = { ...(await measureSyncUpload(stack, opts.uploadSamples)), loadBefore, loadAfter: loadAverage() };
      console.log(JSON.stringify(result, null, 2));
      console.log(`[bench] upload written to ${await writeResult('upload', result)}`);
    }
    if (selected.includes('manual')) {
      // The knowledge suite's 388 manual pages alone (python3-doc: scripts/fetch-pydoc.sh).
      // KWS_BENCH_MANUAL_PAGES=N: only the first N pages (a smoke run; the row then says it is not the target's 388).
      const result = await measureManualPages(stack, manualPageCount());
      console.log(
        `\n${formatManual(result)}\n${table(['measure', 'this run', 'target', ''], [manualRow(result), workflowTaskRow('the manual pages', result.workflowTasks)])}\n`,
      );
      console.log(`[bench] manual written to ${await writeResult('manual', result)}`);
    }
    if (selected.includes('search')) {
      // The knowledge suite's search steps alone (3 and 4: synthetic loads, latency per size, recall).
      const { phase, loadAverages, phaseMs } = phaseTimer();
      const steps = await runSearchSteps(stack, opts, phase);
      const result = {
        date: new Date().toISOString(),
        loadAverages,
        phaseMs,
        syntheticData: steps.syntheticData,
        searchLatency: steps.searchLatency,
        keywordLatency: steps.keywordLatency,
        bulkLoad: steps.bulkLoad,
        chart: steps.chartFile,
        recallAt10: steps.recall,
      };
      const out = await writeResult('search', result);
      console.log(
        `\nLoad average (1/5/15 min): ${Object.entries(loadAverages)
          .map(([k, v]) => `${k} ${v.join(' ')}`)
          .join('; ')}\n`,
      );
      console.log(searchSections(result).join('\n'));
      console.log(`\n${table(['measure', 'measured', 'target', ''], searchTargets(result))}`);
      console.log(`[bench] search written to ${out}`);
    }
    if (selected.includes('keyword')) {
      const { workspaceId } = (await newCaller(stack)).tenant;
      const keywordLatency = await runKeywordSteps(
        stack.deps.db,
        stack.deps.embeddings,
        workspaceId,
        { sizes: opts.sizes, chunksPerItem: opts.chunksPerItem, samples: opts.searchSamples },
        (msg) => console.log(`[keyword] ${msg}`),
      );
      console.log(`\n${formatKeywordLatency(keywordLatency).join('\n')}\n`);
      console.log(
        `[bench] keyword written to ${await writeResult('keyword', { date: new Date().toISOString(), keywordLatency })}`,
      );
    }
    if (selected.includes('knowledge')) {
      const result = await runKnowledgeBench(stack, opts);
      const withTotal = { ...result, totalSeconds: Math.round((Date.now() - started) / 1000) };
      const out = await writeResult('knowledge', withTotal);
      console.log('');
      console.log(formatReport(result));
      console.log('');
      console.log(`[bench] ${withTotal.totalSeconds} s; written to ${out}`);
    }
  } finally {
    await scraped?.linger();
    await stack?.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
