import { patched } from '@temporalio/workflow';
import type { IngestFileInput, IngestFileResult } from './contracts';
import { indexingSteps, indexItem, indexSmallFile } from './indexing';

/**
 * Ingests one uploaded file: creates its knowledge item (BACKGROUND_START), extracts text per page and
 * chunks it, then the shared indexing path embeds the chunks and completes the item (COMPLETED), or
 * records BACKGROUND_ERROR with messageError. A small plain file given its item's id does all of it in one
 * activity task (indexSmallFile); a run started before 'inline-one-activity' replays the steps one by one.
 */
export async function ingestFileWorkflow(input: IngestFileInput): Promise<IngestFileResult> {
  const { knowledgeId: given } = input;
  if (input.inline && given !== undefined && patched('inline-one-activity')) {
    const { chunkCount, pageCount } = await indexSmallFile({ ...input, knowledgeId: given });
    return { knowledgeId: given, status: 'COMPLETED', chunkCount, pageCount };
  }
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
