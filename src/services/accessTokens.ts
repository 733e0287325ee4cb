import type { Tx } from '../db/knex';
import * as roles from '../db/repositories/roles';
import type { ApiKeyRow, WorkspaceRow } from '../db/rows';
import { Messages, notFound } from '../errors';
import type { TokenService } from './tokens';

/** Mints an access token for the API key's workspace, optionally bound to a role of that workspace. */
export async function generateAccessToken(
  deps: { db: Tx; tokens: TokenService },
  workspace: WorkspaceRow,
  apiKey: ApiKeyRow,
  input: { customerRoleId?: string; roleId?: string },
): Promise<string> {
  let roleId: string | undefined;
  if (input.customerRoleId !== undefined) {
    const role = await roles.findRoleByCustomerRoleId(deps.db, workspace.id, input.customerRoleId);
    if (!role) throw notFound(Messages.customerRoleNotFound);
    roleId = role.id;
  } else if (input.roleId !== undefined) {
    const role = await roles.findRole(deps.db, workspace.id, input.roleId);
    if (!role) throw notFound(Messages.roleNotFound);
    roleId = role.id;
  }
  return deps.tokens.sign({
    tokenType: 'access',
    organizationId: workspace.organization_id,
    workspaceId: workspace.id,
    roleId,
    apiKeyId: apiKey.id,
  });
}
