import { heartbeat, log } from '@temporalio/activity';
import type { BlobStore } from '../storage/blobStore';
import { storageKeyBelongsTo } from '../storage/keys';
import type { DeleteStoredFilesResult } from '../workflows/activityContract';

export function createStorageActivities(deps: { storage: BlobStore }) {
  return {
    /**
     * Idempotent: keys already gone are not an error. Keys outside the workspace's prefix are refused
     * and reported; the rest of the batch is deleted regardless. A key the store fails to delete fails
     * the attempt after the others are gone, so the retry only has that one left to do.
     */
    async deleteStoredFiles(input: { workspaceId: string; keys: string[] }): Promise<DeleteStoredFilesResult> {
      const allowed = input.keys.filter((k) => storageKeyBelongsTo(k, input.workspaceId));
      const refused = input.keys.length - allowed.length;
      if (refused > 0) {
        log.warn('refusing to delete keys outside the workspace', { workspaceId: input.workspaceId, refused });
      }
      heartbeat({ keys: allowed.length });
      await deps.storage.delete(allowed);
      return { deleted: allowed.length, refused };
    },
  };
}
