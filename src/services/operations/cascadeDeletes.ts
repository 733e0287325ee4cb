// The steps of a cascade delete (cascadeDeleteWorkflow; services/operations/deletes.ts starts it).
import * as knowledge from '../../db/repositories/knowledge';
import { deleteThroughOutbox } from './purgeOutbox';
import type { DbDeps } from '../deps';

/**
 * Deletes one batch of up to batchSize items under rootId, children before parents, in one transaction:
 * leaves first, then the parents that deleting them left childless, until the batch is full (so a tree's
 * last levels and its root share a batch instead of taking one each). Idempotent: a re-run finds what is
 * left; once the root itself is gone (or was never there) it reports rootDeleted. With `purgeId` the freed
 * files go through the purge outbox: a batch run again after its result was lost answers what it recorded
 * (its keys and count) instead of deleting the next batch.
 */
export async function deleteLeafBatch(
  { db }: DbDeps,
  workspaceId: string,
  rootId: string,
  batchSize: number,
  purgeId?: string,
): Promise<{ deleted: number; storageKeys: string[]; rootDeleted: boolean }> {
  const replay = (storageKeys: string[]) => ({ deleted: 0, storageKeys, rootDeleted: false });
  return deleteThroughOutbox({ db }, workspaceId, purgeId, replay, async (trx) => {
    const storageKeys: string[] = [];
    let deleted = 0;
    while (deleted < batchSize) {
      const leaves = await knowledge.subtreeLeaves(trx, workspaceId, rootId, batchSize - deleted);
      if (leaves.length === 0) return { deleted, storageKeys, rootDeleted: true };
      storageKeys.push(...(await knowledge.deleteKnowledgeRows(trx, workspaceId, leaves)));
      deleted += leaves.length;
      if (leaves.includes(rootId)) return { deleted, storageKeys, rootDeleted: true };
    }
    return { deleted, storageKeys, rootDeleted: false };
  });
}
