// An OpenAI-compatible chat completions server started inside a test (the agent server: a third-party service
// we do not run), and a client for the service's agent run stream (Server-Sent Events over HTTPS).
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestResponse } from './http';

export interface StubRequest {
  headers: http.IncomingHttpHeaders;
  path: string;
  body: {
    model: string;
    stream: boolean;
    messages: Array<Record<string, unknown>>;
    tools?: Array<{ type: string; function: { name: string; description: string; parameters: unknown } }>;
  };
  /** Resolves when the service closed this request's connection (a cancelled run). */
  closed: Promise<void>;
}

/** How a test answers the n-th chat completion request (0-based). */
export type StubHandler = (req: StubRequest, res: http.ServerResponse, n: number) => void | Promise<void>;

export interface ChatStub {
  url: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

export async function startChatStub(handler: StubHandler): Promise<ChatStub> {
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
      const entry: StubRequest = {
        headers: req.headers,
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as StubRequest['body'],
        closed,
      };
      requests.push(entry);
      void Promise.resolve(handler(entry, res, requests.length - 1)).catch((err: unknown) => {
        res.destroy(err as Error);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes the headers of an SSE answer. */
export function beginStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

export function sendChunk(res: http.ServerResponse, chunk: Record<string, unknown>): void {
  res.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, ...chunk })}\n\n`);
}

/** A complete streamed answer: the text in pieces, then the finish reason, usage and [DONE]. */
export function streamAnswer(
  res: http.ServerResponse,
  pieces: string[],
  opts: { model?: string; usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } } = {},
): void {
  beginStream(res);
  const model = opts.model ?? 'stub-model-1';
  sendChunk(res, { model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const p of pieces)
    sendChunk(res, { model, choices: [{ index: 0, delta: { content: p }, finish_reason: null }] });
  sendChunk(res, { model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  if (opts.usage) sendChunk(res, { model, choices: [], usage: opts.usage });
  res.end('data: [DONE]\n\n');
}

/** A streamed tool call (its arguments split over two chunks, as models do). */
export function streamToolCall(
  res: http.ServerResponse,
  call: { id: string; name: string; arguments: Record<string, unknown> },
  opts: { model?: string; usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } } = {},
): void {
  beginStream(res);
  const model = opts.model ?? 'stub-model-1';
  const args = JSON.stringify(call.arguments);
  const half = Math.floor(args.length / 2);
  sendChunk(res, {
    model,
    choices: [
      {
        index: 0,
        delta: {
          role: 'assistant',
          tool_calls: [
            { index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: args.slice(0, half) } },
          ],
        },
        finish_reason: null,
      },
    ],
  });
  sendChunk(res, {
    model,
    choices: [
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] },
        finish_reason: null,
      },
    ],
  });
  sendChunk(res, { model, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
  if (opts.usage) sendChunk(res, { model, choices: [], usage: opts.usage });
  res.end('data: [DONE]\n\n');
}

export interface RunEventRecord {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the event's JSON
}

/**
 * POSTs a run and reads its event stream until it ends, or until stopWhen returns true for an event (then the
 * client disconnects). Resolves with the HTTP status, headers, the events, and the body when it is not a stream.
 */
export function runStream(
  baseUrl: string,
  ca: string,
  path: string,
  headers: Record<string, string>,
  json: unknown,
  stopWhen?: (e: RunEventRecord) => boolean,
): Promise<{
  status: number;
  headers: http.IncomingHttpHeaders;
  events: RunEventRecord[];
  body: TestResponse['body'];
}> {
  const base = new URL(baseUrl);
  const payload = Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        method: 'POST',
        host: base.hostname,
        port: base.port,
        path,
        ca,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (res) => {
        const events: RunEventRecord[] = [];
        let text = '';
        let buffer = '';
        const done = () => {
          let body: unknown;
          try {
            body = text && !res.headers['content-type']?.startsWith('text/event-stream') ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, events, body });
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!event || data === undefined) continue;
            const record = { event, data: JSON.parse(data) };
            events.push(record);
            if (stopWhen?.(record)) {
              req.destroy();
              done();
              return;
            }
          }
        });
        res.on('end', done);
        res.on('error', () => undefined);
      },
    );
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end(payload);
  });
}
