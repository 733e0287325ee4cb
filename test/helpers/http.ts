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
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
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
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  };
}

export type Request = ReturnType<typeof createClient>;
