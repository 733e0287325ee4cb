import type { Duration } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, sleep, startChild } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { PurgeStoredFilesInput, PurgeStoredFilesResult } from './contracts';

const { deleteStoredFiles } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/** Deletes stored files after a durable delay (the purge that follows a delete). */
export async function purgeStoredFilesWorkflow(input: PurgeStoredFilesInput): Promise<PurgeStoredFilesResult> {
  await sleep(input.delay);
  const batch = 500;
  let deleted = 0;
  for (let i = 0; i < input.keys.length; i += batch) {
    deleted += await deleteStoredFiles({ workspaceId: input.workspaceId, keys: input.keys.slice(i, i + batch) });
  }
  return { deleted };
}

/** From another workflow: hands stored files to a purge workflow that outlives it (the delay is durable). */
export async function startPurge(workspaceId: string, workflowId: string, keys: string[], delay: Duration) {
  if (keys.length === 0) return;
  await startChild(purgeStoredFilesWorkflow, {
    workflowId,
    parentClosePolicy: ParentClosePolicy.ABANDON,
    memo: { workspaceId },
    args: [{ workspaceId, keys, delay }],
  });
}
