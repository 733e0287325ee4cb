import { ActivityFailure, ApplicationFailure, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import {
  publicJobType,
  RoleFailureTypes,
  type CreateRoleInput,
  type DeleteRoleInput,
  type RoleAssignmentApplied,
  type RoleAssignmentInput,
  type UpdateRoleInput,
} from './contracts';
import { emitWebhookEvent } from './webhooks';

const activities = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 10,
    nonRetryableErrorTypes: [RoleFailureTypes.duplicateCustomerRoleId, RoleFailureTypes.notFound],
  },
});

/**
 * Runs a role job and tells the workspace's webhooks how it ended (role.job_completed / role.job_failed); `outcome`
 * adds what the job's result says to the completed event.
 */
async function roleJob<T>(
  workspaceId: string,
  data: Record<string, unknown>,
  run: () => Promise<T>,
  outcome: (out: T) => Record<string, unknown> = () => ({}),
): Promise<T> {
  const { workflowId: jobId, workflowType } = workflowInfo();
  const type = publicJobType(workflowType);
  try {
    const out = await run();
    await emitWebhookEvent(workspaceId, 'role.job_completed', {
      jobId,
      type,
      status: 'COMPLETED',
      ...data,
      ...outcome(out),
    });
    return out;
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : err;
    const error = cause instanceof ApplicationFailure ? cause.message : 'Role job failed';
    await emitWebhookEvent(workspaceId, 'role.job_failed', { jobId, type, status: 'FAILED', error, ...data });
    throw err;
  }
}

/** Creates a role; fails (job FAILED) when its customerRoleId is taken in the workspace. */
export async function createRoleWorkflow(input: CreateRoleInput): Promise<{ roleId: string }> {
  return roleJob(input.workspaceId, { roleId: input.roleId }, async () => {
    await activities.insertRole(input);
    return { roleId: input.roleId };
  });
}

export async function updateRoleWorkflow(input: UpdateRoleInput): Promise<{ roleId: string }> {
  return roleJob(input.workspaceId, { roleId: input.roleId }, async () => {
    await activities.updateRole(input);
    return { roleId: input.roleId };
  });
}

/** Deletes a role with its knowledge and taxonomy assignments. */
export async function deleteRoleWorkflow(input: DeleteRoleInput): Promise<{ roleId: string; deleted: boolean }> {
  return roleJob(input.workspaceId, { roleId: input.roleId }, async () => {
    const deleted = await activities.deleteRole(input);
    return { roleId: input.roleId, deleted };
  });
}

/**
 * Assigns or unassigns roles on a knowledge item: each role as the latest request for it asked (input.action, unless
 * a later request came in before this job ran). The result and the completed event say what it wrote.
 */
export async function changeKnowledgeRolesWorkflow(
  input: RoleAssignmentInput,
): Promise<{ roleIds: string[] } & Partial<RoleAssignmentApplied>> {
  return roleJob(
    input.workspaceId,
    { knowledgeId: input.knowledgeId, roleIds: input.roleIds, action: input.action },
    async () => {
      // A history recorded before the activity returned what it wrote replays undefined here.
      const applied: RoleAssignmentApplied | undefined = await activities.changeKnowledgeRoles(input);
      return {
        roleIds: input.roleIds,
        ...(applied ? { assigned: applied.assigned, unassigned: applied.unassigned } : {}),
      };
    },
    ({ assigned, unassigned }) => (assigned && unassigned ? { assigned, unassigned } : {}),
  );
}
