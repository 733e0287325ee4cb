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

/**
 * Answers 503 (Retry-After: 1) when a request takes longer than `ms`. Uploads are bounded instead by
 * HTTP_REQUEST_TIMEOUT_MS while they are received and by SYNC_UPLOAD_TIMEOUT_MS while they wait.
 */
export function requestTimeout(ms: number) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.is('multipart/form-data')) return next();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError(503, 'The request took too long; retry later', undefined, { 'Retry-After': '1' })),
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
