import { ApplicationFailure, heartbeat } from '@temporalio/activity';
import type { BlobStore } from '../storage/blobStore';
import { FailureTypes } from '../temporal/constants';
import { storageKeyBelongsTo } from '../storage/keys';

export function createStorageActivities(deps: { storage: BlobStore }) {
  return {
    /** Idempotent: keys already gone are not an error. Refuses keys outside the workspace's prefix. */
    async deleteStoredFiles(input: { workspaceId: string; keys: string[] }): Promise<number> {
      const foreign = input.keys.filter((k) => !storageKeyBelongsTo(k, input.workspaceId));
      if (foreign.length > 0) {
        throw ApplicationFailure.nonRetryable(
          `refusing to delete ${foreign.length} key(s) outside workspace ${input.workspaceId}`,
          FailureTypes.invalidInput,
        );
      }
      heartbeat({ keys: input.keys.length });
      await deps.storage.delete(input.keys);
      return input.keys.length;
    },
  };
}
