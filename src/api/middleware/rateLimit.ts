// Rate limits over a fixed window (RATE_LIMIT_WINDOW_SECONDS), counted in PostgreSQL (rate-limiter-flexible's
// store, table rate_limits) so a limit holds across every API replica. The credential is read before any route
// work; only a verified one has a budget of its own (which one: src/policies/rateBudgets.ts):
//   - the integrator's workspace credential (an x-api-key once it is found active, an access token with neither
//     role nor subject): RATE_LIMIT_REQUESTS per key, which no end user's request ever spends, and all of a
//     workspace's keys together RATE_LIMIT_WORKSPACE_REQUESTS (more keys buy no unbounded budget);
//   - an end user (a subject-bound token, a role's tokens without a subject, a user space token's user, or the
//     end user whose token minted it): RATE_LIMIT_SUBJECT_REQUESTS each, and all of a workspace's end users
//     together RATE_LIMIT_END_USER_REQUESTS (the ceiling, at least twice one end user's budget: one end user
//     cannot push another into 429s);
//   - nothing valid (no credential, a bad signature, a made-up or revoked key): the client address, with the
//     smaller RATE_LIMIT_ANONYMOUS_REQUESTS, so rotating invented keys does not buy fresh budgets.
// Besides the window, one end user (its budget's key) and one client address without a valid credential may have at
// most RATE_LIMIT_CONCURRENT_REQUESTS requests in flight at once on this process: past it, 429
// too_many_concurrent_requests (Retry-After: 1) before any budget is spent. A window of 600 requests allows them all
// in the same second, each holding its body, its answer (a thread of 16 MiB) and a database connection.
// And once its body has been read, every verified credential's request runs through its workspace's gate
// (gateWorkspaces, mounted after the JSON body): at most RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS of one
// workspace's requests run at once on this process (by default DATABASE_POOL_MAX - 2); the rest wait their turn in
// arrival order, up to RATE_LIMIT_WORKSPACE_QUEUE_MS, then 429 too_many_concurrent_requests. One tenant's burst then
// delays its own requests, not another workspace's, which start beside it. A body that arrives slowly holds no
// slot (it is read before the gate), and uploads, which read their own body, do not go through it.
// Past a limit: 429 {error, message, code, hint} with Retry-After; the message names the budget. Every answer
// carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (of the tightest budget it spent). If the
// store cannot be reached, an in-process counter with the same limits stands in (each replica then counts
// alone) rather than failing requests.
import type { Socket } from 'node:net';
import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Deps } from '../../services/deps';
import { AppError, type ErrorCode } from '../../errors';
import {
  anonymousBudgetKey,
  apiKeyBudget,
  integratorCeilingKey,
  rateBudget,
  workspaceGateKey,
  type RateBudget,
} from '../../policies/rateBudgets';
import { KeyedSemaphore, type Release } from '../../semaphore';
import { verifyApiKey } from '../../services/access/apiKeys';
import { checkBearer } from './authenticate';

/** Where the rate limit leaves the request's verified budget for the workspace gate (undefined: none). */
const RATE_BUDGET = 'rateBudget';

const TABLE = 'rate_limits';

interface Limiter {
  points: number;
  limiter: RateLimiterPostgres;
  /** What the 429 says this budget is ("" for the credential's own). */
  scope: string;
  code: ErrorCode;
  hint: string;
}

function createLimiter(
  deps: Pick<Deps, 'db' | 'config'>,
  points: number,
  keyPrefix: string,
  words: Pick<Limiter, 'scope' | 'code' | 'hint'>,
): Limiter | undefined {
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
    // Once a key is over its limit, it is refused from memory until its window ends.
    inMemoryBlockOnConsumed: points + 1,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
  return { points, limiter, ...words };
}

/** The budget a request is counted against (see the file comment), or undefined for an anonymous one. */
async function budgetOf(ctx: Context, deps: Pick<Deps, 'db' | 'tokens'>): Promise<RateBudget | undefined> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
  if (bearer) {
    const checked = await checkBearer(ctx, deps.tokens, bearer);
    if (checked.ok) return rateBudget(checked.claims);
  }
  // A failed lookup counts as unverified; the route's guard then answers for the database.
  const apiKey = await verifyApiKey(deps, ctx.get('x-api-key') || undefined).catch(() => undefined);
  return apiKey ? apiKeyBudget(apiKey) : undefined;
}

