// The resource rules: "may this credential do this to that row?" for the rows a route loads (a space, an
// item an upsert names, a job, an upload, an agent server's model) and for the workspace and organization a
// request addresses. Each rule takes the actor and the facts a service or the guard gathered and returns a
// Decision (./decision.ts); callers ask through authorize(), can() or decide() in ./authorize.ts, never here.
import { Messages } from '../errors';
import { SpaceMessages } from '../domain/spaces';
import { allows, POLICY } from './actions';
import { boundRoleId, TOKEN_ENDPOINT, type AuthState } from './credentials';
import { ALLOWED, forbid, refuse, type Decision } from './decision';
import { isWorkspaceCredential, lentApiKeyId, spaceSpeaker } from './scopes';

export const RuleMessages = {
  /** An upsert naming an externalId held by an item in another space (409). */
  otherSpace: 'externalId belongs to an item in another space',
  /** A run naming another model than its agent server's (403). */
  modelFixed: "Only the workspace credential runs another model than the agent server's",
  /** The RAG endpoint's answer to a token of another workspace or organization (404, error "Error"). */
  workspaceMismatch: 'Workspace ID does not match',
} as const;

/** The help of a token whose role was deleted. */
export const ROLE_GONE = {
  code: 'token_role_deleted',
  param: 'Authorization',
  hint: 'The role this token is bound to was deleted: mint a new token with an existing customerRoleId or roleId.',
} as const;

/** A credential as presented, before the request's workspace is loaded: which workspace and organization it names. */
export interface PresentedCredential {
  workspaceId: string;
  /** The organization an access token was minted for (undefined: a user space token or an API key). */
  organizationId?: string;
}

/** How the addressed route words a refusal: the RAG endpoint answers a mismatch 404, every other route 403. */
export type Wording = 'rag' | 'default';

// ---- what the space rules weigh (private: callers ask through authorize())

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
function spaceReach(auth: AuthState, space: SpaceFacts): 'open' | 'private' | 'hidden' {
  if (isWorkspaceCredential(auth)) return 'open';
  if (auth.kind === 'userSpace') {
    return space.callerMemberRole !== undefined && sameRole(auth, space) ? 'open' : 'private';
  }
  const subject = auth.token?.subject;
  return sameRole(auth, space) && (subject === undefined || subject === space.ownerExternalId) ? 'open' : 'hidden';
}

/** The member roles that manage a space's files (delete them); a GUEST only reads. */
const FILE_MANAGERS: readonly string[] = ['HOST', 'CO_HOST'];

const spaceRefusal = (reach: 'private' | 'hidden'): Decision =>
  reach === 'private'
    ? refuse({
        status: 400,
        message: SpaceMessages.private,
        error: 'Error',
        code: 'space_private',
        pathParam: 'spaceId',
      })
    : refuse({ status: 404, message: SpaceMessages.notFound, error: 'Error', pathParam: 'spaceId' });

