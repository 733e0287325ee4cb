// The extraction sandbox: files are extracted in child processes (sandbox.child.ts), so a hostile file can
// cost at most the child it runs in. A child runs with
//   - a memory cap: RLIMIT_DATA (`ulimit -d`, every private writable mapping: V8 heap, array buffers,
//     wasm memory, malloc) and a V8 heap limit of three quarters of it; past either it fails or aborts;
//   - a wall-clock budget per file, after which it is killed;
//   - a cap on the text one file may return (maxTextChars; longer text is cut and marked truncated);
//   - no environment (no credentials) and no core dumps.
// A child is reused for at most `maxFilesPerChild` files, one at a time, and only after a file it extracted
// cleanly: any failure, a cut text, a timeout, a cancellation or a crash kills it. Between files it collects
// its garbage and reports its data size and live heap; a child above its own fresh baseline by more than
// RETIRE_MARGIN is retired, so a file in a reused child has the same memory cap as in a fresh one, less at
// most that margin. What a file leaves behind in the child (nothing of it is kept: see sandbox.child.ts) can
// reach no later file; README, "Threat model".
// A child that dies without answering is classified from facts that cannot scroll away: every byte of its
// stderr is scanned as it arrives for the marks of a failed allocation (V8's heap and zone OOM, a V8 allocation
// check, C++ std::bad_alloc, GLib's and libc's failed allocations), and its data size (VmData, what RLIMIT_DATA
// counts) is sampled from /proc every SAMPLE_MS. Either makes the death LIMIT_EXCEEDED (memory budget);
// otherwise it is a parser crashing on the file (CORRUPT). The marks and samples are per file: the child ends
// each file by writing a fence that only this process knows (a random nonce sent with the job) to stderr, and
// is reused only once everything it wrote before the fence has been read and found clean.
// At most `concurrency` children exist besides one warm spare (the rest of the callers wait, cancellable), so
// the worker's memory is bounded by its own footprint plus concurrency x maxMemoryMb. The spare is started
// ahead (one per slot at start), so an extraction does not wait for Node and the parsers to load.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
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
  /** Files one child extracts before it is retired (1: a child per file). */
  maxFilesPerChild?: number;
}

export const DEFAULT_SANDBOX_OPTIONS = Object.freeze({
  timeoutMs: 120_000,
  maxMemoryMb: 1024,
  concurrency: 2,
  warmSpare: true,
  maxFilesPerChild: 50,
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
  /** The child's process id, and how many files it had extracted before this one (0: a fresh child). */
  child?: { pid: number; filesBefore: number };
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
  /** Written by the child to stderr once the file is done: what comes before it belongs to this file. */
  fence: string;
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
/** The child's memory after it collected its garbage: at start ('ready') and after each file ('idle'). */
export interface SandboxMemory {
  dataKb: number;
  heapKb: number;
}
export type SandboxMessage = ({ type: 'ready' } & SandboxMemory) | SandboxReply | ({ type: 'idle' } & SandboxMemory);

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
    'Error creating thread: Resource temporarily unavailable', // GLib's g_thread_new: the stack mmap refused
    'Cannot allocate memory', // ENOMEM reported by libc
  ].join('|'),
  'i',
);
/** The part of earlier stderr kept so a mark or a fence split across two chunks is still found. */
const MARK_OVERLAP = 128;
/**
 * How far above its fresh baseline (data size, live heap) a child may be after a file and still be reused:
 * an eighth of the cap, at least 32 MB. A parser's first file grows the child once (pdf.js about 20 MB,
 * exceljs about 25 MB, sharp about 40 MB when an image loads it), later files by well under 1 MB each.
 */
export const retireMarginKb = (maxMemoryMb: number): number => Math.max(32, maxMemoryMb / 8) * 1024;
/**
 * A child whose cap is at least this loads the Office parsers (mammoth, exceljs: about 36 MB) before its
 * first file, as it loads pdf.js (sandbox.child.ts preload); under a smaller cap they load with the first
 * file that needs them, so that a file keeps nearly all of a small cap.
 */
export const PRELOAD_OFFICE_MIN_MB = 512;
export const PRELOAD_OFFICE_FLAG = '--preload-office';
/** How long a child may take to collect its garbage and report after a file before it is retired. */
const IDLE_TIMEOUT_MS = 5000;

