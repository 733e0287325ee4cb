// Ingestion activities. Each is idempotent: the knowledge id is derived from the upload id, chunks are
// upserted by (knowledge, index), and embeddings are written only where missing, so a retried or re-run
// activity never duplicates items or chunks.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Db, Tx } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import * as uploads from '../db/repositories/uploads';
import type { EmbeddingProvider } from '../embeddings/provider';
import { chunkPages, type Chunk } from '../extract/chunk';
import type { Extractor } from '../extract';
import { ExtractionError, type ExtractedPage, type ExtractLimits } from '../extract/types';
import type { BlobStore } from '../storage/blobStore';
import { knowledgeIdForUpload } from '../temporal/constants';
import { IngestionFailureTypes, type IngestFileInput } from '../workflows/contracts';

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
    if (!(await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true }))) throw gone(knowledgeId);
    await writeChunks(trx, workspaceId, knowledgeId, chunks);
    await knowledge.updateKnowledgeFields(trx, workspaceId, knowledgeId, patch);
  });
}

export const gone = (knowledgeId: string) =>
  ApplicationFailure.nonRetryable(
    `Knowledge item ${knowledgeId} was deleted during processing`,
    IngestionFailureTypes.knowledgeGone,
  );

export function createIngestionActivities(deps: IngestionDeps) {
  const { db } = deps;

  async function requireItem(workspaceId: string, knowledgeId: string) {
    const row = await knowledge.findKnowledge(db, workspaceId, knowledgeId);
    if (!row) throw gone(knowledgeId);
    return row;
  }

  return {
    async createKnowledgeForUpload(input: IngestFileInput): Promise<{ knowledgeId: string }> {
      const knowledgeId = knowledgeIdForUpload(input.uploadId);
      await db.transaction(async (trx) => {
        const upload = await uploads.findUpload(trx, input.workspaceId, input.uploadId);
        if (!upload) {
          throw ApplicationFailure.nonRetryable(
            `Upload ${input.uploadId} not found`,
            IngestionFailureTypes.knowledgeGone,
          );
        }
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
      });
      return { knowledgeId };
    },

    async extractAndStoreChunks(
      input: IngestFileInput & { knowledgeId: string },
    ): Promise<{ chunkCount: number; pageCount: number }> {
      const item = await requireItem(input.workspaceId, input.knowledgeId);
      if (!item.storage_key || !item.mimetype) throw gone(input.knowledgeId);
      const bytes = await deps.storage.get(item.storage_key);
      if (!bytes) throw ApplicationFailure.nonRetryable('The stored file is missing', IngestionFailureTypes.extraction);
      Context.current().heartbeat('extracting');
      let doc;
      try {
        doc = await deps.extractor.extract(bytes, item.mimetype, item.filename ?? 'file', deps.ingestion.limits);
      } catch (err) {
        if (err instanceof ExtractionError) {
          throw ApplicationFailure.nonRetryable(err.message, IngestionFailureTypes.extraction, { code: err.code });
        }
        throw err;
      }
      Context.current().heartbeat('chunking');
      const chunks = prepareChunks(doc.pages, deps.ingestion, 'No text could be extracted from the file');
      await storeItemChunks(db, input.workspaceId, input.knowledgeId, chunks, {
        metadata: { ...item.metadata, extraction: doc.metadata },
      });
      return { chunkCount: chunks.length, pageCount: doc.pages.length };
    },

    async embedChunks(input: { workspaceId: string; knowledgeId: string; from: number; to: number }): Promise<number> {
      await requireItem(input.workspaceId, input.knowledgeId);
      const pending = (
        await knowledge.chunkTexts(db, input.workspaceId, input.knowledgeId, { from: input.from, to: input.to })
      ).filter((c) => !c.embedded);
      if (pending.length === 0) return 0;
      Context.current().heartbeat({ embedding: pending.length });
      const vectors = await deps.embeddings.embedDocuments(pending.map((c) => c.text));
      await knowledge.setChunkEmbeddings(
        db,
        input.workspaceId,
        input.knowledgeId,
        pending.map((c, i) => ({ index: c.index, vector: vectors[i]! })),
        deps.embeddings,
      );
      return pending.length;
    },

    async completeKnowledge(input: { workspaceId: string; knowledgeId: string }): Promise<void> {
      const n = await knowledge.updateKnowledgeFields(db, input.workspaceId, input.knowledgeId, {
        status: 'COMPLETED',
        message_error: null,
      });
      if (n === 0) throw gone(input.knowledgeId);
    },

    /** Records the failure on the item; a deleted item is nothing to record on. */
    async failKnowledge(input: { workspaceId: string; knowledgeId: string; message: string }): Promise<void> {
      await knowledge.updateKnowledgeFields(db, input.workspaceId, input.knowledgeId, {
        status: 'BACKGROUND_ERROR',
        message_error: input.message.slice(0, 2000),
      });
    },
  };
}
