// Webhooks: per-workspace endpoints (managed with `kws webhook …` and the API) and their delivery log.
// Making the deliveries is services/webhooks/webhookDelivery.ts's; presenting rows is the API's (routes/webhooks).
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import * as webhooks from '../../db/repositories/webhooks';
import type { WebhookEndpointRow } from '../../db/rows';
import { badRequest, conflict, notFound } from '../../errors';
import { closestName } from '../../domain/suggest';
import { longerThan } from '../../domain/text';
import { isUuid } from '../../ids';
import { checkUrlAddress, FetchError } from '../../web/fetch';
import { urlRefusal } from '../sources/urlRefusal';
import { isConnectableHost } from '../../web/urls';
import type { OwnComponents } from '../../web/ownComponents';
import { webhookAddressPolicy } from './webhookDelivery';
import type { DbDeps } from '../deps';

export const WebhookEvents = [
  'knowledge.completed',
  'knowledge.failed',
  'knowledge.cascade_deleted',
  'knowledge.updated',
  'knowledge.version_restored',
  'knowledge.roles_changed',
  'role.job_completed',
  'role.job_failed',
] as const;
export type WebhookEvent = (typeof WebhookEvents)[number];

/** The longest endpoint URL a webhook takes, in code points (the document's maxLength on url). */
export const MAX_WEBHOOK_URL_CHARS = 2000;

export const WebhookMessages = {
  notFound: 'Webhook not found',
  badUrl: 'url must be an absolute http or https URL without credentials',
  longUrl: `url must be at most ${MAX_WEBHOOK_URL_CHARS} characters`,
  badEvents: `events must be a non-empty list of: ${WebhookEvents.join(', ')}`,
  tooMany: (max: number) => `The workspace holds its maximum of ${max} webhook endpoints`,
} as const;

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhookDeps {
  db: Db;
  config: Pick<Config, 'webhooks'>;
  ownComponents: OwnComponents;
}

const badUrl = () =>
  badRequest(WebhookMessages.badUrl, {
    code: 'invalid_field',
    param: 'url',
    hint: `Send an absolute http(s) URL of at most ${MAX_WEBHOOK_URL_CHARS} characters, without user:password@, such as https://hooks.example.com/kws.`,
  });

/** The URL's form (no lookup): absolute http(s), no credentials, a host that can be connected to. */
function parseUrl(url: string): URL {
  if (longerThan(url, MAX_WEBHOOK_URL_CHARS)) {
    throw badRequest(WebhookMessages.longUrl, {
      code: 'invalid_field',
      param: 'url',
      hint: `Shorten the URL to ${MAX_WEBHOOK_URL_CHARS} characters or fewer: move long query parameters into the endpoint's own configuration.`,
    });
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badUrl();
  }
  if (
    !['http:', 'https:'].includes(parsed.protocol) ||
    parsed.username ||
    parsed.password ||
    !isConnectableHost(parsed)
  ) {
    throw badUrl();
  }
  return parsed;
}

/** Where the URL leads (a DNS lookup for a name): refused when the address policy forbids it. */
async function checkAddress(parsed: URL, deps: WebhookDeps): Promise<string> {
  try {
    await checkUrlAddress(parsed, webhookAddressPolicy(deps.config.webhooks, deps.ownComponents));
  } catch (err) {
    if (err instanceof FetchError) throw urlRefusal(err, 'url', 'WEBHOOK_ALLOW_PRIVATE_TARGETS');
    throw err;
  }
  return parsed.toString();
}

function checkEvents(events: readonly string[] | undefined): WebhookEvent[] {
  if (events === undefined) return [...WebhookEvents];
  const unique = [...new Set(events)];
  const known = WebhookEvents as readonly string[];
  const at = events.findIndex((e) => !known.includes(e));
  if (unique.length === 0 || at >= 0) {
    // The first unknown type, with the known one it is probably a slip for.
    const unknown = at >= 0 ? events[at]! : undefined;
    const meant = unknown === undefined ? undefined : closestName(unknown, known);
    throw badRequest(WebhookMessages.badEvents, {
      code: 'invalid_field',
      param: at >= 0 ? `events[${at}]` : 'events',
      hint: meant
        ? `${JSON.stringify(unknown).slice(0, 120)} is not an event type: did you mean ${meant}?`
        : 'Send events as a list of one or more of the event types the message names, or leave it out for all of them.',
    });
  }
  return unique as WebhookEvent[];
}

/** Creates an endpoint; 409 when the workspace already holds WEBHOOK_MAX_ENDPOINTS (each event fans out to all). */
export async function createWebhook(
  deps: WebhookDeps,
  workspaceId: string,
  input: { url: string; events?: string[]; description?: string | null },
): Promise<WebhookEndpointRow> {
  // Every field's form first, the address (a DNS lookup) last: a body with bad events hears about its events,
  // whatever its host.
  const parsed = parseUrl(input.url);
  const events = checkEvents(input.events);
  const endpoint = {
    url: await checkAddress(parsed, deps),
    events,
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

export async function loadWebhook({ db }: DbDeps, workspaceId: string, id: string): Promise<WebhookEndpointRow> {
  const row = isUuid(id) ? await webhooks.findEndpoint(db, workspaceId, id) : undefined;
  if (!row) throw notFound(WebhookMessages.notFound, { pathParam: 'webhookId' });
  return row;
}

export async function updateWebhook(
  deps: WebhookDeps,
  workspaceId: string,
  id: string,
  patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean; rotateSecret?: boolean },
): Promise<WebhookEndpointRow> {
  const parsed = patch.url !== undefined ? parseUrl(patch.url) : undefined;
  const events = patch.events !== undefined ? checkEvents(patch.events) : undefined;
  await loadWebhook(deps, workspaceId, id);
  const row = await webhooks.updateEndpoint(deps.db, workspaceId, id, {
    ...(parsed ? { url: await checkAddress(parsed, deps) } : {}),
    ...(events ? { events } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
    ...(patch.rotateSecret ? { secret: newWebhookSecret() } : {}),
  });
  if (!row) throw notFound(WebhookMessages.notFound, { pathParam: 'webhookId' });
  return row;
}

export async function deleteWebhook({ db }: DbDeps, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await webhooks.deleteEndpoint(db, workspaceId, id)))
    throw notFound(WebhookMessages.notFound, { pathParam: 'webhookId' });
}

export async function listWebhookDeliveries(
  { db }: DbDeps,
  workspaceId: string,
  opts: { endpointId?: string; limit?: number } = {},
) {
  return webhooks.listDeliveries(db, workspaceId, { endpointId: opts.endpointId, limit: opts.limit ?? 50 });
}

export function listWebhookEndpoints({ db }: DbDeps, workspaceId: string): Promise<WebhookEndpointRow[]> {
  return webhooks.listEndpoints(db, workspaceId);
}

export const listWebhooks = ({ db }: DbDeps, workspaceId: string): Promise<WebhookEndpointRow[]> =>
  webhooks.listEndpoints(db, workspaceId);
