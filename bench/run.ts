// `npm run bench` (scripts/bench.sh starts PostgreSQL+pgvector and the Temporal dev server, then runs
// this): the knowledge benchmarks against the whole service. Prints a summary and writes
// bench/results/knowledge.json. The embedding model's own benchmark is bench/embeddings/embed.bench.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startStack, type TestStack } from '../test/helpers/stack';
import { DEFAULT_OPTIONS, runKnowledgeBench, type KnowledgeBenchOptions } from './knowledge/knowledge.bench';
import { formatReport } from './knowledge/report';

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
  return { ...DEFAULT_OPTIONS, ...quick, ...(bulk ? { bulkLoad: bulk } : {}) };
}

async function main() {
  for (const name of ['TEST_DATABASE_ADMIN_URL', 'TEMPORAL_ADDRESS']) {
    if (!process.env[name]) throw new Error(`${name} is not set: run the benchmarks with \`npm run bench\``);
  }
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const opts = options();
  const started = Date.now();
  console.log('[bench] starting the stack (fresh database, Temporal worker, HTTPS app, embedding model)');
  let stack: TestStack | undefined;
  try {
    stack = await startStack();
    const result = await runKnowledgeBench(stack, opts);
    const out = path.join(ROOT, 'bench/results/knowledge.json');
    await mkdir(path.dirname(out), { recursive: true });
    const withTotal = { ...result, totalSeconds: Math.round((Date.now() - started) / 1000) };
    await writeFile(out, JSON.stringify(withTotal, null, 2) + '\n');
    console.log('');
    console.log(formatReport(result));
    console.log('');
    console.log(`[bench] ${withTotal.totalSeconds} s; written to ${path.relative(ROOT, out)}`);
  } finally {
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
