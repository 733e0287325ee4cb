import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../rows';
import { deleteWorkspaceRow, updateWorkspaceRow } from './workspaceRows';

export async function insertEndpoint(
  db: Tx,
  workspaceId: string,
  input: { url: string; secret: string; events: string[]; description?: string | null },
): Promise<WebhookEndpointRow> {
  const [row] = await db<WebhookEndpointRow>('webhook_endpoints')
    .insert({
      id: randomUUID(),
      workspace_id: workspaceId,
      url: input.url,
      secret: input.secret,
      events: input.events,
      description: input.description ?? null,
    })
    .returning('*');
  return row!;
}

export async function listEndpoints(db: Tx, workspaceId: string): Promise<WebhookEndpointRow[]> {
  return db<WebhookEndpointRow>('webhook_endpoints').where({ workspace_id: workspaceId }).orderBy('created_at');
}

export async function countEndpoints(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db('webhook_endpoints').where({ workspace_id: workspaceId }).count<{ n: number }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function findEndpoint(db: Tx, workspaceId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return db<WebhookEndpointRow>('webhook_endpoints').where({ workspace_id: workspaceId, id }).first();
}

export async function updateEndpoint(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: Partial<Pick<WebhookEndpointRow, 'url' | 'events' | 'description' | 'enabled' | 'secret'>>,
): Promise<WebhookEndpointRow | undefined> {
  return updateWorkspaceRow<WebhookEndpointRow>(db, 'webhook_endpoints', workspaceId, id, patch);
}

export async function deleteEndpoint(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return deleteWorkspaceRow(db, 'webhook_endpoints', workspaceId, id);
}

/** The enabled endpoints of a workspace subscribed to an event type. */
export async function subscribedEndpoints(
  db: Tx,
  workspaceId: string,
  eventType: string,
): Promise<WebhookEndpointRow[]> {
  return db<WebhookEndpointRow>('webhook_endpoints')
    .where({ workspace_id: workspaceId, enabled: true })
    .whereRaw('? = ANY(events)', [eventType]);
}

/** One delivery per endpoint and event; an existing one (a retried emission) is kept as it is. */
export async function insertDeliveries(
  db: Tx,
  workspaceId: string,
  rows: Array<{ endpointId: string; eventId: string; eventType: string; payload: Record<string, unknown> }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db('webhook_deliveries')
    .insert(
      rows.map((r) => ({
        id: randomUUID(),
        workspace_id: workspaceId,
        endpoint_id: r.endpointId,
        event_id: r.eventId,
        event_type: r.eventType,
        payload: r.payload,
      })),
    )
    .onConflict(['endpoint_id', 'event_id'])
    .ignore();
}

export async function deliveriesOfEvent(db: Tx, workspaceId: string, eventId: string): Promise<WebhookDeliveryRow[]> {
  return db<WebhookDeliveryRow>('webhook_deliveries')
    .where({ workspace_id: workspaceId, event_id: eventId })
    .orderBy('id');
}

export async function findDelivery(db: Tx, workspaceId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db<WebhookDeliveryRow>('webhook_deliveries').where({ workspace_id: workspaceId, id }).first();
}

/** Records one attempt and its outcome on the delivery, in one transaction. */
export async function recordAttempt(
  db: Tx,
  workspaceId: string,
  deliveryId: string,
  outcome: { statusCode: number | null; error: string | null; durationMs: number; succeeded: boolean },
): Promise<number> {
  return db.transaction(async (trx) => {
    const [row] = await trx<WebhookDeliveryRow>('webhook_deliveries')
      .where({ workspace_id: workspaceId, id: deliveryId })
      .increment('attempts', 1)
      .update({
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        updated_at: trx.fn.now() as unknown as Date,
        ...(outcome.succeeded ? { status: 'SUCCEEDED', finished_at: trx.fn.now() as unknown as Date } : {}),
      })
      .returning('attempts');
    const attempt = (row as unknown as { attempts: number }).attempts;
    await trx('webhook_attempts').insert({
      delivery_id: deliveryId,
      workspace_id: workspaceId,
      attempt,
      status_code: outcome.statusCode,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    });
    return attempt;
  });
}

export async function markDeliveryFailed(db: Tx, workspaceId: string, id: string, error: string): Promise<void> {
  await db('webhook_deliveries')
    .where({ workspace_id: workspaceId, id })
    .whereNot({ status: 'SUCCEEDED' })
    .update({ status: 'FAILED', last_error: error.slice(0, 2000), finished_at: db.fn.now(), updated_at: db.fn.now() });
}

export async function listDeliveries(
  db: Tx,
  workspaceId: string,
  opts: { endpointId?: string; limit: number },
): Promise<Array<WebhookDeliveryRow & { attemptLog: WebhookAttemptRow[] }>> {
  const q = db<WebhookDeliveryRow>('webhook_deliveries').where({ workspace_id: workspaceId });
  if (opts.endpointId) q.andWhere({ endpoint_id: opts.endpointId });
  const rows = await q.orderBy('created_at', 'desc').orderBy('id').limit(opts.limit);
  const attempts = await db<WebhookAttemptRow>('webhook_attempts')
    .where({ workspace_id: workspaceId })
    .whereIn(
      'delivery_id',
      rows.map((r) => r.id),
    )
    .orderBy(['delivery_id', 'attempt']);
  return rows.map((r) => ({ ...r, attemptLog: attempts.filter((a) => a.delivery_id === r.id) }));
}