export class ExtractionSandbox implements Extractor {
  private readonly options: Required<Omit<SandboxOptions, keyof OcrOptions>> & OcrOptions;
  private readonly slots: Semaphore;
  /** Started children waiting for a file: the spare, and children back from a clean file. */
  private readonly idle: SandboxChild[] = [];
  private readonly children = new Set<SandboxChild>();
  private closed = false;

  constructor(options: SandboxOptions = {}) {
    this.options = { ...DEFAULT_SANDBOX_OPTIONS, ...definedOnly(options) };
    this.slots = new Semaphore(this.options.concurrency);
    // One started child per slot from the start: a burst of files finds one ready in every slot, where a
    // child started only when the first file took the spare would load on the second file's path.
    if (this.options.warmSpare) for (let i = 0; i < this.options.concurrency; i++) this.startSpare();
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
    let child: SandboxChild | undefined;
    try {
      let filePath: string;
      if (Buffer.isBuffer(input)) {
        tempDir = await mkdtemp(path.join(os.tmpdir(), 'kws-extract-'));
        filePath = path.join(tempDir, 'input');
        await writeFile(filePath, input, { mode: 0o600 });
      } else {
        filePath = input.path;
      }
      const job: SandboxJob = {
        type: 'extract',
        fence: '',
        path: filePath,
        mime,
        filename,
        limits,
        ocr: { ocrLanguageDir: this.options.ocrLanguageDir, ocrTimeoutMs: this.options.ocrTimeoutMs },
      };
      const budget = { deadline: Date.now() + this.options.timeoutMs, ms: this.options.timeoutMs };
      child = this.take();
      // The next child starts loading while this one works.
      this.replenish();
      try {
        return await child.run(job, budget, options.signal);
      } catch (error) {
        // Out of memory or dead without an answer in a reused child: once more in a fresh child, within
        // what is left of the file's time budget, so that only a fresh child's verdict names the file.
        if (!retryInFreshChild(error) || options.signal?.aborted || Date.now() >= budget.deadline) throw error;
        await child.kill();
        child = this.take(true);
        this.replenish();
        return await child.run(job, budget, options.signal);
      }
    } finally {
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
      // The slot is held until the child is back among the idle or gone; the caller does not wait for it.
      if (child) void this.recycle(child).finally(release);
      else release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.children].map((c) => c.kill()));
  }

  /** A started child waiting for a file (the last one back first), or a new one; `fresh`: one that had none yet. */
  private take(fresh = false): SandboxChild {
    for (let at = this.idle.length - 1; at >= 0; at--) {
      const child = this.idle[at]!;
      if (child.dead) this.idle.splice(at, 1);
      else if (!fresh || child.filesDone === 0) return this.idle.splice(at, 1)[0]!;
    }
    return this.spawn();
  }

  private spawn(): SandboxChild {
    const child = new SandboxChild(this.options.maxMemoryMb);
    this.children.add(child);
    void child.exited.then(() => this.children.delete(child));
    return child;
  }

  /** Keeps one started child waiting, when none is (children never number more than concurrency + 1). */
  private replenish(): void {
    if (this.closed || !this.options.warmSpare || this.idle.some((c) => !c.dead)) return;
    if (this.children.size > this.options.concurrency) return;
    this.startSpare();
  }

  private startSpare(): void {
    const spare = this.spawn();
    // A waiting child must not keep the process alive.
    spare.unref();
    this.idle.push(spare);
  }

  /** After a file: the child waits for the next one if it may be reused, else it is killed. */
  private async recycle(child: SandboxChild): Promise<void> {
    const reusable = (await child.settle(this.options.maxFilesPerChild)) && !this.closed;
    if (reusable) {
      child.unref();
      this.idle.push(child);
    } else {
      await child.kill();
      this.replenish();
    }
  }
}

