// File upload in two steps. stageUpload streams the file to storage as it is received (type checked from
// its first bytes, never held whole in memory) under a provisional record; acceptUpload checks the quota
// with the real size, completes the record and starts the ingestion workflow (its id derives from the
// upload, so it can never start twice). Synchronous uploads wait for the workflow's result.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import * as knowledge from '../../db/repositories/knowledge';
import * as uploads from '../../db/repositories/uploads';
import type { SourceVisibility, WorkspaceRow } from '../../db/rows';
import type { Attributes } from '../../domain/filter';
import type { Deps } from '../deps';
import { versionAuthor, type AuthState } from '../../policies/credentials';
import { AppError, badRequest, internal } from '../../errors';
import {
  MIME,
  SNIFF_BYTES,
  checkFileTypeStart,
  isAcceptedMime,
  mimeFromFilename,
  normalizeMime,
  ACCEPTED_EXTENSIONS,
  sniffMime,
} from '../../extract/mime';
import { PLAIN_MIME_TYPES } from '../../extract/plain';
import { type Release, Semaphore } from '../../semaphore';
import { workspaceUploadShare } from '../../policies/uploadShare';
import { timeStep, type Metrics } from '../../observability/metrics';
import { insertUploadItem } from './ingestion';
import { QUOTA_EXCEEDED, quotaBytes, quotaExceeded, storageUsedBytes, writeWithinQuota } from './storageQuota';
import { uploadKey } from '../../storage/keys';
import { knowledgeIdForUpload, WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import { INLINE_INGEST_MAX_BYTES, IngestionFailureTypes, type IngestFileResult } from '../../workflows/contracts';
import { ingestFileWorkflow } from '../../workflows/ingestFile';
import { unpackArchiveWorkflow } from '../../workflows/unpackArchive';

export const UploadMessages = {
  unsupported: 'Unsupported file type',
  quota: QUOTA_EXCEEDED,
  unpackNeedsZip: 'unpack=true needs a ZIP archive',
} as const;

/**
 * 400 "Unsupported file type", naming the type the file came as, what its bytes look like and the types the
 * service reads.
 */
function unsupportedFile(
  file: { filename: string; declaredMime: string },
  mime: string,
  prefix: Buffer,
  reason?: string,
): AppError {
  const declared = normalizeMime(file.declaredMime) || '(none)';
  const sentAs =
    mime === declared ? `sent as ${declared}` : `sent as ${declared}, taken as ${mime || '(none)'} from its name`;
  if (prefix.length === 0) {
    // No type to judge: the file has no bytes at all (a wrong path, or a pipe that wrote nothing).
    return badRequest(UploadMessages.unsupported, {
      code: 'file_empty',
      param: 'file',
      hint: `The file was ${sentAs} and has no bytes: send its content (curl -F file=@path reads the file at path).`,
    });
  }
  const sniffed = sniffMime(prefix);
  const looks = sniffed ? `its bytes look like ${sniffed}` : 'its bytes match no known type';
  const detected = reason ? `The file was ${sentAs}, but ${reason}; ${looks}.` : `The file was ${sentAs}; ${looks}.`;
  return badRequest(UploadMessages.unsupported, {
    code: 'unsupported_file_type',
    param: 'file',
    hint:
      `${detected.slice(0, 400)} Supported: ${ACCEPTED_EXTENSIONS.join(', ')} (send the matching Content-Type, ` +
      'or application/octet-stream with the extension).',
  });
}

/** A file received and stored, with its provisional upload record (not yet accepted: no workflow). */
export interface StagedUpload {
  uploadId: string;
  key: string;
  filename: string;
  /** The type the bytes were checked as (and will be extracted as). */
  mime: string;
  sizeBytes: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

export interface UploadInput {
  title?: string;
  description?: string;
  language?: string;
  background: boolean;
  /** Attach the file to this space (space knowledge: retrievable only through the space). */
  spaceId?: string;
  sourceVisibility?: SourceVisibility;
  /** A ZIP to unpack into a FOLDER item with one FILE child per supported member. */
  unpack?: boolean;
  /** The item's attributes (an unpacked archive's files inherit them). */
  attributes?: Attributes;
  /** The client's id for the new item (services/knowledge/upserts.ts): the item is made at once, claiming it. */
  externalId?: string;
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
 * The type to check a form's file part as. A part without a Content-Type reads as text/plain (RFC 7578, as
 * busboy reports it; clients such as Python's requests send none): a file named for a binary type whose bytes
 * are of that type is that type, so a PNG sent without a part type is read as the PNG it is. Text keeps the
 * declared text/plain (a .json or .md file sent as text stays text).
 */
export function partMime(declared: string, filename: string, prefix: Buffer, complete: boolean): string {
  const mime = resolveMime(declared, filename);
  if (mime !== MIME.text) return mime;
  const named = mimeFromFilename(filename);
  if (!named || PLAIN_MIME_TYPES.has(named)) return mime;
  return checkFileTypeStart(prefix, named, filename, complete).ok ? named : mime;
}

/**
 * Uploads receiving at once in this process: at most `capacity` in all. A workspace always gets up to its share
 * (src/policies/uploadShare.ts); past it, only while more than a share's worth of slots stay free, so one
 * workspace's uploads (a batch, or slow connections) never take the last slots the others need. Refused before the
 * body is read: 503 when the process is full, 429 when the workspace is past its share (its own uploads are the cause).
 */
export class UploadGate {
  private readonly process: Semaphore;
  private readonly held = new Map<string, number>();
  readonly perWorkspace: number;

  constructor(capacity: number, perWorkspace?: number) {
    this.process = new Semaphore(capacity);
    this.perWorkspace = workspaceUploadShare(capacity, perWorkspace);
  }

  /** A slot for one of the workspace's uploads, or the error to refuse it with. */
  tryAcquire(workspaceId: string): Release | AppError {
    const mine = this.held.get(workspaceId) ?? 0;
    const free = this.process.capacity - this.process.inUse;
    // Past its share a workspace still uses idle slots, but never the last `perWorkspace` of them: those stay
    // free for the other workspaces (each of which may always take up to its share). A full process is 503.
    if (free > 0 && mine >= this.perWorkspace && free <= this.perWorkspace) {
      return workspaceUploadsBusy(this.perWorkspace);
    }
    const release = this.process.tryAcquire();
    if (!release) return uploadsBusy();
    this.held.set(workspaceId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(workspaceId) ?? 1) - 1;
      if (left > 0) this.held.set(workspaceId, left);
      else this.held.delete(workspaceId);
      release();
    };
  }
}

export function createUploadGate(
  limits: Pick<Deps['config']['limits'], 'maxConcurrentUploads' | 'maxConcurrentUploadsPerWorkspace'>,
): UploadGate {
  return new UploadGate(limits.maxConcurrentUploads, limits.maxConcurrentUploadsPerWorkspace);
}

export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export function uploadsBusy(): AppError {
  return new AppError(503, 'Too many uploads in progress, retry later', undefined, {
    'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS),
  });
}

export function workspaceUploadsBusy(share: number): AppError {
  return new AppError(
    429,
    'Too many uploads in progress for this workspace, retry later',
    undefined,
    { 'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS) },
    {
      code: 'workspace_uploads_busy',
      hint: `This workspace's uploads fill this process's slots but the ${share} kept for other workspaces (MAX_CONCURRENT_UPLOADS_PER_WORKSPACE): wait for one of them to finish, or send fewer at once.`,
    },
  );
}

/**
 * Receives one file: reads its first bytes and checks its type from them, records the upload
 * (provisionally: size 0, no workflow yet, so an upload that never finishes is reaped as an orphan), and
 * streams the bytes to storage. Atomic: on any failure, or when `signal` aborts (the size limit, a
 * failed request), nothing is left behind.
 */
export async function stageUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'config'> & { metrics?: Metrics },
  workspace: WorkspaceRow,
  file: { filename: string; declaredMime: string; stream: Readable; declaredBytes?: number },
  signal: AbortSignal,
): Promise<StagedUpload> {
  return timeStep(deps.metrics, 'upload', () => receiveFile(deps, workspace, file, signal));
}

async function receiveFile(
  deps: Pick<Deps, 'db' | 'storage' | 'config'> & { metrics?: Metrics },
  workspace: WorkspaceRow,
  file: { filename: string; declaredMime: string; stream: Readable; declaredBytes?: number },
  signal: AbortSignal,
): Promise<StagedUpload> {
  const { prefix, rest } = await readPrefix(file.stream, SNIFF_BYTES);
  const mime = partMime(file.declaredMime, file.filename, prefix, rest === undefined);
  if (!isAcceptedMime(mime)) throw unsupportedFile(file, mime, prefix);
  const check = checkFileTypeStart(prefix, mime, file.filename, rest === undefined);
  if (!check.ok) throw unsupportedFile(file, mime, prefix, check.reason);
  if (file.declaredBytes !== undefined) {
    // The body's declared length (less room for the form's fields) already over quota: refused unread.
    const used = await storageUsedBytes(deps, workspace.id);
    if (
      used + Math.max(0, file.declaredBytes - 64 * 1024) >
      quotaBytes(workspace, deps.config.limits.defaultStorageQuotaBytes)
    ) {
      throw quotaExceeded();
    }
  }

  const uploadId = randomUUID();
  const key = uploadKey(workspace.organization_id, workspace.id, uploadId, file.filename);
  await uploads.insertUpload(deps.db, {
    id: uploadId,
    workspace_id: workspace.id,
    organization_id: workspace.organization_id,
    filename: file.filename,
    mimetype: check.mime,
    size_bytes: 0,
    storage_key: key,
    title: file.filename,
    description: null,
    language: null,
    requested_status: null,
    workflow_id: WorkflowIds.ingestFile(workspace.id, uploadId),
    space_id: null,
    source_visibility: 'source',
  });
  let sizeBytes = 0;
  const hash = createHash('sha256');
  const counted = (chunk: Buffer) => {
    sizeBytes += chunk.length;
    hash.update(chunk);
    return chunk;
  };
  // A file that ended within its first bytes (at most SNIFF_BYTES, an inline item's size) is in memory
  // already: one PutObject of it, without the streaming upload's part buffering. A longer one streams.
  const put = () =>
    rest === undefined
      ? deps.storage.put(key, counted(prefix), check.mime)
      : deps.storage.putStream(
          key,
          Readable.from(
            (async function* () {
              yield counted(prefix);
              for await (const chunk of rest) yield counted(chunk as Buffer);
            })(),
          ),
          check.mime,
          signal,
        );
  try {
    await timeStep(deps.metrics, 's3_put', put);
    if (signal.aborted) throw signal.reason as Error;
  } catch (err) {
    await discardUpload(deps, workspace, { uploadId, key });
    throw err;
  }
  return { uploadId, key, filename: file.filename, mime: check.mime, sizeBytes, sha256: hash.digest('hex') };
}

/**
 * Whether a staged file is ingested inline (local activities: workflows/indexing.ts): plain text, Markdown,
 * CSV or JSON of at most INLINE_INGEST_MAX_BYTES, whose extraction is linear in its bytes and whose chunks
 * are few. Other formats can expand far beyond their stored size (a deflated PDF or DOCX) or take the
 * sandbox's whole time budget (OCR), so they keep activity tasks and heartbeats.
 */
export function inlineIngestion(staged: Pick<StagedUpload, 'mime' | 'sizeBytes'>): boolean {
  return PLAIN_MIME_TYPES.has(staged.mime) && staged.sizeBytes <= INLINE_INGEST_MAX_BYTES;
}

/** Removes a staged upload (its record and its bytes); for a refusal after the file was received. */
export async function discardUpload(
  deps: Pick<Deps, 'db' | 'storage'>,
  workspace: WorkspaceRow,
  staged: Pick<StagedUpload, 'uploadId' | 'key'>,
): Promise<void> {
  await uploads.deleteUpload(deps.db, workspace.id, staged.uploadId).catch(() => undefined);
  await deps.storage.delete([staged.key]).catch(() => undefined);
}

/**
 * Accepts a staged upload: checks the quota with its real size and completes its record (under the
 * workspace's lock, so concurrent uploads cannot overshoot), then starts the ingestion workflow (its id
 * derives from the upload, so it can never start twice). A synchronous upload waits for the workflow.
 * On a refusal or failure the staged upload is discarded.
 */
export async function acceptUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'temporal' | 'config'> & { metrics?: Metrics },
  auth: AuthState,
  staged: StagedUpload,
  input: UploadInput,
): Promise<UploadOutcome> {
  const { workspace } = auth;
  const { uploadId } = staged;
  const workflowId = WorkflowIds.ingestFile(workspace.id, uploadId);
  const knowledgeId = knowledgeIdForUpload(uploadId);
  const title = input.title?.trim() || staged.filename;
  let handle;
  try {
    if (input.unpack && staged.mime !== MIME.zip) {
      throw badRequest(UploadMessages.unpackNeedsZip, {
        code: 'invalid_field',
        param: 'unpack',
        hint: 'Send a ZIP archive (application/zip) with unpack=true, or leave unpack out to store the file as one item.',
      });
    }
    const fits = await writeWithinQuota(
      deps,
      workspace,
      deps.config.limits.defaultStorageQuotaBytes,
      staged.sizeBytes,
      async (trx) => {
        await uploads.completeUpload(trx, workspace.id, uploadId, {
          size_bytes: staged.sizeBytes,
          title,
          description: input.description ?? null,
          language: input.language ?? null,
          requested_status: input.background ? 'BACKGROUND_START' : null,
          space_id: input.spaceId ?? null,
          source_visibility: input.sourceVisibility ?? 'source',
          attributes: input.attributes,
          content_hash: staged.sha256,
          created_by: versionAuthor(auth), // the item's version 1 records it, when the workflow makes the item
        });
        if (input.externalId !== undefined) {
          const upload = (await uploads.findUpload(trx, workspace.id, uploadId))!;
          await insertUploadItem({ db: trx }, upload, knowledgeId, { externalId: input.externalId });
        }
      },
    );
    if (!fits) throw quotaExceeded();
    const start = () =>
      startJob(deps.temporal, input.unpack ? unpackArchiveWorkflow : ingestFileWorkflow, {
        workflowId,
        workspaceId: workspace.id,
        args: [
          {
            workspaceId: workspace.id,
            organizationId: workspace.organization_id,
            uploadId,
            ...(inlineIngestion(staged) && !input.unpack ? { inline: true, knowledgeId } : {}),
          },
        ],
        memo: { filename: staged.filename },
        knowledgeId,
        eager: !input.background,
      });
    handle = await timeStep(deps.metrics, 'workflow_start', start);
  } catch (err) {
    // Nothing half-written: without its workflow, the upload record and its stored bytes go (and the item
    // made for an external id, freeing the id).
    if (input.externalId !== undefined) await knowledge.deleteKnowledgeRows(deps.db, workspace.id, [knowledgeId]);
    await discardUpload(deps, workspace, staged);
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

/** The stream's first `bytes` (or all of it, when shorter: then `rest` is undefined) and the rest of it. */
async function readPrefix(
  stream: Readable,
  bytes: number,
): Promise<{ prefix: Buffer; rest: AsyncIterable<unknown> | undefined }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) return { prefix: Buffer.concat(chunks), rest: undefined };
    chunks.push(next.value as Buffer);
    length += (next.value as Buffer).length;
  }
  return { prefix: Buffer.concat(chunks), rest: { [Symbol.asyncIterator]: () => iterator } };
}

function ingestionError(err: unknown): AppError {
  if (err instanceof WorkflowFailedError && err.cause instanceof ApplicationFailure) {
    if (err.cause.type === IngestionFailureTypes.extraction) {
      return new AppError(422, `Failed to process file: ${err.cause.message}`);
    }
  }
  return internal();
}
