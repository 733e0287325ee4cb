import { proxyActivities } from '@temporalio/workflow';
import type { Duration } from '@temporalio/common';
import type { Activities } from './activityContract';
import type { ReapOrphansResult } from './activityContract';

const { reapOrphanUploads } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { maximumAttempts: 3 },
});

/** Run by a Temporal schedule (see temporal/schedules.ts): removes uploads that never became items. */
export async function reapOrphanUploadsWorkflow(input: { grace: Duration }): Promise<ReapOrphansResult> {
  return reapOrphanUploads(input);
}
