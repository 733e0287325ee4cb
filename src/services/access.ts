// What a caller may read: request filters (audienceId, roleIds) combined with the caller's own scope.
import type { AuthState } from '../policies/credentials';
import type { Db } from '../db/knex';
import type { AccessFilter } from '../db/repositories/search';
import { notFound } from '../errors';

/**
 * Under ACTIVE RBAC a role-bound token sees only knowledge assigned to its role; a token without a role
 * is a workspace-level credential (minted with the workspace's API key) and is not narrowed.
 */
export function callerScope(auth: AuthState): AccessFilter {
  if (auth.workspace.rbac_enabled && auth.token?.roleId) return { requiredRoleId: auth.token.roleId };
  return {};
}

/** Whether a scope narrows what the caller sees (a role-bound credential under ACTIVE RBAC). */
export const isScoped = (filter: AccessFilter): boolean => filter.requiredRoleId !== undefined;

export async function accessFilter(
  db: Db,
  auth: AuthState,
  request: { audienceId?: string; roleIds?: string[] } = {},
): Promise<AccessFilter> {
  if (request.audienceId) {
    const audience = await db('audiences')
      .where({ workspace_id: auth.workspace.id, id: request.audienceId })
      .first('id');
    if (!audience) throw notFound('Audience not found');
  }
  return {
    ...callerScope(auth),
    ...(request.audienceId ? { audienceId: request.audienceId } : {}),
    ...(request.roleIds ? { roleIds: request.roleIds } : {}),
  };
}
