// authorize(actor, action, resource?): the one vocabulary for "may this credential do this to that". An action is
// either a route's (the policy table in ./actions.ts: which credential kinds, under which workspace state) or a
// resource rule's (./rules.ts: this space, this item, this job, the addressed workspace). Every answer is a
// Decision (./decision.ts); authorize() throws its refusal as the spec's error, can() reads it as a yes or no,
// decide() returns it. Outline's shape: small policies, one call at the place that acts.
import type { WorkspaceRow } from '../db/rows';
import { allows, POLICY, type Action, type ActionPolicy } from './actions';
import { boundRoleId, kindRefusalHint, type AuthState } from './credentials';
import { ALLOWED, enforce, forbid, type Decision } from './decision';
import { RULES, type RuleAction } from './rules';

export { FORBIDDEN } from './decision';
export type { RuleAction } from './rules';

export interface ActivationResource {
  /** The role the new user space token would carry, as the request names it (undefined: none named). */
  roleId: string | undefined;
  /** The request's field that named it (what a refusal points at). */
  namedBy?: 'roleId' | 'customerRoleId';
}

/** The resources a route action may be decided on (beyond the credential's kind and its workspace's state). */
export interface ResourceOf {
  'spaces.activate': ActivationResource;
}

type Rules = typeof RULES;

/** Who asks: the authenticated credential, or for the addressing rules the credential as presented. */
export type ActorOf<A extends Action | RuleAction> = A extends RuleAction ? Parameters<Rules[A]>[0] : AuthState;

/** What the action is decided on: a rule's resource (required), a route action's (optional), or nothing. */
export type ResourceArg<A extends Action | RuleAction> = A extends RuleAction
  ? Parameters<Rules[A]> extends [unknown, infer R]
    ? [resource: R]
    : []
  : A extends keyof ResourceOf
    ? [resource?: ResourceOf[A]]
    : [];

const isRule = (action: string): action is RuleAction => Object.hasOwn(RULES, action);

/** The workspace-state rules of an action (requiresRbacActive), for a caller without a credential at hand. */
export function decideInWorkspace(workspace: Pick<WorkspaceRow, 'rbac_enabled'>, action: Action): Decision {
  const policy: ActionPolicy = POLICY[action];
  return policy.requiresRbacActive && !workspace.rbac_enabled
    ? // The workspace's state is at fault, not the credential: no param, a code of its own with the fix.
      forbid(policy.requiresRbacActive.deniedMessage, { code: 'rbac_not_active', param: undefined })
    : ALLOWED;
}

/** A route action: the credential's kind (the table), the workspace's RBAC status, then the resource's rule. */
function decideAction(auth: AuthState, action: Action, resource: unknown): Decision {
  const policy: ActionPolicy = POLICY[action];
  if (!allows(action, auth.kind)) return forbid(policy.deniedMessage, { hint: kindRefusalHint(auth, policy.allow) });
  // Context rule: the workspace's RBAC status narrows who may (agent.use: a token without a role is refused,
  // a subject-bound one too).
  const rbacActive = auth.workspace.rbac_enabled;
  if (!allows(action, auth.kind, rbacActive) || (rbacActive && policy.whenRbacActive && !boundRoleId(auth))) {
    return forbid(policy.whenRbacActive?.deniedMessage, { code: 'role_token_required' });
  }
  const inWorkspace = decideInWorkspace(auth.workspace, action);
  if (!inWorkspace.allowed) return inWorkspace;
  if (action === 'spaces.activate' && resource) {
    // A role-bound caller can hand its own role on, never another one.
    const { roleId: named, namedBy = 'roleId' } = resource as ActivationResource;
    if (auth.kind === 'role' && named !== undefined && named !== boundRoleId(auth)) {
      return forbid(undefined, {
        code: 'role_not_own',
        param: namedBy,
        hint:
          `An end user's token activates a space only under its own role: leave ${namedBy} out (the space then ` +
          `takes the token's role), or activate with the workspace credential, which may name any role.`,
      });
    }
  }
  return ALLOWED;
}

/** The decision, allowed or refused with the spec's status and message: for a caller that words nothing itself. */
export function decide<A extends Action | RuleAction>(
  actor: ActorOf<A>,
  action: A,
  ...resource: ResourceArg<A>
): Decision {
  if (isRule(action)) {
    const rule = RULES[action] as (actor: unknown, resource: unknown) => Decision;
    return rule(actor, resource[0]);
  }
  return decideAction(actor as AuthState, action as Action, resource[0]);
}

/** Throws the spec's error when the actor may not (one place words every refusal: ./decision.ts). */
export function authorize<A extends Action | RuleAction>(
  actor: ActorOf<A>,
  action: A,
  ...resource: ResourceArg<A>
): void {
  enforce(decide(actor, action, ...resource));
}

/** Whether the actor may: for a rule whose refusal is an absence (a hidden job), not an error. */
export function can<A extends Action | RuleAction>(actor: ActorOf<A>, action: A, ...resource: ResourceArg<A>): boolean {
  return decide(actor, action, ...resource).allowed;
}

/** The workspace-state rules of an action, for a caller without a credential at hand (the CLI): throws. */
export function authorizeInWorkspace(workspace: Pick<WorkspaceRow, 'rbac_enabled'>, action: Action): void {
  enforce(decideInWorkspace(workspace, action));
}
