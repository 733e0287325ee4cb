// What a caller may read: request filters (audienceId, roleIds) combined with the caller's own scope.
import type { AuthState } from '../policies/credentials';
import { knowledgeScope } from '../policies/scopes';
import type { Db } from '../db/knex';
import type { AccessFilter } from '../db/repositories/search';
import { notFound } from '../errors';

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
    ...knowledgeScope(auth),
    ...(request.audienceId ? { audienceId: request.audienceId } : {}),
    ...(request.roleIds ? { roleIds: request.roleIds } : {}),
  };
}
