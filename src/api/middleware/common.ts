import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { AppError, Messages } from '../../errors';
import { REQUEST_ID_PATTERN, runWithRequestContext } from '../../observability/context';

/**
 * X-Request-Id on every response: the client's own when well-formed, else a new UUID. The rest of the
 * request runs in its request context (log lines and started workflows carry the id).
 */
export async function requestId(ctx: Context, next: Next): Promise<void> {
  const incoming = ctx.get('x-request-id');
  const id = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await runWithRequestContext({ requestId: id }, next);
}

/** Every /v1 response, errors included, carries X-API-Version: v1. */
export async function apiVersionHeader(ctx: Context, next: Next): Promise<void> {
  const versioned = ctx.path === '/v1' || ctx.path.startsWith('/v1/');
  if (versioned) ctx.set('X-API-Version', 'v1');
  try {
    await next();
  } finally {
    if (versioned) ctx.set('X-API-Version', 'v1');
  }
}

/**
 * HTTPS is mandatory. ctx.secure is true for TLS connections, and - only when TRUST_PROXY is set
 * (app.proxy) - for requests a TLS-terminating proxy marks with X-Forwarded-Proto: https.
 */
export async function requireHttps(ctx: Context, next: Next): Promise<void> {
  if (!ctx.secure) throw new AppError(403, Messages.httpsRequired, undefined, {}, { code: 'https_required' });
  await next();
}

/** Headers every answer carries, errors included (set before anything can fail). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set(SECURITY_HEADERS);
  await next();
}

/** The message of a request whose body (or headers: src/main/httpServer.ts) did not arrive in time. */
export const REQUEST_TOO_SLOW_TO_ARRIVE = 'The request took too long to arrive';

/**
 * The answer to a client that stopped sending its body: its fault, so 408 (not the 503 of a slow server), and the
 * connection closes after it (the rest of the body is not waited for).
 */
export const requestBodyTimeout = (ms: number, by: 'whole body' | 'silence' = 'whole body') =>
  new AppError(
    408,
    REQUEST_TOO_SLOW_TO_ARRIVE,
    undefined,
    { Connection: 'close' },
    {
      code: 'request_body_timeout',
      hint:
        (by === 'silence'
          ? `Keep the upload's body flowing (it sent nothing for ${ms / 1000} s)`
          : `Send the whole body within ${ms / 1000} s`) +
        '; check that Content-Length matches the bytes sent (a body shorter than it declares is waited for).',
    },
  );

/**
 * Answers 503 (Retry-After: 1) when a request takes longer than `ms`, or 408 when its body has not yet arrived
 * by then (the client stalled: a Content-Length larger than what it sent). Uploads (a multipart body to an
 * operation that takes one: `takesMultipart`) are bounded instead by a stall of their body longer than `ms`
 * (src/api/multipart.ts), HTTP_REQUEST_TIMEOUT_MS while they are received and SYNC_UPLOAD_TIMEOUT_MS while they
 * wait. A multipart body sent anywhere else keeps the timer: it is read as any other body, then refused (415).
 */
export function requestTimeout(ms: number, takesMultipart: (ctx: Context) => boolean | undefined = () => true) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.is('multipart/form-data') && takesMultipart(ctx)) return next();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            ctx.req.complete
              ? new AppError(503, 'The request took too long; retry later', undefined, { 'Retry-After': '1' })
              : requestBodyTimeout(ms),
          ),
        ms,
      );
    });
    const work = next();
    // What the handler does after the answer has left is dropped (its failure too).
    work.catch(() => undefined);
    try {
      await Promise.race([work, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}
