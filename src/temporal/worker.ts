import { NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { Activities } from '../activities';

export const workflowsPath = require.resolve('../workflows');

export async function createWorker(opts: {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  /** A pre-built bundle (tests build one per run); otherwise the worker bundles workflowsPath. */
  workflowBundle?: WorkflowBundle;
}): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: opts.address });
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: opts.activities,
    // Heartbeats reach the server at least every 2 s (the SDK would otherwise hold them back for up to
    // 80% of the heartbeat timeout), so a short timeout never fires on a living attempt.
    maxHeartbeatThrottleInterval: '2 seconds',
    ...(opts.workflowBundle ? { workflowBundle: opts.workflowBundle } : { workflowsPath }),
  });
  return { worker, connection };
}
