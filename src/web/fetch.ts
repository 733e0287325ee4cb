// The one door out: every outbound HTTP request of the service (crawl pages, robots.txt and sitemaps, URL items,
// sources, webhook deliveries, agent server runs, the reranker and the embedding API) is made here, under one
// address rule (src/web/address.ts) that each use lifts only by its own configuration setting, and one rule no
// setting lifts: the service's own components (src/web/ownComponents.ts) are never connected to, by address and
// port. http(s) only, no credentials in the URL. An IP literal in the URL (which never reaches a DNS lookup) is
// checked before any connection is made; a host name is resolved here and every resolved address checked inside
// the connection's own DNS lookup, so the socket connects to exactly the address that was checked (a second
// resolution, as in DNS rebinding, never happens). No redirect is followed by a single request; fetchResource
// follows them by hand, each hop checked before it is requested (the address rules, and for a crawl the same
// origin), with bodies bounded in bytes (after decompression) and the whole fetch in time. No connection is
// reused.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { alwaysRefusedReason, blockedReason } from './address';
import { NO_OWN_COMPONENTS, portOf, type OwnComponents } from './ownComponents';
import { isConnectableHost } from './urls';

export type FetchErrorCode =
  | 'INVALID_URL'
  | 'UNSUPPORTED_SCHEME'
  | 'BLOCKED_ADDRESS'
  | 'DNS'
  | 'HTTP_STATUS'
  | 'UNSUPPORTED_TYPE'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'OFF_ORIGIN_REDIRECT'
  | 'NETWORK';

export class FetchError extends Error {
  constructor(
    message: string,
    readonly code: FetchErrorCode,
    /** The HTTP status of an HTTP_STATUS failure. */
    readonly status?: number,
    /** The origin an OFF_ORIGIN_REDIRECT pointed to (not requested). */
    readonly redirectOrigin?: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** Which addresses one use of the door may reach. */
export interface AddressPolicy {
  /**
   * Lift the address rule (the use's configuration setting): loopback and private networks become
   * reachable. Link-local and cloud metadata addresses stay refused (alwaysRefusedReason).
   */
  allowPrivateNetworks: boolean;
  /**
   * The service's own components: never connected to, whatever allowPrivateNetworks or refuseAddress say. Built
   * once at start-up (src/main) and passed to every use.
   */
  own: OwnComponents;
  /** DNS resolution; the system resolver by default (tests map names to loopback addresses). */
  resolve?: Resolver;
  /**
   * The address rule; by default blockedReason() unless allowPrivateNetworks. Returns why an address is
   * refused. Link-local and cloud metadata addresses are refused before it is asked.
   */
  refuseAddress?: (address: string) => string | undefined;
}

export interface FetchPolicy extends AddressPolicy {
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  userAgent: string;
  maxRedirects?: number;
  /**
   * A crawl's rule: a redirect to another origin is not requested; the fetch fails OFF_ORIGIN_REDIRECT
   * naming the origin it pointed to.
   */
  sameOriginRedirects?: boolean;
}

export interface FetchOptions {
  accept?: string;
  /** Whether to read a response of this (lowercase, parameterless) content type; others fail UNSUPPORTED_TYPE. */
  wants?: (mime: string, url: URL) => boolean;
  /** The largest body to read for a content type, in bytes (after decompression). */
  maxBytes: (mime: string) => number;
  /** Further request headers (a conditional GET's If-None-Match, If-Modified-Since). */
  headers?: Record<string, string>;
}

export interface FetchedResource {
  /** The URL the body came from (after redirects). */
  url: URL;
  status: number;
  /** Lowercase, without parameters; '' when the server sent none. */
  mime: string;
  charset?: string;
  body: Buffer;
  /** Every URL redirected from, in order. */
  redirectedFrom: string[];
  /** The response's validators, for a later conditional GET. */
  etag?: string;
  lastModified?: string;
}

const DEFAULT_MAX_REDIRECTS = 5;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Parses a URL the crawler may request: http(s), a host, no credentials. */
export function parseWebUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('Invalid URL format', 'INVALID_URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('Unsupported URL scheme: only http and https are fetched', 'UNSUPPORTED_SCHEME');
  }
  if (!url.hostname || /\s/.test(raw) || !isConnectableHost(url))
    throw new FetchError('Invalid URL format', 'INVALID_URL');
  if (url.username || url.password) throw new FetchError('URLs with credentials are not accepted', 'INVALID_URL');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function refusal(policy: AddressPolicy, address: string, port: number): string | undefined {
  const always = alwaysRefusedReason(address);
  if (always) return always;
  if (policy.own.componentAt(address, port)) return 'own component';
  if (policy.refuseAddress) return policy.refuseAddress(address);
  return policy.allowPrivateNetworks ? undefined : blockedReason(address);
}

/**
 * The refusals' messages. A refused address is not named nor its kind, so that API answers and webhook
 * delivery logs do not tell what the service's DNS answers for an internal name; a name that does not
 * resolve says so, as it would for a public name.
 */
const AddressMessages = {
  unresolved: (host: string) => `The URL's host ${host} could not be resolved`,
  refused: (host: string) => `The URL's host ${host} is not allowed: the service does not connect to its address`,
};

const blocked = (host: string) => new FetchError(AddressMessages.refused(host), 'BLOCKED_ADDRESS');

/** The address refusals as the API documents them (the host varies). */
export const AddressRefusalMessages = [AddressMessages.unresolved('…'), AddressMessages.refused('…')] as const;

/**
 * How long a check made while answering an API request (checkWebUrl: creating a source, a webhook endpoint,
 * an agent server) waits for a host's addresses: a resolver that never answers must not hold the request. The
 * host is then reported as not resolved (400).
 */
export const HOST_RESOLUTION_TIMEOUT_MS = 3000;

/** A resolver that gives up (as "not resolved") after `ms`. */
function boundedResolver(resolve: Resolver, ms: number): Resolver {
  return (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`resolving ${hostname} took over ${ms} ms`)), ms);
    });
    return Promise.race([resolve(hostname), gaveUp]).finally(() => clearTimeout(timer));
  };
}

