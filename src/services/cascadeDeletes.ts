// The steps of a cascade delete (cascadeDeleteWorkflow; services/deletes.ts starts it).
import type { Db } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';

/**
 * Deletes one batch of leaves under rootId (children before parents). Idempotent: a re-run finds what is
 * left; once the root itself is gone (or was never there) it reports rootDeleted.
 */
export async function deleteLeafBatch(
  db: Db,
  workspaceId: string,
  rootId: string,
  batchSize: number,
): Promise<{ deleted: number; storageKeys: string[]; rootDeleted: boolean }> {
  return db.transaction(async (trx) => {
    const leaves = await knowledge.subtreeLeaves(trx, workspaceId, rootId, batchSize);
    if (leaves.length === 0) return { deleted: 0, storageKeys: [], rootDeleted: true };
    const storageKeys = await knowledge.deleteKnowledgeRows(trx, workspaceId, leaves);
    return { deleted: leaves.length, storageKeys, rootDeleted: leaves.includes(rootId) };
  });
}
