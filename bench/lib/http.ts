// Measuring through the HTTPS app: one keep-alive connection (so no TLS handshake is timed) and the number of
// database queries a piece of work makes (knex query events, a figure machine load cannot blur).
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import { round } from './stats';

/** A client on one keep-alive connection; each call resolves with its round trip in ms (rejects on >= 400). */
export function keepAliveClient(baseUrl: string, ca: string) {
  const base = new URL(baseUrl);
  const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca });
  return (method: string, path: string, headers: Record<string, string> = {}, json?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
      const sent = payload
        ? { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) }
        : headers;
      const start = performance.now();
      const req = https.request({ host: base.hostname, port: base.port, path, method, headers: sent, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 400) reject(new Error(`${method} ${path} answered ${res.statusCode}`));
          else resolve(performance.now() - start);
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
}

/** Database queries per call of fn, averaged over n calls. */
export async function countQueries(db: Db, n: number, fn: () => Promise<unknown>): Promise<number> {
  let queries = 0;
  const onQuery = () => void (queries += 1);
  db.on('query', onQuery);
  try {
    for (let i = 0; i < n; i++) await fn();
  } finally {
    db.off('query', onQuery);
  }
  return round(queries / n, 2);
}
