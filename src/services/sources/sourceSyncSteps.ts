// The steps of a source's sync (syncSourceWorkflow runs them as activities). Each is idempotent: the
// listing is recorded per document (a re-run records the same), what a step did with a document is kept on
// the document under the sync's id (a retried step returns it instead of fetching again), and counts are
// added in the transaction that marks documents done or removed, so a retry never counts twice.
import { posix } from 'node:path';
import { sourceKind } from '../../connectors/registry';
import { SourceUnavailableError, type SourceContext, type SourceEntry, type WebPage } from '../../connectors/kind';
import type { Db, Tx } from '../../db/knex';
import * as knowledge from '../../db/repositories/knowledge';
import * as purgeOutbox from '../../db/repositories/purgeOutbox';
import * as sources from '../../db/repositories/syncedSources';
import * as versions from '../../db/repositories/versions';
import type { KnowledgeRow, SourceDocumentRow, SourceRow } from '../../db/rows';
import { AppError } from '../../errors';
import { SYNC_AUTHOR } from '../../policies/credentials';
import { checkFileType, isAcceptedMime, mimeFromFilename } from '../../extract/mime';
import type { BlobStore } from '../../storage/blobStore';
import type { TemporalDeps } from '../../temporal/client';
import { deleteSourceSchedule } from '../../temporal/schedules';
import { uploadKey } from '../../storage/keys';
import { knowledgeIdForUpload, uuidV5 } from '../../temporal/constants';
import type { WebSettings } from '../../web/document';
import type { OwnComponents } from '../../web/ownComponents';
import { canonicalUrl } from '../../web/urls';
import type { SourceDocumentOutcome, SourceDocumentResult } from '../../workflows/contracts';
import { deleteLeafBatch } from '../operations/cascadeDeletes';
import { deleteThroughOutbox } from '../operations/purgeOutbox';
import {
  contentHash,
  insertUploadItem,
  KnowledgeGoneError,
  prepareChunks,
  writeChunks,
  type ChunkSettings,
  type WebExtraction,
} from '../knowledge/ingestion';
import { isRecorded, requireWorkspace, storeFoundFile } from '../knowledge/childUploads';
import type { SecretBox } from '../secretBox';
import { failUnfinishedVersions, showSiteSyncing, siteOf, sourceSecretsContext, syncJobId } from './syncSources';
import { inlineIngestion } from '../knowledge/uploads';
import { recordSyncedFileVersion, recordSyncedPageVersion } from '../versions/versions';
import * as rulesRepo from '../../db/repositories/sourceRules';
import * as uploads from '../../db/repositories/uploads';
import {
  applyRules,
  applyRulesToDocuments,
  listedFacts,
  rulesContext,
  targetVersion,
  type RolesCause,
} from './sourceRules';
import type { DbDeps } from '../deps';
import type { DeploymentTextScheme } from '../../domain/embeddingText';
import { followTitleChange } from '../knowledge/knowledge';

export interface SyncStepDeps {
  db: Db;
  /**
   * To delete the schedule of a source that is gone (its root item was deleted), and to start the title-vectors
   * job of an item renamed after its moved file.
   */
  temporal?: TemporalDeps;
  /** EMBEDDING_TEXT_SCHEME: whether a renamed item's vectors carry its title. */
  textScheme?: DeploymentTextScheme;
  storage: BlobStore;
  secrets?: SecretBox;
  web: WebSettings;
  /** The service's own components: no source reaches them (src/web/ownComponents.ts). */
  ownComponents: OwnComponents;
  /** How a web page's text is chunked (its chunks are stored by the step, embedded by the workflow). */
  ingestion: ChunkSettings;
  defaultStorageQuotaBytes: number;
}

export interface SyncIds {
  workspaceId: string;
  sourceId: string;
  syncId: string;
}

/** The hooks of the activity running a step. */
export interface StepContext {
  signal: AbortSignal;
  heartbeat(detail?: unknown): void;
}

const LIST_BATCH = 500;
const LIST_PROGRESS_MS = 2_000;
const REASON_MAX = 500;

type Recorded = SourceDocumentOutcome & { syncId: string; fingerprint?: string; done?: boolean };

