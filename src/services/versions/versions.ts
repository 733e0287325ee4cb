// Versions of an item's content: a replacement (a FILE item's new file, a STRING item's new text) is the
// item's next version, indexed beside the one that serves by the same indexing path; its completion switches
// the item to it in one transaction (services/knowledge/ingestion.ts markItemCompleted). One replacement at a time.
import type { Tx } from '../../db/knex';
import type { Attributes } from '../../domain/filter';
import * as knowledge from '../../db/repositories/knowledge';
import * as uploads from '../../db/repositories/uploads';
import * as versions from '../../db/repositories/versions';
import type { KnowledgeRow, KnowledgeVersionRow, VersionStatus, WorkspaceRow } from '../../db/rows';
import type { DbDeps, Deps } from '../deps';
import { conflict, notFound } from '../../errors';
import { SYNC_AUTHOR, versionAuthor, type AuthState } from '../../policies/credentials';
import { WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import { INLINE_INGEST_MAX_BYTES, SOURCE_SYNC_JOB_KIND } from '../../workflows/contracts';
import { ingestVersionWorkflow } from '../../workflows/ingestVersion';
import { contentHash } from '../knowledge/ingestion';
import { knowledgeNotFound, loadVisibleKnowledge, writeKnowledgeAttributes } from '../knowledge/knowledge';
import { discardUpload, inlineIngestion, type StagedUpload } from '../knowledge/uploads';
import { quotaExceeded, writeWithinQuota } from '../knowledge/storageQuota';
import { manualEditsDropped, type ManualEditsDropped } from '../knowledge/chunks';
import { afterVersionChange, switchToVersion } from './versionRetention';
import { emitVersionRestored } from './versionEvents';

export const VersionMessages = {
  notFile: 'Only FILE items can have their file replaced',
  notText: 'Only STRING items can have their text replaced',
  notUrl: 'Only URL items can be refetched',
  inProgress: 'A new version of this item is still being processed',
  invalidNumber: 'Invalid version number',
  notFound: 'Version not found',
  notRestorable: 'Only a COMPLETED version can be restored',
  purged: "The version's content was purged",
} as const;

export interface VersionStarted {
  knowledgeId: string;
  version: number;
  jobId: string;
  /** The current version's manual chunk edits, which the new version does not carry. */
  warnings?: ManualEditsDropped[];
}

type VersionDeps = Pick<Deps, 'db' | 'storage' | 'temporal' | 'config' | 'logger'>;

/**
 * The cap and the retention purges after the item's versions changed; the change itself is done, so a purge
 * that cannot be scheduled now is logged (the next change of the item's versions schedules it again).
 */
async function tidyVersions(deps: VersionDeps, workspaceId: string, knowledgeId: string): Promise<void> {
  try {
    await afterVersionChange({ ...deps, versionRetention: deps.config.versions }, workspaceId, knowledgeId);
  } catch (err) {
    deps.logger.warn({ err, workspaceId, knowledgeId }, 'version purges could not be scheduled');
  }
}

/**
 * A version's status: the current version's follows its item (an item's first ingestion, a crawl, an
 * unpacked archive end on the item), a newer one's is its own. No version: the item's.
 */
export function versionStatus(item: KnowledgeRow, v: KnowledgeVersionRow | undefined): VersionStatus {
  if (v && v.number !== item.current_version) return v.status;
  if (item.status === 'COMPLETED') return 'COMPLETED';
  return item.status === 'BACKGROUND_ERROR' ? 'FAILED' : 'PROCESSING';
}

const NOT_OF_TYPE = {
  FILE: VersionMessages.notFile,
  STRING: VersionMessages.notText,
  URL: VersionMessages.notUrl,
} as const;

/** How an item of each type gets new content (a hint for a replacement sent to another type's route). */
const REPLACED_BY: Record<string, (path: string) => string> = {
  FILE: (path) => `replace its file with PUT ${path}/file`,
  STRING: (path) => `replace its text with PATCH ${path} and a text field`,
  URL: (path) => `read its page again with POST ${path}/refetch`,
  WEBSITE: (path) => `crawl it again with POST ${path}/recrawl`,
};

/** 409 for a replacement of `route`'s type sent to an item of another type, with how that type is replaced. */
export const notOfType = (
  route: keyof typeof NOT_OF_TYPE,
  item: Pick<KnowledgeRow, 'id' | 'type' | 'workspace_id'>,
) => {
  const how = REPLACED_BY[item.type];
  const path = `/v1/workspaces/${item.workspace_id}/knowledge/${item.id}`;
  return conflict(NOT_OF_TYPE[route], {
    code: 'item_wrong_type',
    hint: `This is a ${item.type} item: ${how ? how(path) : 'its content is not replaced; delete it and create a new item'}.`,
  });
};

/** 409 while a version of the item is being processed: a replacement or restore waits for it. */
export const versionInProgress = () =>
  conflict(VersionMessages.inProgress, {
    code: 'item_not_ready',
    hint:
      'Wait until the item shows no pendingVersion (GET /v1/workspaces/{workspaceId}/knowledge/{knowledgeId}, or ' +
      'the knowledge.updated or knowledge.failed webhook), then send the change again.',
  });

/**
 * Records the item's next version (under the item's row lock, so two replacements cannot take one number),
 * refusing an item of another type or one whose newest version is still being processed.
 */
async function nextVersion(
  trx: Tx,
  row: KnowledgeRow,
  type: 'FILE' | 'STRING' | 'URL',
  version: Omit<versions.NewVersion, 'number' | 'status'>,
): Promise<KnowledgeVersionRow> {
  const item = await knowledge.findKnowledge(trx, row.workspace_id, row.id, { forUpdate: true });
  if (!item) throw knowledgeNotFound();
  if (item.type !== type) throw notOfType(type, item);
  const latest = await versions.latestVersion(trx, row.workspace_id, row.id);
  if (versionStatus(item, latest) === 'PROCESSING') throw versionInProgress();
  // A STRING item's text lives on the item; its current version keeps a copy, so it can be restored.
  if (type === 'STRING') {
    const current = await versions.findVersion(trx, row.workspace_id, row.id, item.current_version);
    if (current && current.text === null) {
      await versions.updateVersion(trx, row.workspace_id, row.id, item.current_version, { text: item.content });
    }
  }
  return versions.insertVersion(trx, row.workspace_id, row.id, {
    ...version,
    number: Math.max(latest?.number ?? 0, item.current_version) + 1,
    status: 'PROCESSING',
  });
}

/**
 * Refuses a replacement while a version of the item is still processing, early: before an upload's body is
 * read (nextVersion decides again under the item's lock).
 */
export async function refuseWhileProcessing({ db }: DbDeps, row: KnowledgeRow): Promise<void> {
  const latest = await versions.latestVersion(db, row.workspace_id, row.id);
  if (versionStatus(row, latest) === 'PROCESSING') throw versionInProgress();
}

/** Starts the version's indexing; a version whose job cannot start is recorded as failed. */
async function startVersion(
  deps: VersionDeps,
  workspace: WorkspaceRow,
  v: KnowledgeVersionRow,
  source: 'file' | 'text' | 'url',
  inline: boolean,
): Promise<VersionStarted> {
  const jobId = WorkflowIds.ingestVersion(workspace.id, v.knowledge_id, v.number);
  // Counted before the job starts: until it completes, the current version is the one being replaced.
  const warnings = await manualEditsDropped(deps, workspace.id, v.knowledge_id);
  try {
    await startJob(deps.temporal, ingestVersionWorkflow, {
      workflowId: jobId,
      workspaceId: workspace.id,
      knowledgeId: v.knowledge_id,
      args: [
        {
          workspaceId: workspace.id,
          organizationId: workspace.organization_id,
          knowledgeId: v.knowledge_id,
          version: v.number,
          source,
          ...(inline ? { inline } : {}),
        },
      ],
    });
  } catch (err) {
    await versions.updateVersion(deps.db, workspace.id, v.knowledge_id, v.number, {
      status: 'FAILED',
      error: 'The new version could not be started',
    });
    throw err;
  }
  await tidyVersions(deps, workspace.id, v.knowledge_id);
  return { knowledgeId: v.knowledge_id, version: v.number, jobId, ...(warnings ? { warnings } : {}) };
}

/**
 * PUT …/knowledge/{id}/file: the staged file becomes the FILE item's next version (within the workspace's
 * quota: the old version's bytes stay until they are purged). On a refusal the staged file is discarded.
 */
export async function replaceFile(
  deps: VersionDeps,
  auth: AuthState,
  row: KnowledgeRow,
  staged: StagedUpload,
): Promise<VersionStarted> {
  const { workspace } = auth;
  let v: KnowledgeVersionRow | undefined;
  try {
    const fits = await writeWithinQuota(
      deps,
      workspace,
      deps.config.limits.defaultStorageQuotaBytes,
      staged.sizeBytes,
      async (trx) => {
        v = await nextVersion(trx, row, 'FILE', {
          storage_key: staged.key,
          mimetype: staged.mime,
          filename: staged.filename,
          size_bytes: staged.sizeBytes,
          content_hash: staged.sha256,
          created_by: versionAuthor(auth),
        });
        await uploads.completeUpload(trx, workspace.id, staged.uploadId, {
          size_bytes: staged.sizeBytes,
          title: row.title,
          description: null,
          language: row.language,
          requested_status: 'BACKGROUND_START',
          space_id: row.space_id,
          source_visibility: row.source_visibility,
        });
        await uploads.linkUploadKnowledge(trx, workspace.id, staged.uploadId, row.id);
      },
    );
    if (!fits) throw quotaExceeded();
  } catch (err) {
    await discardUpload(deps, workspace, staged);
    throw err;
  }
  return startVersion(deps, workspace, v!, 'file', inlineIngestion(staged));
}

/**
 * A synced source's changed document: its stored upload (counted against the quota when it was stored)
 * becomes the FILE item's next version; the sync workflow indexes it. Returns the version's number.
 */
export async function recordSyncedFileVersion(
  { db }: DbDeps,
  row: KnowledgeRow,
  staged: StagedUpload,
  jobId: string,
  /** What else the sync writes with the version (its rules' roles), under the item's lock. */
  within: (trx: Tx) => Promise<void> = async () => {},
): Promise<number> {
  return db.transaction(async (trx) => {
    await supersedeAbandonedSyncVersion(trx, row, await versions.latestVersion(trx, row.workspace_id, row.id), jobId);
    const v = await nextVersion(trx, row, 'FILE', {
      storage_key: staged.key,
      mimetype: staged.mime,
      filename: staged.filename,
      size_bytes: staged.sizeBytes,
      content_hash: staged.sha256,
      created_by: SYNC_AUTHOR,
      job_id: jobId, // the sync that indexes it
    });
    await uploads.linkUploadKnowledge(trx, row.workspace_id, staged.uploadId, row.id);
    await within(trx);
    return v.number;
  });
}

/**
 * The item's newest version, still processing, brought by an earlier sync of its source: that sync has ended (a
 * sync holds its source until it ends, and `jobId`'s holds it now) without indexing it, so nothing will. It is
 * FAILED, and the new content is recorded instead of refused as "in progress". A version a person's replacement
 * or refetch is processing is left alone.
 */
async function supersedeAbandonedSyncVersion(
  trx: Tx,
  row: KnowledgeRow,
  latest: KnowledgeVersionRow | undefined,
  jobId: string,
): Promise<void> {
  if (latest?.status !== 'PROCESSING' || !latest.job_id || latest.job_id === jobId) return;
  if (!latest.job_id.startsWith(`${SOURCE_SYNC_JOB_KIND}:`)) return;
  await versions.failProcessingVersion(trx, row.workspace_id, row.id, latest.number, ABANDONED_BY_SYNC);
}

/** Why a sync's version never became current. */
export const ABANDONED_BY_SYNC = 'The sync that brought this version ended before it was indexed';

/**
 * A synced web page's new text: the URL item's next version, its chunks written by `write` in the same
 * transaction (the sync workflow `jobId` embeds them and completes the version). A step retried after it
 * committed finds its version (the newest, still processing, of the same content and sync) instead of
 * recording another.
 */
export async function recordSyncedPageVersion(
  { db }: DbDeps,
  row: KnowledgeRow,
  page: { contentHash: string; sizeBytes: number; jobId: string },
  write: (trx: Tx, version: number) => Promise<void>,
): Promise<number> {
  return db.transaction(async (trx) => {
    const latest = await versions.latestVersion(trx, row.workspace_id, row.id);
    if (latest?.status === 'PROCESSING' && latest.job_id === page.jobId && latest.content_hash === page.contentHash) {
      return latest.number;
    }
    await supersedeAbandonedSyncVersion(trx, row, latest, page.jobId);
    const v = await nextVersion(trx, row, 'URL', {
      content_hash: page.contentHash,
      size_bytes: page.sizeBytes,
      created_by: SYNC_AUTHOR,
      job_id: page.jobId, // the sync indexes it
    });
    await write(trx, v.number);
    return v.number;
  });
}

/**
 * PATCH …/knowledge/{id} with `text`: the STRING item's next version; `attributes` that come along are written
 * in the same transaction (both or neither).
 */
export async function replaceText(
  deps: VersionDeps,
  auth: AuthState,
  row: KnowledgeRow,
  text: string,
  attributes?: Attributes | null,
): Promise<VersionStarted> {
  const v = await deps.db.transaction(async (trx) => {
    const next = await nextVersion(trx, row, 'STRING', {
      text,
      size_bytes: Buffer.byteLength(text),
      content_hash: contentHash(text),
      created_by: versionAuthor(auth),
    });
    if (attributes !== undefined) await writeKnowledgeAttributes({ db: trx }, row, attributes);
    return next;
  });
  return startVersion(deps, auth.workspace, v, 'text', Buffer.byteLength(text) <= INLINE_INGEST_MAX_BYTES);
}

/**
 * POST …/knowledge/{id}/refetch: a URL item's page read again, as its next version (the workflow drops the
 * version again when the page's content hash is the current version's: ingestion.ts dropUnchangedVersion).
 */
export async function refetchUrl(deps: VersionDeps, auth: AuthState, row: KnowledgeRow): Promise<VersionStarted> {
  const v = await deps.db.transaction((trx) => nextVersion(trx, row, 'URL', { created_by: versionAuthor(auth) }));
  return startVersion(deps, auth.workspace, v, 'url', false);
}

/** GET …/knowledge/{id}/versions: the versions of an item the caller may see, newest first. */
export async function listVisibleVersions(
  { db }: DbDeps,
  auth: AuthState,
  knowledgeId: string,
): Promise<{ row: KnowledgeRow; versions: KnowledgeVersionRow[] }> {
  const row = await loadVisibleKnowledge({ db: db }, auth, knowledgeId);
  return { row, versions: await versions.listVersions(db, auth.workspace.id, row.id) };
}

/** The item's newest version when it is not the current one (a replacement in progress or failed). */
export async function pendingVersion({ db }: DbDeps, row: KnowledgeRow): Promise<KnowledgeVersionRow | undefined> {
  const latest = await versions.latestVersion(db, row.workspace_id, row.id);
  return latest && latest.number > row.current_version ? latest : undefined;
}

/**
 * POST …/versions/{n}/restore: makes a COMPLETED version current again, atomically and without re-extraction
 * (its chunks are still there, embedded). Restoring the current version changes nothing.
 */
export async function restoreVersion(deps: VersionDeps, row: KnowledgeRow, number: number): Promise<KnowledgeRow> {
  let from: number | undefined;
  const restored = await deps.db.transaction(async (trx) => {
    const item = await knowledge.findKnowledge(trx, row.workspace_id, row.id, { forUpdate: true });
    if (!item) throw knowledgeNotFound();
    const v = await versions.findVersion(trx, row.workspace_id, row.id, number);
    if (!v) throw notFound(VersionMessages.notFound, { pathParam: 'version' });
    if (number === item.current_version) return item;
    const latest = await versions.latestVersion(trx, row.workspace_id, row.id);
    if (versionStatus(item, latest) === 'PROCESSING') throw versionInProgress();
    if (versionStatus(item, v) !== 'COMPLETED') throw conflict(VersionMessages.notRestorable);
    if (v.purged_at) throw conflict(VersionMessages.purged);
    if (!(await versions.hasEmbeddedChunks(trx, row.workspace_id, row.id, number))) {
      throw conflict(VersionMessages.purged);
    }
    await switchToVersion({ db: trx }, row.workspace_id, row.id, item.current_version, v);
    from = item.current_version;
    return (await knowledge.findKnowledge(trx, row.workspace_id, row.id))!;
  });
  if (from !== undefined) await emitVersionRestored(deps, row.workspace_id, row.id, number, from);
  await tidyVersions(deps, row.workspace_id, row.id);
  return restored;
}
