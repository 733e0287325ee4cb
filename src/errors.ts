// The one error type the API and the services throw (so it lives below both), its factories, and the
// mapping of anything else (Postgres errors, unknown failures) to the spec's body {"error", "message"}. Beside
// the spec's two fields an error carries help: a `code` from the catalogue (src/errorCatalogue.ts), the `param`
// at fault (a field path or a header name) and a one-line `hint`; the error middleware adds `docUrl` and
// `requestId` (src/api/middleware/errors.ts).
import { STATUS_CODES } from 'node:http';
import { ERROR_CATALOGUE, defaultErrorCode, type ErrorCode } from './errorCatalogue';

export type { ErrorCode } from './errorCatalogue';

/** What an error says beyond the spec's message: which code, which field or header, what to do. */
export interface ErrorHelp {
  code?: ErrorCode;
  /** The field path (filter.filters[0].key) or header name (organizationid) at fault. */
  param?: string;
  /** One line: what to do (default: the code's hint in the catalogue). */
  hint?: string;
  /**
   * The path parameter the error is about (an id that is malformed or names nothing): the error middleware names
   * it as param when the request's route has that parameter (a service called by a tool or the CLI has none).
   */
  pathParam?: string;
}

/** The error body: the spec's error and message, then the help fields (every one but error and message optional). */
export interface ErrorBody {
  error: string;
  message: string;
  code?: ErrorCode;
  param?: string;
  hint?: string;
  docUrl?: string;
  requestId?: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body's "error" value; by default the HTTP reason phrase ("Bad Request", ...). */
    readonly error: string = STATUS_CODES[status] ?? 'Error',
    /** Response headers that go with the error (Retry-After on 429 and 503). */
    readonly headers: Readonly<Record<string, string>> = {},
    readonly help: Readonly<ErrorHelp> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The same error with more help (the fields given replace those it had). */
  with(help: ErrorHelp): AppError {
    return new AppError(this.status, this.message, this.error, this.headers, { ...this.help, ...help });
  }

  get code(): ErrorCode {
    return this.help.code ?? defaultErrorCode(this.status);
  }

  /** The body without the request's own fields (docUrl, requestId): the spec's two fields, then the help. */
  toBody(): ErrorBody {
    const code = this.code;
    return {
      error: this.error,
      message: this.message,
      code,
      ...(this.help.param !== undefined ? { param: this.help.param } : {}),
      hint: this.help.hint ?? ERROR_CATALOGUE[code].hint,
    };
  }
}

export const badRequest = (message: string, help?: ErrorHelp) => new AppError(400, message, undefined, {}, help);
export const unauthorized = (message: string, help?: ErrorHelp) => new AppError(401, message, undefined, {}, help);
export const forbidden = (message = 'Insufficient permissions', help?: ErrorHelp) =>
  new AppError(403, message, undefined, {}, help);
export const notFound = (message: string, help?: ErrorHelp) => new AppError(404, message, undefined, {}, help);
export const conflict = (message: string, help?: ErrorHelp) => new AppError(409, message, undefined, {}, help);
export const gone = (message: string, help?: ErrorHelp) => new AppError(410, message, undefined, {}, help);
export const payloadTooLarge = (message: string, help?: ErrorHelp) => new AppError(413, message, undefined, {}, help);
export const unsupportedMediaType = (message: string, help?: ErrorHelp) =>
  new AppError(415, message, undefined, {}, help);
export const unprocessable = (message: string, help?: ErrorHelp) => new AppError(422, message, undefined, {}, help);
export const internal = (message = 'Failed to process or retrieve the resource') => new AppError(500, message);
export const unavailable = (message: string) => new AppError(503, message);

export const Messages = {
  invalidApiKey: 'Invalid or missing API key',
  invalidAccessToken: 'Invalid or expired access token',
  insufficientPermissions: 'Insufficient permissions',
  workspaceNotFound: 'Workspace not found',
  workspaceDeleted: 'Workspace is deleted',
  missingRequiredField: 'Missing required field',
  invalidFieldValue: 'Invalid field value',
  customerRoleNotFound: 'role with the given customerRoleId not found',
  roleNotFound: 'Role not found',
  httpsRequired: 'HTTPS is required',
  routeNotFound: 'Route not found',
  unavailable: 'Service temporarily unavailable',
} as const;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** A dependency (database, storage) could not be reached: a network error, or the pool timing out on it. */
export function isUnreachable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  if (Array.isArray(e.errors) && e.errors.some(isUnreachable)) return true; // AggregateError (IPv4 + IPv6)
  return e.cause !== undefined && e.cause !== err && isUnreachable(e.cause);
}

/** A Postgres unique violation (a concurrent insert took the key first). */
export const isUniqueViolation = (err: unknown): boolean => (err as PgError | undefined)?.code === '23505';

interface PgError {
  code?: unknown;
  constraint?: unknown;
}

/** Turns any thrown value into an AppError; unknown failures become a generic 500 (never a stack trace). */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as PgError & { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    switch (e.code) {
      case '22P02': // invalid_text_representation, e.g. a malformed uuid that slipped through
        return badRequest(Messages.invalidFieldValue, { code: 'invalid_field' });
      case '23505':
        return conflict('Resource already exists');
      case '23503':
        return conflict('Resource is referenced by another resource');
      case '57014':
      case '53300':
      case '57P01': // admin_shutdown
      case '57P02': // crash_shutdown
      case '57P03': // cannot_connect_now (starting up, recovering)
        return unavailable(Messages.unavailable);
    }
    if (e.code.startsWith('08')) return unavailable(Messages.unavailable); // connection exceptions
    // Class 22, data exceptions: a value the column or a cast cannot hold (a float underflow into real, an integer
    // out of range, a string too long). Bad data, not a fault of the service, whichever column a later change adds.
    if (e.code.startsWith('22')) return badRequest(Messages.invalidFieldValue, { code: 'value_not_storable' });
  }
  if (isUnreachable(err)) return unavailable(Messages.unavailable);
  // Errors raised by Koa/http-errors with an explicit client status (for example from the router).
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose === true) {
    return new AppError(e.status, typeof e.message === 'string' ? e.message : (STATUS_CODES[e.status] ?? 'Error'));
  }
  return internal();
}