/** Starts the sync (a re-run finds it): 'skipped' while another sync holds the source, 'gone' without one. */
export async function beginSourceSync(
  { db }: DbDeps,
  input: { workspaceId: string; sourceId: string; jobId: string; syncId?: string; confirmDeletes?: boolean },
): Promise<{ state: 'run' | 'skipped' | 'gone'; syncId: string; rootId: string; maxDeleteShare: number }> {
  const syncId = input.syncId ?? uuidV5(`source-sync:${input.jobId}`);
  return db.transaction(async (trx) => {
    const source = await sources.findSource(trx, input.workspaceId, input.sourceId, { forUpdate: true });
    if (!source) return { state: 'gone' as const, syncId, rootId: '', maxDeleteShare: 0 };
    const out = { syncId, rootId: source.root_id, maxDeleteShare: source.max_delete_share };
    await sources.insertSyncIfAbsent(trx, {
      id: syncId,
      workspace_id: input.workspaceId,
      source_id: input.sourceId,
      job_id: input.jobId,
      trigger: input.syncId ? 'manual' : 'schedule',
      confirm_deletes: input.confirmDeletes ?? false,
    });
    const sync = await sources.findSync(trx, input.workspaceId, syncId);
    if (sync && sync.status !== 'RUNNING') return { state: 'skipped' as const, ...out };
    if (source.running_sync_id && source.running_sync_id !== syncId) {
      const other = await sources.findSync(trx, input.workspaceId, source.running_sync_id);
      if (other?.status === 'RUNNING') {
        await sources.updateSync(trx, input.workspaceId, syncId, {
          status: 'SKIPPED',
          error: 'Another sync of the source was running',
          finished_at: new Date(),
        });
        return { state: 'skipped' as const, ...out };
      }
    }
    await sources.updateSource(trx, input.workspaceId, input.sourceId, { running_sync_id: syncId });
    await showSiteSyncing({ db: trx }, source);
    return { state: 'run' as const, ...out };
  });
}

interface OpenSource {
  row: SourceRow;
  kind: NonNullable<ReturnType<typeof sourceKind>>['kind'];
  config: unknown;
  secrets: unknown;
}

/** The source with its kind, parsed config and opened secrets; undefined once it is deleted. */
async function openSource(deps: SyncStepDeps, ids: SyncIds): Promise<OpenSource | undefined> {
  const row = await sources.findSource(deps.db, ids.workspaceId, ids.sourceId);
  if (!row) return undefined;
  const registered = sourceKind(row.kind);
  if (!registered) throw new SourceUnavailableError(`The source kind ${row.kind} is not supported by this service`);
  const config = registered.storedConfig.parse(row.config);
  let secrets: unknown;
  if (row.secrets_sealed) {
    if (!deps.secrets) throw new SourceUnavailableError("The source's credentials cannot be read by this worker");
    try {
      secrets = JSON.parse(deps.secrets.open(row.secrets_sealed, sourceSecretsContext(row)));
    } catch {
      throw new SourceUnavailableError("The source's credentials cannot be read (sealed under another key)");
    }
  }
  return { row, kind: registered.kind, config, secrets };
}

function kindContext(
  deps: SyncStepDeps,
  step: StepContext,
  previous: ReadonlyMap<string, string>,
  source?: SourceRow,
): SourceContext {
  return {
    signal: step.signal,
    heartbeat: step.heartbeat,
    previous,
    addressPolicy: { allowPrivateNetworks: deps.web.allowPrivateNetworks, own: deps.ownComponents },
    web: deps.web,
    // What the source's rules read beside the path (an s3 listing then asks for metadata or tags).
    ...(source ? { facts: listedFacts(source) } : {}),
  };
}

const plain = (err: unknown) => String((err as Error)?.message ?? err).slice(0, REASON_MAX);

