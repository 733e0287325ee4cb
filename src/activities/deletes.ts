import type { Db } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import { eraseSpaceRecords, spaceStoredFiles } from '../services/spaces';
import { withHeartbeat } from './heartbeat';

export function createDeleteActivities(deps: { db: Db }) {
  return {
    /** Erasure: every stored file of a space (idempotent: none once the space is gone). */
    async listSpaceStoredFiles(input: { workspaceId: string; spaceId: string }): Promise<string[]> {
      return spaceStoredFiles(deps.db, input.workspaceId, input.spaceId);
    },
    /** Erasure: the space's user and every row of the space (idempotent: false once gone). */
    async eraseSpaceRecords(input: { workspaceId: string; spaceId: string }): Promise<boolean> {
      return withHeartbeat('erasing', () => eraseSpaceRecords(deps.db, input.workspaceId, input.spaceId));
    },
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
