import { ApplicationFailure, ChildWorkflowFailure, executeChild } from '@temporalio/workflow';
import {
  IngestionFailureTypes,
  jobSearchAttributes,
  NO_MEMBERS,
  type IngestFileInput,
  type UnpackArchiveResult,
} from './contracts';
import { WorkflowIds } from './ids';
import { failItem, longSteps, shortSteps } from './indexing';
import { ingestFileWorkflow } from './ingestFile';

/** Members ingested at once. */
const CONCURRENCY = 4;

/**
 * Unpacks an uploaded ZIP (upload field unpack=true): its item is a FOLDER, and every member of a supported
 * type is stored, recorded as an upload and ingested by ingestFileWorkflow as a FILE child of the folder. The
 * folder is COMPLETED once every member is done (a member that fails is BACKGROUND_ERROR on its own).
 */
export async function unpackArchiveWorkflow(input: IngestFileInput): Promise<UnpackArchiveResult> {
  const { knowledgeId } = await shortSteps.createKnowledgeForUpload({ ...input, unpack: true });
  let unpacked: { members: string[]; skipped: Array<{ name: string; reason: string }> };
  try {
    unpacked = await longSteps.unpackArchive({ ...input, knowledgeId });
  } catch (err) {
    return failItem(input.workspaceId, knowledgeId, err, 'extract', { uploadId: input.uploadId });
  }
  const { members, skipped } = unpacked;
  for (let i = 0; i < members.length; i += CONCURRENCY) {
    await Promise.all(
      members.slice(i, i + CONCURRENCY).map((uploadId) =>
        executeChild(ingestFileWorkflow, {
          workflowId: WorkflowIds.ingestFile(input.workspaceId, uploadId),
          memo: { workspaceId: input.workspaceId },
          typedSearchAttributes: jobSearchAttributes({ workspaceId: input.workspaceId, jobKind: 'ingest' }),
          args: [
            { workspaceId: input.workspaceId, organizationId: input.organizationId, uploadId, parentId: knowledgeId },
          ],
        }).catch((err: unknown) => {
          // The member's own item records why it failed; the folder goes on.
          if (!(err instanceof ChildWorkflowFailure)) throw err;
        }),
      ),
    );
  }
  await shortSteps.completeFolder({ workspaceId: input.workspaceId, knowledgeId, members: members.length, skipped });
  if (members.length === 0) {
    throw ApplicationFailure.nonRetryable(NO_MEMBERS, IngestionFailureTypes.extraction);
  }
  return { knowledgeId, status: 'COMPLETED', members: members.length, skipped: skipped.length };
}
