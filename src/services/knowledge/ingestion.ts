// The data side of indexing (the ingestion activities carry it out): an item made for an upload, its
// chunks stored and embedded, its end state. Idempotent: the knowledge id derives from the upload id,
// chunks are upserted by (knowledge, index), embeddings are written only where missing.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db, Tx } from '../../db/knex';
import * as knowledge from '../../db/repositories/knowledge';
import * as uploads from '../../db/repositories/uploads';
import * as versions from '../../db/repositories/versions';
import { switchToVersion } from '../versions/versionRetention';
import type { KnowledgeRow, KnowledgeVersionRow, UploadFileMetadataRow } from '../../db/rows';
import { carriesTitle, textSchemeOf, type TextSchemeDeps } from '../../domain/embeddingText';
import type { EmbeddingProvider } from '../../embeddings/provider';
import { chunkPages, type Chunk } from '../../extract/chunk';
import { embedChunkVectors, withLiveEmbeddings } from '../search/embeddingSpace';
import { checkTitle, requireTitle, withCurrentTitle } from './titleVectors';
import type { Extractor } from '../../extract';
import { PLAIN_MIME_TYPES } from '../../extract/plain';
import type { ExtractInput, ExtractionUsage } from '../../extract/sandbox';
import { FailureReasons, type ExtractedPage, type ExtractLimits } from '../../extract/types';
import { timeStep, type Metrics } from '../../observability/metrics';
import type { BlobStore } from '../../storage/blobStore';
import { INLINE_INGEST_MAX_BYTES } from '../../workflows/contracts';
import type { DbDeps } from '../deps';

/** The item (or what it was made from) was deleted while it was being worked on: nothing is left to do. */
export class KnowledgeGoneError extends Error {
  constructor() {
    super('the knowledge item is gone');
    this.name = 'KnowledgeGoneError';
  }
}

/** The item's content gives no text to index: retrying cannot help (the message says what is empty). */
export class NoTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoTextError';
  }
}

/** The item's stored file is not in storage (deleted behind the service's back): retrying cannot help. */
export class StoredFileMissingError extends Error {
  constructor() {
    super(FailureReasons.missingFile);
    this.name = 'StoredFileMissingError';
  }
}

export interface ChunkSettings {
  chunkSize: number;
  chunkOverlap: number;
}

export interface IngestionSettings extends ChunkSettings {
  limits?: Partial<ExtractLimits>;
}

/** Chunks of extracted pages; no text at all is a NoTextError with `emptyMessage`. */
export function prepareChunks(pages: ExtractedPage[], settings: ChunkSettings, emptyMessage: string): Chunk[] {
  const chunks = chunkPages(pages, { size: settings.chunkSize, overlap: settings.chunkOverlap });
  if (chunks.length === 0) throw new NoTextError(emptyMessage);
  return chunks;
}

/** What is recorded about a fetched web page (kept in metadata.extraction, which the API does not show). */
export interface WebExtraction {
  source: 'web';
  /** The title was not given: the page's own title replaces it. */
  autoTitle?: boolean;
  finalUrl?: string;
  contentType?: string;
  contentHash?: string;
  fetchedAt?: string;
}

export const contentHash = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The item, or KnowledgeGoneError. */
export async function requireItem({ db }: DbDeps, workspaceId: string, knowledgeId: string): Promise<KnowledgeRow> {
  const row = await knowledge.findKnowledge(db, workspaceId, knowledgeId);
  if (!row) throw new KnowledgeGoneError();
  return row;
}

/** A version of the item, or KnowledgeGoneError (the item, or the version, was deleted meanwhile). */
export async function requireVersion(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  version: number,
): Promise<KnowledgeVersionRow> {
  const row = await versions.findVersion(db, workspaceId, knowledgeId, version);
  if (!row) throw new KnowledgeGoneError();
  return row;
}

