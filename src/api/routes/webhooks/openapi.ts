import { z } from 'zod';
import { WebhookMessages } from '../../../services/webhooks/webhooks';
import { AddressRefusalMessages } from '../../../web/fetch';
import { uuid, withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import {
  CreateWebhookSchema,
  DeliveriesQuerySchema,
  UpdateWebhookSchema,
  WebhookDeliveriesSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookListSchema,
  WebhookTestSentSchema,
} from './schema';
import {
  createWebhookExamples,
  deleteWebhookExamples,
  getWebhookExamples,
  listDeliveriesExamples,
  listWebhooksExamples,
  sendTestEventExamples,
  updateWebhookExamples,
} from './examples';

const webhooksOps = operations('Webhooks');

const base = '/v1/workspaces/{workspaceId}/webhooks';
const WebhookPath = withWorkspace({ webhookId: uuid('The endpoint (anything else: 404 "Webhook not found")') });
const notFound = { 404: [WebhookMessages.notFound] } as const;
const endpointLinks = (from: string) =>
  Object.fromEntries(
    ['getWebhook', 'updateWebhook', 'deleteWebhook', 'listWebhookDeliveries'].map((operationId) => [
      operationId,
      { operationId, parameters: { webhookId: from } },
    ]),
  );

export const webhooksOperations: ApiOperation[] = [
  webhooksOps.get(base, 'listWebhooks', {
    summary: "The workspace's webhook endpoints, oldest first (without their secrets)",
    examples: listWebhooksExamples,
    ok: [200, 'The endpoints', WebhookListSchema],
  }),
  webhooksOps.post(base, 'createWebhook', {
    summary: 'Add a webhook endpoint; the answer carries its signing secret (shown this once)',
    description:
      'Events are POSTed as JSON, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), ' +
      'and retried with exponential backoff until the endpoint answers 2xx. Endpoints on loopback, private, ' +
      'link-local and other reserved addresses (in any spelling: IPv4-mapped, NAT64 and 6to4 IPv6 forms included) ' +
      'are refused with 400, and deliveries to them are never connected, unless WEBHOOK_ALLOW_PRIVATE_TARGETS is set.',
    body: CreateWebhookSchema,
    examples: createWebhookExamples,
    ok: [
      201,
      'The endpoint, with its secret',
      WebhookEndpointWithSecretSchema,
      { links: endpointLinks('$response.body#/id') },
    ],
    errors: {
      400: [
        'Missing required field',
        'Invalid field value',
        WebhookMessages.badUrl,
        WebhookMessages.badEvents,
        ...AddressRefusalMessages,
      ],
      409: ['The workspace holds its maximum of … webhook endpoints (WEBHOOK_MAX_ENDPOINTS)'],
    },
  }),
  webhooksOps.get(`${base}/{webhookId}`, 'getWebhook', {
    summary: 'A webhook endpoint (without its secret)',
    params: WebhookPath,
    examples: getWebhookExamples,
    ok: [200, 'The endpoint', WebhookEndpointSchema],
    errors: notFound,
  }),
  webhooksOps.patch(`${base}/{webhookId}`, 'updateWebhook', {
    summary: 'Change an endpoint (URL, events, description, enabled) or rotate its secret',
    description: 'Fields not sent keep their value (an empty body changes nothing).',
    params: WebhookPath,
    body: UpdateWebhookSchema,
    bodyRequired: false,
    examples: updateWebhookExamples,
    ok: [
      200,
      'The endpoint; with its new secret when rotateSecret was true',
      z.union([WebhookEndpointWithSecretSchema, WebhookEndpointSchema]),
    ],
    errors: {
      400: ['Invalid field value', WebhookMessages.badUrl, WebhookMessages.badEvents, ...AddressRefusalMessages],
      ...notFound,
    },
  }),
  webhooksOps.delete(`${base}/{webhookId}`, 'deleteWebhook', {
    summary: 'Remove an endpoint and its delivery log',
    params: WebhookPath,
    examples: deleteWebhookExamples,
    ok: [200, 'Removed', z.strictObject({ success: z.literal(true) })],
    errors: notFound,
  }),
  webhooksOps.post(`${base}/{webhookId}/test`, 'sendWebhookTestEvent', {
    summary: 'Send a webhook.test event to this endpoint alone, through the normal (signed, retried) delivery',
    description:
      'The event ({"type":"webhook.test","timestamp":…,"data":{"workspaceId":…,"webhookId":…}}) is recorded in the ' +
      "endpoint's delivery log whatever events it subscribes to, and delivered in the background (202).",
    params: WebhookPath,
    examples: sendTestEventExamples,
    ok: [202, 'Recorded; the delivery follows', WebhookTestSentSchema],
    errors: notFound,
  }),
  webhooksOps.get(`${base}/{webhookId}/deliveries`, 'listWebhookDeliveries', {
    summary: "An endpoint's deliveries, newest first, each with its attempts",
    params: WebhookPath,
    query: DeliveriesQuerySchema,
    examples: listDeliveriesExamples,
    ok: [200, 'The deliveries', WebhookDeliveriesSchema],
    errors: { 400: ['Invalid field value'], ...notFound },
  }),
];