export const RULES = {
  /**
   * Enter a space (read it, post to it, retrieve from it): a user space token outside its user's spaces is 400
   * "The space is private" (the spec's answer); an end user's access token outside its role or subject is 404
   * "Space not found", as if the space did not exist (spaceReach above).
   */
  'space.enter': (auth: AuthState, space: SpaceFacts): Decision => {
    const reach = spaceReach(auth, space);
    return reach === 'open' ? ALLOWED : spaceRefusal(reach);
  },
  /**
   * Delete a space's files: the space must be reached first (else its answer, as space.enter); then the workspace
   * credential, or a user space token whose user is the space's HOST or CO_HOST (a GUEST only reads: 403).
   */
  'space.manageFiles': (auth: AuthState, space: SpaceFacts): Decision => {
    const reach = spaceReach(auth, space);
    if (reach !== 'open') return spaceRefusal(reach);
    const manager = auth.kind === 'userSpace' && FILE_MANAGERS.includes(space.callerMemberRole ?? '');
    return isWorkspaceCredential(auth) || manager ? ALLOWED : forbid();
  },
  /** Activate a user space: the caller lends the new token its API key (the token dies when the key is revoked). */
  'space.lendKey': (auth: AuthState): Decision => (lentApiKeyId(auth) !== undefined ? ALLOWED : forbid()),
  /**
   * Activate (or retrieve) this user's space (a new one carries the role the activation names): the workspace
   * credential always (it records the role it names); an end user's access token only a space it reaches (its own
   * role; its subject's), 403 otherwise and nothing is created. User space tokens never activate.
   */
  'space.activateFor': (auth: AuthState, space: Omit<SpaceFacts, 'callerMemberRole'>): Decision => {
    if (isWorkspaceCredential(auth) || (auth.kind === 'role' && spaceReach(auth, space) === 'open')) return ALLOWED;
    if (auth.kind !== 'role') {
      return forbid(undefined, {
        hint: 'A user space token cannot activate a space: activate with the workspace credential or an access token.',
      });
    }
    const subject = auth.token?.subject;
    return forbid(undefined, {
      code: 'space_outside_lane',
      hint:
        subject !== undefined && subject !== space.ownerExternalId
          ? "A token with a subject activates only its subject's own space: mint a token for this user (subject), or activate with the workspace credential."
          : // One hint whether the space is under no role or another one: the token learns nothing of which.
            "This user's space is outside the token's role (a role-bound token reaches only its role's spaces, a space under no role only a token without one): activate it with the workspace credential, or with a token of the space's role.",
    });
  },
  /** Speak as the space's user (post a message, give feedback): a user space token only, as spaces.post says. */
  'space.speak': (auth: AuthState): Decision =>
    spaceSpeaker(auth) !== undefined ? ALLOWED : forbid(POLICY['spaces.post'].deniedMessage),
  /**
   * Replace the item a post's externalId names: 403 for any credential but the workspace's own (knowledge.write
   * admits no other today; should one ever be admitted, a role-bound or user space token must not overwrite an
   * item it cannot write by naming its id); 409 when the item lives in another space than the post names
   * (workspace knowledge: none), so an upload into one user's space never overwrites workspace knowledge or
   * another user's file.
   */
  'knowledge.upsert': (
    auth: AuthState,
    target: { item: { spaceId: string | null }; posted: { spaceId: string | null } },
  ): Decision => {
    if (!isWorkspaceCredential(auth)) return forbid();
    return target.item.spaceId === target.posted.spaceId
      ? ALLOWED
      : refuse({ status: 409, message: RuleMessages.otherSpace });
  },
  /**
   * What POST …/background-jobs tells a credential of a job of its workspace (asked with can(): a refusal is the
   * job answered NOT_FOUND, as absent, no existence or error oracle): the workspace credential everything; any
   * other a job only when its knowledge scope reaches the job's item (`itemReached`), so a job of another role's
   * item, a role's workflow or a space's erasure is hidden. A re-embed of the whole deployment is reported to
   * everyone (its counts only to the workspace: mayCountWorkspaceChunks in ./scopes.ts). Decided before a failed
   * job's reason is read from Temporal (src/services/operations/jobs.ts), so a hidden job costs what an absent id does.
   */
  'job.read': (auth: AuthState, job: { deploymentWide: boolean; itemReached: boolean }): Decision =>
    isWorkspaceCredential(auth) || job.deploymentWide || job.itemReached
      ? ALLOWED
      : refuse({ status: 404, message: 'Job not found' }),
  /**
   * Track an upload (upload-file-metadata): an upload into a space is the space's, so only the workspace
   * credential tracks it here (a space's users see its files through the space's own routes); any other upload
   * follows the knowledge rule, which the caller applies to the item.
   */
  'upload.track': (auth: AuthState, upload: { spaceId: string | null }): Decision =>
    upload.spaceId === null || isWorkspaceCredential(auth)
      ? ALLOWED
      : refuse({ status: 404, message: 'Upload file metadata not found', pathParam: 'uploadFileMetadataId' }),
  /**
   * Run another model than the agent server's: the workspace credential always; an end user's credential only
   * when the integrator set none on the server (else the end user would choose what the integrator's model
   * account pays for).
   */
  'agent.chooseModel': (auth: AuthState, run: { serverModel: string | null; named: string | undefined }): Decision =>
    isWorkspaceCredential(auth) || run.named === undefined || run.serverModel === null || run.named === run.serverModel
      ? ALLOWED
      : forbid(RuleMessages.modelFixed, {
          code: 'model_fixed',
          param: 'model',
          hint: "Omit model: the agent server's model is the workspace's choice",
        }),
  /** Track an evaluation's progress: a credential that may read evaluations. */
  'evaluation.track': (auth: AuthState): Decision => (allows('retrieval.evaluate', auth.kind) ? ALLOWED : forbid()),

  // ---- the workspace and organization a request addresses (the guard asks before it loads the workspace)
  /** An API key addresses only its own workspace. */
  'apiKey.address': (key: PresentedCredential, addressed: { workspaceId: string | undefined }): Decision =>
    key.workspaceId === addressed.workspaceId
      ? ALLOWED
      : forbid(Messages.insufficientPermissions, {
          code: 'api_key_workspace_mismatch',
          param: 'x-api-key',
          hint: `The key belongs to workspace ${key.workspaceId}: call that workspace, or use this workspace's key.`,
        }),
  /** The x-api-key sent beside a bearer token is the token's workspace's. */
  'apiKey.pair': (token: PresentedCredential, key: { workspaceId: string }): Decision =>
    key.workspaceId === token.workspaceId
      ? ALLOWED
      : forbid(Messages.insufficientPermissions, {
          code: 'api_key_workspace_mismatch',
          param: 'x-api-key',
          hint: "The API key and the token belong to different workspaces: send the token's workspace's key.",
        }),
  /** An access token's organizationid header, when sent, names the organization it was minted for. */
  'organization.address': (token: PresentedCredential, header: { organizationId: string | undefined }): Decision =>
    !header.organizationId || token.organizationId === undefined || header.organizationId === token.organizationId
      ? ALLOWED
      : forbid(Messages.insufficientPermissions, {
          code: 'organization_mismatch',
          param: 'organizationid',
          hint:
            `The header names organization ${header.organizationId.slice(0, 64)}, the token was minted for ` +
            `${token.organizationId}: send that id in organizationid.`,
        }),
  /**
   * A token addresses only its own workspace (only the token's own workspace is ever read, so the refusal reveals
   * nothing about others): 403, or on the RAG endpoint 404 "Workspace ID does not match".
   */
  'workspace.address': (
    token: PresentedCredential,
    addressed: { workspaceId: string | undefined; wording: Wording },
  ): Decision => {
    if (addressed.workspaceId === token.workspaceId) return ALLOWED;
    const help = {
      code: 'token_workspace_mismatch',
      param: 'Authorization',
      hint:
        `The token belongs to workspace ${token.workspaceId}: call that workspace's paths, or mint a token for ` +
        `this one with its API key (${TOKEN_ENDPOINT}).`,
    } as const;
    return addressed.wording === 'rag'
      ? refuse({ status: 404, message: RuleMessages.workspaceMismatch, error: 'Error', ...help })
      : forbid(Messages.insufficientPermissions, help);
  },
  /** The token's workspace still belongs to the organization the token was minted for. */
  'organization.standing': (
    token: PresentedCredential,
    workspace: { organizationId: string; wording: Wording },
  ): Decision => {
    if (workspace.organizationId === token.organizationId) return ALLOWED;
    return workspace.wording === 'rag'
      ? refuse({ status: 404, message: RuleMessages.workspaceMismatch, error: 'Error' })
      : forbid();
  },
  /** A token bound to a role that has since been deleted fails cleanly (RAG: 400) instead of widening or narrowing. */
  'role.standing': (
    token: PresentedCredential,
    role: { bound: boolean; exists: boolean; wording: Wording },
  ): Decision => {
    if (!role.bound || role.exists) return ALLOWED;
    return refuse({
      status: role.wording === 'rag' ? 400 : 403,
      message: Messages.roleNotFound,
      ...(role.wording === 'rag' ? { error: 'Error' } : {}),
      ...ROLE_GONE,
    });
  },
} as const;

export type RuleAction = keyof typeof RULES;
