import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { AppError, Messages, toAppError, type ErrorBody } from '../../errors';
import { publicBaseUrl } from '../publicUrl';

/** Where the service serves the error guide (src/api/routes/docs): each code is an anchor on the page. */
export const ERRORS_PAGE_PATH = '/docs/errors';

/**
 * The absolute link to the code's entry in the error guide this service serves, under its public base URL
 * (src/api/publicUrl.ts: PUBLIC_URL, else the service's own address; never the request's Host header).
 */
export function errorDocUrl(baseUrl: string, code: string): string {
  return `${baseUrl}${ERRORS_PAGE_PATH}#${code}`;
}

/** The error's body as this request answers it: the error's own fields, its guide link and the request's id. */
export function errorBody(ctx: Context, appError: AppError, baseUrl: string): ErrorBody {
  const body = appError.toBody();
  const docUrl = body.code ? errorDocUrl(baseUrl, body.code) : undefined;
  const { pathParam } = appError.help;
  const params = (ctx as { params?: Record<string, unknown> }).params;
  const param = body.param ?? (pathParam !== undefined && params?.[pathParam] !== undefined ? pathParam : undefined);
  return {
    ...body,
    ...(param !== undefined ? { param } : {}),
    ...(docUrl ? { docUrl } : {}),
    ...(ctx.state.requestId ? { requestId: ctx.state.requestId as string } : {}),
  };
}

/**
 * One error path: every failure, unknown route and unmatched method leaves as {"error","message"} and its help.
 * `databaseDown` tells an unexpected failure caused by a database that just went away (a connection cut
 * mid-query carries no error code) from a real bug: the former answers 503, the latter 500.
 */
export function errorHandler(
  logger: Logger,
  config: Pick<Config, 'host' | 'port' | 'publicUrl'>,
  opts: { databaseDown?: () => Promise<boolean>; servedAt?: (path: string) => boolean } = {},
) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw routeNotFound(ctx.path, opts.servedAt);
        if (ctx.status === 405) throw methodNotAllowed(ctx);
        // The router answers 501 to methods it implements nowhere (TRACE, CONNECT): on a served path that is a
        // method the path does not serve (405 with Allow, which the router set), elsewhere an unknown route.
        if (ctx.status === 501) {
          if (!ctx.response.get('Allow')) throw routeNotFound(ctx.path, opts.servedAt);
          throw methodNotAllowed(ctx);
        }
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
      ctx.body = errorBody(ctx, appError, publicBaseUrl(config, ctx));
    }
  };
}

/**
 * The 404 of a path no route has. A client given a base URL ending in /v1 is told so: a path that says /v1 twice,
 * or /v1 before an operation served without it (the token endpoints: `servedAt` says which paths are served).
 */
const routeNotFound = (path = '', servedAt: (path: string) => boolean = () => false) => {
  const doubled = path.startsWith('/v1/v1/') || path === '/v1/v1';
  const unprefixed = !doubled && path.startsWith('/v1/') && servedAt(path.slice(3));
  const hint = doubled
    ? 'The path says /v1 twice: give your client the base URL without /v1 (the paths carry it).'
    : unprefixed
      ? `This operation has no /v1 in its path: ${path.slice(3)}. If your client's base URL ends in /v1, drop it ` +
        '(the paths that have /v1 carry it).'
      : undefined;
  return new AppError(
    404,
    Messages.routeNotFound,
    undefined,
    {},
    { code: 'route_not_found', ...(hint ? { hint } : {}) },
  );
};

const methodNotAllowed = (ctx: Context) => new AppError(405, `Method ${ctx.method} not allowed on ${ctx.path}`);
