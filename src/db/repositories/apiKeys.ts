import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { ApiKeyRow } from '../rows';

export async function insertApiKey(
  db: Tx,
  input: { workspaceId: string; name: string; displayPrefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const [row] = await db<ApiKeyRow>('api_keys')
    .insert({
      id: randomUUID(),
      workspace_id: input.workspaceId,
      name: input.name,
      display_prefix: input.displayPrefix,
      key_hash: input.keyHash,
    })
    .returning('*');
  return row!;
}

/** The active (not revoked) key with this hash, if any. */
export async function findActiveApiKeyByHash(db: Tx, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db<ApiKeyRow>('api_keys').where({ key_hash: keyHash }).whereNull('revoked_at').first();
}

/** Whether a revoked key has this hash (an active one is found by findActiveApiKeyByHash). */
export async function isRevokedApiKeyHash(db: Tx, keyHash: string): Promise<boolean> {
  const row = await db<ApiKeyRow>('api_keys').where({ key_hash: keyHash }).whereNotNull('revoked_at').first('id');
  return row !== undefined;
}

export async function touchApiKey(db: Tx, id: string): Promise<void> {
  await db<ApiKeyRow>('api_keys').where({ id }).update({ last_used_at: db.fn.now() });
}

export async function listApiKeys(db: Tx, workspaceId: string): Promise<ApiKeyRow[]> {
  return db<ApiKeyRow>('api_keys').where({ workspace_id: workspaceId }).orderBy('created_at');
}

/** The workspace's keys not revoked. */
export async function countActiveApiKeys(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db('api_keys')
    .where({ workspace_id: workspaceId })
    .whereNull('revoked_at')
    .count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function revokeApiKey(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const n = await db<ApiKeyRow>('api_keys')
    .where({ workspace_id: workspaceId, id })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now() });
  return n > 0;
}

export async function isApiKeyActive(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const row = await db<ApiKeyRow>('api_keys')
    .where({ id, workspace_id: workspaceId })
    .whereNull('revoked_at')
    .first('id');
  return row !== undefined;
}
