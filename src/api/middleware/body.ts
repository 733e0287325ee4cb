// JSON body reading with a size and a nesting limit and clear errors (400 for malformed JSON or nesting deeper
// than MAX_JSON_DEPTH (src/jsonDepth.ts), 413 when too large), and the refusal of a body sent to an operation that
// takes none (its fields named, as a body schema names those it does not list). The 400s and 415s are answered
// after the route's guard (./deferred.ts); a 413 at once.
import type { Context, Next } from 'koa';
import { closestName, listWithSuggestions } from '../../domain/suggest';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../errors';
import { isTooDeep, JSON_TOO_DEEP_MESSAGE } from '../../jsonDepth';
import { unknownFieldMessage } from '../validate';
import { checkForm } from './deferred';
import { compileTemplate, matchOperation } from './methods';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

interface BodyOperation {
  method: string;
  path: string;
  request?: { body?: unknown; multipart?: unknown; query?: { shape: object } };
}

/** What an operation's request body is: JSON, multipart/form-data (read by its route), or none at all. */
type BodyKind = 'json' | 'multipart' | 'none';

/**
 * The methods whose body is read: a GET too, so a body sent with one is refused by name like any other operation's
 * that takes none, not ignored (`GET …/knowledge` with {"limit": 5} answered the default page of 20).
 */
export const BODY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const METHODS_WITH_BODY = new Set<string>(BODY_METHODS);

export const MALFORMED_JSON_MESSAGE = 'Malformed JSON in request body';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Content-Type must be application/json';

export const NOT_UTF8_MESSAGE = 'Request body must be UTF-8';

/** The 415 of a body sent compressed, as the document lists it (the coding sent in place of <coding>). */
export const CONTENT_CODING_MESSAGE = 'Content-Encoding <coding> is not supported';

/** A body other than a JSON object sent to an operation that takes none (a JSON object's fields are named instead). */
export const NO_BODY_MESSAGE = 'This operation takes no request body';

/**
 * The offset where the body stops being valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
 * U+10FFFF): the stray byte, or the start of the broken sequence; -1 when all of it is valid.
 */
export function invalidUtf8At(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    let more: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) more = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      more = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      more = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= more; k += 1) {
      const next = bytes[i + k];
      // A sequence broken or cut short is wrong where it starts (the byte a Latin-1 client wrote for é).
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += more + 1;
  }
  return -1;
}

/** application/json, with or without parameters, or a structured JSON type (application/merge-patch+json). */
function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
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

interface BodyEntry {
  method: string;
  pattern: RegExp;
  literals: number;
  kind: BodyKind;
  /** The operation's query parameters (where a field sent in the body of an operation that takes none belongs). */
  query: string[];
}

/** The operation a request is for, of the operations' table; undefined: no operation has its path and method. */
function bodyOperations(operations: readonly BodyOperation[]): (ctx: Context) => BodyEntry | undefined {
  const table = operations.map((op): BodyEntry => ({
    method: op.method.toUpperCase(),
    ...compileTemplate(op.path),
    kind: op.request?.multipart !== undefined ? 'multipart' : op.request?.body !== undefined ? 'json' : 'none',
    query: Object.keys(op.request?.query?.shape ?? {}),
  }));
  return (ctx) => matchOperation(table, ctx.method, ctx.path);
}

/**
 * Whether the operation a request is for takes multipart/form-data (an upload, which reads its own body), of the
 * operations' table; undefined: no operation has the request's path and method.
 */
export function multipartOperations(operations: readonly BodyOperation[]): (ctx: Context) => boolean | undefined {
  const operation = bodyOperations(operations);
  return (ctx) => {
    const op = operation(ctx);
    return op && op.kind === 'multipart';
  };
}

/** The JSON object the bytes hold, whatever the Content-Type said; undefined when they hold something else. */
function jsonObject(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined; // not JSON (or nested past what the parser's stack holds): a body all the same
  }
}

/** A value as a query string writes it (a value no query string can hold is left for the caller to fill in). */
function queryValue(value: unknown): string {
  const plain = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  return plain ? encodeURIComponent(String(value)).slice(0, 100) : '…';
}

/**
 * Refuses a body sent to an operation that takes none, unless it is empty ({} is what many clients send with no
 * body): a JSON object's fields are named as unknown fields (a field named, or nearly, as one of the operation's
 * query parameters: the hint shows the call with it in the query string), anything else is said to be no body the
 * operation takes. Otherwise the body would be ignored without a word: `{"confirmDeletes": true}` sent to
 * POST …/sync would start the sync with the guard still on.
 */
