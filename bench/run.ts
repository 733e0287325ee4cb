// `npm run bench [-- suite...]` (scripts/bench.sh starts PostgreSQL+pgvector and the Temporal dev server,
// then runs this). Suites: `knowledge` (the default: the knowledge benchmarks against the whole service,
// bench/results/knowledge.json) and `retrieval` (the labelled set over the Python documentation,
// bench/results/retrieval.json). The embedding model's own benchmark is bench/embeddings/embed.bench.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createTestDatabase } from '../test/helpers/database';
import { startStack, type TestStack } from '../test/helpers/stack';
import { ensureEmbeddingSpace } from '../src/services/embeddingSpace';
import { DEFAULT_OPTIONS, runKnowledgeBench, type KnowledgeBenchOptions } from './knowledge/knowledge.bench';
import { formatReport } from './knowledge/report';
import { formatRetrievalReport } from './retrieval/report';
import { DEFAULT_RETRIEVAL_OPTIONS, runRetrievalBench } from './retrieval/retrieval.bench';

// dist/bench -> the repository root
const ROOT = path.resolve(__dirname, '../..');
const SUITES = ['knowledge', 'retrieval'] as const;
type Suite = (typeof SUITES)[number];

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

async function write(name: string, result: object): Promise<string> {
  const out = path.join(ROOT, `bench/results/${name}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(result, null, 2) + '\n');
  return path.relative(ROOT, out);
}

async function knowledgeSuite() {
  const started = Date.now();
  console.log('[bench] starting the stack (fresh database, Temporal worker, HTTPS app, embedding model)');
  let stack: TestStack | undefined;
  try {
    stack = await startStack();
    const result = await runKnowledgeBench(stack, options());
    const withTotal = { ...result, totalSeconds: Math.round((Date.now() - started) / 1000) };
    const file = await write('knowledge', withTotal);
    console.log(`\n${formatReport(result)}\n`);
    console.log(`[bench] ${withTotal.totalSeconds} s; written to ${file}`);
  } finally {
    await stack?.close();
  }
}

async function retrievalSuite() {
  const database = await createTestDatabase('kws_retrieval');
  try {
    const dimension = 384;
    await ensureEmbeddingSpace(database.db, {
      name: 'local',
      model: 'all-MiniLM-L6-v2',
      modelVersion: 'bench',
      dimension,
    });
    const result = await runRetrievalBench(database.db, DEFAULT_RETRIEVAL_OPTIONS(ROOT));
    const file = await write('retrieval', result);
    console.log(`\n${formatRetrievalReport(result)}\n`);
    console.log(`[bench] ${result.seconds} s; written to ${file}`);
  } finally {
    await database.drop();
  }
}

async function main() {
  for (const name of ['TEST_DATABASE_ADMIN_URL', 'TEMPORAL_ADDRESS']) {
    if (!process.env[name]) throw new Error(`${name} is not set: run the benchmarks with \`npm run bench\``);
  }
  const asked = process.argv.slice(2);
  const unknown = asked.filter((s) => !(SUITES as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`unknown suite ${unknown.join(', ')}; suites: ${SUITES.join(', ')}`);
  const suites: Suite[] = asked.length > 0 ? (asked as Suite[]) : ['knowledge'];
  Runtime.install({ logger: new DefaultLogger('WARN') });
  for (const suite of suites) {
    if (suite === 'knowledge') await knowledgeSuite();
    else await retrievalSuite();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
