import { ApplicationFailure } from '@temporalio/activity';
import type { Db } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import * as roles from '../db/repositories/roles';
import {
  RoleFailureTypes,
  type CreateRoleInput,
  type DeleteRoleInput,
  type RoleAssignmentInput,
  type UpdateRoleInput,
} from '../workflows/contracts';

const DUPLICATE = 'Role with customerRoleId already exists';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export function createRoleActivities(deps: { db: Db }) {
  const { db } = deps;
  return {
    async insertRole(input: CreateRoleInput): Promise<void> {
      try {
        const outcome = await roles.insertRoleIfAbsent(db, input.workspaceId, { id: input.roleId, ...input.role });
        if (outcome === 'customerRoleIdTaken') {
          throw ApplicationFailure.nonRetryable(DUPLICATE, RoleFailureTypes.duplicateCustomerRoleId);
        }
      } catch (err) {
        if (isUniqueViolation(err))
          throw ApplicationFailure.nonRetryable(DUPLICATE, RoleFailureTypes.duplicateCustomerRoleId);
        throw err;
      }
    },

    async updateRole(input: UpdateRoleInput): Promise<void> {
      try {
        const n = await roles.updateRoleFields(db, input.workspaceId, input.roleId, input.patch);
        if (n === 0) throw ApplicationFailure.nonRetryable('Role not found', RoleFailureTypes.notFound);
      } catch (err) {
        if (isUniqueViolation(err))
          throw ApplicationFailure.nonRetryable(DUPLICATE, RoleFailureTypes.duplicateCustomerRoleId);
        throw err;
      }
    },

    /** Knowledge and taxonomy assignments go with the role (foreign keys cascade). */
    async deleteRole(input: DeleteRoleInput): Promise<boolean> {
      return roles.deleteRole(db, input.workspaceId, input.roleId);
    },

    async changeKnowledgeRoles(input: RoleAssignmentInput): Promise<void> {
      await db.transaction(async (trx) => {
        if (!(await knowledge.findKnowledge(trx, input.workspaceId, input.knowledgeId))) {
          throw ApplicationFailure.nonRetryable('Knowledge item not found', RoleFailureTypes.notFound);
        }
        const ids =
          input.action === 'assign'
            ? await roles.existingRoleIds(trx, input.workspaceId, input.roleIds)
            : input.roleIds;
        if (ids.length !== input.roleIds.length) {
          throw ApplicationFailure.nonRetryable('One or more roles not found', RoleFailureTypes.notFound);
        }
        await roles.changeKnowledgeRoles(trx, input.workspaceId, input.knowledgeId, ids, input.action);
      });
    },
  };
}