/** Resolves a host name and checks every address at the port; refuses the host if any address is refused. */
async function resolveChecked(hostname: string, port: number, policy: AddressPolicy) {
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await (policy.resolve ?? systemResolver)(hostname);
  } catch {
    throw new FetchError(AddressMessages.unresolved(hostname), 'DNS');
  }
  if (addresses.length === 0) throw new FetchError(AddressMessages.unresolved(hostname), 'DNS');
  if (addresses.some((a) => refusal(policy, a.address, port))) throw blocked(hostname);
  return addresses;
}

/**
 * Refuses a URL whose host is a refused IP literal (a literal never reaches a DNS lookup, so it is checked here),
 * or that names one of the service's own components by its configured host name and port.
 */
export function checkLiteralHost(url: URL, policy: AddressPolicy): void {
  const host = bareHost(url);
  if (policy.own.componentNamed(host, portOf(url))) throw blocked(host);
  if (!isIP(host)) return;
  if (refusal(policy, host, portOf(url))) throw blocked(host);
}

/**
 * Checks that a URL may be fetched: its form, scheme and (resolving the host now) its addresses. The
 * fetch itself checks again on the address it connects to; this answers the API's request early.
 */
export async function checkWebUrl(raw: string, policy: AddressPolicy): Promise<URL> {
  const url = parseWebUrl(raw);
  checkLiteralHost(url, policy);
  if (!isIP(bareHost(url))) {
    const resolve = boundedResolver(policy.resolve ?? systemResolver, HOST_RESOLUTION_TIMEOUT_MS);
    await resolveChecked(bareHost(url), portOf(url), { ...policy, resolve });
  }
  return url;
}

/**
 * Checks the address of a URL that is stored to be requested later (a webhook endpoint, an agent server, an
 * s3 source's endpoint): an IP literal against the rule, a host name resolved now with each of its addresses
 * checked. When the use lifts the rule, a name that does not resolve from here is let through (it may resolve
 * where the worker runs), but one that resolves to one of the service's own components is refused. Each
 * request checks again, on the address it connects to.
 */
export async function checkUrlAddress(url: URL, policy: AddressPolicy): Promise<void> {
  if (policy.allowPrivateNetworks && !policy.refuseAddress) {
    checkLiteralHost(url, policy);
    if (isIP(bareHost(url))) return;
    try {
      await checkWebUrl(url.toString(), policy);
    } catch (err) {
      if (!(err instanceof FetchError) || err.code !== 'DNS') throw err;
    }
    return;
  }
  await checkWebUrl(url.toString(), policy);
}

/**
 * A DNS lookup for one connection to `port` that resolves, checks and hands the checked addresses to the
 * socket.
 */
