// A query parameter the operation does not list is refused by name, as a body field is (400 unknown_field, with the
// parameter it probably meant): the document lists every operation's query parameters, and a misspelt one
// (`?limt=5`) would otherwise be ignored without a word. Unknown routes and methods pass on to their 404 and 405.
// The refusal is answered after the route's guard (./deferred.ts): a caller without a credential hears 401 first.
import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { closestName, listWithSuggestions } from '../../domain/suggest';
import { badRequest } from '../../errors';
import { checkForm } from './deferred';
import { compileTemplate, matchOperation } from './methods';

interface QueryOperation {
  method: string;
  path: string;
  request?: { query?: z.ZodObject };
}

export function rejectUnknownQuery(operations: readonly QueryOperation[]) {
  const table = operations.map((op) => ({
    method: op.method.toUpperCase(),
    ...compileTemplate(op.path),
    names: Object.keys(op.request?.query?.shape ?? {}),
  }));
  return async (ctx: Context, next: Next): Promise<void> => {
    const sent = Object.keys(ctx.query);
    if (sent.length === 0) return next();
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const op = matchOperation(table, method, ctx.path);
    if (!op) return next();
    checkForm(ctx, () => refuseUnknownQuery(ctx, op.names, sent));
    return next();
  };
}

/** Throws the 400 of a query parameter the operation does not take (named, with the one it probably meant) or of one sent twice. */
function refuseUnknownQuery(ctx: Context, names: readonly string[], sent: readonly string[]): void {
  const unknown = sent.filter((name) => !names.includes(name));
  if (unknown.length === 0) {
    // No operation takes a list in its query string: a parameter sent twice is a mistake (a template's default
    // left beside the value meant), named as such rather than as "must be a string".
    const repeated = sent.find((name) => Array.isArray(ctx.query[name]));
    if (repeated !== undefined) {
      const times = (ctx.query[repeated] as string[]).length;
      throw badRequest(`${repeated} must be given once (it came ${times} times)`, {
        code: 'invalid_field',
        param: repeated,
        hint: `Send ${repeated} once in the query string; this operation reads one value of it.`,
      });
    }
    return;
  }
  const named = unknown.map((name) => ({ name, suggestion: closestName(name, names) }));
  const list = listWithSuggestions(named);
  const takes = names.length > 0 ? `this operation takes ${names.join(', ')}` : 'this operation takes none';
  const first = named[0]!;
  throw badRequest(`Unknown query parameter: ${list}`, {
    code: 'unknown_field',
    param: first.name,
    hint: first.suggestion ? `Rename ${first.name} to ${first.suggestion}; ${takes}.` : `Remove it; ${takes}.`,
  });
}
