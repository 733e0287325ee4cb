// The write path's figures in one step (`npm run bench -- ingest`, and the knowledge suite's steps 1-2):
// one-page uploads to searchable, the mixed corpus beside the embedder's own rate in the same run, where the
// time goes per step (kws_ingestion_step_duration_seconds: upload, S3 put, workflow start, download,
// extraction in process or in a child, chunking, inserts, embedding, status writes), the CPU it took, and
// how long the workers held their workflow tasks (from the histories).
import type { TestStack } from '../../test/helpers/stack';
import type { IngestionStep } from '../../src/observability/metrics';
import os from 'node:os';
import { sampleMemory, type MemoryPeak } from '../lib/memory';
import { round, type Summary } from '../lib/stats';
import { table } from '../lib/table';
import { chunkTexts, measureEmbedderRate, measureEmbedTime, type EmbedderRate } from './embedder';
import {
  measureIngestionThroughput,
  measureSyncUpload,
  type ThroughputResult,
  type UploadLatencyResult,
} from './ingestion';
import {
  formatWorkflowTasks,
  measureWorkflowTasks,
  WORKFLOW_TASK_TARGET_MS,
  type WorkflowTaskStats,
} from './workflowTasks';

/** The issue's targets for the write path. */
export const WRITE_TARGETS = {
  /** Ingestion's rate over the embedder's own, same run, same model. */
  ingestionRatio: 0.6,
  /** The longest workflow task, ms. */
  workflowTaskMs: WORKFLOW_TASK_TARGET_MS,
  /** One-page upload to searchable: at most the embedder's part plus this, ms (p50). */
  uploadOverheadMs: 100,
  peakRssMb: 1024,
} as const;

export interface StepSplit {
  step: IngestionStep;
  count: number;
  /** Seconds summed over every file (steps of files in flight overlap). */
  seconds: number;
  /** Mean ms per occurrence. */
  meanMs: number;
}

type Snapshot = Map<string, { sum: number; count: number }>;

/** kws_ingestion_step_duration_seconds's sums and counts by step, now. */
export async function stepSnapshot(stack: TestStack): Promise<Snapshot> {
  const out: Snapshot = new Map();
  const { values } = await stack.deps.metrics.ingestionStep.get();
  for (const v of values) {
    const step = String(v.labels.step);
    const entry = out.get(step) ?? { sum: 0, count: 0 };
    if (v.metricName?.endsWith('_sum')) entry.sum = v.value;
    else if (v.metricName?.endsWith('_count')) entry.count = v.value;
    else continue;
    out.set(step, entry);
  }
  return out;
}

export function stepsBetween(a: Snapshot, b: Snapshot): StepSplit[] {
  const order: IngestionStep[] = [
    'upload',
    's3_put',
    'workflow_start',
    'status',
    'download',
    'extract_in_process',
    'extract_child',
    'chunk',
    'insert',
    'embed',
  ];
  return order
    .map((step) => {
      const before = a.get(step) ?? { sum: 0, count: 0 };
      const after = b.get(step) ?? { sum: 0, count: 0 };
      const count = after.count - before.count;
      const seconds = after.sum - before.sum;
      return { step, count, seconds: round(seconds, 3), meanMs: count ? round((seconds * 1000) / count, 1) : 0 };
    })
    .filter((s) => s.count > 0);
}

export interface IngestResult {
  date: string;
  loadAverage: number[];
  /** The local model's onnxruntime threads (EMBEDDING_THREADS, or its default); null: onnxruntime's own choice. */
  embeddingThreads: number | null;
  /** EMBEDDING_TEXT_SCHEME: header-mix embeds each distinct header too (a second, short text per page). */
  textScheme: string;
  sync: UploadLatencyResult;
  syncSteps: StepSplit[];
  syncWorkflowTasks: WorkflowTaskStats;
  throughput: ThroughputResult;
  steps: StepSplit[];
  workflowTasks: WorkflowTaskStats;
  embedder: { corpus: EmbedderRate; ingestionRatio: number; onePageUploadMs: Summary };
  peakRssMb: number;
  /** What the process held at its sampled peak: the main V8 heap, V8's external memory, anonymous and file-backed. */
  memoryAtPeak: MemoryPeak;
}

export async function measureIngest(stack: TestStack, samples: number): Promise<IngestResult> {
  const client = stack.deps.temporal.client;
  const taskQueue = stack.config.temporal.taskQueue;
  const memory = sampleMemory();
  const syncSince = new Date();
  const s0 = await stepSnapshot(stack);
  const sync = await measureSyncUpload(stack, samples);
  const s1 = await stepSnapshot(stack);
  const syncWorkflowTasks = await measureWorkflowTasks(client, taskQueue, syncSince);
  const since = new Date();
  const throughput = await measureIngestionThroughput(stack);
  const s2 = await stepSnapshot(stack);
  const workflowTasks = await measureWorkflowTasks(client, taskQueue, since);
  const corpus = await measureEmbedderRate(stack, await chunkTexts(stack, { workspace_id: throughput.workspaceId }));
  const onePageUploadMs = await measureEmbedTime(
    stack,
    await chunkTexts(stack, { knowledge_id: sync.sampleKnowledgeId }),
    samples,
  );
  return {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((x) => round(x, 2)),
    embeddingThreads: stack.config.embeddings.threads ?? null,
    textScheme: stack.config.embeddings.textScheme,
    sync,
    syncSteps: stepsBetween(s0, s1),
    syncWorkflowTasks,
    throughput,
    steps: stepsBetween(s1, s2),
    workflowTasks,
    embedder: {
      corpus,
      ingestionRatio: round(throughput.chunksPerSecond / corpus.passagesPerSecond, 3),
      onePageUploadMs,
    },
    peakRssMb: round(process.resourceUsage().maxRSS / 1024, 0),
    memoryAtPeak: memory.stop(),
  };
}

