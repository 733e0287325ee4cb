import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { emitWebhookEvent } from './webhooks';
import { EMBED_BATCH_CHUNKS, IngestionFailureTypes, type IngestFileInput, type IngestFileResult } from './contracts';

const activities = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  // Activities heartbeat every 5 s while working: a worker killed mid-activity is noticed within 30 s.
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 8,
    nonRetryableErrorTypes: [IngestionFailureTypes.extraction, IngestionFailureTypes.knowledgeGone],
  },
});

function describeFailure(err: unknown): { message: string; type: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure) {
    return { message: cause.message, type: cause.type ?? IngestionFailureTypes.processing };
  }
  return {
    message: cause instanceof Error ? cause.message : 'File processing failed',
    type: IngestionFailureTypes.processing,
  };
}

/**
 * Ingests one uploaded file: creates its knowledge item (BACKGROUND_START), extracts text per page,
 * chunks it, embeds the chunks in batches, and completes the item (COMPLETED). On a non-retryable
 * failure, or once retries are exhausted, the item moves to BACKGROUND_ERROR with messageError.
 */
export async function ingestFileWorkflow(input: IngestFileInput): Promise<IngestFileResult> {
  const { knowledgeId } = await activities.createKnowledgeForUpload(input);
  let stage: 'extract' | 'embed' | 'complete' = 'extract'; // for the failure metric
  try {
    const { chunkCount, pageCount } = await activities.extractAndStoreChunks({ ...input, knowledgeId });
    stage = 'embed';
    for (let from = 0; from < chunkCount; from += EMBED_BATCH_CHUNKS) {
      await activities.embedChunks({
        workspaceId: input.workspaceId,
        knowledgeId,
        from,
        to: Math.min(chunkCount, from + EMBED_BATCH_CHUNKS),
      });
    }
    stage = 'complete';
    await activities.completeKnowledge({ workspaceId: input.workspaceId, knowledgeId });
    await emitWebhookEvent(
      input.workspaceId,
      'knowledge.completed',
      { knowledgeId, uploadId: input.uploadId, status: 'COMPLETED', chunkCount, pageCount },
      knowledgeId,
    );
    return { knowledgeId, status: 'COMPLETED', chunkCount, pageCount };
  } catch (err) {
    const failure = describeFailure(err);
    await activities.failKnowledge({ workspaceId: input.workspaceId, knowledgeId, message: failure.message, stage });
    await emitWebhookEvent(
      input.workspaceId,
      'knowledge.failed',
      { knowledgeId, uploadId: input.uploadId, status: 'BACKGROUND_ERROR', messageError: failure.message },
      knowledgeId,
    );
    throw ApplicationFailure.nonRetryable(failure.message, failure.type);
  }
}
