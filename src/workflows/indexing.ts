// The one indexing path every source shares (files, text, URL pages, crawled pages): an activity stores
// an item's chunks, then they are embedded in batches and the item is completed. On a non-retryable
// failure, or once retries are exhausted, the item moves to BACKGROUND_ERROR with messageError.
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { EMBED_BATCH_CHUNKS, IngestionFailureTypes } from './contracts';

export const ingestionActivities = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 8,
    nonRetryableErrorTypes: [IngestionFailureTypes.extraction, IngestionFailureTypes.knowledgeGone],
  },
});

export function describeFailure(err: unknown): { message: string; type: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure) {
    return { message: cause.message, type: cause.type ?? IngestionFailureTypes.processing };
  }
  return {
    message: cause instanceof Error ? cause.message : 'Processing failed',
    type: IngestionFailureTypes.processing,
  };
}

/** Runs `storeChunks` (an activity that writes the item's chunks), embeds them and completes the item. */
export async function indexItem<T extends { chunkCount: number }>(
  workspaceId: string,
  knowledgeId: string,
  storeChunks: () => Promise<T>,
): Promise<T> {
  try {
    const stored = await storeChunks();
    await embedAndComplete(workspaceId, knowledgeId, stored.chunkCount);
    return stored;
  } catch (err) {
    const failure = describeFailure(err);
    await ingestionActivities.failKnowledge({ workspaceId, knowledgeId, message: failure.message });
    throw ApplicationFailure.nonRetryable(failure.message, failure.type);
  }
}

async function embedAndComplete(workspaceId: string, knowledgeId: string, chunkCount: number): Promise<void> {
  for (let from = 0; from < chunkCount; from += EMBED_BATCH_CHUNKS) {
    await ingestionActivities.embedChunks({
      workspaceId,
      knowledgeId,
      from,
      to: Math.min(chunkCount, from + EMBED_BATCH_CHUNKS),
    });
  }
  await ingestionActivities.completeKnowledge({ workspaceId, knowledgeId });
}
