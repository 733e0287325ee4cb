// The extraction sandbox: every file is extracted in a child process of its own (sandbox.child.ts), so
// a hostile file can cost at most that process. The child runs with
//   - a memory cap: RLIMIT_DATA (`ulimit -d`, every private writable mapping: V8 heap, array buffers,
//     wasm memory, malloc) and a V8 heap limit of three quarters of it; past either it fails or aborts;
//   - a wall-clock budget, after which it is killed;
//   - a cap on the text it may return (maxTextChars; longer text is cut and marked truncated);
//   - no environment (no credentials) and no core dumps.
// A child that dies without answering is classified from facts that cannot scroll away: every byte of its
// stderr is scanned as it arrives for the marks of a failed allocation (V8's heap and zone OOM, a V8 allocation
// check, C++ std::bad_alloc, GLib's and libc's failed allocations), and its data size (VmData, what RLIMIT_DATA
// counts) is sampled from /proc every SAMPLE_MS. Either makes the death LIMIT_EXCEEDED (memory budget);
// otherwise it is a parser crashing on the file (CORRUPT).
// At most `concurrency` children run at once (the rest wait, cancellable), so the worker's memory is
// bounded by its own footprint plus concurrency x maxMemoryMb. One child is kept started and waiting
// (warm spare), so an extraction does not wait for Node and the parsers to load.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Semaphore } from '../semaphore';
import type { OcrOptions } from './extractor';
import {
  ExtractionError,
  type ExtractLimits,
  type ExtractedDocument,
  FailureReasons,
  OUT_OF_MEMORY_ERROR,
} from './types';

export interface SandboxOptions extends OcrOptions {
  /** Wall-clock budget of one file's extraction, in ms. */
  timeoutMs?: number;
  /** Memory cap of one child process in MiB (RLIMIT_DATA); its V8 heap gets three quarters of it. */
  maxMemoryMb?: number;
  /** Extractions running at once; more wait for a slot. */
  concurrency?: number;
  /** Keep one child started and waiting (default true). */
  warmSpare?: boolean;
}

export const DEFAULT_SANDBOX_OPTIONS = Object.freeze({
  timeoutMs: 120_000,
  maxMemoryMb: 1024,
  concurrency: 2,
  warmSpare: true,
});

/** A file to extract: its bytes, or the path of a file holding them (read by the child, never by this process). */
export type ExtractInput = Buffer | { path: string };

export interface ExtractOptions {
  /** Aborting kills the child (an activity passes its cancellation signal). */
  signal?: AbortSignal;
}

export interface ExtractionUsage {
  ms: number;
  /** The child's peak resident set size (its kernel high-water mark); 0 when extracted without a child. */
  peakRssMb: number;
  /** Extracted on the calling thread, without a child (a plain format within its bounds: plain.ts). */
  inProcess?: boolean;
}

export interface SandboxedDocument extends ExtractedDocument {
  usage: ExtractionUsage;
}

/** What the worker's activities extract with. */
export interface Extractor {
  extract(
    input: ExtractInput,
    mime: string,
    filename: string,
    limits?: Partial<ExtractLimits>,
    options?: ExtractOptions,
  ): Promise<SandboxedDocument>;
  close(): Promise<void>;
}

/** An ExtractionError raised through the sandbox carries the child's resource usage. */
export type SandboxedExtractionError = ExtractionError & { usage?: ExtractionUsage };

// The messages between this process and a child.
export interface SandboxJob {
  type: 'extract';
  path: string;
  mime: string;
  filename: string;
  limits?: Partial<ExtractLimits>;
  ocr: OcrOptions;
}
export type SandboxFailure =
  | { kind: 'extraction'; code: ExtractionError['code']; message: string; reason?: ExtractionError['reason'] }
  | { kind: 'memory'; message: string }
  | { kind: 'failure'; message: string };
export type SandboxReply = { type: 'result'; maxRssKb: number } & (
  { ok: true; doc: ExtractedDocument } | { ok: false; failure: SandboxFailure }
);
export type SandboxMessage = { type: 'ready' } | SandboxReply;

const CHILD_PATH = path.join(__dirname, 'sandbox.child.js');
/** How often the child's memory high-water marks are read (Linux /proc; elsewhere only its own report). */
const SAMPLE_MS = 25;
/** What a process writes to stderr when an allocation fails natively, whichever allocator hit the cap. */
export const NATIVE_OUT_OF_MEMORY = new RegExp(
  [
    OUT_OF_MEMORY_ERROR.source, // V8: "Fatal process out of memory: Zone", "JavaScript heap out of memory", ...
    'bad_alloc', // C++ new: "terminate called after throwing an instance of 'std::bad_alloc'"
    String.raw`Check failed: \(result\.ptr\) != nullptr`, // V8's own allocations (base::AllocateAtLeast)
    'failed to allocate', // GLib's g_malloc (sharp/libvips)
    'Cannot allocate memory', // ENOMEM reported by libc
  ].join('|'),
  'i',
);
/** The part of earlier stderr kept so a mark split across two chunks is still found. */
const MARK_OVERLAP = 128;

