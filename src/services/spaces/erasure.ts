// Data-subject erasure: a user's space (messages, files, vectors, blobs) and the user, in one workflow.
import type { Deps } from '../deps';
import { WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import { eraseUserSpaceWorkflow } from '../../workflows/eraseUserSpace';
import { loadSpace } from './spaces';

/** Starts (or joins, while it runs) the erasure of a space; returns its job id. Unknown spaces are 404. */
export async function startSpaceErasure(deps: Deps, workspaceId: string, spaceId: string): Promise<string> {
  const space = await loadSpace(deps, workspaceId, spaceId);
  const workflowId = WorkflowIds.eraseUserSpace(workspaceId, space.id);
  await startJob(deps.temporal, eraseUserSpaceWorkflow, {
    workflowId,
    workspaceId,
    args: [{ workspaceId, spaceId: space.id }],
  });
  return workflowId;
}
