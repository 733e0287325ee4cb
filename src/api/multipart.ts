// multipart/form-data reading with busboy: one file part (buffered, bounded by the upload limit) and
// text fields. Too large: 413 with the JSON body; malformed or missing parts: 400.
import Busboy from 'busboy';
import type { Context } from 'koa';
import { badRequest, payloadTooLarge } from '../errors';

export interface MultipartUpload {
  fields: Record<string, string>;
  file?: { fieldName: string; filename: string; mimeType: string; bytes: Buffer };
}

export function readMultipart(
  ctx: Context,
  opts: { fileField: string; maxFileBytes: number },
): Promise<MultipartUpload> {
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(badRequest('Missing required field'));
  }
  // A declared length far beyond the limit is refused before reading (the multipart envelope is small).
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > opts.maxFileBytes + 1024 * 1024) {
    return Promise.reject(payloadTooLarge(`File exceeds the maximum upload size of ${opts.maxFileBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({
        headers: ctx.req.headers,
        limits: { fileSize: opts.maxFileBytes, files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 },
      });
    } catch {
      reject(badRequest('Malformed multipart body'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: MultipartUpload['file'];
    let failure: Error | undefined;
    const fail = (err: Error) => {
      failure ??= err;
    };
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(badRequest(`Field ${name} is too long`));
      else fields[name] = value;
    });
    busboy.on('file', (name, stream, info) => {
      // A part cut short ("Unexpected end of file") errors its stream: without a listener that crashed the process.
      stream.on('error', () => fail(badRequest('Malformed multipart body')));
      if (name !== opts.fileField || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () =>
        fail(payloadTooLarge(`File exceeds the maximum upload size of ${opts.maxFileBytes} bytes`)),
      );
      stream.on('end', () => {
        file = {
          fieldName: name,
          filename: info.filename ?? 'file',
          mimeType: info.mimeType,
          bytes: Buffer.concat(chunks),
        };
      });
    });
    busboy.on('filesLimit', () => fail(badRequest('Only one file may be uploaded per request')));
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      if (failure) reject(failure);
      else resolve({ fields, file });
    };
    // After an error busboy emits no 'close': answer at once (the request used to hang until the client gave up).
    busboy.on('error', () => {
      fail(badRequest('Malformed multipart body'));
      ctx.req.unpipe(busboy);
      ctx.req.resume();
      settle();
    });
    busboy.on('close', settle);
    ctx.req.pipe(busboy);
  });
}