/** One child process, started at construction, extracting one file at a time. */
class SandboxChild {
  private readonly proc: ChildProcess;
  private readonly ready: Promise<SandboxMemory>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private stderrTail = '';
  /** Whether anything the child wrote to stderr marks a failed allocation (sticky: such a child is never reused). */
  private allocationFailed = false;
  private peakRssKb = 0;
  /** Peak of the mappings RLIMIT_DATA counts: near the cap, a native crash is the cap being hit. */
  private peakDataKb = 0;
  private exitedYet = false;
  /** Files sent to this child so far. */
  filesDone = 0;
  /** Whether the last file ended so that the child may take another (a clean result, nothing cut). */
  private clean = false;
  /** The current file's fence, until the child has written it to stderr. */
  private fence: { text: string; seen: () => void } | undefined;
  /** Resolves when the current file's fence has been read. */
  private fenceSeen: Promise<void> = Promise.resolve();
  /** The child's report after the current file: its memory once its garbage is collected. */
  private idleReport: Promise<SandboxMemory | undefined> = Promise.resolve(undefined);
  private readonly listeners = new Set<(message: SandboxMessage) => void>();

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
        // Between files the child collects its garbage before it reports its live heap.
        '--expose-gc',
        CHILD_PATH,
        ...(maxMemoryMb >= PRELOAD_OFFICE_MIN_MB ? [PRELOAD_OFFICE_FLAG] : []),
      ],
      { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', env: {} },
    );
    this.proc.stderr?.on('data', (d: Buffer) => this.readStderr(d.toString()));
    this.proc.on('message', (message: SandboxMessage) => {
      for (const listener of [...this.listeners]) listener(message);
    });
    // 'close' (not 'exit'): it comes after the IPC channel has delivered everything the child sent.
    this.exited = new Promise((resolve) =>
      this.proc.once('close', (code, signal) => {
        this.exitedYet = true;
        resolve({ code, signal });
      }),
    );
    this.ready = new Promise((resolve, reject) => {
      this.proc.once('error', reject);
      void this.next('ready').then((message) => (message ? resolve(message) : undefined));
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

  private ref(): void {
    this.proc.ref();
    this.proc.channel?.ref();
    (this.proc.stderr as { ref?: () => void } | null)?.ref?.();
  }

  async kill(): Promise<void> {
    if (this.exitedYet) return;
    // Held again (a waiting child is unref'd): otherwise a process closing its extractor could end before the
    // child's 'close' arrives, leaving the rest of its shutdown undone.
    this.ref();
    this.proc.kill('SIGKILL');
    await this.exited;
  }

  /** The child's next message of this type; undefined if it exits first. */
  private next<T extends SandboxMessage['type']>(type: T): Promise<Extract<SandboxMessage, { type: T }> | undefined> {
    return new Promise((resolve) => {
      const listener = (message: SandboxMessage) => {
        if (message.type !== type) return;
        this.listeners.delete(listener);
        resolve(message as Extract<SandboxMessage, { type: T }>);
      };
      this.listeners.add(listener);
      void this.exited.then(() => {
        this.listeners.delete(listener);
        resolve(undefined);
      });
    });
  }

  private readStderr(chunk: string): void {
    const text = this.stderrTail.slice(-MARK_OVERLAP) + chunk;
    let tail = this.stderrTail + chunk;
    if (NATIVE_OUT_OF_MEMORY.test(text)) this.allocationFailed = true;
    const fence = this.fence;
    if (fence && tail.includes(fence.text)) {
      // Everything of this file's stderr has been read (and scanned above); what follows is not this file's.
      tail = tail.slice(tail.indexOf(fence.text) + fence.text.length);
      this.fence = undefined;
      fence.seen();
    }
    this.stderrTail = tail.slice(-4000);
  }

  /** Extracts one file, within what is left of its time budget (`ms` long, ending at `deadline`). */
  async run(
    job: SandboxJob,
    budget: { deadline: number; ms: number },
    signal?: AbortSignal,
  ): Promise<SandboxedDocument> {
    this.ref();
    const started = Date.now();
    const filesBefore = this.filesDone++;
    this.clean = false;
    // Per file: a fresh child's load, or the files before, are not this one's.
    this.peakRssKb = 0;
    this.peakDataKb = 0;
    this.stderrTail = '';
    let stopped: 'timeout' | 'aborted' | undefined;
    const stop = (why: 'timeout' | 'aborted') => {
      stopped ??= why;
      this.proc.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), Math.max(0, budget.deadline - started));
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const sampler = setInterval(() => void this.sample(), SAMPLE_MS);
    const usage = (): ExtractionUsage => ({
      ms: Date.now() - started,
      peakRssMb: Math.round(this.peakRssKb / 1024),
      ...(this.proc.pid === undefined ? {} : { child: { pid: this.proc.pid, filesBefore } }),
    });
    let failed = true;
    try {
      if (signal?.aborted) throw signal.reason as Error;
      await Promise.race([this.ready, this.exited]);
      const reply = this.next('result');
      this.idleReport = this.next('idle');
      const fence = `kws-extract fence ${randomUUID()}`;
      this.fenceSeen = new Promise<void>((seen) => (this.fence = { text: fence, seen }));
      if (!this.exitedYet) this.proc.send({ ...job, fence });
      const outcome = (await reply) ?? (await this.exited);
      await this.sample();
      if ('type' in outcome) {
        this.peakRssKb = Math.max(this.peakRssKb, outcome.maxRssKb);
        if (outcome.ok) {
          failed = false;
          // A file whose text was cut hit a cap: its child is not reused.
          this.clean = outcome.doc.metadata.truncated !== true;
          return { ...outcome.doc, usage: usage() };
        }
        throw withUsage(fromFailure(outcome.failure), usage());
      }
      if (stopped === 'aborted')
        throw signal?.reason instanceof Error ? signal.reason : new Error('extraction cancelled');
      if (stopped === 'timeout') {
        throw withUsage(
          new ExtractionError(
            `extraction took longer than its ${budget.ms} ms budget`,
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
        throw diedWithoutResult(
          withUsage(
            new ExtractionError(`${died}: out of memory`, 'LIMIT_EXCEEDED', FailureReasons.memoryBudget),
            usage(),
          ),
        );
      }
      throw diedWithoutResult(
        withUsage(
          new ExtractionError(
            `${died}: ${this.stderrTail.trim().split('\n').slice(-3).join(' ')}`,
            'CORRUPT',
            FailureReasons.parserFailed,
          ),
          usage(),
        ),
      );
    } finally {
      clearTimeout(timer);
      clearInterval(sampler);
      signal?.removeEventListener('abort', onAbort);
      // A child that failed, was stopped or crashed in any way is never reused.
      if (failed || stopped) await this.kill();
    }
  }

  /**
   * Whether the child may take another file, once it has finished the last one: it ended cleanly, has
   * files left, wrote no allocation failure before its fence, and is back within RETIRE_MARGIN_MB of its
   * own fresh baseline after collecting its garbage.
   */
  async settle(maxFiles: number): Promise<boolean> {
    if (this.exitedYet || !this.clean || this.filesDone >= maxFiles) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<[undefined]>(
      (resolve) => (timer = setTimeout(() => resolve([undefined]), IDLE_TIMEOUT_MS)),
    );
    try {
      const [memory] = await Promise.race([Promise.all([this.idleReport, this.fenceSeen]), late]);
      const fresh = await this.ready;
      const margin = retireMarginKb(this.maxMemoryMb);
      return (
        memory !== undefined &&
        !this.exitedYet &&
        !this.allocationFailed &&
        memory.dataKb <= fresh.dataKb + margin &&
        memory.heapKb <= fresh.heapKb + margin
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads the child's peak RSS (VmHWM) and data size (VmData) from /proc while it lives. */
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

/** Failures of a child that died without answering (a crash, a kill at a cap), not a parser's own answer. */
const deaths = new WeakSet<Error>();
function diedWithoutResult(error: Error): Error {
  deaths.add(error);
  return error;
}

/**
 * A reused child that died without answering, or ran out of memory: the file is run once more in a fresh
 * child. A reused child starts above a fresh one's memory (by at most the retire margin), and whatever an
 * earlier clean file may have left behind (native heap damage, a late timer) must not be charged to this
 * file; only a fresh child's verdict stands.
 */
function retryInFreshChild(error: unknown): boolean {
  return (
    error instanceof ExtractionError &&
    (error.reason === FailureReasons.memoryBudget || deaths.has(error)) &&
    ((error as SandboxedExtractionError).usage?.child?.filesBefore ?? 0) > 0
  );
}

function withUsage(error: Error, usage: ExtractionUsage): Error {
  if (error instanceof ExtractionError) (error as SandboxedExtractionError).usage = usage;
  return error;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
