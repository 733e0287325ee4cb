// Orphan uploads: uploads older than the grace period that never became a knowledge item and have no
// running ingestion workflow (a request that died mid-stream, a crash between storing and starting the
// workflow) are removed with their stored bytes. The workspace quota is the sum of its upload records, so
// removing them frees it at once.
import type { Db } from '../../db/knex';
import * as uploads from '../../db/repositories/uploads';
import type { BlobStore } from '../../storage/blobStore';
import type { ReapOrphansResult } from '../../workflows/activityContract';

/** An upload that may be an orphan: what the reaper needs to judge and remove it. */
export type OrphanCandidate = Awaited<ReturnType<typeof uploads.findUnlinkedUploads>>[number];

/**
 * Removes up to `batch` unlinked uploads created before `cutoff`, except those `stillIngesting` says a
 * workflow is working on; returns what was freed and each touched workspace's usage afterwards.
 */
export async function reapOrphanUploads(
  deps: { db: Db; storage: BlobStore },
  cutoff: Date,
  batch: number,
  stillIngesting: (upload: OrphanCandidate) => Promise<boolean>,
): Promise<ReapOrphansResult> {
  const candidates = await uploads.findUnlinkedUploads(deps.db, cutoff, batch);
  const result: ReapOrphansResult = { reaped: 0, bytesFreed: 0, usedBytes: {} };
  for (const upload of candidates) {
    if (await stillIngesting(upload)) continue;
    await deps.storage.delete([upload.storage_key]);
    await uploads.deleteUpload(deps.db, upload.workspace_id, upload.id);
    result.reaped += 1;
    result.bytesFreed += upload.size_bytes;
    result.usedBytes[upload.workspace_id] = 0;
  }
  for (const workspaceId of Object.keys(result.usedBytes)) {
    result.usedBytes[workspaceId] = await uploads.storageUsedBytes(deps.db, workspaceId);
  }
  return result;
}
