import type { IngestSourceInput, IngestSourceResult } from './contracts';
import { indexingSteps, indexItem } from './indexing';

/**
 * Indexes a STRING item (its content is the text) or a URL item (its page is fetched and its main text
 * extracted) through the same path as files: chunks stored, embedded in batches, item completed.
 */
export async function ingestSourceWorkflow(input: IngestSourceInput): Promise<IngestSourceResult> {
  const steps = indexingSteps(input.inline);
  const { chunkCount } = await indexItem(
    input.workspaceId,
    input.knowledgeId,
    () => (input.source === 'text' ? steps.long.chunkStoredText(input) : steps.long.fetchAndStoreChunks(input)),
    {},
    steps,
  );
  return { knowledgeId: input.knowledgeId, status: 'COMPLETED', chunkCount };
}
