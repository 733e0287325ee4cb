// Local embedding model throughput and latency: load time, documents/second for 256-token passages at
// batch sizes 8 and 32, query latency p50/p95 and peak RSS. Prints the figures and writes
// bench/results/embeddings.json. Run: node dist/bench/embeddings/embed.bench.js [modelDir]
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as ort from 'onnxruntime-node';
import { createLocalEmbeddingProvider, provisionedModelDir, readModelInfo } from '../../src/embeddings';
import { WordPieceTokenizer } from '../../src/embeddings/wordpiece';

// dist/bench/embeddings -> the repository root
const ROOT = path.resolve(__dirname, '../../..');
const PASSAGE_TOKENS = 256;
const DOCS_PER_RUN = 64;
const ROUNDS = 3;
const QUERIES = 60;

const WORDS = (
  'the of and to in is for on that with as by this are from at an be or it which has have was can were more ' +
  'customer order invoice refund shipping delivery account password payment subscription policy support team ' +
  'report revenue quarter growth market product service update release feature security access role workspace ' +
  'document knowledge search result query index vector database storage upload file workflow approval review ' +
  'manager employee contract agreement compliance audit privacy data retention backup recovery incident'
).split(' ');

/** A deterministic pseudo-random generator (mulberry32), so every run embeds the same passages. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)] as string);
  return picked.join(' ') + '.';
}

/** Passages of exactly `tokens` model tokens ([CLS] and [SEP] included). */
function passages(tokenizer: WordPieceTokenizer, count: number, tokens: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    let text = '';
    while (tokenizer.encode(text).length < tokens)
      text += (text ? ' ' : '') + sentence(next, 8 + Math.floor(next() * 10));
    const words = text.split(' ');
    while (tokenizer.encode(words.join(' ')).length > tokens) words.pop();
    return words.join(' ');
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const round = (x: number, digits = 1) => Number(x.toFixed(digits));

export async function runEmbeddingBench(modelDir = provisionedModelDir(ROOT)) {
  const info = await readModelInfo(modelDir);
  const tokenizer = await WordPieceTokenizer.fromVocabFile(path.join(modelDir, 'vocab.txt'), {
    doLowerCase: info.doLowerCase,
    maxTokens: 100_000,
    specialTokens: info.specialTokens,
  });
  const docs = passages(tokenizer, DOCS_PER_RUN, Math.min(PASSAGE_TOKENS, info.maxTokens), 42);
  const queries = Array.from({ length: QUERIES }, (_, i) => sentence(random(1000 + i), 6 + (i % 8)));

  // Other work on the machine skews the figures; its load average before the run is recorded with them.
  const loadAverageBefore = os.loadavg().map((x) => round(x, 2));
  const loadStart = performance.now();
  let provider = await createLocalEmbeddingProvider({ modelDir, batchSize: 8 });
  const loadMs = performance.now() - loadStart;
  const rssAfterLoadMb = process.memoryUsage().rss / 2 ** 20;

  // The machine is shared: each figure is the median of ROUNDS runs (the best is kept too).
  const throughput: Record<string, { docsPerSecond: number; bestDocsPerSecond: number; msPerDoc: number }> = {};
  for (const batchSize of [8, 32]) {
    if (batchSize !== 8) {
      await provider.close();
      provider = await createLocalEmbeddingProvider({ modelDir, batchSize });
    }
    await provider.embedDocuments(docs.slice(0, batchSize)); // warm-up
    const rates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await provider.embedDocuments(docs);
      rates.push(docs.length / ((performance.now() - start) / 1000));
    }
    rates.sort((a, b) => a - b);
    const median = percentile(rates, 50);
    throughput[`batch${batchSize}`] = {
      docsPerSecond: round(median),
      bestDocsPerSecond: round(rates.at(-1) as number),
      msPerDoc: round(1000 / median),
    };
  }

  for (const q of queries.slice(0, 5)) await provider.embedQuery(q); // warm-up
  const latencies: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    await provider.embedQuery(q);
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  await provider.close();

  const result = {
    benchmark: 'embeddings',
    date: new Date().toISOString(),
    model: info.name,
    modelVersion: info.version,
    dimension: info.dimension,
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      onnxruntime: ort.env.versions.node,
    },
    threads: 'onnxruntime default (one per physical core)',
    loadMs: round(loadMs),
    passageTokens: Math.min(PASSAGE_TOKENS, info.maxTokens),
    documents: docs.length,
    rounds: ROUNDS,
    loadAverageBefore,
    throughput,
    queryLatencyMs: {
      queries: latencies.length,
      p50: round(percentile(latencies, 50), 2),
      p95: round(percentile(latencies, 95), 2),
    },
    rssAfterLoadMb: round(rssAfterLoadMb),
    peakRssMb: round(process.resourceUsage().maxRSS / 1024),
  };
  const out = path.join(ROOT, 'bench/results/embeddings.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
  console.log(`written to ${path.relative(ROOT, out)}`);
  return result;
}

if (require.main === module) {
  runEmbeddingBench(process.argv[2]).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
