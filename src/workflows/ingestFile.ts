import { ActivityFailure, ApplicationFailure, proxyActivities, type RetryPolicy } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { FailureReasons } from '../failureReasons';
import { emitWebhookEvent } from './webhooks';
import {
  ACTIVITY_HEARTBEAT_TIMEOUT,
  EMBED_BATCH_CHUNKS,
  IngestionFailureTypes,
  type IngestFileInput,
  type IngestFileResult,
} from './contracts';

const retry: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  maximumAttempts: 8,
  nonRetryableErrorTypes: [IngestionFailureTypes.extraction, IngestionFailureTypes.knowledgeGone],
};

// Timeouts sized for crash recovery: an attempt lost with its worker is retried within seconds. The long
// steps heartbeat every 2 s while they work (a slow file keeps its attempt); the short ones are a few
// queries each.
const longSteps = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: ACTIVITY_HEARTBEAT_TIMEOUT,
  retry,
});
const shortSteps = proxyActivities<Activities>({ startToCloseTimeout: '20 seconds', retry });

/** Failure types whose messages come from the fixed vocabulary (failureReasons.ts). */
const PUBLIC_FAILURE_TYPES: readonly string[] = [IngestionFailureTypes.extraction, IngestionFailureTypes.knowledgeGone];

/** The reason users see: the vocabulary's, never an exception's text (driver or SQL messages). */
function describeFailure(err: unknown): { message: string; type: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type && PUBLIC_FAILURE_TYPES.includes(cause.type)) {
    return { message: cause.message, type: cause.type };
  }
  return { message: FailureReasons.processingFailed, type: IngestionFailureTypes.processing };
}

/**
 * Ingests one uploaded file: creates its knowledge item (BACKGROUND_START), extracts text per page,
 * chunks it, embeds the chunks in batches, and completes the item (COMPLETED). On a non-retryable
 * failure, or once retries are exhausted, the item moves to BACKGROUND_ERROR with messageError.
 */
export async function ingestFileWorkflow(input: IngestFileInput): Promise<IngestFileResult> {
  const { knowledgeId } = await shortSteps.createKnowledgeForUpload(input);
  let stage: 'extract' | 'embed' | 'complete' = 'extract'; // for the failure metric
  try {
    const { chunkCount, pageCount } = await longSteps.extractAndStoreChunks({ ...input, knowledgeId });
    stage = 'embed';
    for (let from = 0; from < chunkCount; from += EMBED_BATCH_CHUNKS) {
      await longSteps.embedChunks({
        workspaceId: input.workspaceId,
        knowledgeId,
        from,
        to: Math.min(chunkCount, from + EMBED_BATCH_CHUNKS),
      });
    }
    stage = 'complete';
    await shortSteps.completeKnowledge({ workspaceId: input.workspaceId, knowledgeId });
    await emitWebhookEvent(
      input.workspaceId,
      'knowledge.completed',
      { knowledgeId, uploadId: input.uploadId, status: 'COMPLETED', chunkCount, pageCount },
      knowledgeId,
    );
    return { knowledgeId, status: 'COMPLETED', chunkCount, pageCount };
  } catch (err) {
    const failure = describeFailure(err);
    await shortSteps.failKnowledge({ workspaceId: input.workspaceId, knowledgeId, message: failure.message, stage });
    await emitWebhookEvent(
      input.workspaceId,
      'knowledge.failed',
      { knowledgeId, uploadId: input.uploadId, status: 'BACKGROUND_ERROR', messageError: failure.message },
      knowledgeId,
    );
    throw ApplicationFailure.nonRetryable(failure.message, failure.type);
  }
}
