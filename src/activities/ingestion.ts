// Ingestion activities. Each is idempotent: the knowledge id is derived from the upload id, chunks are
// upserted by (knowledge, index), and embeddings are written only where missing, so a retried or re-run
// activity never duplicates items or chunks.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApplicationFailure, log } from '@temporalio/activity';
import type { Db } from '../db/knex';
import type { EmbeddingProvider } from '../embeddings/provider';
import type { Extractor } from '../extract';
import { PLAIN_MIME_TYPES } from '../extract/plain';
import type { ExtractInput } from '../extract/sandbox';
import { FailureReasons, type ExtractLimits } from '../extract/types';
import { timeStep, type IngestionStage, type Metrics } from '../observability/metrics';
import {
  createKnowledgeForUpload,
  embedItemChunks,
  KnowledgeGoneError,
  markItemCompleted,
  markItemFailed,
  prepareChunks,
  requireItem,
  requireVersion,
  storeItemChunks,
  type ChunkSettings,
} from '../services/knowledge/ingestion';
import type { BlobStore } from '../storage/blobStore';
import type { TemporalDeps } from '../temporal/client';
import { afterVersionChange, type VersionRetention } from '../services/versions/versionRetention';
import { knowledgeIdForUpload } from '../temporal/constants';
import {
  INLINE_INGEST_MAX_BYTES,
  IngestionFailureTypes,
  type IngestFileInput,
  type IngestVersionInput,
} from '../workflows/contracts';
import { classifyFailures, extractionFailure } from './failures';
import { withHeartbeat } from './heartbeat';

export interface IngestionSettings extends ChunkSettings {
  limits?: Partial<ExtractLimits>;
}

export interface IngestionDeps {
  db: Db;
  storage: BlobStore;
  extractor: Extractor;
  embeddings: EmbeddingProvider;
  ingestion: IngestionSettings;
  metrics: Metrics;
  /** Versions no longer current: their retention purge and the per-item cap (none: not scheduled). */
  temporal?: TemporalDeps;
  versionRetention?: VersionRetention;
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

