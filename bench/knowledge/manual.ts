// Issue 27's "388 real manual pages" row: the Python 3 documentation of Debian's python3-doc (installed by
// scripts/fetch-pydoc.sh) uploaded as files through the real HTTPS API, 4 uploads at a time,
// BACKGROUND_START, until every item is COMPLETED; then the embedder alone on the very chunks ingestion
// stored, in the same run: their embedding time is the floor under the ingestion time.
//
// The pages: every page the retrieval bench keeps (bench/retrieval/pydoc.ts loadPythonDocs: the library and
// language references, tutorial, HOWTOs, FAQs, using, extending and the glossary, index pages of under 200
// characters left out), sorted by path, converted to text, one .txt file each (the path with '/' as '_').
// python3-doc 3.11.2-1 gives exactly 388 such pages; another version may give more, and only the first 388
// by path are uploaded, so the set is the same on every machine with that package.
import { performance } from 'node:perf_hooks';
import type { TestStack } from '../../test/helpers/stack';
import { type MemoryPeak, sampleMemory } from '../lib/memory';
import { loadAverage, round } from '../lib/stats';
import { loadPythonDocs } from '../retrieval/pydoc';
import type { BenchFile } from './corpus';
import { chunkTexts, measureEmbedderRate, type EmbedderRate } from './embedder';
import { measureIngestionThroughput } from './ingestion';
import { formatWorkflowTasks, measureWorkflowTasks, type WorkflowTaskStats } from './workflowTasks';

export const MANUAL_PAGES = 388;
export const MANUAL_UPLOAD_CONCURRENCY = 4;
/** Issue 27's target for the whole step. */
export const MANUAL_TARGET_SECONDS = 120;

/** The first `count` kept pages of the installed Python documentation, by path, as text files. */
export async function manualPages(count = MANUAL_PAGES): Promise<BenchFile[]> {
  const pages = (await loadPythonDocs()).slice(0, count);
  if (pages.length < count) throw new Error(`python3-doc gives ${pages.length} pages, fewer than ${count}`);
  return pages.map((p) => ({
    filename: `${p.path.replace(/\.html$/, '').replace(/\//g, '_')}.txt`,
    contentType: 'text/plain',
    bytes: Buffer.from(`${p.title}\n\n${p.text}`),
    query: p.title,
  }));
}
export interface ManualResult {
  pages: number;
  bytes: number;
  chunks: number;
  completed: number;
  errors: number;
  uploadConcurrency: number;
  /** First POST to every item COMPLETED. */
  seconds: number;
  chunksPerSecond: number;
  /** The embedder alone on the same chunks, after the ingestion. */
  embedder: EmbedderRate;
  /** chunks/s of ingestion over the embedder's passages/s. */
  ratio: number;
  /** The embedder's time for these chunks: no ingestion of them can be faster. */
  floorSeconds: number;
  targetSeconds: number;
  memoryPeak: MemoryPeak;
  loadBefore: number[];
  loadAfter: number[];
  /** The whole step: ingestion, then the embedder's own pass. */
  stepSeconds: number;
  /** How long the workers held their workflow tasks while the pages were ingested (issue 42: max <= 2 s). */
  workflowTasks: WorkflowTaskStats;
}

