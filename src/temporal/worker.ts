import { NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { Activities } from '../workflows/activityContract';
import { disabledTracing, type Tracing } from '../observability/tracing';
import { requestIdActivityInterceptor, workflowInterceptorModules } from './interceptors';

export const workflowsPath = require.resolve('../workflows');

/** The interceptor modules a workflow bundle must contain (tests bundle once per run with these). */
export function bundledInterceptorModules(tracing: Tracing = disabledTracing): string[] {
  return [...workflowInterceptorModules, ...tracing.workflowModules];
}

export async function createWorker(opts: {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  tracing?: Tracing;
  /** A pre-built bundle (tests build one per run); otherwise the worker bundles workflowsPath. */
  workflowBundle?: WorkflowBundle;
}): Promise<{ worker: Worker; connection: NativeConnection }> {
  const tracing = opts.tracing ?? disabledTracing;
  const connection = await NativeConnection.connect({ address: opts.address });
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: opts.activities,
    // Heartbeats reach the server at least every 2 s (the SDK would otherwise hold them back for up to
    // 80% of the heartbeat timeout), so a short timeout never fires on a living attempt.
    maxHeartbeatThrottleInterval: '2 seconds',
    interceptors: {
      workflowModules: bundledInterceptorModules(tracing),
      activity: [requestIdActivityInterceptor, ...tracing.activityInterceptors],
    },
    sinks: tracing.sinks,
    ...(opts.workflowBundle ? { workflowBundle: opts.workflowBundle } : { workflowsPath }),
  });
  return { worker, connection };
}

/** Drains the worker if it is still running (a signal may already have stopped it); never throws for that. */
export async function stopWorker(worker: Worker, running: Promise<void>): Promise<void> {
  if (worker.getState() === 'RUNNING') worker.shutdown();
  await running;
}
