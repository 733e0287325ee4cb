import { NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { Activities } from '../workflows/activityContract';
import { disabledTracing, type Tracing } from '../observability/tracing';
import { keptWorkflowBundle, type KeptBundle } from './bundle';
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
  /** A bundle the caller built; otherwise the kept bundle of workflowsPath (src/temporal/bundle.ts). */
  workflowBundle?: WorkflowBundle;
  /** Told where the bundle came from (kept, or built now and how long that took). */
  onBundle?: (bundle: KeptBundle) => void;
}): Promise<{ worker: Worker; connection: NativeConnection }> {
  const tracing = opts.tracing ?? disabledTracing;
  const modules = bundledInterceptorModules(tracing);
  const connection = await NativeConnection.connect({ address: opts.address });
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
      interceptors: { activity: [requestIdActivityInterceptor, ...tracing.activityInterceptors] },
      sinks: tracing.sinks,
      workflowBundle,
    });
  try {
    let workflowBundle = opts.workflowBundle;
    if (!workflowBundle) {
      const kept = await keptWorkflowBundle(workflowsPath, modules);
      opts.onBundle?.(kept);
      workflowBundle = kept.bundle;
    }
    return { worker: await create(workflowBundle), connection };
  } catch (err) {
    await connection.close();
    throw err;
  }
}

/** Drains the worker if it is still running (a signal may already have stopped it); never throws for that. */
export async function stopWorker(worker: Worker, running: Promise<void>): Promise<void> {
  if (worker.getState() === 'RUNNING') worker.shutdown();
  await running;
}
