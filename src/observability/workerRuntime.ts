// The Temporal SDK runtime of a worker process: its Prometheus exporter (the worker's task slots, poll
// and schedule-to-start latencies, sticky cache...) on an internal loopback port whose text the
// process's own /metrics merges in, and no signal handlers of its own: the entry point drains the
// worker on SIGINT/SIGTERM itself (the runtime's handlers stopped it first and made that drain fail).
import net from 'node:net';
import { Runtime } from '@temporalio/worker';
import type { Metrics } from './metrics';

/** A port free right now on loopback (the OS picks it). */
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

/** Installs the runtime (once per process, before any worker or native connection) and adds its metrics. */
export async function installWorkerRuntime(metrics: Metrics): Promise<void> {
  const port = await freeLoopbackPort();
  Runtime.install({
    shutdownSignals: [],
    telemetryOptions: {
      metrics: {
        prometheus: { bindAddress: `127.0.0.1:${port}`, useSecondsForDurations: true, countersTotalSuffix: true },
      },
    },
  });
  metrics.addSource(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2000) });
    return res.ok ? res.text() : '';
  });
}