function refuseBody(ctx: Context, op: BodyEntry, raw: Buffer): void {
  const fields = jsonObject(raw);
  const takes = op.query.length > 0 ? `; its options are query parameters: ${op.query.join(', ')}` : '';
  if (!fields) {
    throw badRequest(NO_BODY_MESSAGE, {
      code: 'invalid_request',
      param: 'Request body',
      hint: `Send ${ctx.method} ${ctx.path} without a body (an empty body or {} is taken as none)${takes}.`,
    });
  }
  const names = Object.keys(fields);
  if (names.length === 0) return;
  const named = names.map((name) => ({
    name,
    query: op.query.includes(name) ? name : closestName(name, op.query),
  }));
  const first = named[0]!;
  const inQuery = first.query ? `${ctx.querystring ? `${ctx.querystring}&` : ''}${first.query}=` : '';
  throw badRequest(
    unknownFieldMessage(
      listWithSuggestions(named.map((n) => ({ name: n.name, suggestion: n.query === n.name ? undefined : n.query }))),
    ),
    {
      code: 'unknown_field',
      param: first.name,
      hint: first.query
        ? `${first.query} is a query parameter: ${ctx.method} ${ctx.path}?${inQuery}${queryValue(fields[first.name])}`
        : `Remove ${named.length > 1 ? 'these fields' : 'the field'}: this operation takes no request body${takes}.`,
    },
  );
}

/**
 * Parses JSON bodies into ctx.request.body; multipart requests are left to their routes. A body sent under
 * another Content-Type (or none) is refused with 415 rather than read as JSON anyway: `curl -d` without the
 * header sends application/x-www-form-urlencoded, and a client that means a form or text should hear that
 * the service did not take it as one. An empty body needs no Content-Type (a route that takes none). The
 * operations (`operations`) tell which routes take multipart/form-data: those read their own body and answer
 * any other (400 malformed_multipart; a non-multipart body is read here, within the limit, and left unparsed),
 * and a multipart body sent to any other operation is a 415 as well. An operation that lists no body refuses one,
 * whatever its Content-Type (refuseBody). A path no operation has gets its 404.
 */
export function jsonBody(limit: number, operations: readonly BodyOperation[] = []) {
  const operation = bodyOperations(operations);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!METHODS_WITH_BODY.has(ctx.method)) return next();
    const op = operation(ctx);
    // A body the operation takes may not come compressed (one it takes none of is refused whole, below).
    if (op && op.kind !== 'none') checkForm(ctx, () => refuseContentCoding(ctx));
    const multipart = op && op.kind === 'multipart';
    if (ctx.is('multipart/form-data') && multipart !== false) return next();
    const raw = await readRawBody(ctx, limit);
    if (multipart) return next();
    const sent = ctx.get('content-type');
    // A path no operation has (or not with this method) answers its 404 or 405, whatever the body; a route
    // reached anyway reads no body rather than an empty one.
    if (!op && raw.length > 0 && !isJsonType(sent)) return next();
    // Refusals of the body's form wait for the route's guard (./deferred.ts): the body is then read as none.
    ctx.request.body = {};
    if (raw.length === 0) return next();
    if (op?.kind === 'none') checkForm(ctx, () => refuseBody(ctx, op, raw));
    else
      checkForm(ctx, () => {
        ctx.request.body = parseJsonBody(raw, sent);
      });
    return next();
  };
}

/**
 * 415 for a body sent with a content coding (RFC 9110 15.5.16): the service reads bodies as sent, so gzip bytes would
 * otherwise be refused as "not UTF-8" and a body merely labelled br read as if it were plain.
 */
function refuseContentCoding(ctx: Context): void {
  const coding = ctx.get('content-encoding').trim();
  if (coding === '' || coding.toLowerCase() === 'identity') return;
  throw unsupportedMediaType(CONTENT_CODING_MESSAGE.replace('<coding>', coding.slice(0, 40)), {
    code: 'unsupported_media_type',
    param: 'Content-Encoding',
    hint: 'Send the body uncompressed, without a Content-Encoding header; bodies are bounded in size, not compressed.',
  });
}

