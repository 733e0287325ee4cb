// Hand-written examples of the webhook endpoints (requests and main responses).
import { webhookMessageId } from '../../../services/webhooks/webhookDelivery';
import { EXAMPLE_IDS, example } from '../../openapi/operation';

const { workspaceId, webhookId } = EXAMPLE_IDS;
const endpoint = {
  id: webhookId,
  workspaceId,
  url: 'https://hooks.example.com/kws/events',
  events: ['knowledge.completed', 'knowledge.failed'],
  description: 'Tell the help centre when an article is searchable',
  enabled: true,
  createdAt: '2025-03-20T09:12:44.000Z',
  updatedAt: '2025-03-20T09:12:44.000Z',
};

export const createWebhookExamples = {
  request: {
    ingestion: example('Ingestion outcomes', {
      url: 'https://hooks.example.com/kws/events',
      events: ['knowledge.completed', 'knowledge.failed'],
      description: 'Tell the help centre when an article is searchable',
    }),
  },
  response: {
    created: example('The endpoint with its signing secret (shown this once)', {
      ...endpoint,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  },
};

export const updateWebhookExamples = {
  request: {
    disable: example('Stop deliveries for a while', { enabled: false }),
    rotate: example('Rotate the signing secret', { rotateSecret: true }),
  },
  response: {
    updated: example('The endpoint', { ...endpoint, enabled: false, updatedAt: '2025-03-22T08:03:51.000Z' }),
  },
};

export const listWebhooksExamples = { response: { endpoints: example('One endpoint', { webhooks: [endpoint] }) } };
export const getWebhookExamples = { response: { endpoint: example('The endpoint (never its secret)', endpoint) } };
export const deleteWebhookExamples = { response: { removed: example('Removed', { success: true }) } };

const testDeliveryId = '0d4f8b2e-6a1c-4e9d-b3f7-5c9e1a7d3b60';
export const sendTestEventExamples = {
  response: {
    recorded: example('Recorded in the delivery log; delivered in the background', {
      deliveryId: testDeliveryId,
      eventType: 'webhook.test',
    }),
  },
};

const completedDeliveryId = '7a1e5c9f-3b8d-4f2a-9e6c-1d5b9f3a7e48';
export const listDeliveriesExamples = {
  response: {
    deliveries: example('The test event, and an ingestion event delivered at the second attempt', {
      deliveries: [
        {
          id: testDeliveryId,
          messageId: webhookMessageId(testDeliveryId),
          endpointId: webhookId,
          eventType: 'webhook.test',
          status: 'SUCCEEDED',
          attempts: 1,
          lastStatusCode: 200,
          lastError: null,
          createdAt: '2025-03-20T09:14:02.311Z',
          finishedAt: '2025-03-20T09:14:02.587Z',
          attemptLog: [{ attempt: 1, statusCode: 200, error: null, durationMs: 212, at: '2025-03-20T09:14:02.587Z' }],
        },
        {
          id: completedDeliveryId,
          messageId: webhookMessageId(completedDeliveryId),
          endpointId: webhookId,
          eventType: 'knowledge.completed',
          status: 'SUCCEEDED',
          attempts: 2,
          lastStatusCode: 200,
          lastError: null,
          createdAt: '2025-03-20T09:31:47.902Z',
          finishedAt: '2025-03-20T09:31:53.480Z',
          attemptLog: [
            { attempt: 1, statusCode: 503, error: 'HTTP 503', durationMs: 148, at: '2025-03-20T09:31:48.061Z' },
            { attempt: 2, statusCode: 200, error: null, durationMs: 176, at: '2025-03-20T09:31:53.480Z' },
          ],
        },
      ],
    }),
  },
};
