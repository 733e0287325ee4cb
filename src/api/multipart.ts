// multipart/form-data reading with busboy, streaming: the file part goes to `onFile` as it arrives (the
// upload route stores it in S3 while it is received) and is never held whole in memory; text fields are
// collected. The size limit holds while streaming: past it `onFile`'s signal aborts and the answer is 413.
// Malformed or missing parts: 400.
import type { Readable } from 'node:stream';
import Busboy from 'busboy';
import type { Context } from 'koa';
import { AppError, badRequest, payloadTooLarge } from '../errors';
import { REQUEST_TOO_SLOW_TO_ARRIVE, requestBodyTimeout } from './middleware/common';

export interface MultipartFile {
  fieldName: string;
  filename: string;
  mimeType: string;
  stream: Readable;
}

export interface MultipartUpload<T> {
  fields: Record<string, string>;
  /** What onFile made of the file part, when there was one. */
  file?: T;
  /** The names of file parts other than the file field (ignored; named when the file is missing). */
  strayFiles: string[];
}

export interface MultipartOptions<T> {
  fileField: string;
  maxFileBytes: number;
  /** How long the body may stop arriving (while the service is reading it) before the answer is 408. */
  stallMs: number;
  /**
   * The slowest the body may arrive, in bytes a second, judged over each `stallMs` it is read (time the service
   * holds it back does not count); 0 or unset: no floor. A trickle holds an upload slot as long as silence would.
   */
  minBytesPerSecond?: number;
  /**
   * Consumes the file part; must read `file.stream` to its end (or fail). Its signal aborts when the file
   * exceeds the limit or the request fails, and it must then undo whatever it did.
   */
  onFile(file: MultipartFile, signal: AbortSignal): Promise<T>;
}

export const MultipartMessages = {
  malformed: 'Malformed multipart body',
  /** RFC 7578: every part names its field (busboy reports a missing and an empty name alike, as undefined). */
  nameless: 'Every multipart part must have a field name',
} as const;

const tooSlow = (rate: number, floor: number, ms: number) =>
  new AppError(
    408,
    REQUEST_TOO_SLOW_TO_ARRIVE,
    undefined,
    { Connection: 'close' },
    {
      code: 'upload_too_slow',
      hint:
        `The body arrived at ${Math.round(rate)} bytes a second over ${ms / 1000} s; an upload must keep to at least ` +
        `${floor} (UPLOAD_MIN_BYTES_PER_SECOND). Retry from a faster connection.`,
    },
  );

const tooLarge = (max: number) =>
  payloadTooLarge(`File exceeds the maximum upload size of ${max} bytes`, { code: 'file_too_large', param: 'file' });

