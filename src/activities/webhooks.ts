// Webhook activities: record an event's deliveries (idempotent: the event id derives from the emitting
// workflow and the event type) and make one signed delivery attempt (a failure throws, so the delivery
// workflow's retry policy backs off and tries again with the same message id).
import { ApplicationFailure, Context } from '@temporalio/activity';
import { ApplicationFailureCategory } from '@temporalio/common';
import {
  attemptDelivery,
  markDeliveryFailed,
  recordWebhookEvent,
  type WebhookDeliveryDeps,
} from '../services/webhooks/webhookDelivery';
import { uuidV5 } from '../temporal/constants';
import type { WebhookDeliveryInput, WebhookEventInput, WebhookEventRecorded } from '../workflows/contracts';

/** An event's id: one per emitting workflow and event type, so a retried recording records it once. */
export const webhookEventId = (type: string, source: string) => uuidV5(`webhook-event:${type}:${source}`);

export function createWebhookActivities(deps: WebhookDeliveryDeps) {
  return {
    async recordWebhookEvent(input: WebhookEventInput): Promise<WebhookEventRecorded> {
      const source = Context.current().info.workflowExecution?.workflowId ?? input.timestamp;
      return recordWebhookEvent(deps, input, webhookEventId(input.type, source));
    },

    async attemptWebhookDelivery(input: WebhookDeliveryInput): Promise<{ attempt: number; statusCode: number }> {
      const outcome = await attemptDelivery(deps, input.workspaceId, input.deliveryId);
      if (outcome.kind === 'gone') {
        // The endpoint or the event is gone: the delivery ends here, an expected outcome, not the worker's fault.
        throw ApplicationFailure.create({
          message: outcome.reason,
          type: 'WebhookGone',
          nonRetryable: true,
          category: ApplicationFailureCategory.BENIGN,
        });
      }
      if (outcome.kind === 'refused') {
        // A receiver that is down or refuses is the endpoint's state, recorded in its delivery log, not the worker's
        // fault: one line here, and the failure marked benign, so the SDK does not log it again with its stack
        // trace at every retry (a stopped receiver filled the log with them).
        Context.current().log.warn('webhook delivery attempt failed', {
          deliveryId: input.deliveryId,
          attempt: outcome.attempt,
          error: outcome.error,
        });
        throw ApplicationFailure.create({
          message: `attempt ${outcome.attempt}: ${outcome.error}`,
          type: 'WebhookAttemptFailed',
          nonRetryable: false,
          category: ApplicationFailureCategory.BENIGN,
        });
      }
      return { attempt: outcome.attempt, statusCode: outcome.statusCode };
    },

    async markWebhookFailed(input: WebhookDeliveryInput & { error: string }): Promise<void> {
      await markDeliveryFailed(deps, input.workspaceId, input.deliveryId, input.error);
    },
  };
}