/** Lists the source and records the listing; the counts the deletion guard needs, or why it failed. */
export async function listSourceDocuments(
  deps: SyncStepDeps,
  ids: SyncIds,
  step: StepContext,
): Promise<{ error?: string; seen: number; unchanged: number; vanished: number; indexed: number }> {
  const none = { seen: 0, unchanged: 0, vanished: 0, indexed: 0 };
  try {
    const source = await openSource(deps, ids);
    if (!source) return { error: 'The source was deleted', ...none };
    const previous = await sources.indexedFingerprints(deps.db, ids.workspaceId, ids.sourceId);
    let batch = new Map<string, SourceEntry>();
    let listedSoFar = 0;
    let flushedAt = Date.now();
    // Recorded in batches, and at least every few seconds while a slow listing (a website's, paced by its
    // politeness delay) goes on, with the count so far: the sync's progress.
    const flush = async () => {
      await sources.recordListed(deps.db, ids.workspaceId, ids.sourceId, ids.syncId, [...batch.values()]);
      listedSoFar += batch.size;
      batch = new Map();
      flushedAt = Date.now();
      await sources.updateSync(deps.db, ids.workspaceId, ids.syncId, { seen: listedSoFar });
      step.heartbeat();
    };
    const ctx = kindContext(deps, step, previous, source.row);
    for await (const entry of source.kind.list(ctx, source.config, source.secrets)) {
      batch.set(entry.key, entry);
      if (batch.size >= LIST_BATCH || Date.now() - flushedAt >= LIST_PROGRESS_MS) await flush();
    }
    await flush();
    if (sourceKind(source.row.kind)?.movable) await moveDocuments(deps, ids, step);
  } catch (err) {
    if (err instanceof SourceUnavailableError) return { error: err.message, ...none };
    throw err;
  }
  const counts = await sources.listingCounts(deps.db, ids.workspaceId, ids.sourceId, ids.syncId);
  // Documents skipped at the fingerprint listed are not fetched again; the sync names them all the same.
  const skips = await sources.listedSkips(deps.db, ids.workspaceId, ids.sourceId, ids.syncId, sources.SYNC_LIST_MAX);
  await sources.updateSync(deps.db, ids.workspaceId, ids.syncId, {
    seen: counts.seen,
    unchanged: counts.unchanged,
    skipped: counts.skipped,
    skips,
  });
  return counts;
}

const MOVE_BATCH = 100;

/**
 * Documents that moved within the source (listed under a new key with the content of one no longer listed: see
 * RegisteredKind.movable) keep their item: each move re-keys the document, renames its item after the new file
 * name, and gives it the roles and attributes of the rule it matches now, in one transaction.
 */
async function moveDocuments(deps: SyncStepDeps, ids: SyncIds, step: StepContext): Promise<void> {
  const { db } = deps;
  for (;;) {
    const pairs = await rulesRepo.movedDocuments(db, ids.workspaceId, ids.sourceId, ids.syncId, MOVE_BATCH);
    for (const pair of pairs) {
      await db.transaction(async (trx) => {
        const [from] = await rulesRepo.documentsById(trx, ids.workspaceId, [pair.fromId]);
        if (!from?.knowledge_id) return;
        const item = await knowledge.findKnowledge(trx, ids.workspaceId, from.knowledge_id, { forUpdate: true });
        const [a, b] = await rulesRepo.lockDocuments(trx, ids.workspaceId, [pair.fromId, pair.toId]);
        const locked = [a, b].filter((d) => d !== undefined);
        // (A bigint id may come back as a number.)
        const old = locked.find((d) => String(d.id) === pair.fromId);
        const moved = locked.find((d) => String(d.id) === pair.toId);
        if (!item || !old || !moved || moved.knowledge_id || old.listed_sync_id === ids.syncId) return;
        await rulesRepo.moveDocument(trx, ids.workspaceId, old, moved);
        const filename = moved.listed_filename ?? moved.key;
        const previousName = old.listed_filename ?? old.key.split('/').pop();
        const title = item.title === previousName ? filename : item.title;
        const stamp = await knowledge.updateKnowledgeFields(trx, ids.workspaceId, item.id, {
          title,
          ...(item.type === 'FILE' ? { content: filename, url: filename } : {}),
        });
        // Renamed after its new file name: the vectors that carry the title follow (as after PUT …/reservedField).
        if (stamp && title !== item.title && deps.temporal) {
          await followTitleChange({ temporal: deps.temporal, textScheme: deps.textScheme }, trx, item, {
            title,
            stamp,
          });
        }
        const ctx = await rulesContext({ db: trx }, ids.workspaceId, ids.sourceId);
        if (ctx) {
          const rekeyed = { ...old, key: moved.key, listed_facts: moved.listed_facts, listed_sync_id: ids.syncId };
          await applyRules({ db: trx }, ctx, [{ doc: rekeyed, knowledgeId: item.id }], { syncId: ids.syncId });
        }
      });
    }
    step.heartbeat();
    if (pairs.length < MOVE_BATCH) return;
  }
}

