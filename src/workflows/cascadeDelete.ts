import { continueAsNew, patched, proxyActivities, proxyLocalActivities, type RetryPolicy } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import type { CascadeDeleteInput, CascadeDeleteResult } from './contracts';
import { WorkflowIds } from './ids';
import { startPurge } from './purgeStoredFiles';
import { emitWebhookEvent } from './webhooks';

// A local activity: a batch is one short transaction, run by this workflow's own worker without a round trip
// through the server for each (its result is recorded with the workflow task). A worker that dies mid-batch
// loses its workflow task, and the next worker runs the batch again (it finds what is left).
const retry: RetryPolicy = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' };
const local = proxyLocalActivities<Activities>({ startToCloseTimeout: '2 minutes', retry });
// Batches were activity tasks before: a run started by an older worker replays them as such.
const remote = proxyActivities<Activities>({ startToCloseTimeout: '5 minutes', heartbeatTimeout: '30 seconds', retry });
export const LOCAL_DELETE_BATCHES = 'local-delete-batches';

/** Batches per run before continue-as-new keeps the history short for very large trees. */
const BATCHES_PER_RUN = 200;
const BATCH_SIZE = 500;

/**
 * Deletes an item and all its descendants, children first, in bounded batches (memory stays flat however
 * large the tree); each batch's stored files are handed to a purge workflow with a durable delay.
 */
export async function cascadeDeleteWorkflow(input: CascadeDeleteInput): Promise<CascadeDeleteResult> {
  let deleted = input.deletedSoFar ?? 0;
  let batch = input.batchesSoFar ?? 0;
  for (let i = 0; i < (input.batchesPerRun ?? BATCHES_PER_RUN); i++) {
    const { deleteLeafBatch } = patched(LOCAL_DELETE_BATCHES) ? local : remote;
    // The batch records its files under its purge's id (the outbox), so a batch run again answers them.
    const purgeId = WorkflowIds.purgeCascadeBatch(input.workspaceId, input.rootId, batch + 1);
    const out = await deleteLeafBatch({
      workspaceId: input.workspaceId,
      rootId: input.rootId,
      batchSize: input.batchSize ?? BATCH_SIZE,
      purgeId,
    });
    deleted += out.deleted;
    batch += 1;
    await startPurge(input.workspaceId, purgeId, out.storageKeys, input.purgeDelay, input.rootId, true);
    if (out.rootDeleted) {
      await emitWebhookEvent(
        input.workspaceId,
        'knowledge.cascade_deleted',
        { knowledgeId: input.rootId, deleted, batches: batch },
        input.rootId,
      );
      return { deleted, batches: batch };
    }
  }
  return continueAsNew<typeof cascadeDeleteWorkflow>({ ...input, deletedSoFar: deleted, batchesSoFar: batch });
}
