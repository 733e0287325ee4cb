import type { Db } from '../db/knex';
import { deleteLeafBatch } from '../services/operations/cascadeDeletes';
import { eraseSpaceRecords, spaceStoredFiles } from '../services/spaces/spaces';
import { withHeartbeat } from './heartbeat';

export function createDeleteActivities(deps: { db: Db }) {
  return {
    /** Erasure: every stored file of a space (idempotent: none once the space is gone). */
    async listSpaceStoredFiles(input: { workspaceId: string; spaceId: string }): Promise<string[]> {
      return spaceStoredFiles(deps, input.workspaceId, input.spaceId);
    },
    /** Erasure: the space's user and every row of the space (idempotent: false once gone). */
    async eraseSpaceRecords(input: { workspaceId: string; spaceId: string }): Promise<boolean> {
      return withHeartbeat('erasing', () => eraseSpaceRecords(deps, input.workspaceId, input.spaceId));
    },
    /**
     * Cascade delete: one batch of leaves under rootId (see services/operations/cascadeDeletes.ts). A local activity (one
     * short transaction): it cannot heartbeat, and its workflow task's timeout stands for a heartbeat's.
     */
    async deleteLeafBatch(input: {
      workspaceId: string;
      rootId: string;
      batchSize: number;
      purgeId?: string;
    }): Promise<{ deleted: number; storageKeys: string[]; rootDeleted: boolean }> {
      return deleteLeafBatch(deps, input.workspaceId, input.rootId, input.batchSize, input.purgeId);
    },
  };
}
