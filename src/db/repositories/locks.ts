// Transaction-scoped advisory locks that serialize one kind of write per workspace, so a cap counted
// inside the transaction (agent servers, webhook endpoints, the storage quota) holds under concurrency.
import type { Tx } from '../knex';

/** Holds the lock named `scope:workspaceId` until the transaction ends. */
export async function lockWorkspaceScope(trx: Tx, scope: string, workspaceId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`${scope}:${workspaceId}`]);
}
