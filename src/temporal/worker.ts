import {
  DefaultLogger,
  NativeConnection,
  Worker,
  type Logger,
  type LogLevel,
  type LogMetadata,
  type State,
  type WorkflowBundle,
} from '@temporalio/worker';
import { deliveriesQueue } from '../workflows/ids';
import type { Activities } from '../workflows/activityContract';
import { disabledTracing, type Tracing } from '../observability/tracing';
import { keptWorkflowBundle, type KeptBundle } from './bundle';
import { requestIdActivityInterceptor, workflowInterceptorModules } from './interceptors';

export const workflowsPath = require.resolve('../workflows');

/** The interceptor modules a workflow bundle must contain (tests bundle once per run with these). */
export function bundledInterceptorModules(tracing: Tracing = disabledTracing): string[] {
  return [...workflowInterceptorModules, ...tracing.workflowModules];
}

/** What the SDK warns of for a worker without workflows: the deliveries worker has none by design. */
const NO_WORKFLOWS = 'No workflows registered, not polling for workflow tasks';

/**
 * The SDK's own logger (as Runtime.install would make it, INFO), except that the deliveries worker's "no
 * workflows" warning, expected at every start, is logged at DEBUG.
 */
export function sdkLogger(): Logger {
  const base = new DefaultLogger('INFO');
  const log = (level: LogLevel, message: string, meta?: LogMetadata) =>
    level === 'WARN' &&
    message === NO_WORKFLOWS &&
    typeof meta?.taskQueue === 'string' &&
    meta.taskQueue.endsWith(deliveriesQueue(''))
      ? base.log('DEBUG', message, meta)
      : base.log(level, message, meta);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}

/**
 * The worker of the workflows' task queue and the one of webhook delivery attempts (deliveriesQueue), on one
 * connection, run and stopped together: a failure of either stops both.
 */
export interface WorkerGroup {
  run(): Promise<void>;
  shutdown(): void;
  getState(): State;
}

function workerGroup(main: Worker, deliveries: Worker): WorkerGroup {
  const stop = (w: Worker) => {
    if (w.getState() === 'RUNNING') w.shutdown();
  };
  return {
    async run() {
      const both = [main.run(), deliveries.run()].map((p) =>
        p.catch((err: unknown) => {
          stop(main);
          stop(deliveries);
          throw err;
        }),
      );
      const settled = await Promise.allSettled(both);
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    shutdown() {
      stop(main);
      stop(deliveries);
    },
    getState: () => main.getState(),
  };
}

export async function createWorker(opts: {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  /** Webhook delivery attempts run at once (WEBHOOK_MAX_CONCURRENT_DELIVERIES). */
  maxConcurrentDeliveries: number;
  tracing?: Tracing;
  /** A bundle the caller built; otherwise the kept bundle of workflowsPath (src/temporal/bundle.ts). */
  workflowBundle?: WorkflowBundle;
  /** Told where the bundle came from (kept, or built now and how long that took). */
  onBundle?: (bundle: KeptBundle) => void;
}): Promise<{ worker: WorkerGroup; connection: NativeConnection }> {
  const tracing = opts.tracing ?? disabledTracing;
  const modules = bundledInterceptorModules(tracing);
  const connection = await NativeConnection.connect({ address: opts.address });
  const activityInterceptors = [requestIdActivityInterceptor, ...tracing.activityInterceptors];
  const create = (workflowBundle: WorkflowBundle) =>
    Worker.create({
      connection,
      namespace: opts.namespace,
      taskQueue: opts.taskQueue,
      activities: opts.activities,
      // Heartbeats reach the server at least every 2 s (the SDK would otherwise hold them back for up to
      // 80% of the heartbeat timeout), so a short timeout never fires on a living attempt.
      maxHeartbeatThrottleInterval: '2 seconds',
      // The workflow interceptor modules are inside the bundle (bundledInterceptorModules).
      interceptors: { activity: activityInterceptors },
      sinks: tracing.sinks,
      workflowBundle,
    });
  // Activities only: the delivery attempts, at most maxConcurrentDeliveries at once.
  const createDeliveries = () =>
    Worker.create({
      connection,
      namespace: opts.namespace,
      taskQueue: deliveriesQueue(opts.taskQueue),
      activities: { attemptWebhookDelivery: opts.activities.attemptWebhookDelivery },
      maxConcurrentActivityTaskExecutions: opts.maxConcurrentDeliveries,
      maxHeartbeatThrottleInterval: '2 seconds',
      interceptors: { activity: activityInterceptors },
    });
  try {
    let workflowBundle = opts.workflowBundle;
    if (!workflowBundle) {
      const kept = await keptWorkflowBundle(workflowsPath, modules);
      opts.onBundle?.(kept);
      workflowBundle = kept.bundle;
    }
    const main = await create(workflowBundle);
    try {
      return { worker: workerGroup(main, await createDeliveries()), connection };
    } catch (err) {
      // A created worker holds the connection until it has run and stopped: release it, so the connection
      // closes and the error that stopped the start is the one reported.
      await release(main);
      throw err;
    }
  } catch (err) {
    await connection.close().catch(() => undefined);
    throw err;
  }
}

/** Runs a worker that will not be used and stops it at once (the only way a created worker lets go). */
async function release(worker: Worker): Promise<void> {
  const running = worker.run();
  worker.shutdown();
  await running.catch(() => undefined);
}

/** Drains the worker if it is still running (a signal may already have stopped it); never throws for that. */
export async function stopWorker(worker: WorkerGroup, running: Promise<void>): Promise<void> {
  if (worker.getState() === 'RUNNING') worker.shutdown();
  await running;
}
