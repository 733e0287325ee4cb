import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import { ACTIVITY_HEARTBEAT_TIMEOUT, type TitleVectorsInput, type TitleVectorsResult } from './contracts';

const { refreshTitleVectors } = proxyActivities<Activities>({
  // A large item's chunks are embedded again under the title schemes; the heartbeat tells a dead worker.
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: ACTIVITY_HEARTBEAT_TIMEOUT,
  // About forty minutes of retries (a model that keeps failing, an item changed under every attempt), then it fails:
  // the item keeps the vectors of its earlier title until it is renamed or re-embedded.
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 12 },
});

/**
 * After a title change (PUT …/reservedField), the item's vectors that carry its title are computed again from
 * the new title (services/knowledge/titleVectors.ts); renamed again meanwhile, it ends as superseded and the
 * later change's own run computes them.
 */
export async function titleVectorsWorkflow(input: TitleVectorsInput): Promise<TitleVectorsResult> {
  return refreshTitleVectors(input);
}
