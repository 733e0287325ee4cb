// The test port claims: below the kernel's ephemeral range, free, and never the same for two processes at once.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { claimPort, PORT_CLAIMS, RESERVED_PORT_RANGE, reservePort } from '../../helpers/ports';

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
    const script =
      `(async () => { const r = require(${helpers}); const out = [];` +
      ` for (let i = 0; i < 300; i++) out.push(await r.reservePort()); console.log(out.join(',')); })()`;
    const run = () => promisify(execFile)(process.execPath, ['-e', script]);
    const [a, b] = await Promise.all([run(), run()]);
    const first = a.stdout.trim().split(',').map(Number);
    const second = b.stdout.trim().split(',').map(Number);
    assert.equal(first.length, 300);
    assert.equal(second.length, 300);
    assert.deepEqual(
      first.filter((p) => second.includes(p)),
      [],
      'ports claimed by both processes',
    );
  });

  it("takes over a claim whose process is gone, never a live process's", async () => {
    const port = RESERVED_PORT_RANGE.to - 1;
    const file = path.join(PORT_CLAIMS, String(port));
    mkdirSync(PORT_CLAIMS, { recursive: true });
    rmSync(file, { force: true });
    // A process that has exited: its pid is free.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(file, gone.stdout.trim());
    assert.equal(claimPort(port), true);
    assert.equal(readFileSync(file, 'utf8'), String(process.pid));
    // The parent of this test is alive: its claim holds.
    writeFileSync(file, String(process.ppid));
    assert.equal(claimPort(port), false);
    rmSync(file, { force: true });
  });
});
