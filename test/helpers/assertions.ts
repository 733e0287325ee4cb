import assert from 'node:assert/strict';
import type { TestResponse } from './http';

/** The spec's two fields of an error body (the help beside them, code and the rest, is asserted on its own). */
export const specFields = (body: unknown) => ({
  error: (body as { error?: unknown } | undefined)?.error,
  message: (body as { message?: unknown } | undefined)?.message,
});

/** An error body without the request's own id: two requests that get the same answer differ only in it. */
export const withoutRequestId = <T extends { requestId?: unknown }>(body: T) => ({ ...body, requestId: undefined });

/** The spec's error shape: the status, {"error","message"} strings, the message when given, no stack trace. */
export function assertError(res: TestResponse, status: number, message?: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(typeof res.body?.error, 'string', `error field in ${res.text}`);
  assert.equal(typeof res.body?.message, 'string', `message field in ${res.text}`);
  if (message !== undefined) assert.equal(res.body.message, message);
  assert.ok(!/\bat .+\(.+:\d+:\d+\)/.test(res.text), 'no stack trace in the body');
}
