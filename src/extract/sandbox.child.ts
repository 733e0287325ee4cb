// The extraction sandbox's child process (see sandbox.ts): started with a memory cap and no environment, it
// loads the parsers once, says it is ready, then extracts the files it is sent, one at a time, until it is
// killed or its channel closes. Nothing of a file outlives its job in this process:
//   - each job gets its own extractor (its own OCR engine, whose worker thread is terminated after the job)
//     and reads only the path it is sent; nothing is written to disk;
//   - pdf.js keeps its caches per document, and the document is destroyed after the job (pdf.ts); sharp's
//     operation cache, the one process-wide cache of a parser, is emptied and turned off after each job;
//   - what stays loaded is code: the parser modules, never a value derived from a file;
//   - after the job the child collects its garbage, resets its peak resident set, and reports its data size
//     and live heap, which the parent compares with the same figures taken at start.
import { readFileSync, writeFileSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';
import { createInProcessExtractor } from './extractor';
import { loadPdfJs } from './pdf';
import {
  NATIVE_OUT_OF_MEMORY,
  PRELOAD_OFFICE_FLAG,
  type SandboxFailure,
  type SandboxJob,
  type SandboxMemory,
  type SandboxMessage,
} from './sandbox';
import { ExtractionError, OUT_OF_MEMORY_ERROR, errorMessage } from './types';

function status(field: 'VmHWM' | 'VmData'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * This process's peak resident set: its kernel high-water mark (getrusage's maxRSS would include the
 * parent's, which it inherits across fork and exec), since the last resetPeak().
 */
const peakRssKb = () => status('VmHWM');

/** Starts the high-water mark again from the current resident set, so a job's peak is its own. */
function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak then covers the child's life (an overestimate).
  }
}

/** Collects all garbage and measures what remains. */
function memory(): SandboxMemory {
  (globalThis as { gc?: () => void }).gc?.();
  return { dataKb: status('VmData'), heapKb: Math.round(v8.getHeapStatistics().used_heap_size / 1024) };
}

function send(message: SandboxMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

function describe(error: unknown): SandboxFailure {
  if (error instanceof ExtractionError) {
    return { kind: 'extraction', code: error.code, message: error.message, reason: error.reason };
  }
  if (error instanceof RangeError && OUT_OF_MEMORY_ERROR.test(error.message)) {
    return { kind: 'memory', message: `out of memory: ${error.message}` };
  }
  return { kind: 'failure', message: errorMessage(error) };
}

async function extract(job: SandboxJob): Promise<SandboxMessage> {
  const extractor = createInProcessExtractor(job.ocr);
  let reply: SandboxMessage;
  try {
    const bytes = await readFile(job.path);
    const doc = await extractor.extract(bytes, job.mime, job.filename, job.limits);
    reply = { type: 'result', ok: true, doc, maxRssKb: peakRssKb() };
  } catch (error) {
    // A parser that wraps an allocation failure still reports it as out of memory.
    const failure = describe(error);
    if (failure.kind === 'extraction' && NATIVE_OUT_OF_MEMORY.test(failure.message)) {
      reply = { type: 'result', ok: false, failure: { kind: 'memory', message: failure.message }, maxRssKb: 0 };
    } else {
      reply = { type: 'result', ok: false, failure, maxRssKb: 0 };
    }
    reply.maxRssKb = peakRssKb();
  }
  await extractor.close().catch(() => undefined);
  return reply;
}

async function run(job: SandboxJob): Promise<void> {
  // The reply is not held past its sending: the garbage collected below includes the document.
  await send(await extract(job));
  dropSharpCache();
  const after = memory();
  resetPeak();
  // Everything this job wrote to stderr comes before the fence (stderr is a pipe: written in order).
  writeSync(2, `\n${job.fence}\n`);
  await send({ type: 'idle', ...after });
}

/**
 * Loads the document parsers before the first file: pdf.js (most uploads are PDFs) and, when the parent
 * asks (a cap of at least PRELOAD_OFFICE_MIN_MB), mammoth (DOCX) and exceljs (XLSX), which otherwise load
 * with the first file that needs them, in the middle of its extraction (exceljs alone takes about 0.4 s to
 * load, mammoth 0.1 s; the first XLSX a child read cost 0.6 s against 0.08 s for the next). A child is
 * started ahead of need (the sandbox's spare), so this work is off the files' path. Only code loads here,
 * never a value derived from a file, and the modules are part of the baseline a reused child is measured
 * against (about 36 MB of the cap). The rarer formats' parsers (legacy .doc and .xls, archives, images,
 * media) still load on first use.
 */
async function preload(): Promise<void> {
  await loadPdfJs();
  if (process.argv.includes(PRELOAD_OFFICE_FLAG)) {
    await import('./docx');
    await import('exceljs');
  }
  // The first file read starts libuv's thread pool (four threads whose stacks the cap counts, about 32 MB):
  // started now, it is part of the baseline a reused child is measured against.
  await readFile(__filename);
}

/** Empties sharp's process-wide operation cache and keeps it off, if an image loaded sharp. */
function dropSharpCache(): void {
  let sharpPath: string;
  try {
    sharpPath = require.resolve('sharp');
  } catch {
    return;
  }
  const loaded = require.cache[sharpPath]?.exports as { cache?: (enabled: boolean) => unknown } | undefined;
  loaded?.cache?.(false);
}

if (process.send) {
  // One job at a time: the parent sends the next only after this one's fence and report.
  let queue = Promise.resolve();
  process.on('message', (job: SandboxJob) => {
    queue = queue.then(() => run(job));
  });
  void preload()
    .catch(() => undefined)
    .then(() => {
      const fresh = memory();
      resetPeak();
      return send({ type: 'ready', ...fresh });
    });
  process.once('disconnect', () => process.exit(0));
}
