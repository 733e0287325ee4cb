import type { Tx } from '../../db/knex';
import * as roles from '../../db/repositories/roles';
import type { ApiKeyRow, WorkspaceRow } from '../../db/rows';
import { Messages, notFound } from '../../errors';
import { closestName } from '../../domain/suggest';
import type { TokenService } from './tokens';
import type { DbDeps } from '../deps';

const BEING_DELETED_HINT =
  'The role is being deleted (its delete was asked for): no token is minted for it. Use another role, or create it again.';

/** Whether the role's delete was asked for: from then on it counts as gone, though its row lasts until the job. */
export const roleBeingDeleted = async (db: Tx, workspaceId: string, roleId: string): Promise<boolean> =>
  (await roles.tombstonedRoleIds(db, workspaceId, [roleId])).length > 0;

/**
 * The role a request names by customerRoleId or roleId (404s as the spec words them), if any. A role whose delete
 * was asked for counts as gone from the request on, as it does for the tokens already minted for it.
 */
export async function resolveRole(
  { db }: DbDeps,
  workspaceId: string,
  input: { roleId?: string; customerRoleId?: string },
): Promise<string | undefined> {
  const beingDeleted = (roleId: string) => roleBeingDeleted(db, workspaceId, roleId);
  if (input.customerRoleId !== undefined) {
    const role = await roles.findRoleByCustomerRoleId(db, workspaceId, input.customerRoleId);
    if (!role || (await beingDeleted(role.id))) {
      throw notFound(Messages.customerRoleNotFound, {
        param: 'customerRoleId',
        hint: role ? BEING_DELETED_HINT : await customerRoleHint(db, workspaceId, input.customerRoleId),
      });
    }
    return role.id;
  }
  if (input.roleId !== undefined) {
    const role = await roles.findRole(db, workspaceId, input.roleId);
    if (!role || (await beingDeleted(role.id))) {
      throw notFound(Messages.roleNotFound, { param: 'roleId', ...(role ? { hint: BEING_DELETED_HINT } : {}) });
    }
    return role.id;
  }
  return undefined;
}

/** What to do about a customerRoleId no role has: the one it was probably meant to be, and where roles are listed. */
export async function customerRoleHint(db: Tx, workspaceId: string, named: string): Promise<string> {
  // A role being deleted is not suggested: a token or request naming it would be refused.
  const known = await roles.liveCustomerRoleIds(db, workspaceId);
  const meant = closestName(named, known);
  const list = `GET /v1/workspaces/${workspaceId}/role lists the workspace's roles with their customerRoleId`;
  if (meant !== undefined)
    return `No role has customerRoleId ${JSON.stringify(named)}: did you mean ${JSON.stringify(meant)}? ${list}.`;
  if (known.length === 0) {
    return `The workspace has no role yet: create one with POST /v1/workspaces/${workspaceId}/role (its customerRoleId is yours to choose).`;
  }
  return `${list}; customerRoleId is matched exactly, case included.`;
}

/** Mints an access token for the API key's workspace, optionally bound to a role of it and to one end user. */
export async function generateAccessToken(
  deps: { db: Tx; tokens: TokenService },
  workspace: WorkspaceRow,
  apiKey: ApiKeyRow,
  input: { customerRoleId?: string; roleId?: string; subject?: string },
): Promise<string> {
  const roleId = await resolveRole(deps, workspace.id, input);
  return deps.tokens.sign({
    tokenType: 'access',
    organizationId: workspace.organization_id,
    workspaceId: workspace.id,
    roleId,
    subject: input.subject,
    apiKeyId: apiKey.id,
  });
}
