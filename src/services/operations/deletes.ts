// Deletes: single (synchronous, refuses items with children) and cascade (a workflow). Stored files are
// purged later by purgeStoredFilesWorkflow's durable timer (FILE_PURGE_DELAY).
import type { Duration } from '@temporalio/common';
import type { Deps } from '../deps';
import { WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import { cascadeDeleteWorkflow } from '../../workflows/cascadeDelete';
import { purgeStoredFilesWorkflow } from '../../workflows/purgeStoredFiles';
import { deleteSingleKnowledge } from '../knowledge/knowledge';

export async function schedulePurge(
  deps: Pick<Deps, 'temporal' | 'config' | 'logger'>,
  workspaceId: string,
  operationId: string,
  keys: string[],
  opts: { knowledgeId?: string } = {},
): Promise<void> {
  if (keys.length === 0) return;
  try {
    await startJob(deps.temporal, purgeStoredFilesWorkflow, {
      workflowId: WorkflowIds.purgeStoredFiles(workspaceId, operationId),
      workspaceId,
      args: [{ workspaceId, keys, delay: deps.config.filePurgeDelay as Duration }],
      knowledgeId: opts.knowledgeId,
    });
  } catch (err) {
    // The item is gone either way; an unscheduled purge leaves bytes behind, never a dangling item.
    deps.logger.warn({ err, workspaceId, operationId, keys: keys.length }, 'file purge could not be scheduled');
  }
}

export async function deleteKnowledge(deps: Deps, workspaceId: string, knowledgeId: string): Promise<void> {
  const keys = await deleteSingleKnowledge(deps, workspaceId, knowledgeId);
  if (keys.length > 0) await schedulePurge(deps, workspaceId, knowledgeId, keys, { knowledgeId });
}

/** Starts (or finds already running) the cascade delete of an item; returns its job id. */
export async function startCascadeDelete(deps: Deps, workspaceId: string, knowledgeId: string): Promise<string> {
  const workflowId = WorkflowIds.cascadeDelete(workspaceId, knowledgeId);
  await startJob(deps.temporal, cascadeDeleteWorkflow, {
    workflowId,
    workspaceId,
    args: [{ workspaceId, rootId: knowledgeId, purgeDelay: deps.config.filePurgeDelay as Duration }],
    knowledgeId,
  });
  return workflowId;
}
