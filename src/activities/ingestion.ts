// Ingestion activities. Each is idempotent: the knowledge id is derived from the upload id, chunks are
// upserted by (knowledge, index), and embeddings are written only where missing, so a retried or re-run
// activity never duplicates items or chunks.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure, log } from '@temporalio/activity';
import type { Db, Tx } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import * as uploads from '../db/repositories/uploads';
import type { EmbeddingProvider } from '../embeddings/provider';
import { chunkPages, type Chunk } from '../extract/chunk';
import type { Extractor } from '../extract';
import type { SandboxedExtractionError } from '../extract/sandbox';
import {
  ExtractionError,
  FailureReasons,
  type ExtractedPage,
  type ExtractLimits,
  failureReason,
} from '../extract/types';
import type { IngestionStage, Metrics } from '../observability/metrics';
import type { BlobStore } from '../storage/blobStore';
import { knowledgeIdForUpload } from '../temporal/constants';
import { IngestionFailureTypes, type IngestFileInput } from '../workflows/contracts';
import { withHeartbeat } from './heartbeat';

export interface IngestionSettings {
  chunkSize: number;
  chunkOverlap: number;
  limits?: Partial<ExtractLimits>;
}

export interface IngestionDeps {
  db: Db;
  storage: BlobStore;
  extractor: Extractor;
  embeddings: EmbeddingProvider;
  ingestion: IngestionSettings;
  metrics: Metrics;
}

export const gone = () => ApplicationFailure.nonRetryable(FailureReasons.deleted, IngestionFailureTypes.knowledgeGone);

/**
 * An extractor's failure as the item shows it: the fixed reason for users (FailureReasons), the detail
 * (which may quote a parser) for operators' logs. Anything else is rethrown (retried).
 */
export function extractionFailure(err: unknown, mime: string, knowledgeId: string): never {
  if (!(err instanceof ExtractionError)) throw err;
  const reason = failureReason(err, mime);
  log.warn('extraction failed', {
    knowledgeId,
    code: err.code,
    reason,
    detail: err.message,
    usage: (err as SandboxedExtractionError).usage,
  });
  throw ApplicationFailure.nonRetryable(reason, IngestionFailureTypes.extraction, { code: err.code });
}

/** Chunks of extracted pages; no text at all is a non-retryable extraction failure. */
export function prepareChunks(pages: ExtractedPage[], settings: IngestionSettings, emptyMessage: string): Chunk[] {
  const chunks = chunkPages(pages, { size: settings.chunkSize, overlap: settings.chunkOverlap });
  if (chunks.length === 0) throw ApplicationFailure.nonRetryable(emptyMessage, IngestionFailureTypes.extraction);
  return chunks;
}

/** Stores an item's chunks (unembedded; embedChunks embeds them), replacing any it had. */
export async function writeChunks(trx: Tx, workspaceId: string, knowledgeId: string, chunks: Chunk[]): Promise<void> {
  await knowledge.upsertChunks(
    trx,
    workspaceId,
    knowledgeId,
    chunks.map((c) => ({ index: c.index, pageNumber: c.pageNumber, text: c.text })),
  );
}

/** Writes an item's chunks and field changes together, if the item still exists (else KnowledgeGone). */
export async function storeItemChunks(
  db: Db,
  workspaceId: string,
  knowledgeId: string,
  chunks: Chunk[],
  patch: Parameters<typeof knowledge.updateKnowledgeFields>[3],
): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true }))) throw gone();
    await writeChunks(trx, workspaceId, knowledgeId, chunks);
    await knowledge.updateKnowledgeFields(trx, workspaceId, knowledgeId, patch);
  });
}

