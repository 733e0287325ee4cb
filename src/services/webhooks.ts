// Webhooks: per-workspace endpoints (managed with `kws webhook …` and the API), events signed per the
// Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of
// "id.timestamp.body"> keyed by the base64 part of the whsec_ secret), and one HTTP delivery attempt.
// Retries with exponential backoff are the delivery workflow's (src/workflows/webhooks.ts).
import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import { lockWorkspaceScope } from '../db/repositories/locks';
import * as webhooks from '../db/repositories/webhooks';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../db/rows';
import { badRequest, conflict, notFound } from '../errors';
import { isUuid } from '../ids';
import { checkUrlAddress, FetchError, openRequest, type AddressPolicy } from '../web/fetch';
import { isConnectableHost } from '../web/urls';

export const WebhookEvents = [
  'knowledge.completed',
  'knowledge.failed',
  'knowledge.cascade_deleted',
  'role.job_completed',
  'role.job_failed',
] as const;
export type WebhookEvent = (typeof WebhookEvents)[number];

export const WebhookMessages = {
  notFound: 'Webhook not found',
  badUrl: 'url must be an absolute http or https URL without credentials',
  badEvents: `events must be a non-empty list of: ${WebhookEvents.join(', ')}`,
  tooMany: (max: number) => `The workspace holds its maximum of ${max} webhook endpoints`,
} as const;

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The Standard Webhooks signature header value of one message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The message id of a delivery: stable across its retries, so receivers can deduplicate. */
export const webhookMessageId = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, '')}`;

export interface WebhookDeps {
  db: Db;
  config: Pick<Config, 'webhooks'>;
}

/** The door's address rule for deliveries, lifted only by WEBHOOK_ALLOW_PRIVATE_TARGETS. */
export const webhookAddressPolicy = (settings: Pick<Config['webhooks'], 'allowPrivateTargets'>): AddressPolicy => ({
  allowPrivateNetworks: settings.allowPrivateTargets,
});

async function checkUrl(url: string, config: Pick<Config, 'webhooks'>): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(WebhookMessages.badUrl);
  }
  if (
    !['http:', 'https:'].includes(parsed.protocol) ||
    parsed.username ||
    parsed.password ||
    url.length > 2000 ||
    !isConnectableHost(parsed)
  ) {
    throw badRequest(WebhookMessages.badUrl);
  }
  try {
    await checkUrlAddress(parsed, webhookAddressPolicy(config.webhooks));
  } catch (err) {
    if (err instanceof FetchError) throw badRequest(err.message);
    throw err;
  }
  return parsed.toString();
}

function checkEvents(events: readonly string[] | undefined): WebhookEvent[] {
  if (events === undefined) return [...WebhookEvents];
  const unique = [...new Set(events)];
  if (unique.length === 0 || !unique.every((e) => (WebhookEvents as readonly string[]).includes(e))) {
    throw badRequest(WebhookMessages.badEvents);
  }
  return unique as WebhookEvent[];
}

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

/** Creates an endpoint; 409 when the workspace already holds WEBHOOK_MAX_ENDPOINTS (each event fans out to all). */
export async function createWebhook(
  deps: WebhookDeps,
  workspaceId: string,
  input: { url: string; events?: string[]; description?: string | null },
): Promise<WebhookEndpointRow> {
  const endpoint = {
    url: await checkUrl(input.url, deps.config),
    events: checkEvents(input.events),
    description: input.description ?? null,
    secret: newWebhookSecret(),
  };
  const { maxEndpoints } = deps.config.webhooks;
  return deps.db.transaction(async (trx) => {
    // Serialize creates per workspace so the cap holds under concurrency.
    await lockWorkspaceScope(trx, 'webhook-endpoints', workspaceId);
    if ((await webhooks.countEndpoints(trx, workspaceId)) >= maxEndpoints) {
      throw conflict(WebhookMessages.tooMany(maxEndpoints));
    }
    return webhooks.insertEndpoint(trx, workspaceId, endpoint);
  });
}

export async function loadWebhook(db: Db, workspaceId: string, id: string): Promise<WebhookEndpointRow> {
  const row = isUuid(id) ? await webhooks.findEndpoint(db, workspaceId, id) : undefined;
  if (!row) throw notFound(WebhookMessages.notFound);
  return row;
}

export async function updateWebhook(
  deps: WebhookDeps,
  workspaceId: string,
  id: string,
  patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean; rotateSecret?: boolean },
): Promise<WebhookEndpointRow> {
  await loadWebhook(deps.db, workspaceId, id);
  const row = await webhooks.updateEndpoint(deps.db, workspaceId, id, {
    ...(patch.url !== undefined ? { url: await checkUrl(patch.url, deps.config) } : {}),
    ...(patch.events !== undefined ? { events: checkEvents(patch.events) } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
    ...(patch.rotateSecret ? { secret: newWebhookSecret() } : {}),
  });
  if (!row) throw notFound(WebhookMessages.notFound);
  return row;
}

export async function deleteWebhook(db: Db, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await webhooks.deleteEndpoint(db, workspaceId, id))) throw notFound(WebhookMessages.notFound);
}

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
  opts: { timeoutMs: number; allowPrivateTargets: boolean },
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
    const res = await openRequest(url, webhookAddressPolicy(opts), {
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

export async function listWebhookDeliveries(
  db: Db,
  workspaceId: string,
  opts: { endpointId?: string; limit?: number } = {},
) {
  const rows = await webhooks.listDeliveries(db, workspaceId, { endpointId: opts.endpointId, limit: opts.limit ?? 50 });
  return rows.map(presentDelivery);
}

export const listWebhooks = (db: Db, workspaceId: string): Promise<WebhookEndpointRow[]> =>
  webhooks.listEndpoints(db, workspaceId);
