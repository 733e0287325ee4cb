import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import { ACTIVITY_HEARTBEAT_TIMEOUT, type TitleVectorsInput, type TitleVectorsResult } from './contracts';

const { refreshTitleVectors } = proxyActivities<Activities>({
  // A large item's chunks are embedded again under the title schemes; the heartbeat tells a dead worker.
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: ACTIVITY_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * After a title change (PUT …/reservedField), the item's vectors that carry its title are computed again from
 * the title it has when the activity runs (services/knowledge/titleVectors.ts): a later change's own run, or
 * this one started over, always ends on the newest title.
 */
export async function titleVectorsWorkflow(input: TitleVectorsInput): Promise<TitleVectorsResult> {
  return refreshTitleVectors(input);
}
