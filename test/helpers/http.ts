// A small HTTPS client that trusts the test server's self-signed certificate (no verification turned off). Every
// response it receives is checked against the published OpenAPI document (test/helpers/contract.ts): an
// undocumented status, field or header fails the test that received it.
import http from 'node:http';
import https from 'node:https';
import { publishedContract, type Contract } from './contract';

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

export interface ClientOptions {
  /** The contract responses are checked against (default: the published document); false checks nothing. */
  contract?: Contract | false;
}

/** The whole answer, its body parsed when it is JSON; checked against the contract when one is given. */
function readResponse(
  res: http.IncomingMessage,
  check?: { contract: Contract | false; method: string; path: string },
): Promise<TestResponse> {
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
      const response = { status: res.statusCode ?? 0, headers: res.headers, text, body };
      try {
        if (check?.contract) check.contract.check(check.method, check.path, response);
      } catch (err) {
        reject(err);
        return;
      }
      resolve(response);
    });
  });
}

export function createClient(baseUrl: string, ca: string, options: ClientOptions = {}) {
  const base = new URL(baseUrl);
  const contract = options.contract === undefined ? publishedContract() : options.contract;
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
    const send = (): Promise<TestResponse> =>
      new Promise((resolve, reject) => {
        const req = transport.request(
          {
            method,
            host: base.hostname,
            port: base.port,
            path,
            headers,
            ...(opts.plain ? {} : { ca, servername: base.hostname === '127.0.0.1' ? undefined : base.hostname }),
          },
          (res) => void readResponse(res, { contract, method, path }).then(resolve, reject),
        );
        req.on('error', (err: NodeJS.ErrnoException) => {
          // A kept-alive connection the server closed (idle past HTTP_KEEPALIVE_TIMEOUT_MS) while this process was
          // busy: the request never reached it. Node's documented remedy is to send it again on a new connection.
          if (req.reusedSocket && err.code === 'ECONNRESET') send().then(resolve, reject);
          else reject(err);
        });
        if (payload) req.write(payload);
        req.end();
      });
    return send();
  };
}

export type Request = ReturnType<typeof createClient>;

/**
 * A fetch() over this client (for the typed client, openapi-fetch): the same trusted certificate, and the same
 * contract check of every response.
 */
export function fetchVia(request: Request) {
  return async (input: globalThis.Request): Promise<Response> => {
    const url = new URL(input.url);
    const headers: Record<string, string> = {};
    input.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const raw = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
    const res = await request(input.method, `${url.pathname}${url.search}`, { headers, ...(raw ? { raw } : {}) });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      for (const v of [value ?? []].flat()) responseHeaders.append(key, v);
    }
    const empty = res.status === 204 || res.status === 304 || input.method === 'HEAD';
    return new Response(empty ? null : res.text, { status: res.status, headers: responseHeaders });
  };
}

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
  const contract = publishedContract();
  const req = https.request({ method, host: base.hostname, port: base.port, path, headers, ca });
  const response = new Promise<TestResponse>((resolve, reject) => {
    req.on('response', (res) => void readResponse(res, { contract, method, path }).then(resolve, reject));
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
