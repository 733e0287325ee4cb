import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import type { EraseUserSpaceInput, EraseUserSpaceResult } from './contracts';

const { listSpaceStoredFiles, eraseSpaceRecords, deleteStoredFiles } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const BATCH = 500;

/**
 * Erases a user's space for a data-subject request: lists its stored files (the list stays in the history),
 * deletes the user and every row of the space (messages, groups, knowledge, chunks and their vectors, uploads),
 * then deletes the files at once (no purge delay: nothing may be restored). Each step is idempotent, so a
 * retried or repeated run finishes what an earlier one started.
 */
export async function eraseUserSpaceWorkflow(input: EraseUserSpaceInput): Promise<EraseUserSpaceResult> {
  const keys = await listSpaceStoredFiles(input);
  const erased = await eraseSpaceRecords(input);
  let files = 0;
  for (let i = 0; i < keys.length; i += BATCH) {
    files += (await deleteStoredFiles({ workspaceId: input.workspaceId, keys: keys.slice(i, i + BATCH) })).deleted;
  }
  return { erased, files };
}
