// One port, TLS required: connections whose first byte is a TLS handshake go to the HTTPS server; anything
// else goes to a plain HTTP server running the same app, whose HTTPS guard refuses it with a JSON error
// (or serves it when TRUST_PROXY is set and a TLS-terminating proxy says X-Forwarded-Proto: https).
import http, { STATUS_CODES } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Config } from '../config';
import { REQUEST_TOO_SLOW_TO_ARRIVE, SECURITY_HEADERS } from '../api/middleware/common';
import { ERROR_CATALOGUE, type ErrorCode } from '../errorCatalogue';
import { serviceUrl } from '../api/publicUrl';
import { canonicalAddress } from '../web/address';

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to timeoutMs), then drops what is left. */
  close(timeoutMs: number): Promise<void>;
}

const TLS_HANDSHAKE = 0x16;

export type HttpLimits = Config['http'];

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 600_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  maxConnections: 1024,
  maxConnectionsPerAddress: 256,
};

/**
 * Whose connection it is, for the cap per address: the address, or an IPv6 address's /64 (one host commonly holds
 * a whole /64, so counting single addresses would let it open a cap per address it picks).
 */
export function connectionOwner(address: string | undefined): string {
  if (!address) return '';
  // One spelling per host (the outbound address policy's): an IPv4-mapped address as its IPv4, IPv6 as 8 groups.
  const canonical = canonicalAddress(address);
  return net.isIPv6(canonical) ? `${canonical.split(':').slice(0, 4).join(':')}::/64` : canonical;
}

/**
 * The JSON answer to a request Node's parser refuses before the app sees it (malformed, headers too
 * large, too slow to arrive); the connection closes after it.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message, code]: [number, string, ErrorCode] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, REQUEST_TOO_SLOW_TO_ARRIVE, 'request_timeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large', 'headers_too_large']
        : [400, 'Malformed HTTP request', 'malformed_http'];
  // The app never saw the request: the code and its catalogue hint are the help (no request id, no field).
  const body = JSON.stringify({ error: STATUS_CODES[status], message, code, hint: ERROR_CATALOGUE[code].hint });
  const headers = Object.entries({
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...SECURITY_HEADERS,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
}

/** A failure to listen on the API's port, said with the setting that chooses it. */
function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  if (err.code === 'EADDRINUSE') {
    return new Error(
      `The API's port ${host}:${port} is already in use (another npm start?): stop what holds it, or set PORT to a ` +
        'free port (PORT=0 takes any free one)',
    );
  }
  if (err.code === 'EACCES') {
    return new Error(`The API may not listen on ${host}:${port} (a port below 1024 needs privileges): set PORT`);
  }
  if (err.code === 'EADDRNOTAVAIL') return new Error(`No interface of this machine has the address ${host}: set HOST`);
  return err;
}

/**
 * Fails at once, with the setting to change, when the API's port cannot be listened on: the all-in-one process
 * checks before it starts its embedded components (about 15 s), instead of failing once they are up.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, host, port)));
    probe.listen(port, host, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

export async function startHttpServer(
  app: Koa,
  opts: { host: string; port: number; tls: { cert: string; key: string }; limits?: HttpLimits },
): Promise<RunningServer> {
  const limits = opts.limits ?? DEFAULT_HTTP_LIMITS;
  const callback = app.callback();
  const serverOptions: http.ServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often the two timeouts above are checked (Node's default, 30 s, would let them overrun).
    connectionsCheckingInterval: Math.max(250, Math.min(5000, Math.floor(limits.headersTimeoutMs / 4))),
  };
  const tlsServer = https.createServer({ ...serverOptions, cert: opts.tls.cert, key: opts.tls.key }, callback);
  const plainServer = http.createServer(serverOptions, callback);
  for (const s of [tlsServer, plainServer]) {
    s.keepAliveTimeout = limits.keepAliveTimeoutMs;
    s.headersTimeout = limits.headersTimeoutMs;
    s.requestTimeout = limits.requestTimeoutMs;
    // A socket silent this long (mid-request or idle) is closed.
    s.timeout = limits.idleTimeoutMs;
    s.on('clientError', answerClientError);
    // These servers never listen themselves (the front server hands them connections), but Node starts
    // the checks of headersTimeout and requestTimeout on 'listening': without this they never run.
    s.emit('listening');
  }
  const sockets = new Set<net.Socket>();
  const perOwner = new Map<string, number>();
  const front = net.createServer((socket) => {
    // One client may hold at most maxConnectionsPerAddress of the process's connections: without it one address
    // held all 1,024 with requests whose bodies trickled in (a byte every few seconds), and every other caller's
    // connection was reset. A connection past the cap is closed as it arrives.
    const owner = connectionOwner(socket.remoteAddress);
    const held = perOwner.get(owner) ?? 0;
    if (limits.maxConnectionsPerAddress > 0 && held >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    perOwner.set(owner, held + 1);
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      const left = (perOwner.get(owner) ?? 1) - 1;
      if (left > 0) perOwner.set(owner, left);
      else perOwner.delete(owner);
    });
    socket.on('error', () => socket.destroy());
    // A connection that never sends its first byte is closed like one that never finishes its headers.
    socket.setTimeout(limits.headersTimeoutMs, () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? tlsServer : plainServer).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  // Connections beyond the cap are closed as they arrive.
  front.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve, reject) => {
    front.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, opts.host, opts.port)));
    front.listen(opts.port, opts.host, () => resolve());
  });
  const address = front.address() as net.AddressInfo;
  return {
    url: serviceUrl(opts.host, address.port),
    port: address.port,
    async close(timeoutMs) {
      const closed = new Promise<void>((resolve) => front.close(() => resolve()));
      const drained = Promise.all(
        [tlsServer, plainServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
      tlsServer.closeIdleConnections();
      plainServer.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
