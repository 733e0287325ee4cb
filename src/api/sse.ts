// Server-Sent Events as a Koa response body: named events whose data is one JSON object each, a keep-alive
// comment while the stream is quiet, and an abort signal for when the client goes away first.
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { AppError } from '../errors';

const KEEP_ALIVE_MS = 15_000;

export interface EventStream<Events> {
  send<E extends keyof Events & string>(event: E, data: Events[E]): void;
  end(): void;
  /** Aborted (with a 499 AppError) when the client closes the connection before the stream ended. */
  clientGone: AbortSignal;
}

/** Opens the stream as the response: status 200, text/event-stream, never cached nor buffered by proxies. */
export function eventStream<Events>(ctx: Context): EventStream<Events> {
  const stream = new PassThrough();
  ctx.status = 200;
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Accel-Buffering', 'no'); // proxies must not buffer the stream
  ctx.body = stream;
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const client = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) client.abort(new AppError(499, 'The client closed the stream'));
  });
  return {
    send(event, data) {
      if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(keepAlive);
      stream.end();
    },
    clientGone: client.signal,
  };
}
