// A path that matches a literal route and a parameter route (POST …/knowledge/file and GET …/knowledge/{knowledgeId})
// is the literal route's resource: its OPTIONS and 405 answers list that route's methods, and another method is 405
// there, as the OpenAPI document describes it, rather than falling through to the parameter route.
import type { Context, Next } from 'koa';
import { AppError } from '../../errors';
import type { RouteEntry } from './routeGuard';

interface Template {
  pattern: RegExp;
  literals: number;
  methods: Set<string>;
}

/** A path template ({placeholders}) as a pattern for request paths, and how many literal segments it has. */
export function compileTemplate(template: string): { pattern: RegExp; literals: number } {
  const segments = template.split('/');
  const param = (s: string) => /^\{.+\}$/.test(s);
  const source = segments.map((s) => (param(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return { pattern: new RegExp(`^${source.join('/')}/?$`), literals: segments.filter((s) => !param(s)).length };
}

/**
 * The operation a request is for, of a table of compiled templates: a literal path beside a parameter route is the
 * literal route's (`…/knowledge/file` beside `…/knowledge/{knowledgeId}`), whatever the method, so `PATCH
 * …/knowledge/file` is no operation (its 405), not the item's PATCH. Undefined: no operation has the path and
 * method.
 */
export function matchOperation<T extends { method: string; pattern: RegExp; literals: number }>(
  table: readonly T[],
  method: string,
  path: string,
): T | undefined {
  const paths = table.filter((t) => t.pattern.test(path));
  const literals = Math.max(...paths.map((t) => t.literals));
  return paths.find((t) => t.literals === literals && t.method === method);
}

function templates(entries: readonly RouteEntry[]): Template[] {
  const byPath = new Map<string, Template>();
  for (const { path, method } of entries) {
    let t = byPath.get(path);
    if (!t) {
      t = { ...compileTemplate(path), methods: new Set() };
      byPath.set(path, t);
    }
    t.methods.add(method);
    if (method === 'GET') t.methods.add('HEAD');
  }
  return [...byPath.values()];
}

export function literalRoutesFirst(entries: () => readonly RouteEntry[]) {
  let table: Template[] | undefined;
  return async (ctx: Context, next: Next): Promise<void> => {
    table ??= templates(entries());
    const matching = table.filter((t) => t.pattern.test(ctx.path));
    if (matching.length < 2) return next(); // one resource: the router's own answers are exact
    const best = matching.reduce((a, b) => (b.literals > a.literals ? b : a));
    const allow = [...best.methods].join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', allow);
      ctx.status = 204;
      return;
    }
    if (!best.methods.has(ctx.method)) {
      ctx.set('Allow', allow);
      throw new AppError(405, `Method ${ctx.method} not allowed on ${ctx.path}`);
    }
    return next();
  };
}

/** Whether some operation of the table is served at a path (any method). */
export function servedPaths(operations: readonly { path: string }[]): (path: string) => boolean {
  const patterns = [...new Set(operations.map((op) => op.path))].map((p) => compileTemplate(p).pattern);
  return (path) => patterns.some((pattern) => pattern.test(path));
}
