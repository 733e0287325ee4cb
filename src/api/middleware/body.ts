// JSON body reading with a size and a nesting limit and clear errors (400 for malformed JSON or nesting deeper
// than MAX_JSON_DEPTH, 413 when too large).
import type { Context, Next } from 'koa';
import { badRequest, payloadTooLarge } from '../../errors';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Arrays and objects nested deeper than this answer 400 before JSON.parse: no request shape needs more, and
 * deeper values would reach recursive code downstream (PostgreSQL's jsonb parser, JSON.stringify, zod).
 */
export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `JSON nesting exceeds ${MAX_JSON_DEPTH} levels`;

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count); one pass. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

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
    let body: unknown = {};
    const text = raw.toString('utf8').trim();
    if (text.length > 0) {
      if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest(JSON_TOO_DEEP_MESSAGE);
      try {
        body = JSON.parse(text);
      } catch {
        throw badRequest('Malformed JSON in request body');
      }
    }
    ctx.request.body = body;
    return next();
  };
}