/** The version a step works on: the given one, or the item's current one. */
async function resolveVersion(db: Tx, workspaceId: string, knowledgeId: string, version?: number): Promise<number> {
  if (version !== undefined) return version;
  const current = await knowledge.currentVersionOf(db, workspaceId, knowledgeId);
  if (current === undefined) throw new KnowledgeGoneError();
  return current;
}

/**
 * Makes the item of an upload (once: a re-run finds it) and links the upload to it. `seen` hears of the
 * upload first (the caller's metrics label it by type).
 */
export async function createKnowledgeForUpload(
  { db }: DbDeps,
  input: {
    workspaceId: string;
    uploadId: string;
    knowledgeId: string;
    unpack?: boolean;
    parentId?: string | null;
    sourceUrl?: string;
  },
  seen: (upload: UploadFileMetadataRow) => void = () => {},
): Promise<void> {
  const { workspaceId, uploadId, knowledgeId } = input;
  await db.transaction(async (trx) => {
    const upload = await uploads.findUpload(trx, workspaceId, uploadId);
    if (!upload) throw new KnowledgeGoneError();
    seen(upload);
    if (upload.knowledge_id) return;
    if (!(await knowledge.findKnowledge(trx, workspaceId, knowledgeId))) {
      await insertUploadItem({ db: trx }, upload, knowledgeId, input);
    }
    await uploads.linkUploadKnowledge(trx, workspaceId, uploadId, knowledgeId);
  });
}

/**
 * The item an upload becomes (BACKGROUND_START), its first version recording the file's hash and who sent it
 * (a synced source's documents: the workspace, services/knowledge/childUploads.ts storeFoundFile). An upload
 * with an external id has it made at once (services/knowledge/uploads.ts acceptUpload), so the id is claimed before
 * the workflow runs; the workflow then finds it.
 */
export async function insertUploadItem(
  { db: trx }: DbDeps,
  upload: UploadFileMetadataRow,
  knowledgeId: string,
  opts: { unpack?: boolean; parentId?: string | null; sourceUrl?: string; externalId?: string },
): Promise<KnowledgeRow> {
  return knowledge.insertKnowledge(trx, upload.workspace_id, {
    id: knowledgeId,
    type: opts.unpack ? 'FOLDER' : 'FILE',
    title: upload.title,
    content: upload.filename,
    url: opts.sourceUrl ?? upload.filename,
    parentId: opts.parentId ?? null,
    status: 'BACKGROUND_START',
    language: upload.language,
    metadata: upload.description ? { description: upload.description } : {},
    sizeBytes: upload.size_bytes,
    storageKey: upload.storage_key,
    mimetype: upload.mimetype,
    filename: upload.filename,
    spaceId: upload.space_id,
    sourceVisibility: upload.source_visibility,
    attributes: upload.attributes,
    externalId: opts.externalId ?? null,
    contentHash: upload.content_hash,
    createdBy: upload.created_by,
  });
}

/**
 * Stores an item's chunks (unembedded; embedItemChunks embeds them), replacing any the version had (without
 * one: the current version).
 */
export async function writeChunks(
  { db: trx }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  chunks: Chunk[],
  version?: number,
): Promise<void> {
  await knowledge.upsertChunks(
    trx,
    workspaceId,
    knowledgeId,
    chunks.map((c) => ({ index: c.index, pageNumber: c.pageNumber, text: c.text, headings: c.headings })),
    version,
  );
}

export type ItemPatch = Parameters<typeof knowledge.updateKnowledgeFields>[3];

/**
 * Writes an item's chunks and field changes together, if the item still exists (else KnowledgeGoneError).
 * A new version's chunks go beside the current ones and leave the item as it is (its switch changes it).
 */
export async function storeItemChunks(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  chunks: Chunk[],
  patch: ItemPatch,
  version?: number,
): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true }))) {
      throw new KnowledgeGoneError();
    }
    await writeChunks({ db: trx }, workspaceId, knowledgeId, chunks, version);
    if (version === undefined) await knowledge.updateKnowledgeFields(trx, workspaceId, knowledgeId, patch);
  });
}

/**
 * Embeds the chunks of [from, to) that have no embedding yet; returns how many. `embed` runs the provider
 * it is given, the live model's (the caller heartbeats around it).
 */
