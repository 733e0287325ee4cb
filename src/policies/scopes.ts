// Scopes: what a credential sees, as filters and values a query or a response is narrowed by (which knowledge,
// which agent threads, which fields). No refusal is decided here: "may it?" is a rule in ./rules.ts, asked
// through authorize() or can() (./authorize.ts).
import type { AccessFilter, ThreadScope } from '../domain/access';
import type { WorkspaceRow } from '../db/rows';
import { boundRoleId, type AuthState } from './credentials';
import { SYNC_FAILED } from '../domain/sourceRules';
import { allows } from './actions';

/** The workspace's own credentials (the API key, an access token with neither role nor subject): not narrowed. */
export const isWorkspaceCredential = (auth: AuthState): boolean => auth.kind === 'apiKey' || auth.kind === 'workspace';

/**
 * Whether a failed job's reason is shown to this credential: a source sync's reason names the source's bucket,
 * endpoint or repository, which only the credentials that manage sources (sources.manage) read in their sync
 * history; any other credential that may see the job reads only that it failed.
 */
export const mayReadJobFailure = (auth: AuthState, failureType: string | undefined): boolean =>
  failureType !== SYNC_FAILED || allows('sources.manage', auth.kind);

/**
 * Knowledge under ACTIVE RBAC: an end user's credential (a role- or subject-bound access token, a user space
 * token) sees only knowledge assigned to its role; one without a role sees no workspace knowledge at all
 * (`requiredRoleId: null`), as no role sees an item assigned to none. The workspace credential sees everything.
 * Without ACTIVE RBAC no role filter applies.
 */
export function knowledgeScope(auth: AuthState): AccessFilter {
  if (!auth.workspace.rbac_enabled || isWorkspaceCredential(auth)) return {};
  return { requiredRoleId: boundRoleId(auth) ?? null };
}

/**
 * A re-embed's chunk counts are the whole workspace's (every role's items): a workspace credential sees them,
 * any narrower credential only the phase.
 */
export const mayCountWorkspaceChunks = (auth: AuthState): boolean => isWorkspaceCredential(auth);

/**
 * Whether a search's explain view names the roles that make each hit visible: only for the workspace's own
 * credentials (an operator seeing why a role sees a hit); an end user's credential learns no role names.
 */
export const mayExplainRoles = (auth: AuthState): boolean => isWorkspaceCredential(auth);

/**
 * Whether the versions list shows each version's content hash: to the workspace credential only. A hash of a
 * short text can be reversed by trying texts; an end user's credential sees that a version changed, not its hash.
 */
export const mayReadContentHashes = (auth: AuthState): boolean => isWorkspaceCredential(auth);

/**
 * The credential a retrieval evaluation's run searches with: the workspace's own, or, for a run evaluated as a
 * role, a role-bound access token's (kind 'role', bound to the role), so the search goes through the same scope
 * (knowledgeScope) and the same explain rule as that role's users and sees what they see, no more. No token is
 * minted: the claims name the workspace and the role, and no API key (nothing a search reads).
 */
export function evaluationCredential(workspace: WorkspaceRow, roleId: string | null): AuthState {
  if (roleId === null) return { kind: 'workspace', workspace };
  return {
    kind: 'role',
    workspace,
    token: {
      tokenType: 'access',
      organizationId: workspace.organization_id,
      workspaceId: workspace.id,
      roleId,
      apiKeyId: '',
    },
  };
}

/**
 * Whether an agent run's failure tells what the agent server's connection or the server itself said (an address
 * and port, a host name, a certificate's names, the server's own error text): only to a credential that manages
 * agent servers (actions.ts agent.manage), whose configuration that is. An end user's run is told what failed
 * ("The agent server could not be reached"), not where; the log keeps the whole message.
 */
export const mayReadAgentServerFailures = (auth: AuthState): boolean => allows('agent.manage', auth.kind);

/** Whether a scope narrows what the caller sees. */
export const isScoped = (filter: AccessFilter): boolean => filter.requiredRoleId !== undefined;

