// The Temporal SDK runtime of a worker process: its Prometheus exporter (the worker's task slots, poll
// and schedule-to-start latencies, sticky cache...) on an internal loopback port whose text the
// process's own /metrics merges in, and no signal handlers of its own: the entry point drains the
// worker on SIGINT/SIGTERM itself (the runtime's handlers stopped it first and made that drain fail).
// The exporter's port is one of the service's own components (src/web/ownComponents.ts): no outbound
// request reaches it but this scrape, through the door's readOwnEndpoint.
import { Runtime, type Logger } from '@temporalio/worker';
import { freeLoopbackPort } from '../ports';
import { readOwnEndpoint } from '../web/fetch';
import type { Metrics } from './metrics';

/** The largest exporter answer read (a few hundred series take tens of KiB). */
const MAX_RUNTIME_METRICS_BYTES = 4 * 1024 * 1024;

/**
 * Installs the runtime (once per process, before any worker or native connection) and adds its metrics.
 * Answers the exporter's loopback port, which the process then refuses as an outbound target.
 */
export async function installWorkerRuntime(metrics: Metrics, opts: { logger?: Logger } = {}): Promise<number> {
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
  metrics.addSource(() =>
    readOwnEndpoint(`http://127.0.0.1:${port}/metrics`, { timeoutMs: 2000, maxBytes: MAX_RUNTIME_METRICS_BYTES }),
  );
  return port;
}
