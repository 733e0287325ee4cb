// A bench run that Prometheus scrapes (scripts/bench-dashboard.sh): the stack reports into one registry that
// the Temporal SDK runtime's metrics are merged into, as in the worker and dev processes, and the stack's
// HTTPS address is published as a Prometheus file_sd target once it listens (its port is picked at start).
import { rename, writeFile } from 'node:fs/promises';
import type { Logger } from '@temporalio/worker';
import { createMetrics, type Metrics } from '../../src/observability/metrics';
import { installWorkerRuntime } from '../../src/observability/workerRuntime';

export interface ScrapedRun {
  metrics: Metrics;
  /** Writes the file_sd target file naming the stack's API (whose /metrics serves the whole process). */
  publish(baseUrl: string): Promise<void>;
  /** Waits long enough for Prometheus to scrape the final counts before the stack stops. */
  linger(): Promise<void>;
}

export async function scrapedRun(targetsFile: string, logger: Logger): Promise<ScrapedRun> {
  const metrics = createMetrics({ process: 'bench' });
  await installWorkerRuntime(metrics, { logger });
  const lingerMs = Number(process.env.KWS_BENCH_SCRAPE_LINGER_MS ?? 12_000);
  return {
    metrics,
    async publish(baseUrl) {
      const target = [{ targets: [new URL(baseUrl).host], labels: {} }];
      // Prometheus re-reads the file on change; write it whole (rename) so it never reads half of it.
      await writeFile(`${targetsFile}.tmp`, JSON.stringify(target) + '\n');
      await rename(`${targetsFile}.tmp`, targetsFile);
      console.log(`[bench] metrics at ${baseUrl}/metrics, published to ${targetsFile}`);
    },
    linger: () => new Promise((resolve) => setTimeout(resolve, lingerMs)),
  };
}
