// The extraction sandbox's child process (see sandbox.ts): started with a memory cap and no environment,
// it loads the parsers, says it is ready, extracts the one file it is sent, answers, and exits.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInProcessExtractor } from './extractor';
import { loadPdfJs } from './pdf';
import type { SandboxFailure, SandboxJob, SandboxMessage } from './sandbox';
import { ExtractionError, OUT_OF_MEMORY_ERROR, errorMessage } from './types';

/**
 * This process's peak resident set: its kernel high-water mark (getrusage's maxRSS would include the
 * parent's, which it inherits across fork and exec).
 */
function peakRssKb(): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
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

async function run(job: SandboxJob): Promise<void> {
  const extractor = createInProcessExtractor(job.ocr);
  let reply: SandboxMessage;
  try {
    const bytes = await readFile(job.path);
    const doc = await extractor.extract(bytes, job.mime, job.filename, job.limits);
    reply = { type: 'result', ok: true, doc, maxRssKb: peakRssKb() };
  } catch (error) {
    // A parser that wraps an allocation failure still reports it as out of memory.
    const failure = describe(error);
    if (failure.kind === 'extraction' && OUT_OF_MEMORY_ERROR.test(failure.message)) {
      reply = { type: 'result', ok: false, failure: { kind: 'memory', message: failure.message }, maxRssKb: 0 };
    } else {
      reply = { type: 'result', ok: false, failure, maxRssKb: 0 };
    }
    reply.maxRssKb = peakRssKb();
  }
  await extractor.close().catch(() => undefined);
  await send(reply);
  process.exit(0);
}

if (process.send) {
  process.once('message', (job: SandboxJob) => void run(job));
  // Most uploads are PDFs: have pdf.js loaded before the job arrives.
  void loadPdfJs()
    .catch(() => undefined)
    .then(() => send({ type: 'ready' }));
  process.once('disconnect', () => process.exit(0));
}
