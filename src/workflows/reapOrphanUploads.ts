import { patched, proxyActivities } from '@temporalio/workflow';
import type { Duration } from '@temporalio/common';
import type { Activities } from './activityContract';
import type { ReapOrphansResult } from './activityContract';

const { reapOrphanUploads, sweepPurgeOutbox } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { maximumAttempts: 3 },
});

export const SWEEP_PURGE_OUTBOX = 'sweep-purge-outbox';

/**
 * Run by a Temporal schedule (see temporal/schedules.ts): removes uploads that never became items, then
 * starts the purges a failed or terminated workflow left in the purge outbox.
 */
export async function reapOrphanUploadsWorkflow(input: { grace: Duration }): Promise<ReapOrphansResult> {
  const result = await reapOrphanUploads(input);
  // A run an older worker started had no sweep: the patch keeps its replay deterministic.
  if (patched(SWEEP_PURGE_OUTBOX)) await sweepPurgeOutbox(input);
  return result;
}
