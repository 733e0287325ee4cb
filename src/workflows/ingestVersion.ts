import type { IngestVersionInput, IngestVersionResult } from './contracts';
import { indexingSteps, indexItem } from './indexing';

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
  return {
    knowledgeId: input.knowledgeId,
    version: input.version,
    status: 'COMPLETED',
    chunkCount,
    ...(unchanged ? { unchanged } : {}),
  };
}