/**
 * The sync's unchanged documents (listed at the fingerprint already indexed) whose rules state is stale: their
 * listed facts moved since the rules were applied (an object's tags, a file's owners) or the rules changed since.
 * Each batch is one transaction; a retried batch finds the documents it did at the version and passes them over.
 */
export async function reassignSourceDocuments(
  { db }: DbDeps,
  ids: SyncIds & { limit: number; afterId?: string },
): Promise<{ checked: number; changed: number; lastId?: string; more: boolean }> {
  return db.transaction(async (trx) => {
    const ctx = await rulesContext({ db: trx }, ids.workspaceId, ids.sourceId);
    if (!ctx) return { checked: 0, changed: 0, more: false };
    const docs = await rulesRepo.documentsToApply(trx, ids.workspaceId, ids.sourceId, targetVersion(ctx.source), {
      limit: ids.limit,
      afterId: ids.afterId,
      listedBy: ids.syncId,
      factsChanged: true,
    });
    const changed = await applyRulesToDocuments({ db: trx }, ctx, docs, { syncId: ids.syncId });
    const last = docs[docs.length - 1]?.id;
    const lastId = last === undefined ? undefined : String(last);
    return { checked: docs.length, changed, ...(lastId ? { lastId } : {}), more: docs.length === ids.limit };
  });
}

/**
 * Fetches the next new or changed documents of the listing and stores each: a new one as an upload its
 * item is ingested from, a changed one as its item's next version. Documents this sync already worked on
 * are answered as recorded. A source that stops answering ends the step with its reason.
 */
export async function fetchSourceDocuments(
  deps: SyncStepDeps,
  ids: SyncIds & { limit: number },
  step: StepContext,
): Promise<{ error?: string; outcomes: SourceDocumentOutcome[] }> {
  const docs = await sources.pendingDocuments(deps.db, ids.workspaceId, ids.sourceId, ids.syncId, ids.limit);
  if (docs.length === 0) return { outcomes: [] };
  let source: OpenSource | undefined;
  try {
    source = await openSource(deps, ids);
  } catch (err) {
    if (err instanceof SourceUnavailableError) return { error: err.message, outcomes: [] };
    throw err;
  }
  if (!source) return { error: 'The source was deleted', outcomes: [] };
  const workspace = await requireWorkspace(deps, ids.workspaceId);
  const ctx = kindContext(deps, step, new Map());
  const outcomes: SourceDocumentOutcome[] = [];
  for (const doc of docs) {
    const recorded = doc.outcome as Recorded | null;
    if (recorded?.syncId === ids.syncId) {
      outcomes.push(stripRecorded(recorded));
      continue;
    }
    const entry: SourceEntry = {
      key: doc.key,
      fingerprint: doc.listed_fingerprint ?? '',
      filename: doc.listed_filename ?? doc.key,
      ...(doc.listed_size !== null ? { size: Number(doc.listed_size) } : {}),
    };
    let outcome: SourceDocumentOutcome;
    let fingerprint = entry.fingerprint;
    try {
      const fetched = await source.kind.fetch(ctx, source.config, source.secrets, entry);
      fingerprint = fetched.fingerprint || fingerprint;
      outcome = await storeDocument(deps, workspace, source.row, doc, entry, fetched, ids.syncId);
    } catch (err) {
      if (err instanceof SourceUnavailableError) return { error: err.message, outcomes };
      if (err instanceof AppError) outcome = { key: doc.key, kind: 'failed', reason: err.message };
      else if (isFetchFailure(err)) outcome = { key: doc.key, kind: 'failed', reason: plain(err) };
      else throw err;
    }
    await sources.updateDocument(deps.db, ids.workspaceId, ids.sourceId, doc.key, {
      outcome: { ...outcome, syncId: ids.syncId, fingerprint },
    });
    outcomes.push(outcome);
    step.heartbeat();
  }
  return { outcomes };
}

// A kind's own refusal of one document (too large, unreadable): the document fails, the sync goes on.
const isFetchFailure = (err: unknown) =>
  err instanceof Error && !(err instanceof TypeError) && !(err instanceof RangeError);

