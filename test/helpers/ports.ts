// Ports for servers a test starts, stops and starts again on the same port (a restarted run command, a fault
// scenario's Temporal server): chosen below the kernel's ephemeral range (net.ipv4.ip_local_port_range, 32768 and
// up here), which the kernel never hands to another process's listen(0) or outgoing connection, so a port left
// free between a kill and a restart stays free; and claimed by a file under the temporary directory, so the
// shards of one run (and parallel runs on one machine) never pick the same one. A claim lasts as long as the
// process that made it: a claim whose process is gone is taken over.
import { randomInt } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The range claimed ports come from: under 32768, and above the fixed ports of scripts/services.sh. */
export const RESERVED_PORT_RANGE = { from: 20_000, to: 32_000 } as const;
export const PORT_CLAIMS = path.join(os.tmpdir(), 'kws-test-ports');
const claimed = new Set<string>();

process.once('exit', () => {
  for (const file of claimed) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims the port's file for this process; false when a live process holds it. */
export function claimPort(port: number): boolean {
  const file = path.join(PORT_CLAIMS, String(port));
  mkdirSync(PORT_CLAIMS, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      claimed.add(file);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && (holder === process.pid || alive(holder))) return false;
      try {
        unlinkSync(file); // left by a process that is gone
      } catch {
        // another process took it over first
      }
    }
  }
  return false;
}

function release(port: number): void {
  const file = path.join(PORT_CLAIMS, String(port));
  claimed.delete(file);
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that is free now, that no other test process will pick, and that the kernel will not give away. */
export async function reservePort(): Promise<number> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = randomInt(RESERVED_PORT_RANGE.from, RESERVED_PORT_RANGE.to);
    if (!claimPort(port)) continue;
    if (await canListen(port)) return port;
    release(port); // held by something that is not ours
  }
  throw new Error(`no free port in ${RESERVED_PORT_RANGE.from}-${RESERVED_PORT_RANGE.to} after 500 tries`);
}
