// The request context: the request id of the HTTP request (or of the workflow an activity serves) that
// the current async call chain belongs to. Log lines (src/main/logger.ts) and the workflows a request
// starts (src/temporal/jobs.ts) read it from here, so no function signature has to carry it.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Request ids are honoured from clients only in this shape (and generated otherwise). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** The Temporal header that carries the request id from the client to workflows and activities. */
export const REQUEST_ID_HEADER = 'kws-request-id';
