// The policy table: every action a route can perform and the credential kinds that may perform it. A route
// declares its action with guard() (src/api/middleware/authenticate.ts); authorize() consults this table
// and nothing else.
import { RoleMessages } from '../domain/roles';
import type { CredentialKind } from './credentials';

export interface ActionPolicy {
  /** Who may perform the action. */
  allow: readonly CredentialKind[];
  /** What the action does, for the README's route table. */
  description: string;
  /** The 403 message when a credential of another kind tries it (default "Insufficient permissions"). */
  deniedMessage?: string;
  /**
   * A context rule: while the workspace's RBAC is ACTIVE, only these kinds (a subset of allow), holding a role,
   * may perform the action; the others get 403 with deniedMessage. authorize() applies it from auth.workspace.
   */
  whenRbacActive?: { allow: readonly CredentialKind[]; deniedMessage: string };
  /**
   * A workspace-state rule, whoever asks (the CLI too): the action needs the workspace's RBAC ACTIVE; otherwise
   * 403 with deniedMessage. authorize() applies it, and authorizeInWorkspace() where no credential is at hand.
   */
  requiresRbacActive?: { deniedMessage: string };
}

const TOKENS: readonly CredentialKind[] = ['workspace', 'role'];

export const POLICY = {
  'public.read': { allow: [], description: 'health and service documents; no credential' },
  'tokens.issue': { allow: ['apiKey'], description: 'mint an access token, optionally role-bound' },
  'apiKeys.identify': {
    allow: ['apiKey'],
    description: "name the presented API key's own workspace and organization (signing in with the key alone)",
  },
  'spaces.activate': {
    allow: ['apiKey', 'workspace', 'role'],
    description:
      "activate a user's space and mint a user space token (an end user's token: only its own role's and subject's spaces)",
  },
  'knowledge.read': {
    allow: TOKENS,
    description: "list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)",
  },
  'knowledge.write': {
    allow: ['workspace'],
    description:
      "create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks",
  },
  'rbac.read': { allow: TOKENS, description: 'read the RBAC status' },
  'rbac.manage': { allow: ['workspace'], description: 'turn RBAC on or off' },
  'retrieval.read': { allow: TOKENS, description: "read the workspace's retrieval settings (the rerank default)" },
  'retrieval.manage': { allow: ['workspace'], description: "change the workspace's retrieval settings" },
  'retrieval.evaluate': {
    allow: ['workspace'],
    description:
      "create, list, read, compare and delete retrieval evaluations (a run evaluated as a role searches as that role's token: what the role sees, no more)",
  },
  'roles.read': { allow: TOKENS, description: 'list, get and find roles' },
  'roles.manage': { allow: ['workspace'], description: 'create, update and delete roles' },
  'access.explain': {
    allow: ['workspace'],
    description: 'explain which rule keeps an item out of a role\'s searches (the console\'s "why not?")',
  },
  'roles.assign': {
    allow: ['workspace'],
    requiresRbacActive: { deniedMessage: RoleMessages.rbacDisabled },
    description: 'assign roles to knowledge and remove them',
  },
  'jobs.read': { allow: TOKENS, description: "read background jobs' status" },
  'jobs.list': {
    allow: ['workspace'],
    description: "list the workspace's recent background jobs (every user's: not a role-bound token)",
  },
  'catalog.read': { allow: TOKENS, description: 'categories and taxonomies (role-scoped under RBAC)' },
  'spaces.read': {
    allow: ['workspace', 'role', 'userSpace'],
    description: "read a space and its messages (a user space token: its own spaces; an end user's token: its lane)",
  },
  'spaces.write': {
    allow: ['workspace', 'userSpace'],
    description: "create a group conversation in a space (not a role-bound token: it speaks for no space's user)",
  },
  'spaces.erase': {
    allow: ['workspace'],
    description: "erase a user's space and the user (messages, files, vectors, blobs): a data-subject erasure",
  },
  'spaces.files': {
    allow: ['workspace', 'userSpace'],
    description: "list, get and delete a space's own files (a user space token: its own spaces only)",
  },
  'spaces.post': {
    allow: ['userSpace'],
    description: 'post a message or feedback as the space user',
    deniedMessage: 'A user space token is required',
  },
  'apiKeys.manage': {
    allow: ['workspace'],
    description:
      "create (shown once), list and revoke the workspace's API keys; a key outlives the token that minted it",
  },
  'storage.read': {
    allow: ['workspace'],
    description: "read the workspace's stored-file bytes against its quota",
  },
  'webhooks.manage': {
    allow: ['workspace'],
    description: 'add, change and delete webhook endpoints and read their delivery log',
  },
  'spaces.rag': {
    allow: ['workspace', 'role', 'userSpace'],
    description:
      "retrieve passages for a space it reaches (workspace knowledge role-scoped under RBAC, plus the space's own)",
  },
  'agent.use': {
    allow: TOKENS,
    whenRbacActive: { allow: ['role'], deniedMessage: 'A role-bound token is required when RBAC is active' },
    description:
      "agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge",
  },
  'sources.manage': {
    allow: ['workspace'],
    description:
      'create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules',
  },
  'sources.rules': {
    allow: ['workspace'],
    description:
      "read a source's rules with the documents each gives roles to, and its items no role reaches (rules are set with the source: role-bound tokens see their effect, never the rules)",
  },
  'sources.preview': {
    allow: ['workspace'],
    description: "dry-run a change of a source's rules: which documents would change roles (nothing is written)",
  },
  'agent.manage': {
    allow: ['workspace'],
    description: 'register, update and remove agent servers (workspace configuration, whatever the RBAC status)',
  },
} as const satisfies Record<string, ActionPolicy>;

export type Action = keyof typeof POLICY;

export const ACTIONS = Object.keys(POLICY) as Action[];

/** Whether the kind may perform the action; with rbacActive, also under the workspace's RBAC status. */
export function allows(action: Action, kind: CredentialKind, rbacActive = false): boolean {
  const policy: ActionPolicy = POLICY[action];
  if (!policy.allow.includes(kind)) return false;
  return !(rbacActive && policy.whenRbacActive && !policy.whenRbacActive.allow.includes(kind));
}
