// Webhook activities: record an event's deliveries (idempotent: the event id derives from the emitting
// workflow and the event type) and make one signed delivery attempt (a failure throws, so the delivery
// workflow's retry policy backs off and tries again with the same message id).
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import * as webhooks from '../db/repositories/webhooks';
import type { Metrics } from '../observability/metrics';
import { postWebhook, signWebhook, webhookMessageId } from '../services/webhooks';
import { uuidV5 } from '../temporal/constants';
import type { WebhookDeliveryInput, WebhookEventInput, WebhookEventRecorded } from '../workflows/contracts';

export function createWebhookActivities(deps: { db: Db; metrics: Metrics; webhooks: Config['webhooks'] }) {
  const { db } = deps;
  return {
    async recordWebhookEvent(input: WebhookEventInput): Promise<WebhookEventRecorded> {
      const source = Context.current().info.workflowExecution?.workflowId ?? input.timestamp;
      const eventId = uuidV5(`webhook-event:${input.type}:${source}`);
      const endpoints = await webhooks.subscribedEndpoints(db, input.workspaceId, input.type);
      const payload = {
        type: input.type,
        timestamp: input.timestamp,
        data: { workspaceId: input.workspaceId, ...input.data },
      };
      await webhooks.insertDeliveries(
        db,
        input.workspaceId,
        endpoints.map((e) => ({ endpointId: e.id, eventId, eventType: input.type, payload })),
      );
      const rows = await webhooks.deliveriesOfEvent(db, input.workspaceId, eventId);
      return {
        deliveryIds: rows.filter((r) => r.status === 'PENDING').map((r) => r.id),
        retry: {
          initialInterval: deps.webhooks.retryInitialInterval,
          maximumInterval: deps.webhooks.retryMaxInterval,
          maximumAttempts: deps.webhooks.maxAttempts,
        },
      };
    },

    async attemptWebhookDelivery(input: WebhookDeliveryInput): Promise<{ attempt: number; statusCode: number }> {
      const delivery = await webhooks.findDelivery(db, input.workspaceId, input.deliveryId);
      if (!delivery) throw ApplicationFailure.nonRetryable('The delivery no longer exists', 'WebhookGone');
      if (delivery.status === 'SUCCEEDED')
        return { attempt: delivery.attempts, statusCode: delivery.last_status_code ?? 200 };
      const endpoint = await webhooks.findEndpoint(db, input.workspaceId, delivery.endpoint_id);
      if (!endpoint?.enabled)
        throw ApplicationFailure.nonRetryable('The endpoint is disabled or deleted', 'WebhookGone');
      const id = webhookMessageId(delivery.id);
      const timestamp = Math.floor(Date.now() / 1000);
      const body = JSON.stringify(delivery.payload);
      const result = await postWebhook(
        endpoint.url,
        {
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(endpoint.secret, id, timestamp, body),
          'user-agent': 'kws-webhooks/1',
        },
        body,
        { timeoutMs: deps.webhooks.timeoutMs, allowPrivateTargets: deps.webhooks.allowPrivateTargets },
      );
      const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      const attempt = await webhooks.recordAttempt(db, input.workspaceId, delivery.id, { ...result, succeeded });
      deps.metrics.webhookAttempts.inc({ event: delivery.event_type, outcome: succeeded ? 'success' : 'failure' });
      if (!succeeded) throw ApplicationFailure.retryable(`attempt ${attempt}: ${result.error}`, 'WebhookAttemptFailed');
      deps.metrics.webhookDeliveries.inc({ event: delivery.event_type, outcome: 'succeeded' });
      return { attempt, statusCode: result.statusCode! };
    },

    async markWebhookFailed(input: WebhookDeliveryInput & { error: string }): Promise<void> {
      const delivery = await webhooks.findDelivery(db, input.workspaceId, input.deliveryId);
      await webhooks.markDeliveryFailed(db, input.workspaceId, input.deliveryId, input.error);
      if (delivery && delivery.status === 'PENDING') {
        deps.metrics.webhookDeliveries.inc({ event: delivery.event_type, outcome: 'failed' });
      }
    },
  };
}
