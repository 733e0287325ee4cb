// File upload: type check, quota, storage, upload record, then the ingestion workflow (its id derives
// from the upload, so it can never start twice). Synchronous uploads wait for the workflow's result.
import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../db/knex';
import * as uploads from '../db/repositories/uploads';
import type { SourceVisibility, WorkspaceRow } from '../db/rows';
import type { Deps } from '../deps';
import { AppError, badRequest, forbidden, internal } from '../errors';
import { checkFileType, isAcceptedMime, MIME, mimeFromFilename, normalizeMime } from '../extract/mime';
import { uploadKey } from '../storage/keys';
import { knowledgeIdForUpload, WorkflowIds } from '../temporal/constants';
import { startJob } from '../temporal/jobs';
import { IngestionFailureTypes, type IngestFileResult } from '../workflows/contracts';
import { ingestFileWorkflow } from '../workflows/ingestFile';
import { unpackArchiveWorkflow } from '../workflows/unpackArchive';

export const UploadMessages = {
  unsupported: 'Unsupported file type',
  quota: 'Storage quota exceeded',
  unpackNeedsZip: 'unpack=true needs a ZIP archive',
} as const;

export interface UploadInput {
  filename: string;
  declaredMime: string;
  bytes: Buffer;
  title?: string;
  description?: string;
  language?: string;
  background: boolean;
  /** Attach the file to this space (space knowledge: retrievable only through the space). */
  spaceId?: string;
  sourceVisibility?: SourceVisibility;
  /** A ZIP to unpack into a FOLDER item with one FILE child per supported member. */
  unpack?: boolean;
}

export type UploadOutcome =
  | { kind: 'started'; uploadId: string; workflowId: string; knowledgeId: string; title: string }
  | { kind: 'completed'; uploadId: string; workflowId: string; knowledgeId: string; title: string }
  | { kind: 'processing'; uploadId: string; workflowId: string; knowledgeId: string; title: string };

/** The declared type, or (for a generic declaration) the type the file name implies. */
export function resolveMime(declared: string, filename: string): string {
  const mime = normalizeMime(declared || '');
  if (mime === '' || mime === 'application/octet-stream') return mimeFromFilename(filename) ?? mime;
  return mime;
}

/**
 * Records an upload if the workspace's stored files stay within its quota, under a per-workspace lock so
 * concurrent uploads (and crawls) cannot overshoot it. False when the file does not fit.
 */
export async function recordUploadWithinQuota(
  db: Db,
  workspace: WorkspaceRow,
  defaultQuotaBytes: number,
  record: Parameters<typeof uploads.insertUpload>[1],
): Promise<boolean> {
  const quota = workspace.storage_quota_bytes ?? defaultQuotaBytes;
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`quota:${workspace.id}`]);
    const used = await uploads.storageUsedBytes(trx, workspace.id);
    if (used + record.size_bytes > quota) return false;
    await uploads.insertUpload(trx, record);
    return true;
  });
}

export async function uploadFile(
  deps: Pick<Deps, 'db' | 'storage' | 'temporal' | 'config'>,
  workspace: WorkspaceRow,
  input: UploadInput,
): Promise<UploadOutcome> {
  const mime = resolveMime(input.declaredMime, input.filename);
  if (!isAcceptedMime(mime)) throw badRequest(UploadMessages.unsupported);
  const check = checkFileType(input.bytes, mime, input.filename);
  if (!check.ok) throw badRequest(UploadMessages.unsupported);
  if (input.unpack && check.mime !== MIME.zip) throw badRequest(UploadMessages.unpackNeedsZip);

  const uploadId = randomUUID();
  const workflowId = WorkflowIds.ingestFile(workspace.id, uploadId);
  const knowledgeId = knowledgeIdForUpload(uploadId);
  const key = uploadKey(workspace.organization_id, workspace.id, uploadId, input.filename);
  const title = input.title?.trim() || input.filename;

  const recorded = await recordUploadWithinQuota(deps.db, workspace, deps.config.limits.defaultStorageQuotaBytes, {
    id: uploadId,
    workspace_id: workspace.id,
    organization_id: workspace.organization_id,
    filename: input.filename,
    mimetype: check.mime,
    size_bytes: input.bytes.length,
    storage_key: key,
    title,
    description: input.description ?? null,
    language: input.language ?? null,
    requested_status: input.background ? 'BACKGROUND_START' : null,
    workflow_id: workflowId,
    space_id: input.spaceId ?? null,
    source_visibility: input.sourceVisibility ?? 'source',
  });
  if (!recorded) throw forbidden(UploadMessages.quota);

  let handle;
  try {
    await deps.storage.put(key, input.bytes, check.mime);
    handle = await startJob(deps.temporal, input.unpack ? unpackArchiveWorkflow : ingestFileWorkflow, {
      workflowId,
      workspaceId: workspace.id,
      args: [{ workspaceId: workspace.id, organizationId: workspace.organization_id, uploadId }],
      memo: { filename: input.filename },
    });
  } catch (err) {
    // Nothing half-written: without its bytes or its workflow, the upload record and any stored bytes go.
    await uploads.deleteUpload(deps.db, workspace.id, uploadId).catch(() => undefined);
    await deps.storage.delete([key]).catch(() => undefined);
    throw err;
  }
  const base = { uploadId, workflowId, knowledgeId, title };
  if (input.background) return { kind: 'started', ...base };

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), deps.config.limits.syncUploadTimeoutMs);
  });
  try {
    const result = await Promise.race([handle.result() as Promise<IngestFileResult>, timeout]);
    if (result === 'timeout') return { kind: 'processing', ...base };
    return { kind: 'completed', ...base };
  } catch (err) {
    throw ingestionError(err);
  } finally {
    clearTimeout(timer);
  }
}

function ingestionError(err: unknown): AppError {
  if (err instanceof WorkflowFailedError && err.cause instanceof ApplicationFailure) {
    if (err.cause.type === IngestionFailureTypes.extraction) {
      return new AppError(422, `Failed to process file: ${err.cause.message}`);
    }
  }
  return internal();
}
