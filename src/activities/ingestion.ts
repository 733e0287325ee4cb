// Ingestion activities. Each is idempotent: the knowledge id is derived from the upload id, chunks are
// upserted by (knowledge, index), and embeddings are written only where missing, so a retried or re-run
// activity never duplicates items or chunks.
import { Context, log } from '@temporalio/activity';
import type { TextSchemeDeps } from '../domain/embeddingText';
import type { EmbeddingProvider } from '../embeddings/provider';
import { timeStep, type IngestionStage } from '../observability/metrics';
import {
  createKnowledgeForUpload,
  embedItemChunks,
  extractItemChunks,
  extractUploadText,
  markItemCompleted,
  markItemFailed,
  requireItem,
  storeAndEmbedItem,
  type ExtractionDeps,
  type IngestionSettings,
} from '../services/knowledge/ingestion';
import type { TemporalDeps } from '../temporal/client';
import { afterVersionChange, type VersionRetention } from '../services/versions/versionRetention';
import { knowledgeIdForUpload } from '../temporal/constants';
import { recordWebhookEvent, type WebhookDeliveryDeps } from '../services/webhooks/webhookDelivery';
import {
  completedEventData,
  type IndexSmallFileInput,
  type IndexSmallFileResult,
  type IngestFileInput,
  type IngestVersionInput,
} from '../workflows/contracts';
import { classifyFailures, extractionFailure } from './failures';
import { withHeartbeat } from './heartbeat';
import { webhookEventId } from './webhooks';

export type { IngestionSettings };

export interface IngestionDeps extends ExtractionDeps, Pick<WebhookDeliveryDeps, 'webhooks'>, TextSchemeDeps {
  embeddings: EmbeddingProvider;
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

  const steps = {
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
        let mime = 'unknown';
        const item = { ...input, version: 'version' in input ? input.version : undefined };
        const { chunkCount, pageCount, usage } = await withHeartbeat('extracting', (signal) =>
          extractItemChunks(deps, item, { signal, onMime: (m) => setMime((mime = m)) }).catch((err: unknown) =>
            extractionFailure(err, mime, input.knowledgeId),
          ),
        );
        log.info('extracted', { knowledgeId: input.knowledgeId, pages: pageCount, usage });
        return { chunkCount, pageCount };
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
  };

  return classifyFailures({
    ...steps,

    /**
     * A small plain file, whole: its item made while its text is extracted and chunked in this process
     * (what to read is on the upload's record), then storeAndEmbedItem (the item's creation and the chunks'
     * insert hidden behind the model's wait, the vectors and the completion in one transaction). Timed as
     * the stages create, extract and embed (its completion is inside the last).
     */
    async indexSmallFile(input: IndexSmallFileInput): Promise<IndexSmallFileResult> {
      const { workspaceId, knowledgeId } = input;
      const made = steps.createKnowledgeForUpload(input);
      let mime = 'unknown';
      const text = await measured('extract', (setMime) =>
        withHeartbeat('extracting', (signal) =>
          extractUploadText(deps, input, { signal, onMime: (m) => setMime((mime = m)) }).catch((err: unknown) =>
            extractionFailure(err, mime, knowledgeId),
          ),
        ),
      ).catch(async (err: unknown) => {
        // Not before the item is made: a failure the workflow records on it must find it (and the item's
        // own failure, its upload gone, comes first).
        await made;
        throw err;
      });
      const { version, item } = await measured('embed', async (setMime) => {
        setMime(mime);
        return storeAndEmbedItem(
          deps,
          { workspaceId, knowledgeId },
          text,
          made,
          (provider, texts) =>
            timeStep(metrics, 'embed', () =>
              withHeartbeat({ embedding: texts.length }, () => provider.embedDocuments(texts)),
            ),
          (step, write) => timeStep(metrics, step, write),
        );
      });
      if (item.status !== 'COMPLETED') finished(item, 'completed');
      const stored = { chunkCount: text.chunks.length, pageCount: text.pages };
      if (!input.completedEvent) return { ...stored, version };
      // The event the workflow recorded by a local activity before 'small-file-completed-event', with the same
      // id (the workflow's id and the event type), so a retried attempt records it once.
      const workflowId = Context.current().info.workflowExecution?.workflowId ?? knowledgeId;
      // Like the workflow's own recording, the event never fails the item: if it cannot be recorded here, the
      // answer carries none and the workflow records it by a local activity, as before.
      const completedEvent = await recordWebhookEvent(
        deps,
        {
          workspaceId,
          type: 'knowledge.completed',
          timestamp: new Date().toISOString(),
          data: completedEventData(knowledgeId, { uploadId: input.uploadId }, version, stored),
        },
        webhookEventId('knowledge.completed', workflowId),
      ).catch((err: unknown) => {
        log.warn('knowledge.completed not recorded by the activity; the workflow records it', {
          knowledgeId,
          error: String(err),
        });
        return undefined;
      });
      return { ...stored, version, ...(completedEvent ? { completedEvent } : {}) };
    },
  });
}
