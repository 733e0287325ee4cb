// Row-level rules: which knowledge, agent threads and spaces a credential reaches. Services gather the facts
// (a space's role and owner, the caller's membership) and ask here; no service decides on its own.
import type { ThreadScope } from '../db/repositories/agent';
import type { AccessFilter } from '../db/repositories/search';
import type { WorkspaceRow } from '../db/rows';
import { allows } from './actions';
import { boundRoleId, type AuthState } from './credentials';

/** The workspace's own credentials (the API key, an access token with neither role nor subject): not narrowed. */
export const isWorkspaceCredential = (auth: AuthState): boolean => auth.kind === 'apiKey' || auth.kind === 'workspace';

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
 * Whether a search's explain view names the roles that make each hit visible: only for the workspace's own
 * credentials (an operator seeing why a role sees a hit); an end user's credential learns no role names.
 */
/**
 * A re-embed's chunk counts are the whole workspace's (every role's items): a workspace credential sees them,
 * any narrower credential only the phase.
 */
export const mayCountWorkspaceChunks = (auth: AuthState): boolean => isWorkspaceCredential(auth);

export const mayExplainRoles = (auth: AuthState): boolean => isWorkspaceCredential(auth);

/**
 * Whether a run may name a model other than its agent server's: the workspace credential always; an end user's
 * credential only when the integrator set none on the server (else the end user would choose what the
 * integrator's model account pays for).
 */
export const mayChooseModel = (auth: AuthState, serverModel: string | null, named: string | undefined): boolean =>
  isWorkspaceCredential(auth) || named === undefined || serverModel === null || named === serverModel;

/**
 * Whether the versions list shows each version's content hash: to the workspace credential only. A hash of a
 * short text can be reversed by trying texts; an end user's credential sees that a version changed, not its hash.
 */
export const mayReadContentHashes = (auth: AuthState): boolean => isWorkspaceCredential(auth);

/**
 * What POST …/background-jobs tells a credential of a job of its workspace: the workspace credential everything;
 * any other credential a job only when its knowledge scope reaches the job's item (`itemReached`: the item the
 * job is about is one it may read), so a job id of another role's item, a role's workflow or a space's erasure is
 * NOT_FOUND to it, as absent (no existence or error oracle). Decided before a failed job's reason is read from
 * Temporal (src/services/operations/jobs.ts), so a hidden job costs one call to Temporal as an absent id does; the item
 * lookup that decides it remains, a database read of the same cost for every id the workspace's jobs carry.
 * A re-embed of the whole deployment is reported to everyone, its phase only to a narrower credential
 * (mayCountWorkspaceChunks).
 */
export function jobReach(auth: AuthState, job: { deploymentWide: boolean; itemReached: boolean }): 'full' | 'hidden' {
  if (isWorkspaceCredential(auth) || job.deploymentWide) return 'full';
  return job.itemReached ? 'full' : 'hidden';
}

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

/** Whether background-jobs shows an evaluation's progress: to a credential that may read the evaluation. */
export const mayTrackEvaluation = (auth: AuthState): boolean => allows('retrieval.evaluate', auth.kind);

/** Whether a scope narrows what the caller sees. */
export const isScoped = (filter: AccessFilter): boolean => filter.requiredRoleId !== undefined;

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

/**
 * Whether a caller may track an upload (upload-file-metadata): an upload into a space is the space's, so only
 * the workspace credential tracks it here (a space's users see its files through the space's own routes); any
 * other upload follows the knowledge rule, which the caller applies to the item.
 */
export const mayTrackUpload = (auth: AuthState, upload: { spaceId: string | null }): boolean =>
  upload.spaceId === null || isWorkspaceCredential(auth);

/** What the rules need to know of a space. */
export interface SpaceFacts {
  /** The role the space was activated under (null: none). */
  roleId: string | null;
  /** Its owner's external id (the integrator's userId or customerIdString). */
  ownerExternalId: string;
  /** The caller's user's member role in the space (user space tokens): HOST, CO_HOST or GUEST; absent: none. */
  callerMemberRole?: string;
}

/** Whether the space's recorded role is the credential's (a space without a role: a credential without one). */
const sameRole = (auth: AuthState, space: Pick<SpaceFacts, 'roleId'>): boolean =>
  (space.roleId ?? undefined) === boundRoleId(auth);

/**
 * Whether a credential reaches a space: 'open'; 'private' (a user space token outside its user's spaces: the
 * spec's 400); 'hidden' (an end user's access token outside its lane: answered like an absent space, 404).
 * A user space token reaches a space its user is a member of, and only while the space's recorded role is the
 * token's (a space moved to another role, by the integrator's later activation, is closed to tokens minted
 * before). An end user's access token reaches only spaces of its own role (a space without a role only with
 * a token without one) and, when it names a subject, only that user's space.
 */
export function spaceReach(auth: AuthState, space: SpaceFacts): 'open' | 'private' | 'hidden' {
  if (isWorkspaceCredential(auth)) return 'open';
  if (auth.kind === 'userSpace') {
    return space.callerMemberRole !== undefined && sameRole(auth, space) ? 'open' : 'private';
  }
  const subject = auth.token?.subject;
  return sameRole(auth, space) && (subject === undefined || subject === space.ownerExternalId) ? 'open' : 'hidden';
}

/** The member roles that manage a space's files (delete them); a GUEST only reads. */
const FILE_MANAGERS: readonly string[] = ['HOST', 'CO_HOST'];

/**
 * Whether a credential that reaches a space may delete its files: the workspace credential, or a user space
 * token whose user is the space's HOST or CO_HOST.
 */
export const mayManageSpaceFiles = (auth: AuthState, space: SpaceFacts): boolean =>
  isWorkspaceCredential(auth) ||
  (auth.kind === 'userSpace' &&
    FILE_MANAGERS.includes(space.callerMemberRole ?? '') &&
    spaceReach(auth, space) === 'open');

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
export const mayRecordSpaceRole = (
  auth: AuthState,
  space: Pick<SpaceFacts, 'roleId'>,
  roleId: string | null,
): boolean => isWorkspaceCredential(auth) && space.roleId !== roleId;

/**
 * Whether a caller may activate or retrieve a user's space (new spaces carry the role the activation names):
 * the workspace credential always (it records the role it names); an end user's access token only a space it
 * reaches (its own role; its subject's). User space tokens never activate.
 */
export const mayActivateSpace = (auth: AuthState, space: Omit<SpaceFacts, 'callerMemberRole'>): boolean =>
  isWorkspaceCredential(auth) || (auth.kind === 'role' && spaceReach(auth, space) === 'open');

/**
 * Whether a post naming an external id may replace the item that holds it: 'open'; 'forbidden' for any
 * credential but the workspace's own (knowledge.write admits no other today; should one ever be admitted, a
 * role-bound or user space token must not overwrite an item it cannot write by naming its id); 'otherSpace'
 * when the item lives in another space than the post names (workspace knowledge: none), so an upload into
 * one user's space never overwrites workspace knowledge or another user's file.
 */
export function upsertReach(
  auth: AuthState,
  item: { spaceId: string | null },
  posted: { spaceId: string | null },
): 'open' | 'forbidden' | 'otherSpace' {
  if (!isWorkspaceCredential(auth)) return 'forbidden';
  return item.spaceId === posted.spaceId ? 'open' : 'otherSpace';
}
