// The only place webhook endpoint and delivery rows become JSON: the API's routes and the kws CLI both present
// through here (below both entry layers, so neither imports the other).
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../db/rows';
import { webhookMessageId } from '../services/webhooks/webhookDelivery';

export function presentEndpoint(row: WebhookEndpointRow, opts: { withSecret?: boolean } = {}) {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    ...(opts.withSecret ? { secret: row.secret } : {}),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow & { attemptLog: WebhookAttemptRow[] }) {
  return {
    id: row.id,
    messageId: webhookMessageId(row.id),
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    attemptLog: row.attemptLog.map((a) => ({
      attempt: a.attempt,
      statusCode: a.status_code,
      error: a.error,
      durationMs: a.duration_ms,
      at: a.created_at.toISOString(),
    })),
  };
}