function stripRecorded(r: Recorded): SourceDocumentOutcome {
  const { syncId: _s, fingerprint: _f, done: _d, ...outcome } = r;
  return outcome as SourceDocumentOutcome;
}

/** The id of a web page's item: the same page under the same root is always the same item. */
export const sourcePageId = (rootId: string, key: string) => uuidV5(`website-page:${rootId}:${key}`);

/**
 * A web page: a new page becomes a URL item (version 1) with its chunks; a changed page's text becomes its
 * item's next version (keeping its id, roles and categories), its chunks written beside the current ones.
 * Either way the workflow embeds the chunks and completes the item or version. A page whose text is its item's
 * current content (its validator changed, not its text) is unchanged: nothing is written.
 */
async function storePage(
  deps: SyncStepDeps,
  source: SourceRow,
  existing: KnowledgeRow | undefined,
  doc: SourceDocumentRow,
  entry: SourceEntry,
  text: string,
  page: WebPage,
  syncId: string,
): Promise<SourceDocumentOutcome> {
  const { workspace_id: workspaceId } = source;
  const knowledgeId = existing?.id ?? sourcePageId(source.root_id, entry.key);
  // A step retried after it inserted the page finds its item.
  const item = existing ?? (await knowledge.findKnowledge(deps.db, workspaceId, knowledgeId));
  const hash = contentHash(text);
  const outcome = { key: entry.key, kind: 'page' as const, knowledgeId };
  // A page whose item serves its text: a change is its next version (otherwise its text is the item's own).
  const serving = item?.status === 'COMPLETED' ? item : undefined;
  if (serving) {
    const current = await versions.findVersion(deps.db, workspaceId, serving.id, serving.current_version);
    // Pages crawled before versions recorded their hash in the item's extraction only.
    const currentHash =
      current?.content_hash ?? (serving.metadata.extraction as WebExtraction | undefined)?.contentHash;
    if (currentHash === hash) return { ...outcome, isNew: false, changed: false, chunkCount: 0 };
  }
  const chunks = prepareChunks(
    [{ pageNumber: 1, text, ...(page.headings ? { headings: page.headings } : {}) }],
    deps.ingestion,
    'the page has no text',
  );
  const changed = { ...outcome, changed: true, chunkCount: chunks.length };
  const description = page.excerpt ? { description: page.excerpt.slice(0, 1000) } : {};
  const title = (page.title || page.url).slice(0, 1000);
  if (serving) {
    const version = await recordSyncedPageVersion(
      deps,
      serving,
      { contentHash: hash, sizeBytes: Buffer.byteLength(text), jobId: syncJobId(workspaceId, source.id, syncId) },
      async (trx, number) => {
        await writeChunks({ db: trx }, workspaceId, knowledgeId, chunks, number);
        await knowledge.updateKnowledgeFields(trx, workspaceId, knowledgeId, {
          title,
          metadata: { ...serving.metadata, ...description },
        });
        await applyRulesWithin(trx, source, doc.id, knowledgeId, { syncId });
      },
    );
    return { ...changed, isNew: false, version };
  }
  // A new page, or one whose first indexing has not completed: its text is its current content.
  const extraction: WebExtraction = {
    source: 'web',
    finalUrl: page.finalUrl,
    contentType: 'text/html',
    contentHash: hash,
    fetchedAt: new Date().toISOString(),
  };
  const fields = {
    title,
    content: page.url,
    url: page.url,
    status: 'BACKGROUND_START',
    message_error: null,
    metadata: { ...description, extraction },
  };
  await deps.db.transaction(async (trx) => {
    const root = await knowledge.findKnowledge(trx, workspaceId, source.root_id, { forUpdate: true });
    if (!root) throw new KnowledgeGoneError();
    if (item) {
      await knowledge.updateKnowledgeFields(trx, workspaceId, knowledgeId, fields);
      await versions.updateVersion(trx, workspaceId, knowledgeId, item.current_version, {
        content_hash: hash,
        size_bytes: Buffer.byteLength(text),
      });
    } else {
      await knowledge.insertKnowledge(trx, workspaceId, {
        ...fields,
        id: knowledgeId,
        parentId: source.root_id,
        type: 'URL',
        language: root.language ?? page.language ?? null,
        contentHash: hash,
        contentBytes: Buffer.byteLength(text),
        createdBy: SYNC_AUTHOR,
      });
    }
    await writeChunks({ db: trx }, workspaceId, knowledgeId, chunks);
    // A new page gets its rule's roles with its item (an event tells only of a change).
    await applyRulesWithin(trx, source, doc.id, knowledgeId, item ? { syncId } : undefined);
  });
  return { ...changed, isNew: !item };
}