function pinnedLookup(policy: AddressPolicy, port: number): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, port, policy).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          callback(new FetchError(`The URL's host ${hostname} has no usable address`, 'DNS'), '', 0);
        } else if (options.all) {
          (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * The door's rule for a server the operator configured (the reranker, the embedding API): private networks
 * are reachable (the operator chose the URL), the service's own components are not.
 */
export const operatorServerPolicy = (own: OwnComponents): AddressPolicy => ({ allowPrivateNetworks: true, own });

/** Reads a response's body, up to maxBytes (a larger one fails TOO_LARGE; a broken one NETWORK). */
export function readBody(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new FetchError(`The response is larger than ${maxBytes} bytes`, 'TOO_LARGE'));
      } else chunks.push(c);
    });
    res.on('error', (err) => reject(new FetchError(`The response could not be read: ${err.message}`, 'NETWORK')));
    res.on('end', () => resolve(Buffer.concat(chunks)));
    // Destroyed before its end (an abort): settled here if no error event says so.
    res.on('close', () => {
      if (!res.complete) reject(new FetchError('The response was cut off', 'NETWORK'));
    });
  });
}

type ConnectionCallback = (err: Error | null, stream: Duplex) => void;

/**
 * Opens one connection a client library's agent asks for (host and port as the library gives them), checked: a
 * literal or a named own component is refused now, a host name gets the checked, pinned lookup for its port.
 */
function doorConnection(
  policy: AddressPolicy,
  protocol: 'http:' | 'https:',
  options: http.ClientRequestArgs,
  callback: ConnectionCallback | undefined,
  connect: (options: http.ClientRequestArgs, callback?: ConnectionCallback) => Duplex | null | undefined,
): Duplex | null | undefined {
  const host = String(options.host ?? options.hostname ?? 'localhost').replace(/^\[|\]$/g, '');
  const port = Number(options.port) || (protocol === 'https:' ? 443 : 80);
  if (policy.own.componentNamed(host, port) || (isIP(host) && refusal(policy, host, port))) {
    callback?.(blocked(host), undefined as unknown as Duplex);
    return undefined;
  }
  return connect({ ...options, lookup: pinnedLookup(policy, port) }, callback);
}

/**
 * Connection agents for a client library that makes its own requests (the S3 SDK of an s3 source): every
 * connection the library opens is checked here, an IP literal before connecting and a host name inside the
 * checked, pinned lookup, at the port the library connects to.
 */
export function outboundAgents(policy: AddressPolicy): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  class DoorHttpAgent extends http.Agent {
    override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
      return doorConnection(policy, 'http:', options, callback, (o, c) => super.createConnection(o, c));
    }
  }
  class DoorHttpsAgent extends https.Agent {
    override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
      return doorConnection(policy, 'https:', options, callback, (o, c) => super.createConnection(o, c));
    }
  }
  return { httpAgent: new DoorHttpAgent(), httpsAgent: new DoorHttpsAgent() };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches a URL under the policy, following redirects; non-2xx answers fail with HTTP_STATUS. */
export async function fetchResource(
  raw: string | URL,
  policy: FetchPolicy,
  opts: FetchOptions,
): Promise<FetchedResource> {
  const deadline = Date.now() + policy.timeoutMs;
  const redirectedFrom: string[] = [];
  let url = parseWebUrl(String(raw));
  for (;;) {
    const outcome = await requestOnce(url, policy, opts, deadline);
    if (outcome.kind === 'redirect') {
      if (redirectedFrom.length >= (policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) {
        throw new FetchError(
          `More than ${policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS} redirects`,
          'TOO_MANY_REDIRECTS',
        );
      }
      redirectedFrom.push(url.toString());
      let next: URL;
      try {
        next = new URL(outcome.location, url);
      } catch {
        throw new FetchError('The server redirected to an invalid URL', 'INVALID_URL');
      }
      // Checked before it is requested: a crawl's origin; the address rules (a literal now, a name in the lookup).
      if (policy.sameOriginRedirects && next.origin !== url.origin) {
        throw new FetchError(
          `The server redirected to another site (${next.origin})`,
          'OFF_ORIGIN_REDIRECT',
          undefined,
          next.origin,
        );
      }
      url = parseWebUrl(next.toString());
      continue;
    }
    return { ...outcome.resource, url, redirectedFrom };
  }
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Aborting destroys the request; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Sends one request through the door (no redirect followed) and resolves with the response once its
 * headers arrive; the caller reads or discards the body. Refused addresses fail BLOCKED_ADDRESS before any
 * connection is made.
 */
export function openRequest(
  raw: string | URL,
  policy: AddressPolicy,
  request: OutboundRequest,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const url = parseWebUrl(String(raw));
    checkLiteralHost(url, policy);
    const { signal } = request;
    if (signal?.aborted) throw signal.reason;
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method: request.method,
      agent: false,
      lookup: pinnedLookup(policy, portOf(url)),
      headers: { ...request.headers, connection: 'close' },
      signal,
    });
    req.on('response', resolve);
    req.on('error', (err) => {
      if (signal?.aborted) reject(signal.reason);
      else reject(err instanceof FetchError ? err : new FetchError(`Connection failed: ${err.message}`, 'NETWORK'));
    });
    req.end(request.body);
  });
}

