// The fixed cost of one POST /workspaces/{id}/knowledge/search beside the search itself (`npm run bench --
// overhead`): on a small synthetic corpus (so the query is cheap and the fixed cost shows), the database
// statements one request sends (counts, and each statement's text: figures machine load cannot blur), the time
// each app middleware adds on its own (its inclusive time minus the next one's, medians), and the API round trip
// beside the same search called in process. Figures only; nothing asserts a time.
import { performance } from 'node:perf_hooks';
import type Router from '@koa/router';
import type Koa from 'koa';
import { createApp } from '../../src/api/app';
import { startHttpServer } from '../../src/main/httpServer';
import type { Db } from '../../src/db/knex';
import type { TokenService } from '../../src/services/access/tokens';
import type { Deps } from '../../src/services/deps';
import { searchKnowledge } from '../../src/services/search/search';
import { createRole } from '../../test/helpers/factories';
import type { TestStack } from '../../test/helpers/stack';
import { countQueries, keepAliveClient } from '../lib/http';
import { loadAverage, round, summarize, type Summary } from '../lib/stats';
import { newCaller } from './ingestion';
import { QUERIES } from './search';
import { loadItems, VectorModel } from './vectors';

export interface SearchOverheadResult {
  samples: number;
  loadAverage: number[];
  corpus: { items: number; chunks: number };
  /** Statements one search request sends, in order (knex query events; BEGIN/COMMIT included). */
  statements: string[];
  /** Statements per request, averaged over many requests. */
  queriesPerRequest: number;
  /** Token verifications (the token service's check) per request. */
  tokenChecksPerRequest: number;
  /**
   * The same two counts with the default rate limits on (the tests and benches run with them off). The limiter's
   * upsert runs on a connection of its own, which knex does not report: one more round trip than counted here.
   */
  withDefaultRateLimits: { statements: string[]; queriesPerRequest: number; tokenChecksPerRequest: number };
  /** The whole round trip over one kept-alive HTTPS connection. */
  apiMs: Summary;
  /** searchKnowledge in process (embedding, plan choice, vector query and rows). */
  serviceMs: Summary;
  /** Paired medians of the API minus the service call: HTTPS, authentication, rate limit, validation, JSON. */
  fixedCostMs: number;
  /** Each app middleware's own share (inclusive minus the next one's), p50 in ms; the router includes the handler. */
  middlewareMs: Array<{ name: string; p50: number }>;
  /** Inside the router, the search route's own middleware: its guard, and the handler (validation, search, JSON). */
  routeMs: { guard: number; handler: number };
}

/** Wraps each middleware of the app to time it inclusively; one entry of `times` per middleware per request. */
function timeMiddleware(app: Koa): { names: string[]; times: number[][] } {
  const names = app.middleware.map((fn, i) => fn.name || `middleware ${i}`);
  const times = names.map(() => [] as number[]);
  app.middleware = app.middleware.map((fn, i) => async (ctx, next) => {
    const start = performance.now();
    try {
      await fn(ctx, next);
    } finally {
      times[i]!.push(performance.now() - start);
    }
  });
  return { names, times };
}

/** The deps with a token service that counts its checks. */
function countingTokens(deps: Deps): { deps: Deps; checks: () => number } {
  let checks = 0;
  const tokens: TokenService = {
    ...deps.tokens,
    check: (token) => {
      checks += 1;
      return deps.tokens.check(token);
    },
  };
  return { deps: { ...deps, tokens }, checks: () => checks };
}

/** Statements and token checks per request of `post`: the first request's statements, and averages over n. */
async function countPerRequest(db: Db, checks: () => number, post: () => Promise<unknown>, n = 100) {
  const statements: string[] = [];
  const record = (q: { sql: string }) => statements.push(q.sql.replace(/\s+/g, ' ').slice(0, 160));
  db.on('query', record);
  try {
    await post();
  } finally {
    db.off('query', record);
  }
  const before = checks();
  const queriesPerRequest = await countQueries(db, n, post);
  return {
    statements,
    queriesPerRequest,
    tokenChecksPerRequest: round((checks() - before) / n, 2),
  };
}

/** An app over HTTPS on its own port, and a client posting searches to it. */
async function serveApp(stack: TestStack, app: Koa, path: string, headers: Record<string, string>) {
  const server = await startHttpServer(app, { host: '127.0.0.1', port: 0, tls: stack.tls });
  const client = keepAliveClient(server.url, stack.ca);
  return {
    post: (query: string) => client('POST', path, headers, { query, limit: 10 }),
    close: () => server.close(2000),
  };
}

