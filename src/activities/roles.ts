// Role activities: the writes are the service's (services/access/roleSync.ts); a refusal it answers with an
// AppError (404, 409) is final, so it becomes a non-retryable failure of the matching type.
import { ApplicationFailure } from '@temporalio/activity';
import type { Db } from '../db/knex';
import { AppError } from '../errors';
import {
  applyKnowledgeRoles,
  applyRolePatch,
  dropJobClaim,
  insertRoleOnce,
  removeRole,
} from '../services/access/roleSync';
import {
  RoleFailureTypes,
  type CreateRoleInput,
  type DeleteRoleInput,
  type RoleAssignmentApplied,
  type RoleAssignmentInput,
  type UpdateRoleInput,
} from '../workflows/contracts';

async function classified<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const type = err.status === 409 ? RoleFailureTypes.duplicateCustomerRoleId : RoleFailureTypes.notFound;
    throw ApplicationFailure.nonRetryable(err.message, type);
  }
}

export function createRoleActivities(deps: { db: Db }) {
  const { db } = deps;
  return {
    // Once written, the job's claim on its customerRoleId is dropped (a retry after the write finds nothing to drop).
    async insertRole(input: CreateRoleInput): Promise<void> {
      await classified(() => insertRoleOnce({ db }, input.workspaceId, input.roleId, input.role));
      await dropJobClaim({ db }, input.workspaceId, input.role.customerRoleId, input.jobId);
    },

    async updateRole(input: UpdateRoleInput): Promise<void> {
      await classified(() => applyRolePatch({ db }, input.workspaceId, input.roleId, input.patch, input.seq));
      await dropJobClaim({ db }, input.workspaceId, input.patch.customerRoleId, input.jobId);
    },

    async deleteRole(input: DeleteRoleInput): Promise<boolean> {
      return removeRole({ db }, input.workspaceId, input.roleId);
    },

    async changeKnowledgeRoles(input: RoleAssignmentInput): Promise<RoleAssignmentApplied> {
      return classified(() =>
        applyKnowledgeRoles({ db }, input.workspaceId, input.knowledgeId, input.roleIds, input.action, {
          asRequested: true,
        }),
      );
    },
  };
}
