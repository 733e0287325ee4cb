// The worker's own /metrics port (plain HTTP: it is scraped inside the deployment, not exposed).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

export interface MetricsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(opts: {
  host: string;
  port: number;
  metrics: Metrics;
  /** Whether a request with this Authorization header may read the metrics (src/policies/metrics.ts decides). */
  authorized: (authorization: string | undefined) => boolean;
}): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
    };
    const error = (status: number, error: string, message: string, headers?: Record<string, string>) =>
      send(status, 'application/json', JSON.stringify({ error, message }), headers);
    if (path !== '/metrics') return error(404, 'Not Found', 'Route not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return error(405, 'Method Not Allowed', `Method ${req.method} not allowed on /metrics`, { allow: 'GET, HEAD' });
    }
    if (!opts.authorized(req.headers.authorization)) {
      return error(401, 'Unauthorized', 'Invalid or missing metrics token', { 'www-authenticate': 'Bearer' });
    }
    opts.metrics.collect().then(
      (text) => send(200, opts.metrics.registry.contentType, req.method === 'HEAD' ? '' : text),
      () => error(500, 'Internal Server Error', 'Metrics could not be collected'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
