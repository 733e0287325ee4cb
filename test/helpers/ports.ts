// Ports for servers a test starts, stops and starts again on the same port (a restarted run command, a fault
// scenario's Temporal server): chosen below the kernel's ephemeral range (net.ipv4.ip_local_port_range, 32768 and
// up here), which the kernel never hands to another process's listen(0) or outgoing connection, so a port left
// free between a kill and a restart stays free; and claimed by a file under the temporary directory, so the
// shards of one run (and parallel runs on one machine) never pick the same one. A claim lasts as long as the
// process that made it: the claim of a process that is gone counts for nothing.
import { randomInt } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The range claimed ports come from: under 32768, and above the fixed ports of scripts/services.sh. */
export const RESERVED_PORT_RANGE = { from: 20_000, to: 32_000 } as const;
export const PORT_CLAIMS = path.join(os.tmpdir(), 'kws-test-ports');
const claimed = new Set<string>();
/** This process's claim file for the port. */
const claimFile = (port: number) => path.join(PORT_CLAIMS, `${port}.${process.pid}`);

process.once('exit', () => {
  for (const file of claimed) rmSync(file, { force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pids whose claim files name the port (`PORT.PID`), their dead ones' files removed on the way. */
function claimants(port: number): number[] {
  const live: number[] = [];
  for (const name of readdirSync(PORT_CLAIMS)) {
    const [p, pid] = name.split('.');
    if (p !== String(port) || !/^[0-9]+$/.test(pid ?? '')) continue;
    if (Number(pid) === process.pid || alive(Number(pid))) live.push(Number(pid));
    else rmSync(path.join(PORT_CLAIMS, name), { force: true }); // its process is gone: no live claim is named so
  }
  return live;
}

/**
 * Claims the port for this process; false when another live process claims it. A claim is a file named
 * PORT.PID, written first and kept only if no other live process's file for the port is there afterwards: of two
 * processes claiming a port at once, the later one to look always sees the earlier one's file, so at most one keeps
 * it (both may give it up). A file's name carries its pid, so removing a dead process's file never removes a live
 * claim.
 */
export function claimPort(port: number): boolean {
  mkdirSync(PORT_CLAIMS, { recursive: true });
  const mine = claimFile(port);
  if (claimed.has(mine)) return false;
  writeFileSync(mine, '');
  if (claimants(port).some((pid) => pid !== process.pid)) {
    rmSync(mine, { force: true });
    return false;
  }
  claimed.add(mine);
  return true;
}

function release(port: number): void {
  claimed.delete(claimFile(port));
  rmSync(claimFile(port), { force: true });
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
