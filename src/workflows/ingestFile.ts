import type { IngestFileInput, IngestFileResult } from './contracts';
import { indexingSteps, indexItem } from './indexing';

/**
 * Ingests one uploaded file: creates its knowledge item (BACKGROUND_START), extracts text per page and
 * chunks it, then the shared indexing path embeds the chunks and completes the item (COMPLETED), or
 * records BACKGROUND_ERROR with messageError.
 */
export async function ingestFileWorkflow(input: IngestFileInput): Promise<IngestFileResult> {
  const steps = indexingSteps(input.inline);
  const { knowledgeId } = await steps.short.createKnowledgeForUpload(input);
  const { chunkCount, pageCount } = await indexItem(
    input.workspaceId,
    knowledgeId,
    () => steps.long.extractAndStoreChunks({ ...input, knowledgeId }),
    { uploadId: input.uploadId },
    steps,
  );
  return { knowledgeId, status: 'COMPLETED', chunkCount, pageCount };
}
