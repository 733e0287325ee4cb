import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { AppError, Messages, toAppError } from '../../errors';

/** One error path: every failure, unknown route and unmatched method leaves as {"error","message"}. */
/**
 * `databaseDown` tells an unexpected failure caused by a database that just went away (a connection cut
 * mid-query carries no error code) from a real bug: the former answers 503, the latter 500.
 */
export function errorHandler(logger: Logger, opts: { databaseDown?: () => Promise<boolean> } = {}) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new AppError(404, Messages.routeNotFound);
        if (ctx.status === 405) throw new AppError(405, `Method ${ctx.method} not allowed on ${ctx.path}`);
        if (ctx.status === 501) throw new AppError(501, `Method ${ctx.method} not implemented`);
      }
    } catch (err) {
      let appError = toAppError(err);
      if (appError.status === 500 && !(err instanceof AppError) && (await opts.databaseDown?.())) {
        appError = new AppError(503, Messages.unavailable);
      }
      if (appError.status >= 500) {
        logger.error({ err, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'request failed');
      }
      ctx.status = appError.status;
      ctx.set(appError.headers);
      ctx.type = 'application/json';
      ctx.body = appError.toBody();
    }
  };
}
