import { z } from 'zod';
import { WebhookMessages } from '../../../services/webhooks/webhooks';
import { AddressRefusalMessages } from '../../../web/fetch';
import { uuid, withWorkspace, WorkspacePath, type ApiOperation } from '../../openapi/operation';
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
import { createWebhookExamples, updateWebhookExamples } from './examples';

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
  {
    method: 'get',
    path: base,
    operationId: 'listWebhooks',
    tag: 'Webhooks',
    summary: "The workspace's webhook endpoints, oldest first (without their secrets)",
    request: { path: WorkspacePath },
    responses: { 200: { description: 'The endpoints', schema: WebhookListSchema } },
  },
  {
    method: 'post',
    path: base,
    operationId: 'createWebhook',
    tag: 'Webhooks',
    summary: 'Add a webhook endpoint; the answer carries its signing secret (shown this once)',
    description:
      'Events are POSTed as JSON, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), ' +
      'and retried with exponential backoff until the endpoint answers 2xx. Endpoints on loopback, private, ' +
      'link-local and other reserved addresses (in any spelling: IPv4-mapped, NAT64 and 6to4 IPv6 forms included) ' +
      'are refused with 400, and deliveries to them are never connected, unless WEBHOOK_ALLOW_PRIVATE_TARGETS is set.',
    request: { path: WorkspacePath, body: CreateWebhookSchema, examples: createWebhookExamples.request },
    responses: {
      201: {
        description: 'The endpoint, with its secret',
        schema: WebhookEndpointWithSecretSchema,
        examples: createWebhookExamples.response,
        links: endpointLinks('$response.body#/id'),
      },
    },
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
  },
  {
    method: 'get',
    path: `${base}/{webhookId}`,
    operationId: 'getWebhook',
    tag: 'Webhooks',
    summary: 'A webhook endpoint (without its secret)',
    request: { path: WebhookPath },
    responses: { 200: { description: 'The endpoint', schema: WebhookEndpointSchema } },
    errors: notFound,
  },
  {
    method: 'patch',
    path: `${base}/{webhookId}`,
    operationId: 'updateWebhook',
    tag: 'Webhooks',
    summary: 'Change an endpoint (URL, events, description, enabled) or rotate its secret',
    description: 'Fields not sent keep their value (an empty body changes nothing).',
    request: {
      path: WebhookPath,
      body: UpdateWebhookSchema,
      bodyRequired: false,
      examples: updateWebhookExamples.request,
    },
    responses: {
      200: {
        description: 'The endpoint; with its new secret when rotateSecret was true',
        schema: z.union([WebhookEndpointWithSecretSchema, WebhookEndpointSchema]),
        examples: updateWebhookExamples.response,
      },
    },
    errors: {
      400: ['Invalid field value', WebhookMessages.badUrl, WebhookMessages.badEvents, ...AddressRefusalMessages],
      ...notFound,
    },
  },
  {
    method: 'delete',
    path: `${base}/{webhookId}`,
    operationId: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Remove an endpoint and its delivery log',
    request: { path: WebhookPath },
    responses: { 200: { description: 'Removed', schema: z.strictObject({ success: z.literal(true) }) } },
    errors: notFound,
  },
  {
    method: 'post',
    path: `${base}/{webhookId}/test`,
    operationId: 'sendWebhookTestEvent',
    tag: 'Webhooks',
    summary: 'Send a webhook.test event to this endpoint alone, through the normal (signed, retried) delivery',
    description:
      'The event ({"type":"webhook.test","timestamp":…,"data":{"workspaceId":…,"webhookId":…}}) is recorded in the ' +
      "endpoint's delivery log whatever events it subscribes to, and delivered in the background (202).",
    request: { path: WebhookPath },
    responses: { 202: { description: 'Recorded; the delivery follows', schema: WebhookTestSentSchema } },
    errors: notFound,
  },
  {
    method: 'get',
    path: `${base}/{webhookId}/deliveries`,
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: "An endpoint's deliveries, newest first, each with its attempts",
    request: { path: WebhookPath, query: DeliveriesQuerySchema },
    responses: { 200: { description: 'The deliveries', schema: WebhookDeliveriesSchema } },
    errors: { 400: ['Invalid field value'], ...notFound },
  },
];