export class ExtractionSandbox implements Extractor {
  private readonly options: Required<Omit<SandboxOptions, keyof OcrOptions>> & OcrOptions;
  private readonly slots: Semaphore;
  private spare: SandboxChild | undefined;
  private readonly running = new Set<SandboxChild>();
  private closed = false;

  constructor(options: SandboxOptions = {}) {
    this.options = { ...DEFAULT_SANDBOX_OPTIONS, ...definedOnly(options) };
    this.slots = new Semaphore(this.options.concurrency);
    if (this.options.warmSpare) this.replenish();
  }

  async extract(
    input: ExtractInput,
    mime: string,
    filename: string,
    limits?: Partial<ExtractLimits>,
    options: ExtractOptions = {},
  ): Promise<SandboxedDocument> {
    if (this.closed) throw new Error('extractor is closed');
    const release = await this.slots.acquire(options.signal);
    let tempDir: string | undefined;
    try {
      let filePath: string;
      if (Buffer.isBuffer(input)) {
        tempDir = await mkdtemp(path.join(os.tmpdir(), 'kws-extract-'));
        filePath = path.join(tempDir, 'input');
        await writeFile(filePath, input, { mode: 0o600 });
      } else {
        filePath = input.path;
      }
      const child = this.take();
      // The next child starts loading while this one works.
      if (this.options.warmSpare) this.replenish();
      this.running.add(child);
      try {
        return await child.run(
          {
            type: 'extract',
            path: filePath,
            mime,
            filename,
            limits,
            ocr: { ocrLanguageDir: this.options.ocrLanguageDir, ocrTimeoutMs: this.options.ocrTimeoutMs },
          },
          this.options.timeoutMs,
          options.signal,
        );
      } finally {
        this.running.delete(child);
      }
    } finally {
      release();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
      if (this.options.warmSpare) this.replenish();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const children = [...this.running, ...(this.spare ? [this.spare] : [])];
    this.spare = undefined;
    await Promise.all(children.map((c) => c.kill()));
  }

  private take(): SandboxChild {
    const spare = this.spare;
    this.spare = undefined;
    return spare && !spare.dead ? spare : new SandboxChild(this.options.maxMemoryMb);
  }

  private replenish(): void {
    if (this.closed || (this.spare && !this.spare.dead)) return;
    this.spare = new SandboxChild(this.options.maxMemoryMb);
    // A waiting spare must not keep the process alive.
    this.spare.unref();
  }
}

/** One child process, started at construction, running at most one job. */
class SandboxChild {
  private readonly proc: ChildProcess;
  private readonly ready: Promise<void>;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private stderrTail = '';
  /** Whether anything the child wrote to stderr marks a failed allocation (sticky: a long trace cannot hide it). */
  private allocationFailed = false;
  private peakRssKb = 0;
  /** Peak of the mappings RLIMIT_DATA counts: near the cap, a native crash is the cap being hit. */
  private peakDataKb = 0;
  private exitedYet = false;