/**
 * What holds the memory at the sampled peak: the main thread's V8 heap, V8's external memory (Buffers), the
 * rest of the anonymous memory (onnxruntime's weights and arena, the V8 heaps of the worker threads: the
 * embedding thread and the Temporal SDK's workflow thread; Temporal's Rust core; malloc), and the file-backed
 * pages (the code of Node, onnxruntime and the Temporal core).
 */
export function formatMemory(m: MemoryPeak): string {
  const native = m.anonymousMb !== undefined ? Math.max(0, m.anonymousMb - m.heapTotalMb - m.externalMb) : undefined;
  return (
    `  memory at the sampled peak: RSS ${m.rssMb} MB = main V8 heap ${m.heapUsedMb}/${m.heapTotalMb} MB, ` +
    `V8 external ${m.externalMb} MB (Buffers ${m.arrayBuffersMb}), other anonymous (model, worker threads, Temporal core) ${native ?? '?'} MB, ` +
    `file-backed ${m.fileBackedMb ?? '?'} MB`
  );
}

export function formatSteps(steps: StepSplit[], files: number): string {
  return steps
    .map((s) => `${s.step} ${s.count === files ? '' : `${s.count}x `}${s.meanMs} ms (${round(s.seconds, 2)} s in all)`)
    .join(', ');
}

/** The write path's rows: measured beside the target. */
export function ingestTargets(r: IngestResult): Array<[string, string, string, string]> {
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const t = r.throughput;
  const e = r.embedder;
  const budget = round(e.onePageUploadMs.p50 + WRITE_TARGETS.uploadOverheadMs);
  const wftMax = Math.max(r.workflowTasks.maxMs, r.syncWorkflowTasks.maxMs);
  return [
    [
      `ingestion, mixed corpus (${t.files} files, ${t.chunks} chunks) / the embedder alone`,
      `${t.chunksPerSecond} / ${e.corpus.passagesPerSecond} chunks/s = ${Math.round(e.ingestionRatio * 100)}%`,
      `>= ${WRITE_TARGETS.ingestionRatio * 100}%`,
      check(e.ingestionRatio >= WRITE_TARGETS.ingestionRatio),
    ],
    [
      'workflow tasks during ingestion and uploads: max / p99',
      `${wftMax} / ${Math.max(r.workflowTasks.p99Ms, r.syncWorkflowTasks.p99Ms)} ms`,
      `max <= ${WRITE_TARGETS.workflowTaskMs} ms`,
      check(wftMax <= WRITE_TARGETS.workflowTaskMs),
    ],
    [
      `upload -> searchable, one page (${r.sync.chunksPerFile} chunks), p50`,
      `${r.sync.totalMs.p50} ms (embedder ${e.onePageUploadMs.p50} ms)`,
      `<= ${budget} ms (embedder + ${WRITE_TARGETS.uploadOverheadMs})`,
      check(r.sync.totalMs.p50 <= budget),
    ],
    [
      'peak RSS of the process (API, worker, model, S3, bench client)',
      `${r.peakRssMb} MB`,
      `<= ${WRITE_TARGETS.peakRssMb} MB`,
      check(r.peakRssMb <= WRITE_TARGETS.peakRssMb),
    ],
  ];
}

export function formatIngest(r: IngestResult): string {
  const t = r.throughput;
  return [
    `Write path ${r.date}, load average ${r.loadAverage.join(' ')}, EMBEDDING_THREADS ${r.embeddingThreads ?? "unset (onnxruntime's choice)"}, EMBEDDING_TEXT_SCHEME ${r.textScheme}`,
    `  one-page uploads: p50 ${r.sync.totalMs.p50} ms, p95 ${r.sync.totalMs.p95} ms (${r.sync.samples} samples); ` +
      `per upload: ${formatSteps(r.syncSteps, r.sync.samples + r.sync.warmups)}`,
    formatWorkflowTasks('the one-page uploads', r.syncWorkflowTasks),
    `  mixed corpus: ${t.files} files, ${t.chunks} chunks in ${(t.totalMs / 1000).toFixed(1)} s (uploads done at ` +
      `${(t.uploadPhaseMs / 1000).toFixed(1)} s) = ${t.chunksPerSecond} chunks/s; the embedder alone ` +
      `${r.embedder.corpus.passagesPerSecond} passages/s (${r.embedder.corpus.ms} ms): ratio ${r.embedder.ingestionRatio}`,
    `  per step (mean per file or call): ${formatSteps(r.steps, t.files)}`,
    `  CPU: ${t.cpu.processSeconds} s in this process, ${t.cpu.childrenSeconds ?? 'n/a'} s in extraction children ` +
      `(${Math.round(t.cpu.shareOfCores * 100)}% of ${t.cpu.cores} cores over the step); the embedder alone took ` +
      `${(r.embedder.corpus.ms / 1000).toFixed(1)} s of the ${(t.totalMs / 1000).toFixed(1)} s`,
    formatWorkflowTasks('the corpus ingestion', r.workflowTasks),
    formatMemory(r.memoryAtPeak),
    table(['measure', 'measured', 'target', ''], ingestTargets(r)),
  ].join('\n');
}