export async function embedItemChunks(
  deps: { db: Db; embeddings: EmbeddingProvider } & TextSchemeDeps,
  workspaceId: string,
  knowledgeId: string,
  range: { from: number; to: number },
  embed: (provider: EmbeddingProvider, texts: string[]) => Promise<number[][]>,
  version?: number,
  /** Runs the write of the vectors (the caller times it). */
  write: (store: () => Promise<void>) => Promise<void> = (store) => store(),
): Promise<number> {
  const v = await resolveVersion(deps.db, workspaceId, knowledgeId, version);
  const pending = (await knowledge.chunkTexts(deps.db, workspaceId, knowledgeId, range, v)).filter((c) => !c.embedded);
  if (pending.length === 0) return 0;
  const scheme = textSchemeOf(deps);
  const readTitle = async () =>
    carriesTitle(scheme) ? (await knowledge.findKnowledge(deps.db, workspaceId, knowledgeId))?.title : null;
  // With the live model, checked again where the vectors are stored (a re-embed may switch meanwhile), and the
  // title the vectors carry, checked again there too (a rename meanwhile: embedded again with the new one).
  await withCurrentTitle(readTitle, (title) =>
    withLiveEmbeddings(deps.embeddings, async (provider) => {
      const vectors = await embedChunkVectors(
        scheme,
        (texts) => embed(provider, texts),
        pending.map((c) => ({ text: c.text, title, headings: c.headings })),
      );
      await write(() =>
        deps.db.transaction(async (trx) => {
          await requireTitle(trx, workspaceId, knowledgeId, title);
          await knowledge.setChunkEmbeddings(
            trx,
            workspaceId,
            knowledgeId,
            pending.map((c, i) => ({ index: c.index, ...vectors[i]! })),
            provider,
            v,
            scheme,
          );
        }),
      );
    }),
  );
  return pending.length;
}

/**
 * The item is COMPLETED on its current version, or (given a version) switched to that version: in one
 * transaction the version is COMPLETED, the item's current_version names it and the item takes its content
 * (file, size, text), so every read and search answers from its chunks from this commit on; never back to a
 * version older than the current one. Repeating it is harmless. KnowledgeGoneError if the item (or the version) went meanwhile.
 */
export async function markItemCompleted(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  version?: number,
): Promise<number> {
  return db.transaction((trx) => completeItem(trx, workspaceId, knowledgeId, version));
}

/** markItemCompleted's work, inside the caller's transaction (`locked`: the item, if the caller locked it). */
async function completeItem(
  trx: Tx,
  workspaceId: string,
  knowledgeId: string,
  version?: number,
  locked?: KnowledgeRow,
): Promise<number> {
  const item = locked ?? (await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true }));
  if (!item) throw new KnowledgeGoneError();
  const v = await requireVersion({ db: trx }, workspaceId, knowledgeId, version ?? item.current_version);
  await versions.updateVersion(trx, workspaceId, knowledgeId, v.number, { status: 'COMPLETED', error: null });
  if (version === undefined || version === item.current_version) {
    await knowledge.updateKnowledgeFields(trx, workspaceId, knowledgeId, {
      status: 'COMPLETED',
      message_error: null,
    });
    return v.number;
  }
  // Only forward: a version that finishes after a newer one became current (an unsure start left it running)
  // is recorded COMPLETED and never takes the item back to older content.
  if (v.number < item.current_version) return item.current_version;
  await switchToVersion({ db: trx }, workspaceId, knowledgeId, item.current_version, v);
  return v.number;
}

/**
 * The item is BACKGROUND_ERROR with the message; returns the item as it was before (none once deleted). A
 * failed new version (not the current one) is recorded on the version alone: the item keeps serving.
 */
