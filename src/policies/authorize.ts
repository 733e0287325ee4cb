// authorize(auth, action, resource?): the one place that decides who may do what. The kind check comes from
// the policy table; the resource rules below narrow an allowed kind to what its binding permits.
import { AppError } from '../errors';
import { allows, POLICY, type Action, type ActionPolicy } from './actions';
import type { WorkspaceRow } from '../db/rows';
import { boundRoleId, type AuthState } from './credentials';

export const FORBIDDEN = 'Insufficient permissions';

export interface ActivationResource {
  /** The role the new user space token would carry, as the request names it (undefined: none named). */
  roleId: string | undefined;
}

export interface ResourceOf {
  'spaces.activate': ActivationResource;
}

function deny(message: string = FORBIDDEN): never {
  throw new AppError(403, message);
}

/** The workspace-state rules of an action (requiresRbacActive), for a caller without a credential at hand. */
export function authorizeInWorkspace(workspace: Pick<WorkspaceRow, 'rbac_enabled'>, action: Action): void {
  const policy: ActionPolicy = POLICY[action];
  if (policy.requiresRbacActive && !workspace.rbac_enabled) deny(policy.requiresRbacActive.deniedMessage);
}

export function authorize<A extends Action>(
  auth: AuthState,
  action: A,
  resource?: A extends keyof ResourceOf ? ResourceOf[A] : never,
): void {
  const policy: ActionPolicy = POLICY[action];
  if (!allows(action, auth.kind)) deny(policy.deniedMessage);
  // Context rule: the workspace's RBAC status narrows who may (agent.use: a token without a role is refused,
  // a subject-bound one too).
  const rbacActive = auth.workspace.rbac_enabled;
  if (!allows(action, auth.kind, rbacActive) || (rbacActive && policy.whenRbacActive && !boundRoleId(auth))) {
    deny(policy.whenRbacActive?.deniedMessage);
  }
  authorizeInWorkspace(auth.workspace, action);
  if (action === 'spaces.activate' && resource) {
    // A role-bound caller can hand its own role on, never another one.
    const own = boundRoleId(auth);
    const named = (resource as ActivationResource).roleId;
    if (auth.kind === 'role' && named !== undefined && named !== own) deny();
  }
}
