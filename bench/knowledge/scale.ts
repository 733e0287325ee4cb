// Sizing figures (`npm run bench -- scale`): the mixed corpus ingested by the stack's one worker, then again
// with a second worker process (dist/src/main/worker.js, the production entry point) polling the same task
// queue, on the same database, S3 server and Temporal server. Each worker process runs its own embedding
// model (EMBEDDING_THREADS each), so on a machine whose cores the first one's model already fills, the
// second adds contention rather than throughput; docs/operations/operations.md ("Sizing") reads these rows.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestStack } from '../../test/helpers/stack';
import { freeLoopbackPort } from '../../src/ports';
import { loadAverage, round } from '../lib/stats';
import { mixedCorpus } from './corpus';
import { measureIngestionThroughput, type ThroughputResult } from './ingestion';

const ROOT = path.resolve(__dirname, '../../..');

export interface ScaleRow {
  workers: number;
  embeddingThreadsEach: number | null;
  throughput: Pick<
    ThroughputResult,
    'files' | 'chunks' | 'totalMs' | 'uploadPhaseMs' | 'chunksPerSecond' | 'filesPerSecond' | 'cpu' | 'errors'
  >;
  /** CPU seconds and peak RSS of the second worker process over the step (none with one worker). */
  secondWorker?: { cpuSeconds: number; peakRssMb: number; activityShare?: number };
  loadAverage: number[];
}

export interface ScaleResult {
  date: string;
  copies: number;
  rows: ScaleRow[];
}

function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

function peakRssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A worker process on the stack's task queue, database, S3 server and Temporal server; resolves once it polls. */
async function startWorkerProcess(stack: TestStack): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main/worker.js')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: stack.config.dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: stack.testDb.url,
      S3_ENDPOINT: stack.s3.endpoint,
      S3_ACCESS_KEY_ID: stack.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
      S3_BUCKET: stack.config.s3.bucket,
      S3_FORCE_PATH_STYLE: 'true',
      TEMPORAL_ADDRESS: stack.config.temporal.address,
      TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
      JWT_SECRET: randomBytes(32).toString('hex'),
      AGENT_SECRET_KEY: randomBytes(32).toString('hex'),
      WORKER_METRICS_PORT: String(await freeLoopbackPort()),
      ...(process.env.EMBEDDING_THREADS ? { EMBEDDING_THREADS: process.env.EMBEDDING_THREADS } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const read = (d: Buffer) => {
      out += d.toString();
      if (out.includes('worker running')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the second worker exited (${code}): ${out.slice(-2000)}`)));
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** The mixed corpus `copies` times over (distinct names, same content): enough work for two workers to share. */
async function corpusOf(copies: number) {
  const base = await mixedCorpus();
  return Array.from({ length: copies }, (_, c) => base.map((f) => ({ ...f, filename: `${c}-${f.filename}` }))).flat();
}

const pick = (t: ThroughputResult): ScaleRow['throughput'] => ({
  files: t.files,
  chunks: t.chunks,
  totalMs: t.totalMs,
  uploadPhaseMs: t.uploadPhaseMs,
  chunksPerSecond: t.chunksPerSecond,
  filesPerSecond: t.filesPerSecond,
  cpu: t.cpu,
  errors: t.errors,
});

export async function measureScale(stack: TestStack, copies = 3): Promise<ScaleResult> {
  const files = await corpusOf(copies);
  // null: onnxruntime's own choice (EMBEDDING_THREADS unset).
  const threads = stack.config.embeddings.threads ?? null;
  const rows: ScaleRow[] = [];
  const one = await measureIngestionThroughput(stack, 4, files, 15 * 60_000);
  rows.push({ workers: 1, embeddingThreadsEach: threads, throughput: pick(one), loadAverage: loadAverage() });
  const second = await startWorkerProcess(stack);
  try {
    const cpu0 = cpuSecondsOf(second.pid!);
    const two = await measureIngestionThroughput(stack, 4, files, 15 * 60_000);
    rows.push({
      workers: 2,
      embeddingThreadsEach: threads,
      throughput: pick(two),
      secondWorker: { cpuSeconds: round(cpuSecondsOf(second.pid!) - cpu0, 2), peakRssMb: peakRssMbOf(second.pid!) },
      loadAverage: loadAverage(),
    });
  } finally {
    await stop(second);
  }
  return { date: new Date().toISOString(), copies, rows };
}

export function scaleRows(r: ScaleResult): Array<[string, string, string, string, string]> {
  return r.rows.map((row) => [
    `${row.workers} worker process${row.workers > 1 ? 'es' : ''} (${row.embeddingThreadsEach ?? "onnxruntime's default"} embedding thread(s) each)`,
    `${row.throughput.files} files, ${row.throughput.chunks} chunks in ${(row.throughput.totalMs / 1000).toFixed(1)} s`,
    `${row.throughput.chunksPerSecond} chunks/s, ${row.throughput.filesPerSecond} files/s`,
    `CPU ${row.throughput.cpu.processSeconds} s in the bench process` +
      (row.secondWorker
        ? `, ${row.secondWorker.cpuSeconds} s in the second worker (peak RSS ${row.secondWorker.peakRssMb} MB)`
        : ''),
    `load ${row.loadAverage.join(' ')}`,
  ]);
}