export async function markItemFailed(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  message: string,
  version?: number,
): Promise<KnowledgeRow | undefined> {
  const item = await knowledge.findKnowledge(db, workspaceId, knowledgeId);
  if (!item) return undefined;
  const error = message.slice(0, 2000);
  await versions.updateVersion(db, workspaceId, knowledgeId, version ?? item.current_version, {
    status: 'FAILED',
    error,
  });
  if (version !== undefined && version !== item.current_version) return item;
  await knowledge.updateKnowledgeFields(db, workspaceId, knowledgeId, {
    status: 'BACKGROUND_ERROR',
    message_error: error,
  });
  return item;
}

/**
 * Stores a URL item's chunks with what its fetch found: the page's facts in metadata.extraction, its
 * excerpt as the description (unless one was given), its title (when the item was created without one).
 */
export async function storeFetchedChunks(
  { db }: DbDeps,
  item: KnowledgeRow,
  fetched: { finalUrl: string; contentType: string; hashOf: string | Buffer; title?: string; excerpt?: string },
  chunks: Chunk[],
  version?: number,
): Promise<void> {
  // The version records the content's hash (a refetch compares with it) and size.
  const hash = contentHash(fetched.hashOf);
  const recorded = { content_hash: hash, size_bytes: Buffer.byteLength(fetched.hashOf) };
  if (version !== undefined) {
    await storeItemChunks({ db }, item.workspace_id, item.id, chunks, {}, version);
    await versions.updateVersion(db, item.workspace_id, item.id, version, recorded);
    return;
  }
  const previous = (item.metadata.extraction ?? { source: 'web' }) as WebExtraction;
  const extraction: WebExtraction = {
    ...previous,
    finalUrl: fetched.finalUrl,
    contentType: fetched.contentType,
    contentHash: hash,
    fetchedAt: new Date().toISOString(),
  };
  const metadata: Record<string, unknown> = { ...item.metadata, extraction };
  if (fetched.excerpt && metadata.description === undefined) metadata.description = fetched.excerpt.slice(0, 1000);
  await storeItemChunks({ db }, item.workspace_id, item.id, chunks, {
    metadata,
    ...(previous.autoTitle && fetched.title ? { title: fetched.title.slice(0, 1000) } : {}),
  });
  await versions.updateVersion(db, item.workspace_id, item.id, item.current_version, recorded);
}

/**
 * A refetched page whose content hash is the current version's: its new version is removed again, nothing
 * is indexed, and true is returned. KnowledgeGoneError if the item went meanwhile.
 */
export async function dropUnchangedVersion(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  version: number,
  hash: string,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const item = await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true });
    if (!item) throw new KnowledgeGoneError();
    if (version === item.current_version) return false;
    const current = await versions.findVersion(trx, workspaceId, knowledgeId, item.current_version);
    if (current?.content_hash !== hash) return false;
    await versions.deleteVersion(trx, workspaceId, knowledgeId, version);
    return true;
  });
}

export interface ExtractionDeps {
  db: Db;
  storage: BlobStore;
  extractor: Extractor;
  ingestion: IngestionSettings;
  metrics: Metrics;
}

/**
 * Extracts an item's stored file (its current one, or a new version's), chunks the text and stores the
 * chunks with the extraction's facts. `signal` stops the extraction; `onMime` hears the file's type as soon
 * as it is known (for the caller's metrics and failure reasons). Repeating it rewrites the same chunks.
 * Extractors' ExtractionErrors, StoredFileMissingError, NoTextError and KnowledgeGoneError are thrown as
 * they are.
 */
export async function extractItemChunks(
  deps: ExtractionDeps,
  input: { workspaceId: string; knowledgeId: string; version?: number },
  opts: { signal?: AbortSignal; onMime?: (mime: string) => void } = {},
): Promise<{ chunkCount: number; pageCount: number; usage: ExtractionUsage }> {
  const extracted = await extractItemText(deps, input, opts);
  await timeStep(deps.metrics, 'insert', () => storeExtracted(deps, input, extracted));
  return { chunkCount: extracted.chunks.length, pageCount: extracted.pages, usage: extracted.usage };
}