/** Why a document of a type the service does not index is not taken, in the words a person would use. */
function unsupportedType(fetched: { filename: string; mimetype?: string }, declared: string): string {
  if (fetched.mimetype !== undefined) return `unsupported file type (${declared})`;
  const ext = posix.extname(fetched.filename);
  return ext ? `unsupported file type (${ext})` : 'unsupported file type (no extension)';
}

async function storeDocument(
  deps: SyncStepDeps,
  workspace: Awaited<ReturnType<typeof requireWorkspace>>,
  source: SourceRow,
  doc: SourceDocumentRow,
  entry: SourceEntry,
  fetched: { bytes: Buffer; filename: string; mimetype?: string; url?: string; page?: WebPage },
  syncId: string,
): Promise<SourceDocumentOutcome> {
  const knowledgeId = doc.knowledge_id;
  const existing = knowledgeId ? await knowledge.findKnowledge(deps.db, workspace.id, knowledgeId) : undefined;
  // A page that an older sync brought as a text file stays one (its next content is its next version).
  if (fetched.page && (!existing || existing.type === 'URL')) {
    return storePage(deps, source, existing, doc, entry, fetched.bytes.toString('utf8'), fetched.page, syncId);
  }
  const declared = fetched.mimetype ?? mimeFromFilename(fetched.filename) ?? 'application/octet-stream';
  if (!isAcceptedMime(declared)) return { key: entry.key, kind: 'skipped', reason: unsupportedType(fetched, declared) };
  const check = checkFileType(fetched.bytes, declared, fetched.filename);
  if (!check.ok)
    return { key: entry.key, kind: 'failed', reason: `the file is not a valid ${declared}: ${check.reason}` };
  const uploadId = uuidV5(`source-document:${source.id}:${syncId}:${entry.key}`);
  if (!(await isRecorded(deps, workspace.id, uploadId))) {
    const stored = await storeFoundFile(deps, workspace, {
      uploadId,
      organizationId: workspace.organization_id,
      filename: fetched.filename,
      mime: check.mime,
      bytes: fetched.bytes,
      title: fetched.filename,
      language: null,
      spaceId: null,
      sourceVisibility: 'none',
      createdBy: SYNC_AUTHOR,
    });
    if (!stored) return { key: entry.key, kind: 'failed', reason: 'Storage quota exceeded' };
  }
  const inline = inlineIngestion({ mime: check.mime, sizeBytes: fetched.bytes.length });
  if (!existing) {
    await createDocumentItem(deps.db, source, doc, uploadId, fetched.url);
    return {
      key: entry.key,
      kind: 'new',
      uploadId,
      knowledgeId: knowledgeIdForUpload(uploadId),
      organizationId: workspace.organization_id,
      ...(inline ? { inline } : {}),
      ...(fetched.url ? { sourceUrl: fetched.url } : {}),
    };
  }
  const key = uploadKey(workspace.organization_id, workspace.id, uploadId, fetched.filename);
  const changed = {
    key: entry.key,
    kind: 'changed' as const,
    knowledgeId: existing.id,
    organizationId: workspace.organization_id,
    ...(inline ? { inline } : {}),
  };
  // A step retried after it recorded the version (its worker died before answering) finds it.
  const latest = await versions.latestVersion(deps.db, workspace.id, existing.id);
  if (latest?.storage_key === key) return { ...changed, version: latest.number };
  const version = await recordSyncedFileVersion(
    deps,
    existing,
    {
      uploadId,
      key,
      filename: fetched.filename,
      mime: check.mime,
      sizeBytes: fetched.bytes.length,
      sha256: contentHash(fetched.bytes),
    },
    syncJobId(workspace.id, source.id, syncId),
    (trx) => applyRulesWithin(trx, source, doc.id, existing.id, { syncId }),
  );
  return { ...changed, version };
}