export function rateLimit(deps: Pick<Deps, 'db' | 'tokens' | 'config' | 'logger'>) {
  const { requests, anonymousRequests, subjectRequests, endUserRequests, workspaceRequests, windowSeconds } =
    deps.config.rateLimit;
  const credentials = createLimiter(deps, requests, 'cred', {
    scope: '',
    code: 'rate_limited',
    hint: 'Wait for Retry-After seconds, or spread the requests over more time (RATE_LIMIT_REQUESTS)',
  });
  const allIntegrators = createLimiter(deps, workspaceRequests, 'workspace', {
    scope: " for the workspace's integrator credentials together",
    code: 'rate_limited_workspace',
    hint: "Wait for Retry-After seconds: the workspace's API keys and their tokens share RATE_LIMIT_WORKSPACE_REQUESTS",
  });
  const anonymous = createLimiter(deps, anonymousRequests, 'anon', {
    scope: '',
    code: 'rate_limited',
    hint: 'Send a valid credential: requests without one share the client address budget',
  });
  const perEndUser = createLimiter(deps, subjectRequests, 'user', {
    scope: ' for this end user',
    code: 'rate_limited_end_user',
    hint: "Wait for Retry-After seconds: each end user's budget is RATE_LIMIT_SUBJECT_REQUESTS",
  });
  const allEndUsers = createLimiter(deps, endUserRequests, 'endusers', {
    scope: " for the workspace's end users together",
    code: 'rate_limited_end_users',
    hint: "Wait for Retry-After seconds: the workspace's end users share RATE_LIMIT_END_USER_REQUESTS",
  });

  /** The 429 of a budget with no room left (`res`: its state), naming it; `hint` says what to do. */
  function refusal(ctx: Context, budget: Limiter, res: RateLimiterRes, hint = budget.hint): AppError {
    const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    setRateHeaders(ctx, budget.points, res);
    return new AppError(
      429,
      `Rate limit exceeded: at most ${budget.points} requests per ${windowSeconds} s${budget.scope}; retry in ${retryAfter} s`,
      undefined,
      { 'Retry-After': String(retryAfter) },
      { code: budget.code, hint },
    );
  }

  /** Spends `points` of the budget (one request's by default); 429 naming it when they are not left. */
  async function spend(ctx: Context, budget: Limiter, key: string, points = 1, hint?: string): Promise<RateLimiterRes> {
    try {
      return await budget.limiter.consume(key, points);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw refusal(ctx, budget, rejection, hint);
    }
  }

  /**
   * Spends `requests` more of each budget, after checking that every one has room for them: a refused request
   * spends nothing (the counter would otherwise keep points it was refused, and past its limit the limiter blocks
   * the key for the rest of the window). One request never costs more than a whole budget.
   */
  async function spendMore(
    ctx: Context,
    budgets: Array<[Limiter, string]>,
    requests: number,
    hint: string,
    spent: Array<[Limiter, RateLimiterRes]>,
  ): Promise<void> {
    const costs = budgets.map(([budget, key]) => [budget, key, Math.min(requests, budget.points - 1)] as const);
    for (const [budget, key, cost] of costs) {
      const state = cost > 0 ? await budget.limiter.get(key) : null;
      if (state && state.consumedPoints + cost > budget.points) throw refusal(ctx, budget, state, hint);
    }
    // Refused here only when another request spent the room between the check and now.
    for (const [budget, key, cost] of costs) {
      if (cost > 0) spent.push([budget, await spend(ctx, budget, key, cost, hint)]);
    }
  }

  const inFlight = concurrencyLimit(deps.config.rateLimit.concurrentRequests);
  // The workspace gate (gateWorkspaces) reads the budget found here, so it too needs the credential read.
  const anyLimit =
    [credentials, allIntegrators, anonymous, perEndUser, allEndUsers, inFlight].some((l) => l !== undefined) ||
    deps.config.rateLimit.workspaceConcurrentRequests > 0;
  return async (ctx: Context, next: Next): Promise<void> => {
    // With every limit off (0) there is no budget to spend, so the credential is not read here.
    if (!anyLimit || ctx.path === '/health' || ctx.path.startsWith('/health/')) return next();
    const budget = await budgetOf(ctx, deps);
    ctx.state[RATE_BUDGET] = budget;
    const flightKey = !budget
      ? `anon:${anonymousBudgetKey(ctx.ip)}`
      : budget.kind === 'endUser'
        ? budget.key
        : undefined;
    if (!inFlight || flightKey === undefined) return spendAndRun(ctx, next, budget);
    // Held until both the work has ended and the answer has left (or its connection closed): a request answered
    // 503 by the request timer still works below, and a body is written after the routes return.
    const release = inFlight.enter(flightKey, budget ? ' for this end user' : ' from this address');
    let settled = false;
    let closed = false;
    const socket = ctx.req.socket;
    let forget = () => {};
    const onClose = () => {
      closed = true;
      ctx.res.off('close', onClose);
      forget();
      if (settled) release();
    };
    ctx.res.once('close', onClose);
    // A client gone while the credential was read (its 'close' already fired), or a pipelined request whose
    // response never starts: the socket's close stands for it.
    forget = whenSocketCloses(socket, onClose);
    if (socket.destroyed || ctx.res.writableFinished) onClose();
    try {
      await spendAndRun(ctx, next, budget);
    } finally {
      settled = true;
      if (closed) release();
    }
  };

  async function spendAndRun(ctx: Context, next: Next, budget: RateBudget | undefined): Promise<void> {
    // The tightest budget spent sets the RateLimit-* headers.
    const spent: Array<[Limiter, RateLimiterRes]> = [];
    if (!budget) {
      if (anonymous) spent.push([anonymous, await spend(ctx, anonymous, anonymousBudgetKey(ctx.ip))]);
    } else if (budget.kind === 'integrator') {
      // The key's own budget first: one key's overflow is refused before it reaches the shared ceiling.
      if (credentials) spent.push([credentials, await spend(ctx, credentials, budget.key)]);
      if (allIntegrators) {
        spent.push([allIntegrators, await spend(ctx, allIntegrators, integratorCeilingKey(budget.workspaceId))]);
      }
    } else {
      // One end user's overflow is refused before it reaches the shared ceiling.
      const budgets: Array<[Limiter, string]> = [];
      if (perEndUser) budgets.push([perEndUser, budget.key]);
      if (allEndUsers) budgets.push([allEndUsers, `ws:${budget.workspaceId}`]);
      for (const [limiter, key] of budgets) spent.push([limiter, await spend(ctx, limiter, key)]);
      // A route whose work grows with its input spends more of an end user's budgets (spendMoreRequests).
      ctx.state[SPEND_MORE] = async (requests: number, hint: string) => {
        if (requests > 0) {
          await spendMore(ctx, budgets, requests, hint, spent);
          showTightest();
        }
      };
    }
    const showTightest = () => {
      const tightest = [...spent].sort(([, a], [, b]) => a.remainingPoints - b.remainingPoints)[0];
      if (tightest) setRateHeaders(ctx, tightest[0].points, tightest[1]);
    };
    showTightest();
    await next();
  }
}

