// Ports the OS picks: for internal listeners (the SDK runtime's metrics exporter) and for tests that
// start several servers on one machine.
import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