/**
 * A new document's item, made before its ingestion (which then finds it, as for an upload with an external id),
 * with its rule's roles and attributes in the same transaction: it is never readable under other roles, even
 * while it is processed. A step run again finds the item made.
 */
async function createDocumentItem(
  db: Db,
  source: SourceRow,
  doc: SourceDocumentRow,
  uploadId: string,
  sourceUrl: string | undefined,
): Promise<void> {
  const knowledgeId = knowledgeIdForUpload(uploadId);
  await db.transaction(async (trx) => {
    if (await knowledge.findKnowledge(trx, source.workspace_id, knowledgeId)) return;
    const upload = await uploads.findUpload(trx, source.workspace_id, uploadId);
    if (!upload) return;
    await insertUploadItem({ db: trx }, upload, knowledgeId, { parentId: source.root_id, sourceUrl });
    await applyRulesWithin(trx, source, doc.id, knowledgeId);
  });
}

/** Applies the source's rules to the document in the caller's transaction, which holds its item already. */
async function applyRulesWithin(
  trx: Tx,
  source: SourceRow,
  docId: string,
  knowledgeId: string,
  cause?: RolesCause,
): Promise<void> {
  const [locked] = await rulesRepo.lockDocuments(trx, source.workspace_id, [docId]);
  const ctx = await rulesContext({ db: trx }, source.workspace_id, source.id);
  if (locked && ctx) await applyRules({ db: trx }, ctx, [{ doc: locked, knowledgeId }], cause);
}

/** Records how the documents' indexing ended and adds them to the sync's counts (once each). */
export async function completeSourceDocuments(
  { db }: DbDeps,
  ids: SyncIds & { results: SourceDocumentResult[] },
): Promise<void> {
  await db.transaction(async (trx) => {
    const counts = { added: 0, updated: 0, unchanged: 0, failed: 0, skipped: 0, chunks_embedded: 0 };
    const failures: Array<{ key: string; reason: string }> = [];
    const skips: Array<{ key: string; reason: string }> = [];
    for (const result of ids.results) {
      const doc = await sources.findDocument(trx, ids.workspaceId, ids.sourceId, result.key, { forUpdate: true });
      const recorded = doc?.outcome as Recorded | null | undefined;
      if (!doc || recorded?.syncId !== ids.syncId || recorded.done) continue;
      const skipped = recorded.kind === 'skipped';
      const itemId = recorded.kind === 'failed' || skipped ? doc.knowledge_id : recorded.knowledgeId;
      await sources.updateDocument(trx, ids.workspaceId, ids.sourceId, doc.key, {
        // A skipped document is recorded at its fingerprint, so the next sync does not fetch it again.
        ...(result.ok ? { fingerprint: recorded.fingerprint ?? doc.listed_fingerprint } : {}),
        knowledge_id: itemId,
        skip_reason: skipped ? recorded.reason.slice(0, REASON_MAX) : null,
        outcome: { ...recorded, done: true },
      });
      if (skipped) {
        counts.skipped += 1;
        skips.push({ key: doc.key, reason: recorded.reason.slice(0, REASON_MAX) });
      } else if (!result.ok) {
        counts.failed += 1;
        failures.push({ key: doc.key, reason: (result.reason ?? 'failed').slice(0, REASON_MAX) });
      } else if (recorded.kind === 'page' && !recorded.changed) {
        counts.unchanged += 1; // its validator changed, its text did not
      } else {
        counts[recorded.kind === 'new' || (recorded.kind === 'page' && recorded.isNew) ? 'added' : 'updated'] += 1;
        counts.chunks_embedded += result.chunks;
      }
    }
    await sources.addToSync(trx, ids.workspaceId, ids.syncId, counts, { failures, skips });
  });
}

/**
 * Removes up to `limit` items of documents this sync did not list, by the cascade path; returns their stored
 * files (the workflow schedules the purge `purgeId`) and whether any may be left. The keys are recorded in
 * the purge outbox in the same transaction, with the step's answer, so a step whose result was lost after the
 * commit answers it again instead of nothing: the purge still deletes them.
 */