export async function measureManualPages(stack: TestStack, count = MANUAL_PAGES): Promise<ManualResult> {
  const files = await manualPages(count);
  console.log(`[bench] manual: uploading ${files.length} pages (load average ${loadAverage().join(' ')})`);
  const loadBefore = loadAverage();
  const since = new Date();
  const started = performance.now();
  const memory = sampleMemory();
  // 20 minutes: at 10 chunks/s the pages take about 13.
  const t = await measureIngestionThroughput(stack, MANUAL_UPLOAD_CONCURRENCY, files, 20 * 60_000);
  const memoryPeak = memory.stop();
  console.log(
    `[bench] manual: ${t.chunks} chunks ingested in ${round(t.totalMs / 1000)} s; the embedder alone on them`,
  );
  const workflowTasks = await measureWorkflowTasks(stack.deps.temporal.client, stack.config.temporal.taskQueue, since);
  const embedder = await measureEmbedderRate(stack, await chunkTexts(stack, { workspace_id: t.workspaceId }));
  const seconds = t.totalMs / 1000;
  return {
    pages: t.files,
    bytes: t.bytes,
    chunks: t.chunks,
    completed: t.completed,
    errors: t.errors.length,
    uploadConcurrency: MANUAL_UPLOAD_CONCURRENCY,
    seconds: round(seconds, 1),
    chunksPerSecond: t.chunksPerSecond,
    embedder,
    ratio: round(t.chunksPerSecond / embedder.passagesPerSecond, 3),
    floorSeconds: round(embedder.ms / 1000, 1),
    targetSeconds: MANUAL_TARGET_SECONDS,
    memoryPeak,
    loadBefore,
    loadAfter: loadAverage(),
    stepSeconds: round((performance.now() - started) / 1000, 0),
    workflowTasks,
  };
}

/** Issue 27's row for the manual pages: [measure, this run, target, verdict]. */
export function manualRow(m: ManualResult | undefined): [string, string, string, string] {
  const measure = `${m?.pages ?? MANUAL_PAGES} real manual pages, ${MANUAL_UPLOAD_CONCURRENCY} uploads at a time`;
  if (!m)
    return [
      measure,
      'not run (`npm run bench -- manual`, or KWS_BENCH_MANUAL=1)',
      `<= ${MANUAL_TARGET_SECONDS} s`,
      '?',
    ];
  const impossible = m.floorSeconds > m.targetSeconds;
  return [
    `${measure} (${m.chunks} chunks)`,
    `${m.seconds} s = ${m.chunksPerSecond} chunks/s, ${Math.round(m.ratio * 100)}% of the embedder's ${m.embedder.passagesPerSecond} passages/s`,
    impossible
      ? `<= ${m.targetSeconds} s: impossible at this embedder (its time for these chunks: ${m.floorSeconds} s)`
      : `<= ${m.targetSeconds} s (embedder floor ${m.floorSeconds} s)`,
    m.pages < MANUAL_PAGES
      ? `? (${m.pages} of ${MANUAL_PAGES} pages)`
      : m.completed < m.pages
        ? 'NOT met (items failed)'
        : m.seconds <= m.targetSeconds
          ? 'met'
          : 'NOT met',
  ];
}

export function formatManual(m: ManualResult): string {
  const p = m.memoryPeak;
  return [
    `${m.pages} manual pages (${m.bytes} bytes of text), ${m.uploadConcurrency} uploads at a time, BACKGROUND_START: ` +
      `${m.completed} COMPLETED, ${m.errors} errors, ${m.chunks} chunks in ${m.seconds} s = ${m.chunksPerSecond} chunks/s`,
    `  the embedder alone on the same ${m.embedder.passages} chunks (${m.embedder.provider} ${m.embedder.model}, batch ` +
      `${m.embedder.batchSize}): ${m.floorSeconds} s = ${m.embedder.passagesPerSecond} passages/s; ingestion / embedder = ${m.ratio}`,
    `  process memory at the peak sampled RSS while ingesting: RSS ${p.rssMb} MB (anonymous ${p.anonymousMb ?? '?'}, ` +
      `file-backed ${p.fileBackedMb ?? '?'}), V8 heap ${p.heapUsedMb}/${p.heapTotalMb} MB, external ${p.externalMb} MB ` +
      `(array buffers ${p.arrayBuffersMb}); VmHWM ${p.vmHwmMb ?? '?'} MB`,
    formatWorkflowTasks('the manual pages', m.workflowTasks),
    `  load average ${m.loadBefore.join(' ')} before, ${m.loadAfter.join(' ')} after; the step took ${m.stepSeconds} s`,
  ].join('\n');
}
