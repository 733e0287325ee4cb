// What a credential reaches, as the repositories narrow a query by it: the scopes src/policies/scopes.ts
// decides (knowledgeScope, threadScope) and the repositories apply. Below both, so neither imports the other.
import type { ItemFilter } from './filter';

export interface AccessFilter {
  /** Only knowledge assigned to this audience. */
  audienceId?: string;
  /** Only knowledge assigned (itself or through its parent) to at least one of these roles. */
  roleIds?: string[];
  /**
   * Only knowledge assigned (itself or through its parent) to this role (RBAC: the caller's role); null: the
   * caller must hold a role and holds none, so no workspace knowledge passes (src/policies/scopes.ts).
   */
  requiredRoleId?: string | null;
  /** Only this space's knowledge; without it, only workspace knowledge (space knowledge stays in its space). */
  spaceId?: string;
  /** Only knowledge in this language. */
  language?: string;
  /** Only knowledge the request's filter (attributes and built-in keys) lets through. */
  where?: ItemFilter;
}

/**
 * Which threads a caller sees: with roleId, only the threads bound to that role (null: none); with subject,
 * only the threads created for that subject (null: only threads without one); an absent field does not narrow.
 */
export interface ThreadScope {
  roleId?: string | null;
  subject?: string | null;
}