export function readMultipart<T>(ctx: Context, opts: MultipartOptions<T>): Promise<MultipartUpload<T>> {
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(
      badRequest('Missing required field', {
        code: 'malformed_multipart',
        param: 'file',
        hint: 'Send Content-Type: multipart/form-data with the file as a part named file (curl -F file=@path).',
      }),
    );
  }
  // A declared length far beyond the limit is refused before reading (the multipart envelope is small).
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > opts.maxFileBytes + 1024 * 1024) {
    return Promise.reject(refuseUnread(ctx, tooLarge(opts.maxFileBytes)));
  }
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: ctx.req.headers,
      // A filename sent as raw UTF-8 bytes (curl and browsers do; RFC 7578 4.2) is read as UTF-8, not Latin-1.
      defParamCharset: 'utf8',
      limits: { fileSize: opts.maxFileBytes, files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 },
    });
  } catch {
    return Promise.reject(badRequest(MultipartMessages.malformed, { code: 'malformed_multipart' }));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const strayFiles: string[] = [];
    const abort = new AbortController();
    let consuming: Promise<T> | undefined;
    let failure: Error | undefined;
    const fail = (err: Error) => {
      failure ??= err;
      abort.abort(failure);
    };
    busboy.on('field', (name: string | undefined, value, info) => {
      if (!name) fail(badRequest(MultipartMessages.nameless, { code: 'malformed_multipart' }));
      else if (info.valueTruncated)
        fail(badRequest(`Field ${name} is too long`, { code: 'invalid_field', param: name }));
      else if (Object.hasOwn(fields, name))
        // Every field holds one value: a second would silently replace the first.
        fail(
          badRequest(`Field ${name} must be sent once`, {
            code: 'invalid_field',
            param: name,
            hint: `Send ${name} once in the form; the upload reads one value of each field.`,
          }),
        );
      else fields[name] = value;
    });
    busboy.on('file', (name: string | undefined, stream, info) => {
      // A part cut short ("Unexpected end of file") errors its stream: without a listener that crashed the process.
      stream.on('error', () => fail(badRequest(MultipartMessages.malformed, { code: 'malformed_multipart' })));
      if (!name) fail(badRequest(MultipartMessages.nameless, { code: 'malformed_multipart' }));
      if (name !== opts.fileField || consuming || failure) {
        if (name && name !== opts.fileField) strayFiles.push(name);
        stream.resume();
        return;
      }
      stream.on('limit', () => {
        fail(tooLarge(opts.maxFileBytes));
        stream.resume();
      });
      consuming = opts.onFile(
        { fieldName: name, filename: info.filename ?? 'file', mimeType: info.mimeType, stream },
        abort.signal,
      );
      // The consumer's own refusal (a wrong type, storage down) ends the request at once.
      consuming.catch((err: Error) => {
        fail(err);
        stream.resume();
      });
    });
    busboy.on('filesLimit', () =>
      fail(
        badRequest('Only one file may be uploaded per request', {
          code: 'malformed_multipart',
          param: 'file',
          hint: 'Send exactly one file part, named file; upload further files with further requests.',
        }),
      ),
    );
    // After an error busboy emits no 'close': the abort below answers at once.
    busboy.on('error', () => fail(badRequest(MultipartMessages.malformed, { code: 'malformed_multipart' })));
    ctx.req.on('aborted', () => fail(badRequest('The request was aborted')));
    // A client that stops sending mid-body is answered 408 rather than left to the socket's idle timeout, which
    // closes without an answer. Time the service holds the body back itself (the file's consumer pausing the
    // stream, as storage does when it is slow) does not count.
    let stall: NodeJS.Timeout | undefined;
    const watchStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        if (ctx.req.isPaused()) watchStall();
        else fail(requestBodyTimeout(opts.stallMs, 'silence'));
      }, opts.stallMs);
    };
    // The rate, over each window of stallMs: the bytes that came while the service was reading.
    let windowBytes = 0;
    let windowStart = Date.now();
    let heldMs = 0;
    let heldSince: number | undefined;
    const floor = opts.minBytesPerSecond ?? 0;
    const onPause = () => (heldSince ??= Date.now());
    const onResume = () => {
      if (heldSince !== undefined) heldMs += Date.now() - heldSince;
      heldSince = undefined;
    };
    let lastDataAt = Date.now();
    // A too slow window that ended in silence: the stall answers if the silence goes on, the next bytes this.
    let slowPending: number | undefined;
    const judgeRate = () => {
      const now = Date.now();
      const readingMs = now - windowStart - heldMs - (heldSince !== undefined ? now - heldSince : 0);
      // A window the service mostly held back says nothing of the client; a silent one is the stall's to answer.
      const rate = (windowBytes * 1000) / Math.max(1, readingMs);
      if (readingMs >= opts.stallMs / 2 && windowBytes > 0 && rate < floor) {
        if (now - lastDataAt >= opts.stallMs / 2) slowPending = rate;
        else fail(tooSlow(rate, floor, opts.stallMs));
      }
      windowBytes = 0;
      windowStart = now;
      heldMs = 0;
      if (heldSince !== undefined) heldSince = now;
    };
    const rateTimer = floor > 0 ? setInterval(judgeRate, opts.stallMs) : undefined;
    const countBytes = (chunk: Buffer) => {
      windowBytes += chunk.length;
      lastDataAt = Date.now();
      if (slowPending !== undefined) fail(tooSlow(slowPending, floor, opts.stallMs));
    };
    if (rateTimer) {
      ctx.req.on('data', countBytes);
      ctx.req.on('pause', onPause);
      ctx.req.on('resume', onResume);
    }
    const stopWatching = () => {
      clearTimeout(stall);
      clearInterval(rateTimer);
    };
    ctx.req.on('data', watchStall);
    ctx.req.once('end', stopWatching);
    ctx.req.once('close', stopWatching);
    abort.signal.addEventListener('abort', stopWatching);
    watchStall();
    busboy.on('close', () => {
      void (async () => {
        let file: T | undefined;
        try {
          file = await consuming;
        } catch (err) {
          failure ??= err as Error;
        }
        if (failure) reject(failure);
        else resolve({ fields, file, strayFiles });
      })();
    });
    // A refusal while the body is still arriving is answered at once; the connection then closes.
    abort.signal.addEventListener('abort', () => {
      ctx.req.unpipe(busboy);
      reject(refuseUnread(ctx, failure!));
    });
    ctx.req.pipe(busboy);
  });
}

/** How long the rest of a refused body is read and dropped before the connection is closed under it. */
const LINGER_MS = 2000;

/**
 * For an answer given before the body has been read: the rest of the body is read and dropped for a
 * moment (so the client gets to read the answer: closing with unread data would reset the connection
 * under it), then, if it is still coming, the connection is closed.
 */
export function refuseUnread(ctx: Context, err: Error): Error {
  ctx.req.resume();
  ctx.res.once('finish', () => {
    if (ctx.req.readableEnded) return;
    const timer = setTimeout(() => ctx.req.socket?.destroy(), LINGER_MS);
    ctx.req.once('end', () => clearTimeout(timer));
  });
  return err;
}