export async function removeVanishedDocuments(
  { db }: DbDeps,
  ids: SyncIds & { limit: number; purgeId?: string },
): Promise<{ removed: number; storageKeys: string[]; more: boolean }> {
  const replay = (storageKeys: string[]) => ({ removed: 0, storageKeys, more: true });
  return deleteThroughOutbox({ db }, ids.workspaceId, ids.purgeId, replay, async (trx) => {
    const docs = await sources.vanishedDocuments(trx, ids.workspaceId, ids.sourceId, ids.syncId, ids.limit);
    const storageKeys: string[] = [];
    let removed = 0;
    for (const doc of docs) {
      if (!doc.knowledge_id) continue;
      const out = await deleteLeafBatch({ db: trx as unknown as Db }, ids.workspaceId, doc.knowledge_id, 100);
      storageKeys.push(...out.storageKeys);
      if (out.deleted > 0) removed += 1;
    }
    await sources.deleteDocuments(
      trx,
      ids.workspaceId,
      docs.map((d) => d.id),
    );
    await sources.addToSync(trx, ids.workspaceId, ids.syncId, { deleted: removed });
    return { removed, storageKeys, more: docs.length === ids.limit };
  });
}

/**
 * A scheduled sync found its source gone (deleted with its root item, a WEBSITE item say): its schedule is
 * deleted too, so it stops starting syncs of nothing. A source that exists keeps its schedule.
 */
export async function dropOrphanSchedule(
  deps: Pick<SyncStepDeps, 'db' | 'temporal'>,
  input: { workspaceId: string; sourceId: string },
): Promise<void> {
  if (!deps.temporal || (await sources.findSource(deps.db, input.workspaceId, input.sourceId))) return;
  await deleteSourceSchedule(deps.temporal, input.workspaceId, input.sourceId);
}

/** Forgets the purge's recorded keys once the purge has run. */
export async function clearPurgeOutbox({ db }: DbDeps, input: { workspaceId: string; purgeId: string }): Promise<void> {
  await purgeOutbox.clearPurge(db, input.workspaceId, input.purgeId);
}

/**
 * A WEBSITE item's sync ended (syncSources.ts showSiteSyncing): COMPLETED, or BACKGROUND_ERROR with the sync's reason. A site created without a title takes its
 * start page's.
 */
async function showSiteSynced(trx: Tx, source: SourceRow, error: string | undefined): Promise<void> {
  const root = await siteOf({ db: trx }, source, { forUpdate: true });
  if (!root) return;
  let title: string | undefined;
  if (!error && (root.metadata.extraction as WebExtraction | undefined)?.autoTitle) {
    const url = (source.config as { url?: unknown }).url;
    const key = typeof url === 'string' && URL.canParse(url) ? canonicalUrl(url) : undefined;
    const start = key ? await sources.findDocument(trx, source.workspace_id, source.id, key) : undefined;
    const page = start?.knowledge_id
      ? await knowledge.findKnowledge(trx, source.workspace_id, start.knowledge_id)
      : undefined;
    title = page?.title;
  }
  await knowledge.updateKnowledgeFields(trx, source.workspace_id, root.id, {
    status: error ? 'BACKGROUND_ERROR' : 'COMPLETED',
    message_error: error ? error.slice(0, 2000) : null,
    ...(title ? { title } : {}),
  });
}

/** Ends the sync with its status and releases the source. */
export async function finishSourceSync(
  { db }: DbDeps,
  ids: SyncIds & { status: 'COMPLETED' | 'FAILED' | 'NEEDS_CONFIRMATION'; error?: string },
): Promise<void> {
  await db.transaction(async (trx) => {
    await sources.updateSync(trx, ids.workspaceId, ids.syncId, {
      status: ids.status,
      error: ids.error ?? null,
      finished_at: new Date(),
    });
    const source = await sources.findSource(trx, ids.workspaceId, ids.sourceId, { forUpdate: true });
    if (ids.status !== 'COMPLETED')
      await failUnfinishedVersions({ db: trx }, ids.workspaceId, ids.sourceId, ids.syncId);
    if (source?.running_sync_id === ids.syncId) {
      await sources.updateSource(trx, ids.workspaceId, ids.sourceId, { running_sync_id: null });
      await showSiteSynced(trx, source, ids.status === 'COMPLETED' ? undefined : (ids.error ?? ids.status));
    }
  });
}
