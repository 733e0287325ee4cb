import type { IngestVersionInput, IngestVersionResult } from './contracts';
import { patched } from '@temporalio/workflow';
import { indexingSteps, indexItem } from './indexing';
import { emitWebhookEvent } from './webhooks';

/**
 * Indexes a new version of an item (a replaced file or text) through the shared indexing path, beside the
 * version that serves: its chunks carry its number, and completing it switches the item to it in one
 * transaction. A failure leaves the item on its current version and records the failure on the version.
 */
export async function ingestVersionWorkflow(input: IngestVersionInput): Promise<IngestVersionResult> {
  const steps = indexingSteps(input.inline);
  const store = {
    file: () => steps.long.extractAndStoreChunks(input),
    text: () => steps.long.chunkStoredText(input),
    url: () => steps.long.fetchAndStoreChunks(input),
  }[input.source];
  const { chunkCount, unchanged } = await indexItem<{ chunkCount: number; unchanged?: boolean }>(
    input.workspaceId,
    input.knowledgeId,
    store,
    {},
    steps,
    input.version,
  );
  const result: IngestVersionResult = {
    knowledgeId: input.knowledgeId,
    version: input.version,
    status: 'COMPLETED',
    chunkCount,
    ...(unchanged ? { unchanged } : {}),
  };
  // A new version became current (a run started before this event existed replays without it); a refetch
  // whose page had not changed dropped its version, and nothing changed.
  if (!unchanged && patched('knowledge-updated-event')) {
    await emitWebhookEvent(
      input.workspaceId,
      'knowledge.updated',
      { knowledgeId: input.knowledgeId, version: input.version, status: 'COMPLETED', chunkCount },
      input.knowledgeId,
      steps.recordWebhookEvent,
    );
  }
  return result;
}