/** Times the guard and the handler of the route at `path` (the router the app dispatches to carries its layers). */
function timeRoute(app: Koa, path: string): { guard: number[]; handler: number[] } {
  const times = { guard: [] as number[], handler: [] as number[] };
  const dispatch = app.middleware.find((fn) => 'router' in fn) as unknown as { router: Router } | undefined;
  const layer = dispatch?.router.stack.find((l) => l.path === path && l.methods.includes('POST'));
  if (!layer || layer.stack.length !== 2) throw new Error(`no route ${path} with a guard and a handler`);
  layer.stack = layer.stack.map((fn, i) => async (ctx, next) => {
    const start = performance.now();
    // The guard's own time ends where the handler starts.
    const own =
      i === 0
        ? () => {
            times.guard.push(performance.now() - start);
            return next();
          }
        : next;
    try {
      await fn(ctx, own);
    } finally {
      if (i === 1) times.handler.push(performance.now() - start);
    }
  });
  return times;
}

export async function measureSearchOverhead(stack: TestStack, samples = 400): Promise<SearchOverheadResult> {
  const { db, embeddings } = stack.deps;
  const caller = await newCaller(stack);
  const ws = caller.tenant.workspaceId;
  const roles = {
    p1: (await createRole(db, ws)).id,
    p10: (await createRole(db, ws)).id,
    p50: (await createRole(db, ws)).id,
  };
  const corpus = { items: 200, chunks: 200 * 5 };
  const model = new VectorModel(embeddings.dimension, 42);
  await loadItems({ db, workspaceId: ws, roles, model, fromItem: 0, toItem: corpus.items, chunksPerItem: 5 });
  await db.raw('ANALYZE knowledge, knowledge_chunks, knowledge_roles');
  const path = `/workspaces/${ws}/knowledge/search`;
  const counting = countingTokens(stack.deps);
  const app = createApp(counting.deps);
  // The route first: timing the app's middleware wraps the router's dispatch, which carries the route's layers.
  const route = timeRoute(app, '/workspaces/:workspaceId/knowledge/search');
  const timed = timeMiddleware(app);
  const { post, close } = await serveApp(stack, app, path, caller.searchHeaders);
  // The production defaults of RATE_LIMIT_* (src/config.ts), far above this run's requests.
  const rateLimit = { ...stack.config.rateLimit, requests: 6000, anonymousRequests: 1200, subjectRequests: 600 };
  const limited = await serveApp(
    stack,
    createApp({ ...counting.deps, config: { ...stack.config, rateLimit: { ...rateLimit, endUserRequests: 6000 } } }),
    path,
    caller.searchHeaders,
  );
  try {
    for (const q of QUERIES) await embeddings.embedQuery(q); // the model warm for every question
    for (let i = 0; i < 50; i++) await post(QUERIES[i % QUERIES.length]!);
    let n = 0;
    const next = () => QUERIES[n++ % QUERIES.length]!;
    const counts = await countPerRequest(db, counting.checks, () => post(next()));
    const withDefaultRateLimits = await countPerRequest(db, counting.checks, () => limited.post(next()));
    for (const t of [...timed.times, route.guard, route.handler]) t.length = 0;
    const api: number[] = [];
    const service: number[] = [];
    // Interleaved, in alternating order, so a change of load touches both series alike.
    for (let i = 0; i < samples; i++) {
      const query = QUERIES[i % QUERIES.length]!;
      const inProcess = async () => {
        const start = performance.now();
        await searchKnowledge({ db, embeddings }, ws, { query, limit: 10, filter: {} });
        service.push(performance.now() - start);
      };
      if (i % 2) await inProcess();
      api.push(await post(query));
      if (!(i % 2)) await inProcess();
    }
    const inclusive = timed.times.map((t) => t.slice(-samples));
    const middlewareMs = timed.names.map((name, i) => {
      const own = inclusive[i]!.map((t, j) => t - (inclusive[i + 1]?.[j] ?? 0));
      return { name, p50: summarize(own, 3).p50 };
    });
    return {
      samples,
      loadAverage: loadAverage(),
      corpus,
      ...counts,
      withDefaultRateLimits,
      apiMs: summarize(api, 2),
      serviceMs: summarize(service, 2),
      fixedCostMs: summarize(
        api.map((a, i) => a - service[i]!),
        2,
      ).p50,
      middlewareMs,
      routeMs: { guard: summarize(route.guard, 3).p50, handler: summarize(route.handler, 3).p50 },
    };
  } finally {
    await close();
    await limited.close();
  }
}
