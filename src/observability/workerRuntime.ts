// The Temporal SDK runtime of a worker process: its Prometheus exporter (the worker's task slots, poll
// and schedule-to-start latencies, sticky cache...) on an internal loopback port whose text the
// process's own /metrics merges in, and no signal handlers of its own: the entry point drains the
// worker on SIGINT/SIGTERM itself (the runtime's handlers stopped it first and made that drain fail).
import { Runtime, type Logger } from '@temporalio/worker';
import { freeLoopbackPort } from '../ports';
import type { Metrics } from './metrics';

/** Installs the runtime (once per process, before any worker or native connection) and adds its metrics. */
export async function installWorkerRuntime(metrics: Metrics, opts: { logger?: Logger } = {}): Promise<void> {
  const port = await freeLoopbackPort();
  Runtime.install({
    ...(opts.logger ? { logger: opts.logger } : {}),
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
