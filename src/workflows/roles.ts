import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  RoleFailureTypes,
  type CreateRoleInput,
  type DeleteRoleInput,
  type RoleAssignmentInput,
  type UpdateRoleInput,
} from './contracts';

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

/** Creates a role; fails (job FAILED) when its customerRoleId is taken in the workspace. */
export async function createRoleWorkflow(input: CreateRoleInput): Promise<{ roleId: string }> {
  await activities.insertRole(input);
  return { roleId: input.roleId };
}

export async function updateRoleWorkflow(input: UpdateRoleInput): Promise<{ roleId: string }> {
  await activities.updateRole(input);
  return { roleId: input.roleId };
}

/** Deletes a role with its knowledge and taxonomy assignments. */
export async function deleteRoleWorkflow(input: DeleteRoleInput): Promise<{ roleId: string; deleted: boolean }> {
  const deleted = await activities.deleteRole(input);
  return { roleId: input.roleId, deleted };
}

export async function roleAssignmentWorkflow(input: RoleAssignmentInput): Promise<{ roleIds: string[] }> {
  await activities.changeKnowledgeRoles(input);
  return { roleIds: input.roleIds };
}
