// Files found inside another item (an unpacked archive's members, a crawl's linked files) become uploads
// of their own: stored, counted against the workspace's quota, then ingested as FILE children.
import { posix } from 'node:path';
import type { Db } from '../../db/knex';
import * as knowledge from '../../db/repositories/knowledge';
import * as uploads from '../../db/repositories/uploads';
import * as versions from '../../db/repositories/versions';
import * as workspaces from '../../db/repositories/workspaces';
import type { KnowledgeRow, SourceVisibility, WorkspaceRow } from '../../db/rows';
import { forEachMember, type SkippedMember } from '../../extract/zip';
import type { ZipArchive, ZipEntry } from '../../extract/zipArchive';
import type { BlobStore } from '../../storage/blobStore';
import { uploadKey } from '../../storage/keys';
import { WorkflowIds } from '../../temporal/constants';
import { NO_MEMBERS } from '../../workflows/contracts';
import { contentHash, KnowledgeGoneError, requireItem } from './ingestion';
import { recordUploadWithinQuota } from './storageQuota';
import type { DbDeps } from '../deps';

export interface FoundFileDeps {
  db: Db;
  storage: BlobStore;
  /** The stored-file quota of a workspace without its own. */
  defaultStorageQuotaBytes: number;
}

export interface FoundFile {
  /** Derived from where the file was found, so a re-run finds its upload. */
  uploadId: string;
  organizationId: string;
  filename: string;
  mime: string;
  bytes: Buffer;
  title: string;
  /** What the file inherits from the item it was found in. */
  language: string | null;
  spaceId: string | null;
  sourceVisibility: SourceVisibility;
  /** Who the file's item is made by (its version 1's createdBy): whoever made the item it was found in. */
  createdBy: string | null;
}

/** The workspace a found file is recorded in (KnowledgeGoneError once it is deleted). */
export async function requireWorkspace({ db }: DbDeps, workspaceId: string): Promise<WorkspaceRow> {
  const workspace = await workspaces.findWorkspace(db, workspaceId);
  if (!workspace) throw new KnowledgeGoneError();
  return workspace;
}

/** Whether the found file was recorded already (by an earlier run). */
export async function isRecorded({ db }: DbDeps, workspaceId: string, uploadId: string): Promise<boolean> {
  return (await uploads.findUpload(db, workspaceId, uploadId)) !== undefined;
}

/** Stores and records the file; false (nothing kept) when it does not fit the workspace's quota. */
export async function storeFoundFile(deps: FoundFileDeps, workspace: WorkspaceRow, file: FoundFile): Promise<boolean> {
  const key = uploadKey(file.organizationId, workspace.id, file.uploadId, file.filename);
  await deps.storage.put(key, file.bytes, file.mime);
  const recorded = await recordUploadWithinQuota(deps, workspace, deps.defaultStorageQuotaBytes, {
    id: file.uploadId,
    workspace_id: workspace.id,
    organization_id: file.organizationId,
    filename: file.filename,
    mimetype: file.mime,
    size_bytes: file.bytes.length,
    storage_key: key,
    title: file.title,
    description: null,
    language: file.language,
    requested_status: 'BACKGROUND_START',
    workflow_id: WorkflowIds.ingestFile(workspace.id, file.uploadId),
    space_id: file.spaceId,
    source_visibility: file.sourceVisibility,
    content_hash: contentHash(file.bytes), // the item's version 1's hash, as an upload's
    created_by: file.createdBy,
  });
  if (!recorded) await deps.storage.delete([key]);
  return recorded;
}

/** The unpacked folder is COMPLETED once it holds members, BACKGROUND_ERROR (NO_MEMBERS) when none. */
export async function completeUnpackedFolder(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  outcome: { members: number; skipped: Array<{ name: string; reason: string }> },
): Promise<void> {
  const folder = await requireItem({ db: db }, workspaceId, knowledgeId);
  const empty = outcome.members === 0;
  await knowledge.updateKnowledgeFields(db, workspaceId, knowledgeId, {
    status: empty ? 'BACKGROUND_ERROR' : 'COMPLETED',
    message_error: empty ? NO_MEMBERS : null,
    metadata: { ...folder.metadata, extraction: { members: outcome.members, skipped: outcome.skipped } },
  });
}

/**
 * Stores and records each supported member of an opened archive as an upload of its own (a FILE child of
 * `folder` once ingested); a member recorded by an earlier run is kept as it is. Returns the members'
 * upload ids; what could not be taken is listed in `skipped`. `uploadIdOf` names each member's upload
 * (and hears of each member as it comes).
 */
export async function recordArchiveMembers(
  deps: FoundFileDeps,
  target: { folder: KnowledgeRow; workspace: WorkspaceRow; organizationId: string },
  archive: ZipArchive,
  skipped: SkippedMember[],
  uploadIdOf: (entry: ZipEntry) => string,
): Promise<string[]> {
  const { folder, workspace } = target;
  // The members are made by whoever uploaded the archive, as the folder.
  const createdBy = (await versions.findVersion(deps.db, workspace.id, folder.id, 1))?.created_by ?? null;
  const members: string[] = [];
  await forEachMember(archive, skipped, async ({ entry, skip, read }) => {
    const uploadId = uploadIdOf(entry);
    if (!(await isRecorded(deps, workspace.id, uploadId))) {
      const member = await read();
      if (!member) return;
      const stored = await storeFoundFile(deps, workspace, {
        uploadId,
        organizationId: target.organizationId,
        filename: posix.basename(entry.name),
        mime: member.mime,
        bytes: member.data,
        title: entry.name,
        language: folder.language,
        spaceId: folder.space_id,
        sourceVisibility: folder.source_visibility,
        createdBy,
      });
      if (!stored) return skip('Storage quota exceeded');
    }
    members.push(uploadId);
  });
  return members;
}
