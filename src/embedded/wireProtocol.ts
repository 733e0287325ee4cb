// The PostgreSQL wire protocol in front of one PGlite session, for the embedded database (postgres.ts).
//
// PGlite is a single session. Several client connections share it through a small multiplexer here rather
// than PGLiteSocketServer's (@electric-sql/pglite-socket 0.2.17): that one queues each protocol message on
// its own, so when a large Parse/Bind arrives over several TCP reads another connection's messages run in
// between and bind to the wrong statement (reproduced: 9 of 400 concurrent queries with 300 KB parameters
// failed). Here a connection's messages are queued as whole units up to Sync/Query/Flush, and the session
// stays with one connection while it is inside a transaction or an unfinished extended-query sequence.
//
// Differences from a real server that callers must know: one transaction at a time (others wait, then fail
// with 55P03 after lockTimeoutMs), and session state (SET, named prepared statements, session advisory
// locks) is shared by all connections.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const MAX_STARTUP_LENGTH = 10_000;
const TYPE = {
  sync: 0x53, // S
  query: 0x51, // Q
  flush: 0x48, // H
  functionCall: 0x46, // F
  copyDone: 0x63, // c
  copyFail: 0x66, // f
  terminate: 0x58, // X
  readyForQuery: 0x5a, // Z
  idle: 0x49, // I (ReadyForQuery status)
} as const;
// Messages after which the client waits for an answer: a unit of work ends there.
const UNIT_END = new Set<number>([TYPE.sync, TYPE.query, TYPE.flush, TYPE.functionCall, TYPE.copyDone, TYPE.copyFail]);

interface Connection {
  socket: net.Socket;
  buffer: Buffer;
  started: boolean;
  pending: Buffer[];
  closed: boolean;
}

interface Unit {
  conn: Connection;
  /** startup and answer-expected units can be failed while waiting; cleanup runs when a client goes away. */
  kind: 'startup' | 'request' | 'cleanup';
  bytes: Buffer;
  enqueuedAt: number;
}

export interface WireServer {
  port: number;
  close(): Promise<void>;
}