  constructor(private readonly maxMemoryMb: number) {
    const heapMb = Math.max(64, Math.floor(maxMemoryMb * 0.75));
    // The shell applies the limits to itself and then becomes node (exec), so they hold for the child.
    this.proc = spawn(
      '/bin/sh',
      [
        '-c',
        'ulimit -c 0 2>/dev/null; ulimit -d "$1" 2>/dev/null; shift; exec "$@"',
        'kws-extract',
        String(maxMemoryMb * 1024),
        process.execPath,
        `--max-old-space-size=${heapMb}`,
        '--disallow-code-generation-from-strings',
        CHILD_PATH,
      ],
      { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', env: {} },
    );
    this.proc.stderr?.on('data', (d: Buffer) => {
      const text = this.stderrTail.slice(-MARK_OVERLAP) + d.toString();
      if (NATIVE_OUT_OF_MEMORY.test(text)) this.allocationFailed = true;
      this.stderrTail = (this.stderrTail + d.toString()).slice(-4000);
    });
    // 'close' (not 'exit'): it comes after the IPC channel has delivered everything the child sent.
    this.exited = new Promise((resolve) =>
      this.proc.once('close', (code, signal) => {
        this.exitedYet = true;
        resolve({ code, signal });
      }),
    );
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: SandboxMessage) => {
        if (message.type === 'ready') {
          this.proc.off('message', onMessage);
          resolve();
        }
      };
      this.proc.on('message', onMessage);
      this.proc.once('error', reject);
      void this.exited.then(({ code, signal }) =>
        reject(new Error(`extraction sandbox exited (${signal ?? code}) before it was ready: ${this.stderrTail}`)),
      );
    });
    this.ready.catch(() => undefined);
  }

  get dead(): boolean {
    return this.exitedYet;
  }

  unref(): void {
    this.proc.unref();
    this.proc.channel?.unref();
    (this.proc.stderr as { unref?: () => void } | null)?.unref?.();
  }

  async kill(): Promise<void> {
    if (this.exitedYet) return;
    // Held again (a spare is unref'd): otherwise a process closing its extractor could end before the
    // child's 'close' arrives, leaving the rest of its shutdown undone.
    this.proc.ref();
    (this.proc.stderr as { ref?: () => void } | null)?.ref?.();
    this.proc.kill('SIGKILL');
    await this.exited;
  }

  async run(job: SandboxJob, timeoutMs: number, signal?: AbortSignal): Promise<SandboxedDocument> {
    this.proc.ref();
    this.proc.channel?.ref();
    const started = Date.now();
    let stopped: 'timeout' | 'aborted' | undefined;
    const stop = (why: 'timeout' | 'aborted') => {
      stopped ??= why;
      this.proc.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const sampler = setInterval(() => void this.sample(), SAMPLE_MS);
    const usage = (): ExtractionUsage => ({ ms: Date.now() - started, peakRssMb: Math.round(this.peakRssKb / 1024) });
    try {
      if (signal?.aborted) throw signal.reason as Error;
      await Promise.race([this.ready, this.exited]);
      const reply = new Promise<SandboxReply>((resolve) =>
        this.proc.on('message', (message: SandboxMessage) => {
          if (message.type === 'result') resolve(message);
        }),
      );
      if (!this.exitedYet) this.proc.send(job);
      const outcome = await Promise.race([reply, this.exited]);
      await this.sample();
      if ('type' in outcome) {
        this.peakRssKb = Math.max(this.peakRssKb, outcome.maxRssKb);
        if (outcome.ok) return { ...outcome.doc, usage: usage() };
        throw withUsage(fromFailure(outcome.failure), usage());
      }
      if (stopped === 'aborted')
        throw signal?.reason instanceof Error ? signal.reason : new Error('extraction cancelled');
      if (stopped === 'timeout') {
        throw withUsage(
          new ExtractionError(
            `extraction took longer than its ${timeoutMs} ms budget`,
            'LIMIT_EXCEEDED',
            FailureReasons.timeBudget,
          ),
          usage(),
        );
      }
      // Died without answering: V8 aborts past its heap limit, native code aborts when an allocation fails
      // at the cap, the kernel kills on memory pressure; anything else is a parser crashing on this file
      // (retrying would crash it again).
      const died = `extraction process ended (${outcome.signal ?? `code ${outcome.code}`}) without a result`;
      const nearCap = this.peakDataKb >= this.maxMemoryMb * 1024 * 0.8;
      if (this.allocationFailed || outcome.signal === 'SIGKILL' || (outcome.signal && nearCap)) {
        throw withUsage(
          new ExtractionError(`${died}: out of memory`, 'LIMIT_EXCEEDED', FailureReasons.memoryBudget),
          usage(),
        );
      }
      throw withUsage(
        new ExtractionError(
          `${died}: ${this.stderrTail.trim().split('\n').slice(-3).join(' ')}`,
          'CORRUPT',
          FailureReasons.parserFailed,
        ),
        usage(),
      );
    } finally {
      clearTimeout(timer);
      clearInterval(sampler);
      signal?.removeEventListener('abort', onAbort);
      await this.kill();
    }
  }

  /** Reads the child's peak RSS (VmHWM) from /proc while it lives. */
  private async sample(): Promise<void> {
    if (this.exitedYet || this.proc.pid === undefined || process.platform !== 'linux') return;
    try {
      const status = await readFile(`/proc/${this.proc.pid}/status`, 'utf8');
      this.peakRssKb = Math.max(this.peakRssKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      this.peakDataKb = Math.max(this.peakDataKb, Number(/VmData:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // Gone between the check and the read.
    }
  }
}

function fromFailure(failure: SandboxFailure): Error {
  switch (failure.kind) {
    case 'extraction':
      return new ExtractionError(failure.message, failure.code, failure.reason);
    case 'memory':
      return new ExtractionError(failure.message, 'LIMIT_EXCEEDED', FailureReasons.memoryBudget);
    case 'failure':
      return new Error(`extraction failed: ${failure.message}`);
  }
}

function withUsage(error: Error, usage: ExtractionUsage): Error {
  if (error instanceof ExtractionError) (error as SandboxedExtractionError).usage = usage;
  return error;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
