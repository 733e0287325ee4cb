// What a caller may read: request filters (audienceId, roleIds, the attribute filter) combined with the caller's
// own scope.
import type { AuthState } from '../../policies/credentials';
import { knowledgeScope } from '../../policies/scopes';
import { audienceExists } from '../../db/repositories/catalog';
import type { AccessFilter } from '../../domain/access';
import type { ItemFilter } from '../../domain/filter';
import { notFound } from '../../errors';
import type { DbDeps } from '../deps';

export async function accessFilter(
  { db }: DbDeps,
  auth: AuthState,
  request: { audienceId?: string; roleIds?: string[]; filter?: ItemFilter } = {},
): Promise<AccessFilter> {
  if (request.audienceId) {
    if (!(await audienceExists(db, auth.workspace.id, request.audienceId)))
      throw notFound('Audience not found', {
        param: 'audienceId',
        hint: 'Send the id of an audience of this workspace, or leave audienceId out.',
      });
  }
  return {
    ...knowledgeScope(auth),
    ...(request.audienceId ? { audienceId: request.audienceId } : {}),
    ...(request.roleIds ? { roleIds: request.roleIds } : {}),
    ...(request.filter ? { where: request.filter } : {}),
  };
}