export async function serveWireProtocol(
  db: PGlite,
  opts: { host: string; port: number; maxConnections: number; lockTimeoutMs: number },
): Promise<WireServer> {
  const connections = new Set<Connection>();
  const queue: Unit[] = [];
  // The connection that holds the session: inside a transaction or an unfinished extended-query sequence.
  let owner: Connection | undefined;
  let running = false;

  const send = (conn: Connection, data: Buffer) => {
    if (!conn.closed && conn.socket.writable) conn.socket.write(data);
  };

  async function execute(unit: Unit): Promise<void> {
    const { conn } = unit;
    if (unit.kind === 'cleanup') {
      if (owner !== conn) return;
      try {
        // End a half-sent extended-query sequence, then roll back what the client left open. The explicit
        // onRawData matters: PGlite keeps the last stream callback, which would write to another client.
        await db.runExclusive(() => db.execProtocolRawStream(syncMessage(), { onRawData: () => undefined }));
        if (db.isInTransaction()) await db.exec('ROLLBACK');
      } finally {
        owner = undefined; // never leave the session to a client that is gone
      }
      return;
    }
    const tracker = createResponseTracker();
    try {
      await db.runExclusive(() =>
        db.execProtocolRawStream(unit.bytes, {
          onRawData: (data) => {
            tracker.feed(data);
            send(conn, Buffer.from(data)); // copied: the data is a view into WASM memory
          },
        }),
      );
    } catch {
      conn.socket.destroy(); // the session state is unknown; the close handler cleans up
    }
    owner = tracker.endedIdle() && !db.isInTransaction() ? undefined : conn;
  }

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner ? queue.findIndex((u) => u.conn === owner) : queue.length > 0 ? 0 : -1;
        if (index < 0) break;
        const [unit] = queue.splice(index, 1);
        // A failure here must neither stop the queue nor surface as an unhandled rejection.
        if (unit) await execute(unit).catch(() => unit.conn.socket.destroy());
      }
    } finally {
      running = false;
    }
  }

  const enqueue = (conn: Connection, kind: Unit['kind'], bytes: Buffer) => {
    queue.push({ conn, kind, bytes, enqueuedAt: Date.now() });
    void pump();
  };

  // Turns a wait on another connection's transaction into an error instead of a silent hang (with a real
  // server the two connections would simply run in parallel).
  const sweeper = setInterval(() => {
    if (!owner) return;
    const now = Date.now();
    for (let i = queue.length - 1; i >= 0; i--) {
      const unit = queue[i];
      if (!unit || unit.conn === owner || unit.kind === 'cleanup' || now - unit.enqueuedAt < opts.lockTimeoutMs)
        continue;
      // A Flush-ended unit cannot be failed cleanly (the client goes on without a Sync), so it keeps waiting.
      const last = unit.bytes[lastMessageOffset(unit.bytes)];
      if (unit.kind === 'request' && last === TYPE.flush) continue;
      queue.splice(i, 1);
      const message =
        `embedded PostgreSQL (PGlite) runs one transaction at a time: waited ${Math.round((now - unit.enqueuedAt) / 1000)} s ` +
        `for another connection's transaction`;
      send(unit.conn, errorResponse('55P03', message));
      if (unit.kind === 'startup') unit.conn.socket.end();
      else send(unit.conn, readyForQuery());
    }
  }, 1000);
  sweeper.unref();

  const onData = (conn: Connection, chunk: Buffer) => {
    conn.buffer = conn.buffer.length > 0 ? Buffer.concat([conn.buffer, chunk]) : chunk;
    for (;;) {
      const buf = conn.buffer;
      if (!conn.started) {
        if (buf.length < 8) return;
        const length = buf.readInt32BE(0);
        if (length < 8 || length > MAX_STARTUP_LENGTH) return void conn.socket.destroy();
        if (buf.length < length) return;
        const code = buf.readInt32BE(4);
        const message = Buffer.from(buf.subarray(0, length));
        conn.buffer = buf.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write('N'); // no encryption on a loopback socket; the client continues in plain text
        } else if (code === CANCEL_REQUEST) {
          return void conn.socket.destroy(); // cancellation is not supported
        } else if (code >> 16 === 3) {
          conn.started = true;
          enqueue(conn, 'startup', message);
        } else {
          send(conn, errorResponse('08P01', `unsupported protocol ${code >> 16}.${code & 0xffff}`));
          return void conn.socket.end();
        }
        continue;
      }
      if (buf.length < 5) return;
      const length = buf.readInt32BE(1);
      if (length < 4) return void conn.socket.destroy();
      if (buf.length < length + 1) return;
      const type = buf[0] ?? 0;
      const message = buf.subarray(0, length + 1);
      conn.buffer = buf.subarray(length + 1);
      if (type === TYPE.terminate) return void conn.socket.end(); // the close handler releases the session
      conn.pending.push(message);
      if (UNIT_END.has(type)) {
        enqueue(conn, 'request', Buffer.concat(conn.pending));
        conn.pending = [];
      }
    }
  };

  const server = net.createServer((socket) => {
    const conn: Connection = { socket, buffer: Buffer.alloc(0), started: false, pending: [], closed: false };
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    if (connections.size >= opts.maxConnections) {
      socket.end(errorResponse('53300', `too many connections to the embedded database (max ${opts.maxConnections})`));
      return;
    }
    connections.add(conn);
    socket.on('data', (chunk: Buffer) => onData(conn, chunk));
    socket.on('close', () => {
      conn.closed = true;
      connections.delete(conn);
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.conn === conn) queue.splice(i, 1);
      enqueue(conn, 'cleanup', Buffer.alloc(0));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => undefined); // after listening, per-connection errors are handled per socket
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('embedded PostgreSQL: no TCP address');

  return {
    port: address.port,
    async close() {
      clearInterval(sweeper);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const conn of connections) conn.socket.destroy();
      // Wait for the clients' cleanups (rollbacks) before the caller closes PGlite.
      const deadline = Date.now() + 10_000;
      while ((connections.size > 0 || queue.length > 0 || running) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await closed;
    },
  };
}

/** Follows the server's message stream to tell whether a unit ended with ReadyForQuery(idle). */
function createResponseTracker() {
  const header = Buffer.alloc(5);
  let headerFill = 0;
  let remaining = 0;
  let type = 0;
  let status = 0;
  return {
    feed(data: Uint8Array) {
      let i = 0;
      while (i < data.length) {
        if (remaining > 0) {
          if (type === TYPE.readyForQuery) status = data[i] ?? 0;
          const n = Math.min(remaining, data.length - i);
          i += n;
          remaining -= n;
          continue;
        }
        header[headerFill++] = data[i++] ?? 0;
        if (headerFill === 5) {
          type = header[0] ?? 0;
          remaining = header.readInt32BE(1) - 4;
          headerFill = 0;
          status = 0;
        }
      }
    },
    endedIdle() {
      return type === TYPE.readyForQuery && remaining === 0 && headerFill === 0 && status === TYPE.idle;
    },
  };
}

function lastMessageOffset(bytes: Buffer): number {
  let offset = 0;
  let last = 0;
  while (offset + 5 <= bytes.length) {
    last = offset;
    offset += 1 + bytes.readInt32BE(offset + 1);
  }
  return last;
}

function syncMessage(): Buffer {
  const b = Buffer.alloc(5);
  b[0] = TYPE.sync;
  b.writeInt32BE(4, 1);
  return b;
}

function readyForQuery(): Buffer {
  const b = Buffer.alloc(6);
  b[0] = TYPE.readyForQuery;
  b.writeInt32BE(5, 1);
  b[5] = TYPE.idle;
  return b;
}

function errorResponse(sqlState: string, message: string): Buffer {
  const fields = Buffer.concat(
    [`SERROR`, `VERROR`, `C${sqlState}`, `M${message}`]
      .map((f) => Buffer.from(`${f}\0`, 'utf8'))
      .concat(Buffer.from([0])),
  );
  const header = Buffer.alloc(5);
  header[0] = 0x45; // E
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}
