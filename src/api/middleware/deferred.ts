// The form of a request (its JSON body, its Content-Type, its query parameters) is read before the route's guard
// runs, but a refusal of it is answered after the guard: a caller without a valid credential hears 401 (and one
// whose credential may not do the action 403) before anything about its body, the order Stripe's and GitHub's APIs
// keep. A caller that cannot call the route learns nothing of its rules, and fixes the credential first. Body size
// (413) and unsafe text in the path, query or headers (./text.ts) are still refused at once: the first bounds what
// is read, the second what the credential check would look up.
import type { Context } from 'koa';
import { AppError } from '../../errors';

declare module 'koa' {
  interface DefaultState {
    /** The first refusal of the request's form, answered once the route's guard has let the credential through. */
    formRefusal?: AppError;
  }
}

/** Statuses that refuse a request's form (400 a malformed body or query, 415 a body of another type): deferred. */
const FORM_STATUSES: ReadonlySet<number> = new Set([400, 415]);

/**
 * Runs a check of the request's form: a 400 or 415 it throws is kept for the guard (the first one wins); any other
 * error is thrown now.
 */
export function checkForm(ctx: Context, check: () => void): void {
  try {
    check();
  } catch (err) {
    if (!(err instanceof AppError) || !FORM_STATUSES.has(err.status)) throw err;
    ctx.state.formRefusal ??= err;
  }
}

/** Throws the request's deferred form refusal, if any (the guard calls it once the credential is through). */
export function answerFormRefusal(ctx: Context): void {
  const refusal = ctx.state.formRefusal;
  if (refusal) throw refusal;
}
