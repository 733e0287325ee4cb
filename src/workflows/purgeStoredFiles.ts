import type { Duration } from '@temporalio/common';
import { ActivityFailure, ParentClosePolicy, proxyActivities, sleep, startChild } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import { jobSearchAttributes, type PurgeStoredFilesInput, type PurgeStoredFilesResult } from './contracts';

const { deleteStoredFiles, clearPurgeOutbox } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  // About two hours of retries for a store that keeps failing a key; then that batch is given up on.
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 30 },
});

const BATCH = 500;

/**
 * Deletes stored files after a durable delay (the purge that follows a delete). Batches are
 * independent: a key that cannot be deleted, or is refused, never keeps the others from going.
 */
export async function purgeStoredFilesWorkflow(input: PurgeStoredFilesInput): Promise<PurgeStoredFilesResult> {
  await sleep(input.delay);
  const result: PurgeStoredFilesResult = { deleted: 0, refused: 0, failed: 0 };
  for (let i = 0; i < input.keys.length; i += BATCH) {
    const keys = input.keys.slice(i, i + BATCH);
    try {
      const batch = await deleteStoredFiles({ workspaceId: input.workspaceId, keys });
      result.deleted += batch.deleted;
      result.refused += batch.refused;
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      result.failed += keys.length;
    }
  }
  if (input.outboxId) await clearPurgeOutbox({ workspaceId: input.workspaceId, purgeId: input.outboxId });
  return result;
}

/**
 * From another workflow: hands stored files to a purge workflow that outlives it (the delay is durable).
 * `knowledgeId` (the deleted tree's root, or the crawled site) makes it findable in the Web UI; `outbox`:
 * the keys were recorded in the purge outbox under the workflow's id, which the purge clears.
 */
export async function startPurge(
  workspaceId: string,
  workflowId: string,
  keys: string[],
  delay: Duration,
  knowledgeId?: string,
  outbox?: boolean,
) {
  if (keys.length === 0) return;
  await startChild(purgeStoredFilesWorkflow, {
    workflowId,
    parentClosePolicy: ParentClosePolicy.ABANDON,
    memo: { workspaceId },
    typedSearchAttributes: jobSearchAttributes({ workspaceId, jobKind: 'purge-files', knowledgeId }),
    args: [{ workspaceId, keys, delay, ...(outbox ? { outboxId: workflowId } : {}) }],
  });
}
