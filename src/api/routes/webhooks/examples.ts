// Hand-written examples of the webhook endpoints (requests and main responses).
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
