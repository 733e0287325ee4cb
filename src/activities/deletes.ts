import type { Db } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import { withHeartbeat } from './heartbeat';

export function createDeleteActivities(deps: { db: Db }) {
  return {
    /**
     * Deletes one batch of leaves under rootId (children before parents). Idempotent: a re-run finds
     * what is left; once the root itself is gone (or was never there) it reports rootDeleted.
     */
    async deleteLeafBatch(input: {
      workspaceId: string;
      rootId: string;
      batchSize: number;
    }): Promise<{ deleted: number; storageKeys: string[]; rootDeleted: boolean }> {
      return withHeartbeat('deleting', () =>
        deps.db.transaction(async (trx) => {
          const leaves = await knowledge.subtreeLeaves(trx, input.workspaceId, input.rootId, input.batchSize);
          if (leaves.length === 0) return { deleted: 0, storageKeys: [], rootDeleted: true };
          const storageKeys = await knowledge.deleteKnowledgeRows(trx, input.workspaceId, leaves);
          return { deleted: leaves.length, storageKeys, rootDeleted: leaves.includes(input.rootId) };
        }),
      );
    },
  };
}
