// One port, TLS required: connections whose first byte is a TLS handshake go to the HTTPS server; anything
// else goes to a plain HTTP server running the same app, whose HTTPS guard refuses it with a JSON error
// (or serves it when TRUST_PROXY is set and a TLS-terminating proxy says X-Forwarded-Proto: https).
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type Koa from 'koa';

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to timeoutMs), then drops what is left. */
  close(timeoutMs: number): Promise<void>;
}

const TLS_HANDSHAKE = 0x16;

export async function startHttpServer(
  app: Koa,
  opts: { host: string; port: number; tls: { cert: string; key: string } },
): Promise<RunningServer> {
  const callback = app.callback();
  const tlsServer = https.createServer({ cert: opts.tls.cert, key: opts.tls.key }, callback);
  const plainServer = http.createServer(callback);
  for (const s of [tlsServer, plainServer]) {
    s.keepAliveTimeout = 5000;
    s.headersTimeout = 30000;
    s.requestTimeout = 10 * 60 * 1000;
  }
  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? tlsServer : plainServer).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(opts.port, opts.host, () => resolve());
  });
  const address = front.address() as net.AddressInfo;
  const hostForUrl = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host;
  return {
    url: `https://${hostForUrl.includes(':') ? `[${hostForUrl}]` : hostForUrl}:${address.port}`,
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
