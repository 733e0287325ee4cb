// The workspace's storage quota, enforced where something is stored: uploads, unpacked archive members and
// crawled files all go through writeWithinQuota, under one per-workspace lock; space and agent messages are
// checked against it as they are stored (messageFitsQuota). The storage figure counts all of them: the files'
// bytes and the messages' (a user's chat is stored data as much as a file is).
import type { Tx } from '../../db/knex';
import * as storage from '../../db/repositories/storage';
import * as uploads from '../../db/repositories/uploads';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import type { WorkspaceRow } from '../../db/rows';
import { AppError } from '../../errors';
import type { DbDeps } from '../deps';

/** The workspace's storage quota: its own, else the service's default. */
export const quotaBytes = (workspace: WorkspaceRow, defaultQuotaBytes: number) =>
  workspace.storage_quota_bytes ?? defaultQuotaBytes;

/** The spec's answer to a write past the quota. */
export const QUOTA_EXCEEDED = 'Storage quota exceeded';

/** 403 Storage quota exceeded, with its code (and a hint of the caller's when it knows better). */
export const quotaExceeded = (hint?: string) =>
  new AppError(403, QUOTA_EXCEEDED, undefined, {}, { code: 'quota_exceeded', ...(hint ? { hint } : {}) });

/** The workspace's storage figure: its files' bytes and its messages' (spaces and agent threads). */
export async function storageParts(
  { db }: DbDeps,
  workspaceId: string,
): Promise<{ fileBytes: number; messageBytes: number }> {
  // One statement (three sums), so a message post pays one round trip for its quota check.
  const { fileBytes, spaceMessageBytes, agentMessageBytes } = await storage.storageBytes(db, workspaceId);
  return { fileBytes, messageBytes: spaceMessageBytes + agentMessageBytes };
}

/** The storage figure as one number (what the quota is held against). */
export async function storageUsedBytes({ db }: DbDeps, workspaceId: string): Promise<number> {
  const { fileBytes, messageBytes } = await storageParts({ db }, workspaceId);
  return fileBytes + messageBytes;
}

/**
 * Runs `write` if the workspace's storage figure plus `sizeBytes` stays within its quota, under a
 * per-workspace lock so concurrent uploads (and crawls, and unpacked archives) cannot overshoot it.
 * False, with nothing written, when the file does not fit.
 */
export async function writeWithinQuota(
  { db }: DbDeps,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
  sizeBytes: number,
  write: (trx: Tx) => Promise<unknown>,
): Promise<boolean> {
  const quota = quotaBytes(workspace, defaultQuotaBytes);
  return db.transaction(async (trx) => {
    await lockWorkspaceScope(trx, 'quota', workspace.id);
    const used = await storageUsedBytes({ db: trx }, workspace.id);
    if (used + sizeBytes > quota) return false;
    await write(trx);
    return true;
  });
}

/**
 * 403 Storage quota exceeded when a message of `bytes` does not fit the workspace's quota. Messages are small
 * and bounded per space and thread, so they are checked without the quota lock (concurrent ones may overshoot by
 * a few messages).
 */
export async function requireMessageFitsQuota(
  { db }: DbDeps,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
  bytes: number,
): Promise<void> {
  if ((await storageUsedBytes({ db }, workspace.id)) + bytes > quotaBytes(workspace, defaultQuotaBytes)) {
    throw quotaExceeded(
      "Messages count in the workspace's storage figure (GET …/storage): free space, or raise the quota",
    );
  }
}

/** Records an upload (an archive member, a crawled file) if it fits the workspace's quota. */
export function recordUploadWithinQuota(
  { db }: DbDeps,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
  record: Parameters<typeof uploads.insertUpload>[1],
): Promise<boolean> {
  return writeWithinQuota({ db }, workspace, defaultQuotaBytes, record.size_bytes, (trx) =>
    uploads.insertUpload(trx, record),
  );
}

/** The workspace's storage figure against its quota (GET /v1/workspaces/{id}/storage, the console overview). */
export async function storageUsage(
  { db }: DbDeps,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
): Promise<{ usedBytes: number; quotaBytes: number; fileBytes: number; messageBytes: number }> {
  const parts = await storageParts({ db }, workspace.id);
  return {
    usedBytes: parts.fileBytes + parts.messageBytes,
    quotaBytes: quotaBytes(workspace, defaultQuotaBytes),
    ...parts,
  };
}
