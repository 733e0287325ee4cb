// Per-credential rate limits over a fixed window (RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW_SECONDS),
// counted in PostgreSQL (rate-limiter-flexible's store, table rate_limits) so a limit holds across every
// API replica. The credential is read before any route work; only a verified one has a budget of its own:
//   - an access token (verified signature): its API key and its role, so each role-bound token family
//     of a key has its own budget;
//   - a user space token: its user;
//   - an x-api-key header alone: the key, once it is found active (one indexed lookup; a malformed value
//     never reaches the database);
//   - nothing valid (no credential, a bad signature, a made-up or revoked key): the client address, with the
//     smaller RATE_LIMIT_ANONYMOUS_REQUESTS, so rotating invented keys does not buy fresh budgets.
// Past the limit: 429 {error, message} with Retry-After. Every answer carries RateLimit-Limit,
// RateLimit-Remaining and RateLimit-Reset. If the store cannot be reached, an in-process counter with
// the same limits stands in (each replica then counts alone) rather than failing requests.
import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Deps } from '../../services/deps';
import { AppError } from '../../errors';
import { verifyApiKey } from '../../services/apiKeys';

const TABLE = 'rate_limits';

type Limiter = { points: number; limiter: RateLimiterPostgres };

function createLimiter(deps: Pick<Deps, 'db' | 'config'>, points: number, keyPrefix: string): Limiter | undefined {
  if (points <= 0) return undefined;
  const duration = deps.config.rateLimit.windowSeconds;
  const limiter = new RateLimiterPostgres({
    storeClient: deps.db,
    storeType: 'knex',
    tableName: TABLE,
    tableCreated: true,
    keyPrefix,
    points,
    duration,
    // Once a credential is over its limit, it is refused from memory until its window ends.
    inMemoryBlockOnConsumed: points + 1,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
  return { points, limiter };
}

/** The credential a request is counted against (see the file comment), or undefined for an anonymous one. */
async function credentialKey(ctx: Context, deps: Pick<Deps, 'db' | 'tokens'>): Promise<string | undefined> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
  if (bearer) {
    const claims = await deps.tokens.verify(bearer);
    if (claims?.userId) return `user:${claims.userId}`;
    if (claims) return `token:${claims.apiKeyId ?? claims.workspaceId}:${claims.roleId ?? '-'}`;
  }
  // A failed lookup counts as unverified; the route's guard then answers for the database.
  const apiKey = await verifyApiKey(deps.db, ctx.get('x-api-key') || undefined).catch(() => undefined);
  return apiKey ? `key:${apiKey.id}` : undefined;
}

export function rateLimit(deps: Pick<Deps, 'db' | 'tokens' | 'config' | 'logger'>) {
  const credentials = createLimiter(deps, deps.config.rateLimit.requests, 'cred');
  const anonymous = createLimiter(deps, deps.config.rateLimit.anonymousRequests, 'anon');
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path === '/health' || ctx.path.startsWith('/health/')) return next();
    const key = await credentialKey(ctx, deps);
    const chosen = key ? credentials : anonymous;
    if (!chosen) return next();
    const counterKey = key ?? `ip:${ctx.ip}`;
    let res: RateLimiterRes;
    try {
      res = await chosen.limiter.consume(counterKey);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      setRateHeaders(ctx, chosen.points, rejection);
      throw new AppError(
        429,
        `Rate limit exceeded: at most ${chosen.points} requests per ${deps.config.rateLimit.windowSeconds} s; retry in ${retryAfter} s`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
    setRateHeaders(ctx, chosen.points, res);
    await next();
  };
}

function setRateHeaders(ctx: Context, points: number, res: RateLimiterRes): void {
  ctx.set('RateLimit-Limit', String(points));
  ctx.set('RateLimit-Remaining', String(Math.max(0, res.remainingPoints)));
  ctx.set('RateLimit-Reset', String(Math.max(0, Math.ceil(res.msBeforeNext / 1000))));
}
