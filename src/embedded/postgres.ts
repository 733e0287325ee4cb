// The embedded PostgreSQL: PGlite (PostgreSQL 18 compiled to WASM) with pgvector and pg_trgm, persisted
// under <dataDir>/pglite and served over the PostgreSQL wire protocol, so knex/pg take the same code path
// as with a real server.
//
// PGlite is a single session; several client connections share it through the multiplexer in
// wireProtocol.ts (one transaction at a time, session state shared by all connections).
import { constants as fsConstants } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { isProcessAlive } from './runtime';
import { serveWireProtocol } from './wireProtocol';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** 0 (default) lets the OS choose; the real port is in the returned url. */
  port?: number;
  host?: string;
  maxConnections?: number;
  /** How long a query waits for another connection's open transaction before failing (55P03). */
  lockTimeoutMs?: number;
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

// pg_trgm ships inside @electric-sql/pglite as a subpath export, which TypeScript's "node" module
// resolution cannot see; Node resolves it at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const host = opts.host ?? '127.0.0.1';
  await mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = await acquireDirLock(path.join(opts.dataDir, 'pglite.lock'));
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ dataDir: path.join(opts.dataDir, 'pglite'), extensions: { vector, pg_trgm } });
    const server = await serveWireProtocol(db, {
      host,
      port: opts.port ?? 0,
      maxConnections: opts.maxConnections ?? 32,
      lockTimeoutMs: opts.lockTimeoutMs ?? 60_000,
    });
    const openDb = db;
    let stopping: Promise<void> | undefined;
    return {
      url: `postgres://postgres@${urlHost(host)}:${server.port}/postgres`,
      port: server.port,
      stop() {
        stopping ??= (async () => {
          try {
            await server.close();
            await openDb.close(); // a clean shutdown, so the directory reopens without recovery
          } finally {
            await releaseLock();
          }
        })();
        return stopping;
      },
    };
  } catch (err) {
    await db?.close().catch(() => undefined);
    await releaseLock();
    throw err;
  }
}

function urlHost(host: string): string {
  // A wildcard bind address is not something to connect to.
  const connectable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return net.isIPv6(connectable) ? `[${connectable}]` : connectable;
}

/**
 * One process at a time may open a PGlite directory (two would corrupt it), e.g. `kws` while `npm start`
 * is still starting and has not yet written runtime.json.
 */
async function acquireDirLock(lockPath: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_WRONLY, 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(lockPath).catch(() => undefined);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
    // Our own pid in the file means a previous run (a restarted container reuses pids): stale.
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid)) {
      throw new Error(
        `The embedded database in ${path.dirname(lockPath)} is in use by process ${pid}. ` +
          `Stop it, or remove ${lockPath} if that process is not the service.`,
      );
    }
    await unlink(lockPath).catch(() => undefined);
  }
  throw new Error(`Could not lock ${lockPath}`);
}
