// The service's Prometheus metrics (prom-client), one registry per process built by the entry point and
// passed down (no global registry): HTTP latency by route template, ingestion by MIME type and stage,
// search latency by plan, embedding throughput, webhook deliveries, and Node.js process metrics.
// The Temporal worker's own metrics come from the SDK runtime (src/observability/workerRuntime.ts).
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export type IngestionStage = 'create' | 'extract' | 'embed' | 'complete';
/**
 * The steps of one file's ingestion, finer than the stages and timed where they run (API or worker): the
 * upload request, its S3 put and workflow start; the worker's download from S3, extraction (in this
 * process or in a sandbox child), chunking, inserts (chunks, then vectors), the embedding call (with its
 * wait in the model's queue) and the status writes (item created, completed or failed).
 */
export type IngestionStep =
  | 'upload'
  | 's3_put'
  | 'workflow_start'
  | 'download'
  | 'extract_in_process'
  | 'extract_child'
  | 'chunk'
  | 'insert'
  | 'embed'
  | 'status';

export interface Metrics {
  registry: Registry;
  /** The exposition text: this registry plus the added sources (the Temporal SDK runtime's metrics). */
  collect(): Promise<string>;
  /** Adds a source of exposition text (metric names must not collide with this registry's). */
  addSource(source: () => Promise<string>): void;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  ingestionStageDuration: Histogram<'mime' | 'stage' | 'outcome'>;
  ingestionDuration: Histogram<'mime' | 'outcome'>;
  ingestionStep: Histogram<'step'>;
  ingestionFailures: Counter<'mime' | 'stage'>;
  searchDuration: Histogram<'plan'>;
  embeddedChunks: Counter<'provider'>;
  embeddingBatchDuration: Histogram<'provider' | 'kind'>;
  webhookAttempts: Counter<'event' | 'outcome'>;
  webhookDeliveries: Counter<'event' | 'outcome'>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const LONG_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/** Runs `fn` as one ingestion step, observed into kws_ingestion_step_duration_seconds (when `metrics` is given). */
export async function timeStep<T>(metrics: Metrics | undefined, step: IngestionStep, fn: () => Promise<T>): Promise<T> {
  if (!metrics) return fn();
  const end = metrics.ingestionStep.startTimer({ step });
  try {
    return await fn();
  } finally {
    end();
  }
}

export function createMetrics(opts: { process?: string } = {}): Metrics {
  const registry = new Registry();
  if (opts.process) registry.setDefaultLabels({ process: opts.process });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const sources: Array<() => Promise<string>> = [];
  return {
    registry,
    async collect() {
      const texts = [await registry.metrics()];
      for (const source of sources) {
        // A source that cannot be read (the runtime's exporter not up yet) leaves out its part only.
        texts.push(await source().catch(() => ''));
      }
      return texts.filter(Boolean).join('\n');
    },
    addSource(source) {
      sources.push(source);
    },
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    ingestionStageDuration: new Histogram({
      name: 'kws_ingestion_stage_duration_seconds',
      help: 'Duration of one ingestion stage attempt (create, extract, embed, complete) by MIME type and outcome',
      labelNames: ['mime', 'stage', 'outcome'],
      buckets: LONG_BUCKETS,
      registers,
    }),
    ingestionStep: new Histogram({
      name: 'kws_ingestion_step_duration_seconds',
      help: 'Duration of one step of a file ingestion (upload, s3_put, workflow_start, download, extract_in_process, extract_child, chunk, insert, embed, status)',
      labelNames: ['step'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    ingestionDuration: new Histogram({
      name: 'kws_ingestion_duration_seconds',
      help: 'Upload to COMPLETED or BACKGROUND_ERROR, by MIME type and outcome',
      labelNames: ['mime', 'outcome'],
      buckets: LONG_BUCKETS,
      registers,
    }),
    ingestionFailures: new Counter({
      name: 'kws_ingestion_failures_total',
      help: 'Ingestions that ended in BACKGROUND_ERROR, by MIME type and the stage that failed',
      labelNames: ['mime', 'stage'],
      registers,
    }),
    searchDuration: new Histogram({
      name: 'kws_search_duration_seconds',
      help: 'Nearest-neighbour search query latency by plan (exact, hnsw, hybrid)',
      labelNames: ['plan'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    embeddedChunks: new Counter({
      name: 'kws_embedding_chunks_total',
      help: 'Document chunks embedded (rate() gives chunks per second)',
      labelNames: ['provider'],
      registers,
    }),
    embeddingBatchDuration: new Histogram({
      name: 'kws_embedding_batch_duration_seconds',
      help: 'Duration of one embedding call (a batch of documents, or one query)',
      labelNames: ['provider', 'kind'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    webhookAttempts: new Counter({
      name: 'kws_webhook_attempts_total',
      help: 'Webhook delivery attempts by event type and outcome (success, failure)',
      labelNames: ['event', 'outcome'],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'kws_webhook_deliveries_total',
      help: 'Webhook deliveries finished, by event type and outcome (succeeded, failed)',
      labelNames: ['event', 'outcome'],
      registers,
    }),
  };
}

/** Seconds since a performance.now() reading. */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;
