import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import type { PurgeVersionInput, PurgeVersionResult } from './contracts';

const { purgeSupersededVersion, deleteStoredFiles } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/**
 * Purges a version that stopped being current once its retention has passed (a durable timer): its chunks
 * and text in one transaction, then its stored file. A version that is current again (restored) is kept; one
 * that was restored and superseded again meanwhile waits a whole retention more.
 */
export async function purgeVersionWorkflow(input: PurgeVersionInput): Promise<PurgeVersionResult> {
  const { workspaceId, knowledgeId, version } = input;
  let generation = input.generation;
  for (;;) {
    await sleep(input.retention);
    const out = await purgeSupersededVersion({ workspaceId, knowledgeId, version, generation });
    if (out.kind === 'again') {
      generation = out.generation;
      continue;
    }
    if (out.kind === 'purged' && out.storageKey) await deleteStoredFiles({ workspaceId, keys: [out.storageKey] });
    return { purged: out.kind === 'purged' };
  }
}