/** A stored file extracted and chunked, not yet stored as chunks. */
export interface ExtractedText {
  chunks: Chunk[];
  pages: number;
  /** What the extraction found (the item's metadata.extraction). */
  facts: Record<string, unknown>;
  usage: ExtractionUsage;
}

/** An item's file extracted and chunked (extractItemText), with the item as it was read. */
export interface ExtractedItem extends ExtractedText {
  item: KnowledgeRow;
}

/** Stores an extracted item's chunks with the extraction's facts (storeItemChunks). */
function storeExtracted(
  { db }: DbDeps,
  input: { workspaceId: string; knowledgeId: string; version?: number },
  { item, chunks, facts }: ExtractedItem,
): Promise<void> {
  const patch = { metadata: { ...item.metadata, extraction: facts } };
  return storeItemChunks({ db }, input.workspaceId, input.knowledgeId, chunks, patch, input.version);
}

type StoredFile = Pick<KnowledgeRow, 'storage_key' | 'mimetype' | 'filename' | 'size_bytes'>;
interface ExtractOpts {
  signal?: AbortSignal;
  onMime?: (mime: string) => void;
}

/** extractItemChunks's reading part: the item's file downloaded, extracted and chunked, nothing stored. */
export async function extractItemText(
  deps: ExtractionDeps,
  input: { workspaceId: string; knowledgeId: string; version?: number },
  opts: ExtractOpts = {},
): Promise<ExtractedItem> {
  const { db } = deps;
  const { workspaceId, knowledgeId, version } = input;
  const item = await requireItem({ db }, workspaceId, knowledgeId);
  // A new version's file is its own; the item keeps the current one until the switch.
  const source = version === undefined ? item : await requireVersion({ db }, workspaceId, knowledgeId, version);
  return { item, ...(await extractStoredFile(deps, source, opts)) };
}

/**
 * An upload's file extracted and chunked before its item is read: what to read is on the upload's record,
 * which the item copies (so a small file's extraction need not wait for its item to be made).
 */
export async function extractUploadText(
  deps: ExtractionDeps,
  input: { workspaceId: string; uploadId: string },
  opts: ExtractOpts = {},
): Promise<ExtractedText> {
  const upload = await uploads.findUpload(deps.db, input.workspaceId, input.uploadId);
  if (!upload) throw new KnowledgeGoneError();
  return extractStoredFile(deps, upload, opts);
}

