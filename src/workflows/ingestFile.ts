import type { IngestFileInput, IngestFileResult } from './contracts';
import { indexItem, longSteps, shortSteps } from './indexing';

/**
 * Ingests one uploaded file: creates its knowledge item (BACKGROUND_START), extracts text per page and
 * chunks it, then the shared indexing path embeds the chunks and completes the item (COMPLETED), or
 * records BACKGROUND_ERROR with messageError.
 */
export async function ingestFileWorkflow(input: IngestFileInput): Promise<IngestFileResult> {
  const { knowledgeId } = await shortSteps.createKnowledgeForUpload(input);
  const { chunkCount, pageCount } = await indexItem(
    input.workspaceId,
    knowledgeId,
    () => longSteps.extractAndStoreChunks({ ...input, knowledgeId }),
    { uploadId: input.uploadId },
  );
  return { knowledgeId, status: 'COMPLETED', chunkCount, pageCount };
}