export function createIngestionActivities(deps: IngestionDeps) {
  const { db, metrics } = deps;

  /** Times one stage attempt by MIME type and outcome (a retried attempt counts again). */
  async function measured<T>(stage: IngestionStage, run: (setMime: (mime: string) => void) => Promise<T>) {
    let mime = 'unknown';
    const end = metrics.ingestionStageDuration.startTimer({ stage });
    try {
      const out = await run((m) => (mime = m));
      end({ mime, outcome: 'success' });
      return out;
    } catch (err) {
      end({ mime, outcome: 'failure' });
      throw err;
    }
  }

  /** The end-to-end figures, once an item reaches COMPLETED or BACKGROUND_ERROR. */
  function finished(item: { mimetype: string | null; created_at: Date }, outcome: 'completed' | 'failed') {
    const seconds = Math.max(0, (Date.now() - item.created_at.getTime()) / 1000);
    metrics.ingestionDuration.observe({ mime: item.mimetype ?? 'unknown', outcome }, seconds);
  }

  async function requireItem(workspaceId: string, knowledgeId: string) {
    const row = await knowledge.findKnowledge(db, workspaceId, knowledgeId);
    if (!row) throw gone();
    return row;
  }

  return {
    async createKnowledgeForUpload(input: IngestFileInput): Promise<{ knowledgeId: string }> {
      const knowledgeId = knowledgeIdForUpload(input.uploadId);
      await measured('create', (setMime) =>
        db.transaction(async (trx) => {
          const upload = await uploads.findUpload(trx, input.workspaceId, input.uploadId);
          if (!upload) {
            throw gone();
          }
          setMime(upload.mimetype);
          if (upload.knowledge_id) return;
          const existing = await knowledge.findKnowledge(trx, input.workspaceId, knowledgeId);
          if (!existing) {
            await knowledge.insertKnowledge(trx, input.workspaceId, {
              id: knowledgeId,
              type: input.unpack ? 'FOLDER' : 'FILE',
              title: upload.title,
              content: upload.filename,
              url: input.sourceUrl ?? upload.filename,
              parentId: input.parentId ?? null,
              status: 'BACKGROUND_START',
              language: upload.language,
              metadata: upload.description ? { description: upload.description } : {},
              sizeBytes: upload.size_bytes,
              storageKey: upload.storage_key,
              mimetype: upload.mimetype,
              filename: upload.filename,
              spaceId: upload.space_id,
              sourceVisibility: upload.source_visibility,
            });
          }
          await uploads.linkUploadKnowledge(trx, input.workspaceId, input.uploadId, knowledgeId);
        }),
      );
      return { knowledgeId };
    },

    async extractAndStoreChunks(
      input: IngestFileInput & { knowledgeId: string },
    ): Promise<{ chunkCount: number; pageCount: number }> {
      return measured('extract', async (setMime) => {
        const item = await requireItem(input.workspaceId, input.knowledgeId);
        if (item.mimetype) setMime(item.mimetype);
        if (!item.storage_key || !item.mimetype) throw gone();
        const { storage_key: key, mimetype: mime } = item;
        // The file goes from storage to a private temporary file that the sandbox's child reads: this
        // process never holds it in memory.
        const doc = await withHeartbeat('extracting', async (signal) => {
          const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-ingest-'));
          try {
            const file = path.join(dir, 'upload');
            if (!(await deps.storage.download(key, file))) {
              throw ApplicationFailure.nonRetryable(FailureReasons.missingFile, IngestionFailureTypes.extraction);
            }
            return await deps.extractor.extract({ path: file }, mime, item.filename ?? 'file', deps.ingestion.limits, {
              signal,
            });
          } catch (err) {
            return extractionFailure(err, mime, input.knowledgeId);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        });
        log.info('extracted', { knowledgeId: input.knowledgeId, pages: doc.pages.length, usage: doc.usage });
        const chunks = prepareChunks(doc.pages, deps.ingestion, FailureReasons.empty);
        await storeItemChunks(db, input.workspaceId, input.knowledgeId, chunks, {
          metadata: { ...item.metadata, extraction: doc.metadata },
        });
        return { chunkCount: chunks.length, pageCount: doc.pages.length };
      });
    },

    async embedChunks(input: { workspaceId: string; knowledgeId: string; from: number; to: number }): Promise<number> {
      return measured('embed', async (setMime) => {
        const item = await requireItem(input.workspaceId, input.knowledgeId);
        if (item.mimetype) setMime(item.mimetype);
        const pending = (
          await knowledge.chunkTexts(db, input.workspaceId, input.knowledgeId, { from: input.from, to: input.to })
        ).filter((c) => !c.embedded);
        if (pending.length === 0) return 0;
        const vectors = await withHeartbeat({ embedding: pending.length }, () =>
          deps.embeddings.embedDocuments(pending.map((c) => c.text)),
        );
        await knowledge.setChunkEmbeddings(
          db,
          input.workspaceId,
          input.knowledgeId,
          pending.map((c, i) => ({ index: c.index, vector: vectors[i]! })),
          deps.embeddings,
        );
        return pending.length;
      });
    },

    async completeKnowledge(input: { workspaceId: string; knowledgeId: string }): Promise<void> {
      await measured('complete', async (setMime) => {
        const item = await requireItem(input.workspaceId, input.knowledgeId);
        if (item.mimetype) setMime(item.mimetype);
        const n = await knowledge.updateKnowledgeFields(db, input.workspaceId, input.knowledgeId, {
          status: 'COMPLETED',
          message_error: null,
        });
        if (n === 0) throw gone();
        if (item.status !== 'COMPLETED') finished(item, 'completed');
      });
    },

    /** Records the failure on the item (and in the metrics, by the stage that failed); a deleted item is nothing to record on. */
    async failKnowledge(input: {
      workspaceId: string;
      knowledgeId: string;
      message: string;
      stage?: IngestionStage;
    }): Promise<void> {
      const item = await knowledge.findKnowledge(db, input.workspaceId, input.knowledgeId);
      await knowledge.updateKnowledgeFields(db, input.workspaceId, input.knowledgeId, {
        status: 'BACKGROUND_ERROR',
        message_error: input.message.slice(0, 2000),
      });
      if (item && item.status !== 'BACKGROUND_ERROR') {
        metrics.ingestionFailures.inc({ mime: item.mimetype ?? 'unknown', stage: input.stage ?? 'unknown' });
        finished(item, 'failed');
      }
    },
  };
}
