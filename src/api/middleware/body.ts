// JSON body reading with a size and a nesting limit and clear errors (400 for malformed JSON or nesting deeper
// than MAX_JSON_DEPTH (src/jsonDepth.ts), 413 when too large).
import type { Context, Next } from 'koa';
import { badRequest, payloadTooLarge } from '../../errors';
import { isTooDeep, JSON_TOO_DEEP_MESSAGE } from '../../jsonDepth';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const MALFORMED_JSON_MESSAGE = 'Malformed JSON in request body';

export async function readRawBody(ctx: Context, limit: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw payloadTooLarge(`Request body exceeds the limit of ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) {
      ctx.req.unpipe();
      ctx.req.resume();
      throw payloadTooLarge(`Request body exceeds the limit of ${limit} bytes`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Parses JSON bodies into ctx.request.body; multipart requests are left to their routes. */
export function jsonBody(limit: number) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!METHODS_WITH_BODY.has(ctx.method) || ctx.is('multipart/form-data')) {
      return next();
    }
    const raw = await readRawBody(ctx, limit);
    // No body at all is an empty object (an optional body left out); anything sent must be JSON, so a body of
    // whitespace alone is malformed. A leading byte order mark is ignored (RFC 8259, 8.1).
    let body: unknown = {};
    if (raw.length > 0) {
      const text = raw.toString('utf8');
      if (isTooDeep(text)) throw badRequest(JSON_TOO_DEEP_MESSAGE, { code: 'malformed_json' });
      try {
        body = JSON.parse(text.replace(/^\uFEFF/, ''));
      } catch (err) {
        // JSON.parse says where ("Unexpected token } in JSON at position 12"): the hint passes that on.
        const where = err instanceof SyntaxError ? err.message.slice(0, 200) : undefined;
        const fix = 'Send one JSON value as UTF-8 with Content-Type: application/json';
        throw badRequest(MALFORMED_JSON_MESSAGE, {
          code: 'malformed_json',
          param: 'Request body',
          hint: where ? `${where}. ${fix}.` : `${fix}.`,
        });
      }
    }
    ctx.request.body = body;
    return next();
  };
}
