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
  if (!ctx.secure) throw new AppError(403, Messages.httpsRequired);
  await next();
}

export async function noStore(ctx: Context, next: Next): Promise<void> {
  await next();
  ctx.set('Cache-Control', 'no-store');
}
