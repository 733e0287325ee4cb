// Webhook delivery: an event's deliveries are recorded (one per subscribed endpoint), then each is made
// as one signed HTTP attempt at a time, per the Standard Webhooks scheme (webhook-id, webhook-timestamp,
// webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the base64 part of the
// whsec_ secret). Retries with exponential backoff are the delivery workflow's (src/workflows/webhooks.ts).
import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import * as webhooks from '../../db/repositories/webhooks';
import type { Metrics } from '../../observability/metrics';
import { openRequest, type AddressPolicy } from '../../web/fetch';
import type { OwnComponents } from '../../web/ownComponents';
import type { WebhookEventInput, WebhookEventRecorded } from '../../workflows/contracts';

export interface WebhookDeliveryDeps {
  db: Db;
  metrics: Metrics;
  webhooks: Config['webhooks'];
  ownComponents: OwnComponents;
}

/** The Standard Webhooks signature header value of one message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The message id of a delivery: stable across its retries, so receivers can deduplicate. */
export const webhookMessageId = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, '')}`;

/**
 * The door's address rule for deliveries, lifted only by WEBHOOK_ALLOW_PRIVATE_TARGETS; the service's own
 * components are refused whatever it says.
 */
export const webhookAddressPolicy = (
  settings: Pick<Config['webhooks'], 'allowPrivateTargets'>,
  own: OwnComponents,
): AddressPolicy => ({ allowPrivateNetworks: settings.allowPrivateTargets, own });

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * One POST of a signed message through the one door out (src/web/fetch.ts): the address is checked before
 * connecting (an IP literal) or inside the connection's lookup (a name), unless private targets are allowed.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivateTargets: boolean; own: OwnComponents },
): Promise<AttemptResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): AttemptResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
  let statusCode: number | null = null;
  try {
    const res = await openRequest(url, webhookAddressPolicy(opts, opts.own), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
      signal: abort.signal,
    });
    statusCode = res.statusCode ?? null;
    // The receiver's answer body is not kept, only read to its end.
    for await (const chunk of res) void chunk;
    return done(statusCode, statusCode && statusCode < 300 ? null : `HTTP ${statusCode}`);
  } catch (err) {
    return done(
      statusCode,
      (abort.signal.aborted ? (abort.signal.reason as Error) : (err as Error)).message.slice(0, 500),
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Records one delivery of the event per subscribed endpoint (idempotent: keyed by eventId) and returns
 * those still pending, with the retry policy their delivery workflows follow.
 */
export async function recordWebhookEvent(
  deps: Pick<WebhookDeliveryDeps, 'db' | 'webhooks'>,
  input: WebhookEventInput,
  eventId: string,
  /** Only this endpoint of the workspace, subscribed or not (a test event). */
  endpointId?: string,
): Promise<WebhookEventRecorded> {
  const { db } = deps;
  const endpoints = endpointId
    ? [{ id: endpointId }]
    : await webhooks.subscribedEndpoints(db, input.workspaceId, input.type);
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
}

/** What one delivery attempt came to: nothing left to deliver, delivered, or refused (to be retried). */
export type DeliveryOutcome =
  | { kind: 'gone'; reason: string }
  | { kind: 'delivered'; attempt: number; statusCode: number }
  | { kind: 'refused'; attempt: number; error: string | null };

/** Makes one signed attempt of a pending delivery and records it; a delivery already made is not repeated. */
export async function attemptDelivery(
  deps: WebhookDeliveryDeps,
  workspaceId: string,
  deliveryId: string,
): Promise<DeliveryOutcome> {
  const { db } = deps;
  const delivery = await webhooks.findDelivery(db, workspaceId, deliveryId);
  if (!delivery) return { kind: 'gone', reason: 'The delivery no longer exists' };
  if (delivery.status === 'SUCCEEDED') {
    return { kind: 'delivered', attempt: delivery.attempts, statusCode: delivery.last_status_code ?? 200 };
  }
  const endpoint = await webhooks.findEndpoint(db, workspaceId, delivery.endpoint_id);
  if (!endpoint?.enabled) return { kind: 'gone', reason: 'The endpoint is disabled or deleted' };
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
    {
      timeoutMs: deps.webhooks.timeoutMs,
      allowPrivateTargets: deps.webhooks.allowPrivateTargets,
      own: deps.ownComponents,
    },
  );
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempt = await webhooks.recordAttempt(db, workspaceId, delivery.id, { ...result, succeeded });
  deps.metrics.webhookAttempts.inc({ event: delivery.event_type, outcome: succeeded ? 'success' : 'failure' });
  if (!succeeded) return { kind: 'refused', attempt, error: result.error };
  deps.metrics.webhookDeliveries.inc({ event: delivery.event_type, outcome: 'succeeded' });
  return { kind: 'delivered', attempt, statusCode: result.statusCode! };
}

/** Marks a delivery FAILED once its retries are exhausted (counted once, while it was still pending). */
export async function markDeliveryFailed(
  deps: Pick<WebhookDeliveryDeps, 'db' | 'metrics'>,
  workspaceId: string,
  deliveryId: string,
  error: string,
): Promise<void> {
  const delivery = await webhooks.findDelivery(deps.db, workspaceId, deliveryId);
  await webhooks.markDeliveryFailed(deps.db, workspaceId, deliveryId, error);
  if (delivery && delivery.status === 'PENDING') {
    deps.metrics.webhookDeliveries.inc({ event: delivery.event_type, outcome: 'failed' });
  }
}