async function extractStoredFile(deps: ExtractionDeps, source: StoredFile, opts: ExtractOpts): Promise<ExtractedText> {
  const { metrics } = deps;
  if (source.mimetype) opts.onMime?.(source.mimetype);
  if (!source.storage_key || !source.mimetype) throw new KnowledgeGoneError();
  const { storage_key: key, mimetype: mime } = source;
  const fileName = source.filename ?? 'file';
  /** Extracts in this process or a sandbox child, timed as the one or the other. */
  const extractTimed = async (from: ExtractInput) => {
    const started = performance.now();
    const extracted = await deps.extractor.extract(from, mime, fileName, deps.ingestion.limits, {
      signal: opts.signal,
    });
    metrics.ingestionStep.observe(
      { step: extracted.usage.inProcess ? 'extract_in_process' : 'extract_child' },
      (performance.now() - started) / 1000,
    );
    return extracted;
  };
  // The file goes from storage to a private temporary file that the sandbox's child reads: this process
  // holds it in memory only when it is a plain file small enough to extract here (plain.ts). A small plain
  // file (an inline item's size at most) comes straight into memory: no temporary file to make, write, read
  // and remove for a few kilobytes.
  const small = PLAIN_MIME_TYPES.has(mime) && Number(source.size_bytes) <= INLINE_INGEST_MAX_BYTES;
  let doc;
  if (small) {
    const bytes = await timeStep(metrics, 'download', () => deps.storage.get(key));
    if (!bytes) throw new StoredFileMissingError();
    doc = await extractTimed(bytes);
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-ingest-'));
    try {
      const file = path.join(dir, 'upload');
      if (!(await timeStep(metrics, 'download', () => deps.storage.download(key, file)))) {
        throw new StoredFileMissingError();
      }
      doc = await extractTimed({ path: file });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const chunks = await timeStep(metrics, 'chunk', async () =>
    prepareChunks(doc.pages, deps.ingestion, FailureReasons.empty),
  );
  return { chunks, pages: doc.pages.length, facts: doc.metadata, usage: doc.usage };
}

/**
 * A small item's chunks stored, embedded and the item completed, with as few writes on the way to
 * searchable as the steps allow: the chunks are embedded from memory (not read back) while the item is
 * made (`made`: the caller's write of it, which may still be under way) and they are stored, and the
 * vectors are written in the transaction that completes the item. So the wait for the model hides the
 * item's creation and the chunks' insert, and one transaction replaces three (vectors, version, status);
 * the item becomes searchable when it commits. With the `title` text scheme the embedded text carries the
 * item's title, so the model starts once the item is made and hides the chunks' insert only. `embed` runs the live provider (the caller times it and
 * heartbeats around it); `write` runs a write (the caller times it). Returns the version completed and the
 * item as it was before. Repeating it is harmless: the chunks are upserted, the vectors rewritten, the item
 * completed again.
 */
export async function storeAndEmbedItem(
  deps: { db: Db; embeddings: EmbeddingProvider } & TextSchemeDeps,
  input: { workspaceId: string; knowledgeId: string },
  extracted: ExtractedText,
  made: Promise<unknown>,
  embed: (provider: EmbeddingProvider, texts: string[]) => Promise<number[][]>,
  write: <T>(step: 'insert' | 'status', store: () => Promise<T>) => Promise<T> = (_, store) => store(),
): Promise<{ version: number; item: KnowledgeRow }> {
  const { db } = deps;
  const { workspaceId, knowledgeId } = input;
  const stored = (async () => {
    await made;
    const item = await requireItem({ db }, workspaceId, knowledgeId);
    await write('insert', () => storeExtracted({ db }, input, { ...extracted, item }));
    return item;
  })();
  // Failing before it is awaited (the model failed first) must not leave a rejection unhandled.
  stored.catch(() => undefined);
  const scheme = textSchemeOf(deps);
  // A title in the embedded text (domain/embeddingText) is known once the item is made.
  const title = carriesTitle(scheme)
    ? made.then(() => knowledge.findKnowledge(db, workspaceId, knowledgeId)).then((i) => i?.title)
    : undefined;
  title?.catch(() => undefined);
  // The title read once the item is made, then (after a rename meanwhile) read again.
  const readTitle = async (attempt: number) =>
    !title ? undefined : attempt === 1 ? title : (await knowledge.findKnowledge(db, workspaceId, knowledgeId))?.title;
  try {
    return await withCurrentTitle(readTitle, (itemTitle) =>
      withLiveEmbeddings(deps.embeddings, async (provider) => {
        const vectors = await embedChunkVectors(
          scheme,
          (texts) => embed(provider, texts),
          extracted.chunks.map((c) => ({ text: c.text, title: itemTitle, headings: c.headings })),
        );
        const item = await stored;
        const version = await write('status', () =>
          db.transaction(async (trx) => {
            // The item is locked first, as markItemCompleted does, then its vectors and its state are written.
            const locked = await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true });
            if (!locked) throw new KnowledgeGoneError();
            // Vectors carrying a title the item no longer has: embedded again (services/knowledge/titleVectors.ts).
            checkTitle(locked, itemTitle);
            const indexed = extracted.chunks.map((c, i) => ({ index: c.index, ...vectors[i]! }));
            await knowledge.setChunkEmbeddings(
              trx,
              workspaceId,
              knowledgeId,
              indexed,
              provider,
              locked.current_version,
              scheme,
            );
            return completeItem(trx, workspaceId, knowledgeId, undefined, locked);
          }),
        );
        return { version, item };
      }),
    );
  } finally {
    // Never return (or fail) while the item's writes are still under way: a failure recorded on the item
    // must come after them.
    await stored.catch(() => undefined);
  }
}