/** The callbacks waiting for each socket's close: one listener per socket, however many requests it pipelines. */
const socketWaiters = new WeakMap<Socket, Set<() => void>>();

/** Calls `fn` when the socket closes; the answer forgets it (a request that ended first). */
function whenSocketCloses(socket: Socket, fn: () => void): () => void {
  let waiting = socketWaiters.get(socket);
  if (!waiting) {
    const set = new Set<() => void>();
    waiting = set;
    socketWaiters.set(socket, set);
    socket.once('close', () => {
      socketWaiters.delete(socket);
      for (const waiter of [...set]) waiter();
    });
  }
  const mine = waiting;
  mine.add(fn);
  return () => void mine.delete(fn);
}

/**
 * Requests in flight per key on this process, at most `max` (0: no limit, undefined). `enter` answers 429
 * too_many_concurrent_requests past it, else the function that gives the place back (once).
 */
export function concurrencyLimit(max: number) {
  if (max <= 0) return undefined;
  const running = new Map<string, number>();
  return {
    enter(key: string, scope: string): () => void {
      const now = running.get(key) ?? 0;
      if (now >= max) {
        throw new AppError(
          429,
          `Too many requests at once: at most ${max} in flight${scope}; retry when one has finished`,
          undefined,
          { 'Retry-After': '1' },
          {
            code: 'too_many_concurrent_requests',
            hint: `Wait for an earlier request to finish, or send fewer at once (RATE_LIMIT_CONCURRENT_REQUESTS is ${max} per API process)`,
          },
        );
      }
      running.set(key, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      };
    },
  };
}

