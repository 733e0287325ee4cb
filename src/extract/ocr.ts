// One tesseract.js worker (a worker thread running the wasm core), started on first use and owned by
// whoever created the engine, which must close() it. Everything is loaded from disk: the core from
// tesseract.js-core in node_modules, English from @tesseract.js-data/eng; nothing is fetched or cached.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import type Tesseract from 'tesseract.js';
import { ExtractionError, FailureReasons, errorMessage } from './types';

export const OCR_LANGUAGE = 'eng';
export const DEFAULT_OCR_TIMEOUT_MS = 120_000;

/** The LSTM-only ("best_int") English model: what tesseract.js would otherwise download for OEM 1. */
export function defaultOcrLanguageDir(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0-100. */
  confidence: number;
}

interface Session {
  worker: Tesseract.Worker;
  dead: boolean;
  /** Rejects if the worker thread dies (a wasm abort, out of memory): pending jobs would otherwise hang. */
  death: Promise<never>;
}

export interface OcrEngineOptions {
  languageDir?: string;
  timeoutMs?: number;
}

export class OcrEngine {
  private session: Promise<Session> | undefined;
  /** Jobs run one at a time, so a job's time limit counts its own work, not its wait in the queue. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly languageDir: string;
  private readonly timeoutMs: number;

  constructor(options: OcrEngineOptions = {}) {
    this.languageDir = options.languageDir ?? defaultOcrLanguageDir();
    this.timeoutMs = options.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  }

  /** Recognizes text in a PNG, JPEG, BMP or PBM image. */
  recognize(image: Buffer): Promise<OcrResult> {
    const job = this.queue.then(() => this.run(image));
    this.queue = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = undefined;
    if (session) await terminate(session);
  }

  private async run(image: Buffer): Promise<OcrResult> {
    if (this.closed) throw new Error('OCR engine is closed');
    const session = await this.start();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ExtractionError(
              `OCR took longer than ${this.timeoutMs} ms`,
              'LIMIT_EXCEEDED',
              FailureReasons.timeBudget,
            ),
          ),
        this.timeoutMs,
      );
    });
    try {
      const result = await Promise.race([session.worker.recognize(image), session.death, timeout]);
      return { text: result.data.text, confidence: result.data.confidence };
    } catch (error) {
      // A stuck or dead worker is replaced on the next call; one whose job the core rejected stays.
      if (error instanceof ExtractionError || session.dead) this.discard(session);
      if (error instanceof ExtractionError) throw error;
      // A dead worker is an environment failure (retryable); a rejected job means an unreadable image.
      if (session.dead) throw new Error(`OCR worker failed: ${errorMessage(error)}`);
      throw new ExtractionError(`OCR failed: ${errorMessage(error)}`, 'CORRUPT');
    } finally {
      clearTimeout(timer);
    }
  }

  private start(): Promise<Session> {
    if (!this.session) {
      const starting = createSession(this.languageDir);
      this.session = starting;
      // A failed start is not cached: the next call tries again.
      starting.catch(() => {
        if (this.session === starting) this.session = undefined;
      });
    }
    return this.session;
  }

  private discard(session: Session): void {
    // Jobs are serialized, so the current session is this one (or none, after close()).
    this.session = undefined;
    void terminate(Promise.resolve(session));
  }
}

async function createSession(languageDir: string): Promise<Session> {
  const gzip = existsSync(join(languageDir, `${OCR_LANGUAGE}.traineddata.gz`));
  if (!gzip && !existsSync(join(languageDir, `${OCR_LANGUAGE}.traineddata`))) {
    throw new Error(`no ${OCR_LANGUAGE}.traineddata(.gz) in OCR language directory ${languageDir}`);
  }
  // Loaded on first use: most files are not images.
  const { createWorker, OEM } = (await import('tesseract.js')).default;
  const worker = await createWorker(OCR_LANGUAGE, OEM.LSTM_ONLY, {
    langPath: languageDir,
    gzip,
    cacheMethod: 'none',
    // Without a handler tesseract.js rethrows a rejected job inside its message listener, which would
    // be an uncaught exception; the job's promise carries the error to us anyway.
    errorHandler: () => undefined,
  });
  const thread = (worker as unknown as { worker: ThreadWorker }).worker;
  const session = { worker, dead: false } as Session;
  session.death = new Promise<never>((_, reject) => {
    const die = (message: string) => {
      session.dead = true;
      reject(new Error(message));
    };
    thread.once('error', (e) => die(`OCR worker crashed: ${errorMessage(e)}`));
    thread.once('exit', (code) => die(`OCR worker exited with code ${code}`));
  });
  session.death.catch(() => undefined);
  return session;
}

async function terminate(session: Promise<Session>): Promise<void> {
  try {
    await (await session).worker.terminate();
  } catch {
    // Already dead, or never started: nothing to release.
  }
}
