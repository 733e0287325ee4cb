// A small HTTPS client that trusts the test server's self-signed certificate (no verification turned off).
import http from 'node:http';
import https from 'node:https';

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON of any shape
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** A value to send as JSON, or a raw string/Buffer sent as is. */
  json?: unknown;
  raw?: string | Buffer;
  /** Send over plain HTTP to the same port (to prove it is refused). */
  plain?: boolean;
}

/** The whole answer, its body parsed when it is JSON. */
function readResponse(res: http.IncomingMessage): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
    });
  });
}

export function createClient(baseUrl: string, ca: string) {
  const base = new URL(baseUrl);
  return function request(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    let payload: Buffer | undefined;
    if (opts.json !== undefined) {
      payload = Buffer.from(JSON.stringify(opts.json));
      headers['content-type'] ??= 'application/json';
    } else if (opts.raw !== undefined) {
      payload = Buffer.isBuffer(opts.raw) ? opts.raw : Buffer.from(opts.raw);
    }
    if (payload) headers['content-length'] = String(payload.length);
    const transport = opts.plain ? http : https;
    return new Promise((resolve, reject) => {
      const req = transport.request(
        {
          method,
          host: base.hostname,
          port: base.port,
          path,
          headers,
          ...(opts.plain ? {} : { ca, servername: base.hostname === '127.0.0.1' ? undefined : base.hostname }),
        },
        (res) => void readResponse(res).then(resolve, reject),
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  };
}

export type Request = ReturnType<typeof createClient>;

export interface OpenRequest {
  req: http.ClientRequest;
  /** Writes a chunk; resolves once it is flushed (false: the server closed the connection). */
  write(chunk: Buffer | string): Promise<boolean>;
  /** The answer, whenever it comes (the server may answer before the body is sent). */
  response: Promise<TestResponse>;
}

/** A request whose body is written piece by piece (chunked unless a content-length header is given). */
export function openRequest(
  baseUrl: string,
  ca: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): OpenRequest {
  const base = new URL(baseUrl);
  const req = https.request({ method, host: base.hostname, port: base.port, path, headers, ca });
  const response = new Promise<TestResponse>((resolve, reject) => {
    req.on('response', (res) => void readResponse(res).then(resolve, reject));
    req.on('error', reject);
  });
  response.catch(() => undefined);
  return {
    req,
    response,
    write: (chunk) =>
      new Promise((resolve) => {
        if (req.destroyed || req.writableEnded) return resolve(false);
        const closed = () => resolve(false);
        req.once('close', closed);
        req.write(chunk, (err) => {
          req.off('close', closed);
          resolve(!err);
        });
      }),
  };
}