  return classifyFailures({
    async createKnowledgeForUpload(input: IngestFileInput): Promise<{ knowledgeId: string }> {
      const knowledgeId = knowledgeIdForUpload(input.uploadId);
      await measured('create', (setMime) =>
        timeStep(metrics, 'status', () =>
          createKnowledgeForUpload({ db }, { ...input, knowledgeId }, (upload) => setMime(upload.mimetype)),
        ),
      );
      return { knowledgeId };
    },

    async extractAndStoreChunks(
      input: (IngestFileInput & { knowledgeId: string }) | IngestVersionInput,
    ): Promise<{ chunkCount: number; pageCount: number }> {
      return measured('extract', async (setMime) => {
        const item = await requireItem({ db }, input.workspaceId, input.knowledgeId);
        // A new version's file is its own; the item keeps the current one until the switch.
        const version = 'version' in input ? input.version : undefined;
        const source =
          version === undefined ? item : await requireVersion({ db }, input.workspaceId, input.knowledgeId, version);
        if (source.mimetype) setMime(source.mimetype);
        if (!source.storage_key || !source.mimetype) throw new KnowledgeGoneError();
        const { storage_key: key, mimetype: mime } = source;
        const fileName = source.filename ?? 'file';
        /** Extracts in this process or a sandbox child, timed as the one or the other. */
        const extractTimed = async (from: ExtractInput, signal?: AbortSignal) => {
          const started = performance.now();
          const extracted = await deps.extractor.extract(from, mime, fileName, deps.ingestion.limits, { signal });
          metrics.ingestionStep.observe(
            { step: extracted.usage.inProcess ? 'extract_in_process' : 'extract_child' },
            (performance.now() - started) / 1000,
          );
          return extracted;
        };
        // The file goes from storage to a private temporary file that the sandbox's child reads: this
        // process holds it in memory only when it is a plain file small enough to extract here (plain.ts).
        // A small plain file (an inline item's size at most) comes straight into memory: no temporary file
        // to make, write, read and remove for a few kilobytes.
        const small = PLAIN_MIME_TYPES.has(mime) && Number(source.size_bytes) <= INLINE_INGEST_MAX_BYTES;
        const doc = await withHeartbeat('extracting', async (signal) => {
          if (small) {
            try {
              const bytes = await timeStep(metrics, 'download', () => deps.storage.get(key));
              if (!bytes) {
                throw ApplicationFailure.nonRetryable(FailureReasons.missingFile, IngestionFailureTypes.extraction);
              }
              return await extractTimed(bytes, signal);
            } catch (err) {
              return extractionFailure(err, mime, input.knowledgeId);
            }
          }
          const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-ingest-'));
          try {
            const file = path.join(dir, 'upload');
            if (!(await timeStep(metrics, 'download', () => deps.storage.download(key, file)))) {
              throw ApplicationFailure.nonRetryable(FailureReasons.missingFile, IngestionFailureTypes.extraction);
            }
            return await extractTimed({ path: file }, signal);
          } catch (err) {
            return extractionFailure(err, mime, input.knowledgeId);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        });
        log.info('extracted', { knowledgeId: input.knowledgeId, pages: doc.pages.length, usage: doc.usage });
        const chunks = await timeStep(metrics, 'chunk', async () =>
          prepareChunks(doc.pages, deps.ingestion, FailureReasons.empty),
        );
        await timeStep(metrics, 'insert', () =>
          storeItemChunks(
            { db },
            input.workspaceId,
            input.knowledgeId,
            chunks,
            { metadata: { ...item.metadata, extraction: doc.metadata } },
            version,
          ),
        );
        return { chunkCount: chunks.length, pageCount: doc.pages.length };
      });
    },

    async embedChunks(input: {
      workspaceId: string;
      knowledgeId: string;
      from: number;
      to: number;
      version?: number;
    }): Promise<number> {
      return measured('embed', async (setMime) => {
        const item = await requireItem({ db }, input.workspaceId, input.knowledgeId);
        if (item.mimetype) setMime(item.mimetype);
        const range = { from: input.from, to: input.to };
        return embedItemChunks(
          deps,
          input.workspaceId,
          input.knowledgeId,
          range,
          (provider, texts) =>
            timeStep(metrics, 'embed', () =>
              withHeartbeat({ embedding: texts.length }, () => provider.embedDocuments(texts)),
            ),
          input.version,
          (write) => timeStep(metrics, 'insert', write),
        );
      });
    },

    async completeKnowledge(input: {
      workspaceId: string;
      knowledgeId: string;
      version?: number;
    }): Promise<{ version: number }> {
      return measured('complete', async (setMime) => {
        const item = await requireItem({ db }, input.workspaceId, input.knowledgeId);
        if (item.mimetype) setMime(item.mimetype);
        const version = await timeStep(metrics, 'status', () =>
          markItemCompleted({ db }, input.workspaceId, input.knowledgeId, input.version),
        );
        if (input.version !== undefined && deps.temporal && deps.versionRetention) {
          const { temporal, versionRetention } = deps;
          await afterVersionChange({ db, temporal, versionRetention }, input.workspaceId, input.knowledgeId);
        }
        if (item.status !== 'COMPLETED') finished(item, 'completed');
        return { version };
      });
    },

    /** Records the failure on the item (and in the metrics, by the stage that failed); a deleted item is nothing to record on. */
    async failKnowledge(input: {
      workspaceId: string;
      knowledgeId: string;
      message: string;
      stage?: IngestionStage;
      version?: number;
    }): Promise<void> {
      const item = await markItemFailed({ db }, input.workspaceId, input.knowledgeId, input.message, input.version);
      // A failed version is purged by the retention timer too, not only by the version cap.
      if (item && input.version !== undefined && deps.temporal && deps.versionRetention) {
        const { temporal, versionRetention } = deps;
        await afterVersionChange({ db, temporal, versionRetention }, input.workspaceId, input.knowledgeId);
      }
      if (item && item.status !== 'BACKGROUND_ERROR') {
        metrics.ingestionFailures.inc({ mime: item.mimetype ?? 'unknown', stage: input.stage ?? 'unknown' });
        finished(item, 'failed');
      }
    },
  });
}