type Outcome =
  { kind: 'redirect'; location: string } | { kind: 'body'; resource: Omit<FetchedResource, 'url' | 'redirectedFrom'> };

async function requestOnce(url: URL, policy: FetchPolicy, opts: FetchOptions, deadline: number): Promise<Outcome> {
  const timedOut = () => new FetchError(`Timed out after ${policy.timeoutMs} ms`, 'TIMEOUT');
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw timedOut();
  const abort = new AbortController();
  const aborted = new Promise<never>((_, reject) =>
    abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error), { once: true }),
  );
  const timer = setTimeout(() => abort.abort(timedOut()), remaining);
  const headers = {
    'user-agent': policy.userAgent,
    accept: opts.accept ?? '*/*',
    'accept-encoding': 'gzip, deflate, br',
    ...opts.headers,
  };
  try {
    const response = openRequest(url, policy, { method: 'GET', headers, signal: abort.signal });
    return await Promise.race([response.then((res) => readOutcome(res, url, opts)), aborted]);
  } finally {
    clearTimeout(timer);
  }
}

function readOutcome(res: http.IncomingMessage, url: URL, opts: FetchOptions): Promise<Outcome> {
  return new Promise<Outcome>((resolve, reject) => {
    const fail = (err: FetchError) => {
      res.destroy();
      reject(err);
    };
    const status = res.statusCode ?? 0;
    if (REDIRECTS.has(status) && res.headers.location) {
      res.resume();
      resolve({ kind: 'redirect', location: res.headers.location });
      return;
    }
    if (status < 200 || status > 299) {
      res.resume();
      reject(new FetchError(`HTTP ${status}`, 'HTTP_STATUS', status));
      return;
    }
    const [type, ...params] = (res.headers['content-type'] ?? '').split(';');
    const mime = (type ?? '').trim().toLowerCase();
    const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find((c) => c !== undefined);
    if (opts.wants && !opts.wants(mime, url)) {
      fail(new FetchError(`Unsupported content type ${mime || '(none)'}`, 'UNSUPPORTED_TYPE'));
      return;
    }
    const max = opts.maxBytes(mime);
    const tooLarge = () => new FetchError(`The response is larger than ${max} bytes`, 'TOO_LARGE');
    if (Number(res.headers['content-length'] ?? 0) > max && !res.headers['content-encoding']) {
      fail(tooLarge());
      return;
    }
    const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? zlib.createGunzip()
        : encoding === 'deflate'
          ? zlib.createInflate()
          : encoding === 'br'
            ? zlib.createBrotliDecompress()
            : undefined;
    const stream = decoder ? res.pipe(decoder) : res;
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        stream.destroy();
        fail(tooLarge());
      } else chunks.push(c);
    });
    const unreadable = () => fail(new FetchError('The response could not be read', 'NETWORK'));
    stream.on('error', unreadable);
    if (decoder) res.on('error', unreadable);
    const validators = {
      ...(typeof res.headers.etag === 'string' ? { etag: res.headers.etag } : {}),
      ...(typeof res.headers['last-modified'] === 'string' ? { lastModified: res.headers['last-modified'] } : {}),
    };
    stream.on('end', () =>
      resolve({ kind: 'body', resource: { status, mime, charset, body: Buffer.concat(chunks), ...validators } }),
    );
  });
}

/**
 * Reads one of the service's own endpoints on purpose: the worker runtime's metrics exporter, which listens on
 * a loopback port (src/observability/workerRuntime.ts). A loopback IP literal only, no redirect, bounded in
 * time and bytes. The one request that goes to an own component; every other use refuses them.
 */
export async function readOwnEndpoint(raw: string, opts: { timeoutMs: number; maxBytes: number }): Promise<string> {
  const url = parseWebUrl(raw);
  const loopbackOnly = (address: string) => (blockedReason(address) === 'loopback' ? undefined : 'not loopback');
  if (!isIP(bareHost(url)) || loopbackOnly(bareHost(url))) throw blocked(bareHost(url));
  const res = await fetchResource(
    url,
    {
      allowPrivateNetworks: true,
      own: NO_OWN_COMPONENTS,
      refuseAddress: loopbackOnly,
      timeoutMs: opts.timeoutMs,
      userAgent: 'kws',
      maxRedirects: 0,
    },
    { maxBytes: () => opts.maxBytes },
  );
  return res.body.toString('utf8');
}
