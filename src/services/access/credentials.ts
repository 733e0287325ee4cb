// Whether a credential's grant still stands: its workspace exists, is not deleted and belongs to the token's
// organization, the minting API key is still active and the bound role still exists. The guard checks it on
// every request (src/api/middleware/authenticate.ts); work that outlives its request (an agent run's tool
// rounds) checks it again, with the policy, before it acts.
import * as apiKeys from '../../db/repositories/apiKeys';
import { loadCredentialContext, type CredentialContext } from '../../db/repositories/credentials';
import type { WorkspaceRow } from '../../db/rows';
import { gone, Messages, notFound, unauthorized } from '../../errors';
import type { Action } from '../../policies/actions';
import { authorize } from '../../policies/authorize';
import type { AuthState } from '../../policies/credentials';
import type { Wording } from '../../policies/rules';
import type { TokenClaims } from './tokens';
import { loadActiveWorkspace } from '../operations/workspaces';
import type { DbDeps } from '../deps';

/**
 * The token's workspace while its grant stands; otherwise the refusal, in the guard's order. The policy decides
 * the organization and role rules, worded as the route words them (wording 'rag': the RAG endpoint's answers).
 */
export function standingWorkspace(
  context: CredentialContext,
  claims: TokenClaims,
  wording: Wording = 'default',
): WorkspaceRow {
  const { workspace } = context;
  if (!workspace) throw notFound(Messages.workspaceNotFound, { pathParam: 'workspaceId' });
  if (workspace.deleted_at) throw gone(Messages.workspaceDeleted, { code: 'workspace_deleted' });
  authorize(claims, 'organization.standing', { organizationId: workspace.organization_id, wording });
  // A token minted by a key that has since been revoked stops working at once (user space tokens too).
  if (!context.apiKeyActive) {
    throw unauthorized(Messages.invalidAccessToken, {
      code: 'token_revoked',
      param: 'Authorization',
      hint: 'The API key that minted this token was revoked: mint a new token with an active key.',
    });
  }
  // A token bound to a role that has since been deleted fails cleanly instead of widening or narrowing to nothing.
  authorize(claims, 'role.standing', { bound: Boolean(claims.roleId), exists: context.roleExists, wording });
  return workspace;
}

/**
 * Checks again that the credential behind `auth` may still do `action`: its grant, then the policy against
 * the workspace as it is now (its RBAC status may have changed). Throws the AppError the guard would answer;
 * returns the credential with the current workspace.
 */
export async function reauthorize({ db }: DbDeps, auth: AuthState, action: Action): Promise<AuthState> {
  let workspace: WorkspaceRow;
  if (auth.token) {
    const claims = auth.token;
    const context = await loadCredentialContext(db, {
      workspaceId: claims.workspaceId,
      apiKeyId: claims.apiKeyId,
      roleId: claims.roleId,
    });
    workspace = standingWorkspace(context, claims);
  } else {
    workspace = await loadActiveWorkspace({ db }, auth.workspace.id);
    if (!auth.apiKey || !(await apiKeys.isApiKeyActive(db, workspace.id, auth.apiKey.id))) {
      throw unauthorized(Messages.invalidApiKey, { code: 'api_key_invalid', param: 'x-api-key' });
    }
  }
  const current: AuthState = { ...auth, workspace };
  authorize(current, action);
  return current;
}
