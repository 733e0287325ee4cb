// "Why not?": which rule keeps an item out of a role's searches. The service gathers the facts (the item's
// roles, its chunks, the workspace's RBAC status, whether a filter lets it through) and asks here; the rules are
// the ones search applies (knowledgeScope in ./scopes.ts, the role join in db/repositories/search.ts, and the
// chunk rule: a disabled chunk is never searched).

import type { RoleVia } from '../domain/sourceRules';

/** A rule that hides an item, in the order they are reported. */
export type HidingRule = 'FILTER' | 'RBAC_ON' | 'NOT_ASSIGNED' | 'CHUNKS_DISABLED' | 'NOT_COMPLETED';

export interface AccessFacts {
  rbacActive: boolean;
  /** The role asked about (undefined: the workspace's own credential). */
  roleId?: string;
  /** The roles that reach the item: assigned to it ('direct'), to its parent ('parent'), or by a source rule. */
  roles: Array<{ id: string; via: RoleVia }>;
  /** The item came from a source with rules: the rule it matched (its label) and the roles that rule gives. */
  sourceRule?: { label: string; sourceName: string; roleIds: string[] };
  status: string;
  chunks: { total: number; enabled: number };
  /** Whether the request's filter lets the item through (undefined: no filter). */
  passesFilter?: boolean;
}

export interface AccessExplanation {
  visible: boolean;
  /** The first rule that hides the item (null: it is found). */
  hiddenBy: HidingRule | null;
  reasons: Array<{ rule: HidingRule; message: string }>;
  /** How the role reaches the item (null: it does not, or no role was asked about, or RBAC is off). */
  via: RoleVia | null;
}

/** Every rule that keeps the item out of a search run with the role's token (or the workspace's). */
export function explainKnowledgeAccess(facts: AccessFacts): AccessExplanation {
  const reasons: AccessExplanation['reasons'] = [];
  if (facts.passesFilter === false) {
    reasons.push({ rule: 'FILTER', message: 'The filter does not let the item through' });
  }
  const reach = facts.roleId ? facts.roles.find((r) => r.id === facts.roleId) : undefined;
  if (facts.rbacActive && facts.roleId && !reach) {
    // An item a source's rules gave roles: the rule that decided is named.
    const ruled = facts.sourceRule;
    const by = ruled
      ? ` (${ruled.label} of the source "${ruled.sourceName}" gives it ${roleCount(ruled.roleIds)})`
      : '';
    reasons.push(
      facts.roles.length === 0
        ? {
            rule: 'RBAC_ON',
            message: `RBAC is ACTIVE and the item is assigned to no role${by}: only the workspace sees it`,
          }
        : {
            rule: 'NOT_ASSIGNED',
            message: ruled
              ? `RBAC is ACTIVE and ${ruled.label} of the source "${ruled.sourceName}" does not give the item this role (it gives ${roleCount(ruled.roleIds)}), nor is it assigned by hand`
              : 'RBAC is ACTIVE and the role is assigned neither to the item nor to its parent',
          },
    );
  }
  if (facts.status !== 'COMPLETED') {
    reasons.push({ rule: 'NOT_COMPLETED', message: `The item is not processed yet (${facts.status})` });
  } else if (facts.chunks.enabled === 0) {
    reasons.push({
      rule: 'CHUNKS_DISABLED',
      message: facts.chunks.total === 0 ? 'The item has no searchable chunks' : 'Every chunk of the item is disabled',
    });
  }
  return {
    visible: reasons.length === 0,
    hiddenBy: reasons[0]?.rule ?? null,
    reasons,
    via: facts.rbacActive && reach ? reach.via : null,
  };
}

const roleCount = (ids: string[]) =>
  ids.length === 0 ? 'no role' : ids.length === 1 ? '1 role' : `${ids.length} roles`;