/**
 * Whether the credential may track every upload of the workspace, a space's included (rules.ts upload.track): only
 * then may a 404 say that an id it sent is an upload's.
 */
export const tracksEveryUpload = (auth: AuthState): boolean => isWorkspaceCredential(auth);

/**
 * The roles a taxonomy listing is narrowed to (the one the request names and the caller's own under a scope),
 * or undefined when the caller sees no taxonomy at all (it must hold a role and holds none).
 */
export function taxonomyRoleIds(filter: AccessFilter, requested: string | undefined): string[] | undefined {
  if (filter.requiredRoleId === null) return undefined;
  return [requested, filter.requiredRoleId].filter((r): r is string => r !== undefined);
}

/**
 * Agent threads follow the knowledge rule (under ACTIVE RBAC only the caller's role's threads, none without a
 * role) and the subject rule, whatever the RBAC status: a subject-bound token sees only threads created for
 * its subject; any other credential but the workspace's own sees no subject's threads.
 */
export function threadScope(auth: AuthState): ThreadScope {
  if (isWorkspaceCredential(auth)) return {};
  const { requiredRoleId } = knowledgeScope(auth);
  return {
    ...(requiredRoleId === undefined ? {} : { roleId: requiredRoleId }),
    subject: threadSubject(auth),
  };
}

/** The subject a new thread records: the creating token's (null: none, seen by tokens without a subject). */
export const threadSubject = (auth: AuthState): string | null => (auth.kind === 'role' && auth.token?.subject) || null;

/** The role a new thread records: the creating token's (null: none). */
export const threadRole = (auth: AuthState): string | null => boundRoleId(auth) ?? null;

/**
 * Whose threads a new thread counts among (AGENT_MAX_THREADS_PER_SUBJECT): a subject-bound token's subject, a
 * role's tokens without one; the workspace credential is bounded by the workspace's total only.
 */
export function threadOwner(auth: AuthState): { subject: string } | { roleId: string } | undefined {
  if (isWorkspaceCredential(auth)) return undefined;
  const subject = threadSubject(auth);
  if (subject !== null) return { subject };
  const roleId = threadRole(auth);
  return roleId === null ? undefined : { roleId };
}

/** The space user a credential speaks for in a space (posting messages, feedback): a user space token's only. */
export const spaceSpeaker = (auth: AuthState): string | undefined =>
  auth.kind === 'userSpace' ? auth.token?.userId : undefined;

/**
 * The API key a user space token borrows from the credential that activates it (the key itself, or the one
 * behind the access token): the token dies when that key is revoked. Undefined: the caller cannot activate.
 */
export const lentApiKeyId = (auth: AuthState): string | undefined => auth.apiKey?.id ?? auth.token?.apiKeyId;

/** The role an activation gives the space and its token: the one the body names, else the calling token's. */
export const activationRole = (auth: AuthState, named: string | undefined): string | undefined =>
  named ?? boundRoleId(auth);

/**
 * The key a new space counts under against ROLE_MAX_SPACES: a role-bound token without a subject may activate a
 * space for any user id, so the spaces its role's tokens create are bounded (`role:<roleId>`, however many tokens
 * the role holds). Undefined, no such bound: the workspace credential (WORKSPACE_MAX_SPACES alone) and a
 * subject-bound token (it reaches its own user's one space).
 */
export function activationBoundKey(auth: AuthState): string | undefined {
  const roleId = boundRoleId(auth);
  if (isWorkspaceCredential(auth) || auth.token?.subject !== undefined || roleId === undefined) return undefined;
  return `role:${roleId}`;
}

/**
 * Whether an activation records its role on an existing space: only the workspace credential's (the integrator
 * says which role its user holds now), and only when it differs.
 */
export const mayRecordSpaceRole = (auth: AuthState, space: { roleId: string | null }, roleId: string | null): boolean =>
  isWorkspaceCredential(auth) && space.roleId !== roleId;