/**
 * A JSON body's value (the caller reads no body at all as {}, an optional body left out): anything sent must be
 * JSON, so a body of whitespace alone is malformed; a leading byte order mark is ignored (RFC 8259, 8.1). 415 for
 * another Content-Type (or none), 400 for bytes that are not UTF-8, JSON nested past the limit, or anything
 * JSON.parse refuses.
 */
function parseJsonBody(raw: Buffer, sent: string): unknown {
  if (!isJsonType(sent)) {
    throw unsupportedMediaType(UNSUPPORTED_MEDIA_TYPE_MESSAGE, {
      code: 'unsupported_media_type',
      param: 'Content-Type',
      hint: sent
        ? `The body came as ${sent.slice(0, 100)}: send it as JSON with Content-Type: application/json (file uploads: multipart/form-data).`
        : 'The body came without a Content-Type: send Content-Type: application/json with it.',
    });
  }
  // Decoded strictly: a Latin-1 or otherwise broken byte is refused, not stored as U+FFFD. A charset parameter
  // is not read (RFC 8259, 11: it has no effect on a compliant recipient): the bytes decide.
  const bad = invalidUtf8At(raw);
  if (bad >= 0) {
    throw badRequest(NOT_UTF8_MESSAGE, {
      code: 'malformed_json',
      param: 'Request body',
      hint: `Byte ${bad} of the body (0x${raw[bad]!.toString(16).padStart(2, '0')}) is not valid UTF-8: send the JSON as UTF-8 text (a client writing Latin-1 or Windows-1252 corrupts every accented letter).`,
    });
  }
  const text = raw.toString('utf8');
  if (isTooDeep(text)) throw badRequest(JSON_TOO_DEEP_MESSAGE, { code: 'malformed_json' });
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
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
  // JSON.parse keeps a "__proto__" key as a field, but every object the service builds from it would drop it
  // without a word (assigning __proto__ sets the prototype): refused, named, instead.
  const at = protoKeyPath(value, text);
  if (at !== undefined) {
    throw badRequest(`Field name __proto__ is not accepted: ${at}`, {
      code: 'invalid_field',
      param: at,
      hint: 'Rename the key: __proto__ cannot be stored as a field name (in metadata, attributes or anywhere else).',
    });
  }
  return value;
}

/** A JSON string token followed by a colon (a key), of a raw length that can decode to 9 characters. */
const KEY_TOKEN = /"((?:[^"\\]|\\.){9,54})"[ \t\r\n]*:/g;

/**
 * Whether the text has a key that decodes to "__proto__" (possibly \u-escaped): one linear scan of the text, so
 * only such a body is walked. (The pattern is fixed and unambiguous, at most 54 steps from any position.)
 */
function mayHoldProtoKey(text: string): boolean {
  if (!text.includes('proto') && !text.includes('\\u')) return false;
  for (const m of text.matchAll(KEY_TOKEN)) {
    const raw = m[1]!;
    if (raw === '__proto__') return true;
    if (!raw.includes('\\')) continue;
    try {
      if (JSON.parse(`"${raw}"`) === '__proto__') return true;
    } catch {
      // not a token on its own (the scan started inside a string): the walk would find no key here
    }
  }
  return false;
}

/**
 * The path of the first "__proto__" key in a parsed JSON value (its depth is bounded: isTooDeep), or undefined.
 * Only a body whose text holds such a key is walked (mayHoldProtoKey); the walk visits objects and arrays only and
 * builds a path only for the key it finds.
 */
function protoKeyPath(value: unknown, text: string): string | undefined {
  if (!mayHoldProtoKey(text)) return undefined;
  interface Frame {
    node: object;
    up?: Frame;
    key?: string | number;
  }
  const pathOf = (frame: Frame, last: string): string => {
    const keys: Array<string | number> = [last];
    for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.up) keys.unshift(f.key);
    const path = keys.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
    return path.slice(0, 200);
  };
  if (typeof value !== 'object' || value === null) return undefined;
  const pending: Frame[] = [{ node: value }];
  while (pending.length > 0) {
    const frame = pending.pop()!;
    if (Array.isArray(frame.node)) {
      frame.node.forEach((v: unknown, i) => {
        if (typeof v === 'object' && v !== null) pending.push({ node: v, up: frame, key: i });
      });
      continue;
    }
    for (const key of Object.keys(frame.node)) {
      if (key === '__proto__') return pathOf(frame, key);
      const v = (frame.node as Record<string, unknown>)[key];
      if (typeof v === 'object' && v !== null) pending.push({ node: v, up: frame, key });
    }
  }
  return undefined;
}
