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

/** Each kind as a refusal names it (what the caller sent, what the operation takes). */
const KIND_NAMES: Record<CredentialKind, string> = {
  apiKey: 'the API key (x-api-key)',
  workspace: 'the workspace token (minted without customerRoleId or roleId)',
  role: 'a role-bound token',
  userSpace: 'a user space token',
};

/** The credential a request carried, as a refusal names it. */
export const credentialName = (auth: Pick<AuthState, 'kind' | 'token'>): string =>
  auth.kind === 'role' && auth.token?.subject !== undefined
    ? 'a role-bound token for one end user (subject)'
    : KIND_NAMES[auth.kind];

/**
 * The hint of a refusal by credential kind: what was sent, what the operation takes, and where the workspace
 * token comes from when it is one of them.
 */
export function kindRefusalHint(
  auth: Pick<AuthState, 'kind' | 'token' | 'workspace'>,
  allowed: readonly CredentialKind[],
): string {
  const takes = allowed.map((k) => KIND_NAMES[k]).join(' or ');
  const endpoint = TOKEN_ENDPOINT.replace('{workspaceId}', auth.workspace.id);
  // An end user's request (a user space token) is answered with the end user's credential first.
  const forEndUser = allowed.includes('role')
    ? ` For one end user, mint a role-bound token with ${endpoint} and {"customerRoleId": "<their role>", "subject": "<their user id>"}.`
    : '';
  const forWorkspace = allowed.includes('workspace')
    ? ` Mint the workspace token with ${endpoint} and an empty body.`
    : '';
  const mint = auth.kind === 'userSpace' ? `${forEndUser}${forWorkspace}` : `${forWorkspace}${forEndUser}`;
  return `This request used ${credentialName(auth)}; this operation takes ${takes || 'no credential'}.${mint}`;
}

/** Which kind of credential made a version (a version's createdBy, as the versions list shows it). */
export const versionAuthor = (auth: AuthState): CredentialKind => auth.kind;

/**
 * Who made what a source's sync brings (its documents' items and their versions): a sync acts for the workspace
 * credential, the one kind that manages sources (actions.ts sources.manage).
 */
export const SYNC_AUTHOR: CredentialKind = 'workspace';

/** Where an access token is minted (with the API key in x-api-key): the hints of token refusals name it. */
export const TOKEN_ENDPOINT = 'POST /workspaces/{workspaceId}/generate-access-key-token';

/** How a credential of this kind is presented: the API key in x-api-key, every other as a bearer token. */
export const credentialScheme = (kind: CredentialKind): 'apiKey' | 'bearer' =>
  kind === 'apiKey' ? 'apiKey' : 'bearer';

/** The role a credential is bound to, if any (role-bound access tokens and user space tokens with a role). */
export const boundRoleId = (auth: AuthState): string | undefined => auth.token?.roleId;
