import { z } from 'zod';
import { MAX_WEBHOOK_URL_CHARS, WebhookEvents } from '../../../services/webhooks/webhooks';
import { documentedAs, timestamp, uuid } from '../../openapi/operation';
import { queryInteger } from '../../schemas/integers';

const INVALID = 'Invalid field value';
// Strings here, checked against the event types by the service (400 with the list); documented as the list.
const events = documentedAs(z.array(z.string({ error: INVALID }), { error: INVALID }).max(20, { message: INVALID }), {
  type: 'array',
  items: { enum: [...WebhookEvents] },
  minItems: 1,
  maxItems: 20,
  description: 'The event types to receive (default: all)',
});
const description = z.string({ error: INVALID }).max(2000, { message: INVALID }).nullable();
// An absolute http(s) URL without credentials, at most 2000 characters (400 otherwise, from the service, which names
// the length or the form). The host
// rule is stated in words: its lengths count the name after IDNA conversion, which no pattern can.
const webhookUrl = (schema: z.ZodString) =>
  schema.meta({
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/@\\s]+(?:[/?#]\\S*)?$',
    maxLength: MAX_WEBHOOK_URL_CHARS,
    description:
      'An absolute http(s) URL without credentials whose host is an IP address or a DNS name of at most 253 ' +
      'characters in labels of 1 to 63 (counted after IDNA conversion); 400 otherwise',
  });

export const CreateWebhookSchema = z.strictObject(
  {
    url: webhookUrl(z.string({ error: 'Missing required field' }).min(1, { message: 'Missing required field' })),
    events: events.optional(),
    description: description.optional(),
  },
  { error: 'Missing required field' },
);
export type CreateWebhookInput = z.infer<typeof CreateWebhookSchema>;

export const UpdateWebhookSchema = z.strictObject(
  {
    url: webhookUrl(z.string({ error: INVALID })).optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean({ error: INVALID }).optional(),
    rotateSecret: z.boolean({ error: INVALID }).optional(),
  },
  { error: INVALID },
);
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookSchema>;

export const DeliveriesQuerySchema = z.object({
  limit: queryInteger('limit', { min: 1, max: 200, fallback: 50 }),
});

// Responses: what presentEndpoint and presentDelivery (src/presenters/webhooks.ts) produce.

const webhookEvent = z.string().meta({ description: `An event type: ${WebhookEvents.join(', ')}` });

export const WebhookEndpointSchema = z
  .strictObject({
    id: uuid('The endpoint'),
    workspaceId: uuid('The workspace'),
    url: z.string().meta({ description: 'Where events are POSTed' }),
    events: z.array(webhookEvent).meta({ description: 'The event types it receives' }),
    description: z.string().nullable(),
    enabled: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z
    .string()
    .regex(/^whsec_/)
    .meta({ description: 'The signing secret (whsec_…): shown on create and on rotateSecret only' }),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const WebhookListSchema = z.strictObject({ webhooks: z.array(WebhookEndpointSchema) });
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WebhookDeliverySchema = z
  .strictObject({
    id: uuid('The delivery'),
    messageId: z.string().meta({ description: 'The webhook-id header of every attempt (msg_…), for deduplication' }),
    endpointId: uuid('The endpoint'),
    eventType: webhookEvent,
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    attempts: z.int().min(0),
    lastStatusCode: z.int().nullable().meta({ description: "The last attempt's HTTP status (null: no answer)" }),
    lastError: z.string().nullable(),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    attemptLog: z.array(
      z.strictObject({
        attempt: z.int().min(1),
        statusCode: z.int().nullable(),
        error: z.string().nullable(),
        durationMs: z.number().min(0),
        at: timestamp,
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesSchema = z.strictObject({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;

export const WebhookTestSentSchema = z.strictObject({
  deliveryId: uuid("The delivery, in the endpoint's delivery log"),
  eventType: z.literal('webhook.test'),
});
export type WebhookTestSent = z.infer<typeof WebhookTestSentSchema>;
