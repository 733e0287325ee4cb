// The API's port, when it cannot be listened on, is named with the setting that chooses it: the all-in-one process
// checks before starting its embedded components, which took about 15 s before a bare EADDRINUSE.
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTemporalDevServer } from '../../../src/embedded/temporal';
import { assertPortFree } from '../../../src/main/httpServer';

/** Runs `use` while a server holds a loopback port, and answers that port once it is free again. */
async function whileHeld(use: (port: number) => Promise<void>): Promise<number> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
  const { port } = holder.address() as net.AddressInfo;
  try {
    await use(port);
  } finally {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  }
  return port;
}

describe("assertPortFree: the API's port before start-up", () => {
  it('refuses a port in use, naming PORT, and passes a free one (and 0, any port)', async () => {
    const port = await whileHeld((held) =>
      assert.rejects(
        assertPortFree('127.0.0.1', held),
        new RegExp(`^Error: The API's port 127\\.0\\.0\\.1:${held} is already in use .*set PORT to a free port`),
      ),
    );
    await assertPortFree('127.0.0.1', port);
    await assertPortFree('127.0.0.1', 0);
  });

  it('names HOST when no interface has the address', async () => {
    await assert.rejects(
      assertPortFree('192.0.2.1', 8443),
      /No interface of this machine has the address 192\.0\.2\.1: set HOST/,
    );
  });
});

describe("the Temporal dev server's ports before start-up", () => {
  it('names the one setting whose port is in use: a derived HTTP port names TEMPORAL_HTTP_PORT', async () => {
    await whileHeld((port) =>
      // The other ports: port 1, which nothing on a test machine listens on (the check refuses before any start).
      assert.rejects(
        startTemporalDevServer({
          dataDir: '/nonexistent',
          cliPath: '/nonexistent/temporal',
          port: 1,
          uiPort: 1,
          httpPort: port,
          metricsPort: 1,
          namespace: 'default',
        }),
        new RegExp(
          `^Error: Temporal dev server: port 127\\.0\\.0\\.1:${port}, its HTTP API \\(TEMPORAL_DEV_PORT \\+ 10 unless set\\), ` +
            'is already in use .*; set TEMPORAL_HTTP_PORT to a free port',
        ),
      ),
    );
  });
});
