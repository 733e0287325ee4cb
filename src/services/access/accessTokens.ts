import type { Tx } from '../../db/knex';
import * as roles from '../../db/repositories/roles';
import type { ApiKeyRow, WorkspaceRow } from '../../db/rows';
import { Messages, notFound } from '../../errors';
import type { TokenService } from './tokens';
import type { DbDeps } from '../deps';

/** The role a request names by customerRoleId or roleId (404s as the spec words them), if any. */
export async function resolveRole(
  { db }: DbDeps,
  workspaceId: string,
  input: { roleId?: string; customerRoleId?: string },
): Promise<string | undefined> {
  if (input.customerRoleId !== undefined) {
    const role = await roles.findRoleByCustomerRoleId(db, workspaceId, input.customerRoleId);
    if (!role) throw notFound(Messages.customerRoleNotFound, { param: 'customerRoleId' });
    return role.id;
  }
  if (input.roleId !== undefined) {
    const role = await roles.findRole(db, workspaceId, input.roleId);
    if (!role) throw notFound(Messages.roleNotFound, { param: 'roleId' });
    return role.id;
  }
  return undefined;
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
