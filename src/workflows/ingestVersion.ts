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
  const { chunkCount } = await indexItem(
    input.workspaceId,
    input.knowledgeId,
    () => (input.source === 'file' ? steps.long.extractAndStoreChunks(input) : steps.long.chunkStoredText(input)),
    {},
    steps,
    input.version,
  );
  // A new version became current (a run started before this event existed replays without it).
  if (patched('knowledge-updated-event')) {
    await emitWebhookEvent(
      input.workspaceId,
      'knowledge.updated',
      { knowledgeId: input.knowledgeId, version: input.version, status: 'COMPLETED', chunkCount },
      input.knowledgeId,
      steps.recordWebhookEvent,
    );
  }
  return { knowledgeId: input.knowledgeId, version: input.version, status: 'COMPLETED', chunkCount };
}
