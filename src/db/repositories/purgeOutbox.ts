// The purge outbox (migration 0025): stored files a delete freed, kept until their purge has run. Every
// query is scoped by workspace.
import type { Tx } from '../knex';

/**
 * Records the keys a purge will delete, and what the deleting step answered besides them; a second record of
 * the same purge keeps the first.
 */
export async function recordPurge(
  db: Tx,
  workspaceId: string,
  purgeId: string,
  keys: string[],
  result?: Record<string, unknown>,
): Promise<void> {
  await db('purge_outbox')
    .insert({
      workspace_id: workspaceId,
      purge_id: purgeId,
      storage_keys: JSON.stringify(keys),
      result: result ? JSON.stringify(result) : null,
    })
    .onConflict(['workspace_id', 'purge_id'])
    .ignore();
}

/**
 * The recorded keys and step result (null for a row an earlier release wrote); undefined when none were (or
 * the purge has run).
 */
export async function findRecordedStep(
  db: Tx,
  workspaceId: string,
  purgeId: string,
): Promise<{ keys: string[]; result: Record<string, unknown> | null } | undefined> {
  const row: { storage_keys: string[]; result: Record<string, unknown> | null } | undefined = await db('purge_outbox')
    .where({ workspace_id: workspaceId, purge_id: purgeId })
    .first('storage_keys', 'result');
  return row ? { keys: row.storage_keys, result: row.result } : undefined;
}

export async function clearPurge(db: Tx, workspaceId: string, purgeId: string): Promise<void> {
  await db('purge_outbox').where({ workspace_id: workspaceId, purge_id: purgeId }).delete();
}

/**
 * Purges recorded before `createdBefore`, oldest first, across workspaces (a maintenance query: the sweeper
 * starts each one's purge, whose workflow id is the purge id).
 */
export async function findStalePurges(
  db: Tx,
  createdBefore: Date,
  limit: number,
): Promise<{ workspace_id: string; purge_id: string; storage_keys: string[] }[]> {
  return db('purge_outbox')
    .where('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .select('workspace_id', 'purge_id', 'storage_keys');
}
