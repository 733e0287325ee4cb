// The workspace's stored-file quota, enforced where a file is recorded: uploads, unpacked archive members
// and crawled files all go through writeWithinQuota, under one per-workspace lock.
import type { Db, Tx } from '../db/knex';
import * as uploads from '../db/repositories/uploads';
import { lockWorkspaceScope } from '../db/repositories/locks';
import type { WorkspaceRow } from '../db/rows';

/** The workspace's stored-file quota: its own, else the service's default. */
export const quotaBytes = (workspace: WorkspaceRow, defaultQuotaBytes: number) =>
  workspace.storage_quota_bytes ?? defaultQuotaBytes;

/**
 * Runs `write` if the workspace's stored files plus `sizeBytes` stay within its quota, under a
 * per-workspace lock so concurrent uploads (and crawls, and unpacked archives) cannot overshoot it.
 * False, with nothing written, when the file does not fit.
 */
export async function writeWithinQuota(
  db: Db,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
  sizeBytes: number,
  write: (trx: Tx) => Promise<unknown>,
): Promise<boolean> {
  const quota = quotaBytes(workspace, defaultQuotaBytes);
  return db.transaction(async (trx) => {
    await lockWorkspaceScope(trx, 'quota', workspace.id);
    const used = await uploads.storageUsedBytes(trx, workspace.id);
    if (used + sizeBytes > quota) return false;
    await write(trx);
    return true;
  });
}

/** Records an upload (an archive member, a crawled file) if it fits the workspace's quota. */
export function recordUploadWithinQuota(
  db: Db,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
  record: Parameters<typeof uploads.insertUpload>[1],
): Promise<boolean> {
  return writeWithinQuota(db, workspace, defaultQuotaBytes, record.size_bytes, (trx) =>
    uploads.insertUpload(trx, record),
  );
}

/** The workspace's stored-file bytes against its quota (GET /v1/workspaces/{id}/storage, the console overview). */
export async function storageUsage(
  db: Db,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
): Promise<{ usedBytes: number; quotaBytes: number }> {
  return {
    usedBytes: await uploads.storageUsedBytes(db, workspace.id),
    quotaBytes: quotaBytes(workspace, defaultQuotaBytes),
  };
}
