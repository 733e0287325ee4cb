// knowledge.version_restored: a restore happens in a request, not a workflow, so its event is recorded here
// and each delivery handed to a delivery workflow, as workflows/webhooks.ts does for the workflows' events.
import { randomUUID } from 'node:crypto';
import { WorkflowIds } from '../temporal/constants';
import { startJob } from '../temporal/jobs';
import { deliverWebhookWorkflow } from '../workflows/webhooks';
import type { Deps } from './deps';
import { recordWebhookEvent } from './webhookDelivery';

/** Tells the workspace's endpoints that `version` is current again (after `previousVersion`); never fails the restore. */
export async function emitVersionRestored(
  deps: Pick<Deps, 'db' | 'temporal' | 'config' | 'logger'>,
  workspaceId: string,
  knowledgeId: string,
  version: number,
  previousVersion: number,
): Promise<void> {
  try {
    const recorded = await recordWebhookEvent(
      { db: deps.db, webhooks: deps.config.webhooks },
      {
        workspaceId,
        type: 'knowledge.version_restored',
        timestamp: new Date().toISOString(),
        data: { knowledgeId, version, previousVersion },
      },
      randomUUID(),
    );
    for (const deliveryId of recorded.deliveryIds) {
      await startJob(deps.temporal, deliverWebhookWorkflow, {
        workflowId: WorkflowIds.webhookDelivery(workspaceId, deliveryId),
        workspaceId,
        knowledgeId,
        args: [{ workspaceId, deliveryId, retry: recorded.retry }],
      });
    }
  } catch (err) {
    deps.logger.warn({ err, workspaceId, knowledgeId }, 'knowledge.version_restored not emitted');
  }
}
