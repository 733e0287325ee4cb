// The test port claims: below the kernel's ephemeral range, free, and never the same for two processes at once.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { RESERVED_PORT_RANGE, reservePort } from '../../helpers/ports';

/**
 * Runs the script in a node process that holds its claims until both have answered (a process's claims end with
 * it, so one that exited first would free its ports for the other): the ports each printed.
 */
async function claimingTogether(script: string): Promise<[number[], number[]]> {
  const children = [0, 1].map(() =>
    spawn(
      process.execPath,
      ['-e', `${script}; process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    ),
  );
  const printed = children.map(
    (child) =>
      new Promise<number[]>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.trim().split(',').filter(Boolean).map(Number));
        });
        child.once('exit', (code) => reject(new Error(`claiming process exited with ${code}`)));
      }),
  );
  try {
    const [one = [], two = []] = await Promise.all(printed);
    return [one, two];
  } finally {
    for (const child of children) child.stdin.end();
    await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
  }
}

describe('test port claims', () => {
  it('are free ports below the ephemeral range, distinct within a process', async () => {
    const [ephemeralFrom] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    assert.ok(RESERVED_PORT_RANGE.to <= Number(ephemeralFrom), `claims end below ${ephemeralFrom}`);
    const ports: number[] = [];
    for (let i = 0; i < 40; i++) ports.push(await reservePort());
    assert.equal(new Set(ports).size, ports.length);
    for (const port of ports) {
      assert.ok(port >= RESERVED_PORT_RANGE.from && port < RESERVED_PORT_RANGE.to, String(port));
    }
    // Free: a server can listen on one.
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports[0], '127.0.0.1', resolve);
    });
    await new Promise((r) => server.close(r));
  });

  it('are never the same in two processes claiming at the same time', async function () {
    this.timeout(30_000);
    const helpers = JSON.stringify(path.join(__dirname, '../../helpers/ports.js'));
    const [one, two] = await claimingTogether(
      `(async () => { const r = require(${helpers}); const out = [];` +
        ` for (let i = 0; i < 300; i++) out.push(await r.reservePort()); console.log(out.join(',')); })()`,
    );
    assert.equal(one.length, 300);
    assert.equal(two.length, 300);
    assert.deepEqual(
      one.filter((p) => two.includes(p)),
      [],
      'ports claimed by both processes',
    );
  });

  it('are never the same in two processes claiming the same ports in the same order', async function () {
    this.timeout(30_000);
    // The worst case for the claim files: both processes race for every one of 200 ports.
    const helpers = JSON.stringify(path.join(__dirname, '../../helpers/ports.js'));
    const first = RESERVED_PORT_RANGE.to - 400;
    const [one, two] = await claimingTogether(
      `const r = require(${helpers}); const got = [];` +
        ` for (let p = ${first}; p < ${first + 200}; p++) if (r.claimPort(p)) got.push(p); console.log(got.join(','))`,
    );
    assert.ok(one.length + two.length > 0, 'some ports were claimed');
    assert.deepEqual(
      one.filter((p) => two.includes(p)),
      [],
      'ports claimed by both processes',
    );
  });

  it("counts a gone process's claim for nothing, and a live process's claim holds", async function () {
    this.timeout(30_000);
    // In a process of its own with a claims folder of its own (TMPDIR), so no other test process claims its ports.
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'kws-port-claims-'));
    try {
      const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
      const helpers = JSON.stringify(path.join(__dirname, '../../helpers/ports.js'));
      const script = `
        const r = require(${helpers}); const fs = require('node:fs'); const path = require('node:path');
        const file = (port, pid) => path.join(r.PORT_CLAIMS, port + '.' + pid);
        fs.mkdirSync(r.PORT_CLAIMS, { recursive: true });
        fs.writeFileSync(file(25000, ${gone}), '');
        const stale = r.claimPort(25000);
        const staleRemoved = !fs.existsSync(file(25000, ${gone}));
        fs.writeFileSync(file(25001, process.ppid), '');
        const live = r.claimPort(25001);
        const mineLeft = fs.existsSync(file(25001, process.pid));
        console.log(JSON.stringify({ stale, staleRemoved, live, mineLeft, folder: r.PORT_CLAIMS }));`;
      const out = spawnSync(process.execPath, ['-e', script], {
        encoding: 'utf8',
        env: { ...process.env, TMPDIR: tmp },
      });
      assert.equal(out.status, 0, out.stderr);
      assert.deepEqual(JSON.parse(out.stdout), {
        stale: true,
        staleRemoved: true,
        live: false,
        mineLeft: false,
        folder: path.join(tmp, 'kws-test-ports'),
      });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