/**
 * The workspace gate as middleware, after the JSON body has been read (see the file comment): a request with a
 * verified credential waits for a slot of its workspace's gate, held until the route has answered. Requests the
 * rate limit found no budget for, and uploads (`takesMultipart`: they read their own body, and their workspace's
 * uploads have a bound of their own), pass by.
 */
export function gateWorkspaces(
  deps: Pick<Deps, 'config'>,
  takesMultipart: (ctx: Context) => boolean | undefined = () => true,
) {
  const gate = workspaceGate(deps.config.rateLimit);
  return async (ctx: Context, next: Next): Promise<void> => {
    const budget = ctx.state[RATE_BUDGET] as RateBudget | undefined;
    if (!gate || !budget || (ctx.is('multipart/form-data') && takesMultipart(ctx))) return next();
    const release = await gate.enter(ctx, workspaceGateKey(budget));
    try {
      await next();
    } finally {
      release();
    }
  };
}

/**
 * The workspaces' gates (see the file comment), or undefined with the gate off. `enter` waits for a slot of the
 * key's gate: 429 too_many_concurrent_requests once it has waited `workspaceQueueMs` (at once with 0), and a
 * client that closes its connection while it waits leaves the queue.
 */
function workspaceGate({
  workspaceConcurrentRequests: max,
  workspaceQueueMs: waitMs,
}: {
  workspaceConcurrentRequests: number;
  workspaceQueueMs: number;
}) {
  if (max <= 0) return undefined;
  const gates = new KeyedSemaphore(max);
  const waited = waitMs > 0 ? `, and this one waited ${waitMs / 1000} s for its turn` : '';
  const refusal = () =>
    new AppError(
      429,
      `Too many requests at once for this workspace: at most ${max} run at once on this API process${waited}; ` +
        'retry when fewer are running',
      undefined,
      { 'Retry-After': '1' },
      {
        code: 'too_many_concurrent_requests',
        hint:
          `The workspace's requests fill its slots: all of its credentials share RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS ` +
          `(${max} per API process), and one more waits up to RATE_LIMIT_WORKSPACE_QUEUE_MS (${waitMs} ms). Retry ` +
          'after Retry-After, and send fewer at once if the burst is yours.',
      },
    );
  const clientGone = () => new AppError(499, 'The client closed the connection while the request waited');
  return {
    async enter(ctx: Context, key: string): Promise<Release> {
      // A client gone before it came here ('close' has fired already) takes no place.
      if (ctx.req.socket.destroyed || ctx.res.writableFinished) throw clientGone();
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(refusal()), waitMs);
      const gone = () => stop.abort(clientGone());
      const forget = whenSocketCloses(ctx.req.socket, gone);
      ctx.res.once('close', gone);
      try {
        return await gates.acquire(key, stop.signal);
      } finally {
        clearTimeout(timer);
        forget();
        ctx.res.off('close', gone);
      }
    },
  };
}

const SPEND_MORE = 'spendMoreRequests';

/**
 * Spends `requests` more of the caller's rate budgets, for a request whose work grows with its input (how many:
 * src/policies/rateBudgets.ts). Only end users' budgets are charged; with no such budget, or limits off, nothing.
 * 429 naming the budget when they are not left, with `hint` saying what the request cost.
 */
export async function spendMoreRequests(ctx: Context, requests: number, hint: string): Promise<void> {
  const more = ctx.state[SPEND_MORE] as ((requests: number, hint: string) => Promise<void>) | undefined;
  if (more) await more(requests, hint);
}

function setRateHeaders(ctx: Context, points: number, res: RateLimiterRes): void {
  ctx.set('RateLimit-Limit', String(points));
  ctx.set('RateLimit-Remaining', String(Math.max(0, res.remainingPoints)));
  ctx.set('RateLimit-Reset', String(Math.max(0, Math.ceil(res.msBeforeNext / 1000))));
}
