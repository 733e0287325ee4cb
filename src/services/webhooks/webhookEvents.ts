// Events raised in a request rather than a workflow (a version restore, a test event): recorded here and each
// delivery handed to a delivery workflow, as workflows/webhooks.ts does for the workflows' events.
import { randomUUID } from 'node:crypto';
import { WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import type { WebhookEventInput } from '../../workflows/contracts';
import { deliverWebhookWorkflow } from '../../workflows/webhooks';
import type { Deps } from '../deps';
import { recordWebhookEvent } from './webhookDelivery';
import { loadWebhook } from './webhooks';

type EventDeps = Pick<Deps, 'db' | 'temporal' | 'config'>;

/** Records the event (for `endpointId` alone, or every subscribed endpoint) and starts each delivery's workflow. */
export async function emitWebhookEvent(
  deps: EventDeps,
  input: WebhookEventInput,
  opts: { knowledgeId?: string; endpointId?: string } = {},
): Promise<string[]> {
  const { workspaceId } = input;
  const recorded = await recordWebhookEvent(
    { db: deps.db, webhooks: deps.config.webhooks },
    input,
    randomUUID(),
    opts.endpointId,
  );
  for (const deliveryId of recorded.deliveryIds) {
    await startJob(deps.temporal, deliverWebhookWorkflow, {
      workflowId: WorkflowIds.webhookDelivery(workspaceId, deliveryId),
      workspaceId,
      knowledgeId: opts.knowledgeId,
      args: [{ workspaceId, deliveryId, retry: recorded.retry }],
    });
  }
  return recorded.deliveryIds;
}

/**
 * Sends a `webhook.test` event to one endpoint of the workspace (404 for any other), through the normal delivery
 * path: it is signed, retried and shown in the endpoint's delivery log like any event. Answers the delivery's id.
 */
export async function sendWebhookTestEvent(deps: EventDeps, workspaceId: string, webhookId: string) {
  const endpoint = await loadWebhook(deps, workspaceId, webhookId);
  const [deliveryId] = await emitWebhookEvent(
    deps,
    {
      workspaceId,
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { webhookId: endpoint.id },
    },
    { endpointId: endpoint.id },
  );
  return { deliveryId: deliveryId!, eventType: 'webhook.test' as const };
}
