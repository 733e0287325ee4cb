import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { AppError, Messages } from '../../errors';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export async function requestId(ctx: Context, next: Next): Promise<void> {
  const incoming = ctx.get('x-request-id');
  ctx.state.requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId as string);
  await next();
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
