// The credentials a request can carry, named once. Every route's policy entry and every scoped read speaks
// of these kinds; the authentication middleware sets one on ctx.state.auth.
import type { ApiKeyRow, WorkspaceRow } from '../db/rows';
import type { TokenClaims } from './tokenClaims';

/**
 * - apiKey: the workspace API key itself (x-api-key), accepted only where tokens and user spaces are issued.
 * - workspace: an access token without a role; the integrator's backend.
 * - role: an access token bound to a role or to a subject (one end user); an end user, or an agent acting for one.
 * - userSpace: a user space token; one user in their space.
 */
export type CredentialKind = 'apiKey' | 'workspace' | 'role' | 'userSpace';

export const CREDENTIAL_KINDS: readonly CredentialKind[] = ['apiKey', 'workspace', 'role', 'userSpace'];

export interface AuthState {
  kind: CredentialKind;
  workspace: WorkspaceRow;
  /** The key itself (apiKey credentials). */
  apiKey?: ApiKeyRow;
  /** The verified claims (token credentials). */
  token?: TokenClaims;
}

export function tokenKind(claims: TokenClaims): CredentialKind {
  if (claims.tokenType === 'user_space') return 'userSpace';
  return claims.roleId || claims.subject !== undefined ? 'role' : 'workspace';
}

/** Which kind of credential made a version (a version's createdBy, as the versions list shows it). */
export const versionAuthor = (auth: AuthState): CredentialKind => auth.kind;

/** Where an access token is minted (with the API key in x-api-key): the hints of token refusals name it. */
export const TOKEN_ENDPOINT = 'POST /workspaces/{workspaceId}/generate-access-key-token';

/** How a credential of this kind is presented: the API key in x-api-key, every other as a bearer token. */
export const credentialScheme = (kind: CredentialKind): 'apiKey' | 'bearer' =>
  kind === 'apiKey' ? 'apiKey' : 'bearer';

/** The role a credential is bound to, if any (role-bound access tokens and user space tokens with a role). */
export const boundRoleId = (auth: AuthState): string | undefined => auth.token?.roleId;
