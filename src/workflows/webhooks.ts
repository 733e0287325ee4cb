// Webhook delivery as workflows: an emitting workflow records the event (one delivery per subscribed
// endpoint) and starts one delivery workflow each, abandoned to run on its own; each retries its signed
// POST with exponential backoff (WEBHOOK_RETRY_*), then records the delivery FAILED.
import {
  ApplicationFailure,
  log,
  ParentClosePolicy,
  patched,
  proxyActivities,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, type Duration } from '@temporalio/common';
import type { Activities } from './activityContract';
import {
  jobSearchAttributes,
  type WebhookDeliveryInput,
  type WebhookEventInput,
  type WebhookEventRecorded,
  type WebhookRetry,
} from './contracts';
import { deliveriesQueue, WorkflowIds } from './ids';

/** Deliveries started from this version on attempt on the deliveries' own task queue (deliveriesQueue). */
export const DELIVERIES_QUEUE_PATCH = 'webhook-deliveries-queue';

const { recordWebhookEvent, markWebhookFailed } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

export async function deliverWebhookWorkflow(input: WebhookDeliveryInput & { retry: WebhookRetry }): Promise<void> {
  const { attemptWebhookDelivery } = proxyActivities<Activities>({
    ...(patched(DELIVERIES_QUEUE_PATCH) ? { taskQueue: deliveriesQueue(workflowInfo().taskQueue) } : {}),
    startToCloseTimeout: '2 minutes',
    retry: {
      initialInterval: input.retry.initialInterval as Duration,
      backoffCoefficient: 2,
      maximumInterval: input.retry.maximumInterval as Duration,
      maximumAttempts: input.retry.maximumAttempts,
      nonRetryableErrorTypes: ['WebhookGone'],
    },
  });
  try {
    await attemptWebhookDelivery({ workspaceId: input.workspaceId, deliveryId: input.deliveryId });
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    const message = cause instanceof ApplicationFailure ? cause.message : 'delivery failed';
    await markWebhookFailed({ workspaceId: input.workspaceId, deliveryId: input.deliveryId, error: message });
  }
}

/**
 * Emits an event to the workspace's subscribed endpoints. Never fails its caller: a webhook that cannot
 * be recorded or started is logged and the caller's own outcome stands.
 */
export async function emitWebhookEvent(
  workspaceId: string,
  type: WebhookEventInput['type'],
  data: Record<string, unknown>,
  knowledgeId?: string,
  /** The activity that records it (a local one for an inline item: see indexing.ts). */
  record: Activities['recordWebhookEvent'] = recordWebhookEvent,
): Promise<void> {
  try {
    const recorded = await record({ workspaceId, type, timestamp: new Date().toISOString(), data });
    await startDeliveries(workspaceId, recorded, knowledgeId);
  } catch (err) {
    log.warn('webhook event not emitted', { type, workflowId: workflowInfo().workflowId, error: String(err) });
  }
}

/** The deliveries of an event an activity already recorded; like emitWebhookEvent, never fails its caller. */
export async function emitRecordedEvent(
  workspaceId: string,
  type: WebhookEventInput['type'],
  recorded: WebhookEventRecorded,
  knowledgeId?: string,
): Promise<void> {
  try {
    await startDeliveries(workspaceId, recorded, knowledgeId);
  } catch (err) {
    log.warn('webhook event not emitted', { type, workflowId: workflowInfo().workflowId, error: String(err) });
  }
}

/** Starts one delivery workflow per delivery of a recorded event (a delivery already started is left alone). */
async function startDeliveries(
  workspaceId: string,
  recorded: WebhookEventRecorded,
  knowledgeId?: string,
): Promise<void> {
  for (const deliveryId of recorded.deliveryIds) {
    try {
      await startChild(deliverWebhookWorkflow, {
        workflowId: WorkflowIds.webhookDelivery(workspaceId, deliveryId),
        parentClosePolicy: ParentClosePolicy.ABANDON,
        memo: { workspaceId },
        typedSearchAttributes: jobSearchAttributes({ workspaceId, jobKind: 'webhook', knowledgeId }),
        args: [{ workspaceId, deliveryId, retry: recorded.retry }],
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
}
