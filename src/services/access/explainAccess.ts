// "Why not?" for the operator: gathers what decides whether a role's search finds an item (its roles, its
// chunks, the RBAC status, the filter) and lets src/policies/knowledgeAccess.ts name the rule that hides it.
import { countChunks } from '../../db/repositories/chunks';
import { findVisibleKnowledge } from '../../db/repositories/knowledge';
import { visibilityRoles, type VisibilityRole } from '../../db/repositories/roles';
import type { KnowledgeRow, RoleRow } from '../../db/rows';
import type { ItemFilter } from '../../domain/filter';
import type { AuthState } from '../../policies/credentials';
import { explainKnowledgeAccess, type AccessExplanation } from '../../policies/knowledgeAccess';
import { loadVisibleKnowledge } from '../knowledge/knowledge';
import { loadRole } from './roles';
import { ruleOfItem, type ItemRule } from '../sources/sourceRules';
import type { DbDeps } from '../deps';

export interface KnowledgeAccess {
  item: KnowledgeRow;
  rbacActive: boolean;
  role?: RoleRow;
  /** The roles that see the item, and how (assigned to it, to its parent, or by a source rule). */
  roles: VisibilityRole[];
  chunks: { total: number; enabled: number };
  /** For an item a source brought: the rule that gives it its roles (undefined: no source brought it). */
  sourceRule?: ItemRule;
  explanation: AccessExplanation;
}

export async function explainAccess(
  { db }: DbDeps,
  auth: AuthState,
  knowledgeId: string,
  input: { roleId?: string; filter?: ItemFilter },
): Promise<KnowledgeAccess> {
  const workspaceId = auth.workspace.id;
  const item = await loadVisibleKnowledge({ db: db }, auth, knowledgeId);
  const role = input.roleId ? await loadRole({ db }, workspaceId, input.roleId) : undefined;
  const [byItem, chunks, passing, sourceRule] = await Promise.all([
    visibilityRoles(db, workspaceId, [item.id]),
    countChunks(db, workspaceId, item.id),
    input.filter ? findVisibleKnowledge(db, workspaceId, item.id, { where: input.filter }) : undefined,
    ruleOfItem({ db }, workspaceId, item.id),
  ]);
  const roles = byItem.get(item.id) ?? [];
  const rbacActive = auth.workspace.rbac_enabled;
  const explanation = explainKnowledgeAccess({
    rbacActive,
    roleId: role?.id,
    roles,
    status: item.status,
    chunks,
    passesFilter: input.filter ? passing !== undefined : undefined,
    ...(sourceRule && sourceRule.rule !== null
      ? { sourceRule: { label: sourceRule.label, sourceName: sourceRule.sourceName, roleIds: sourceRule.roleIds } }
      : {}),
  });
  return { item, rbacActive, role, roles, chunks, explanation, ...(sourceRule ? { sourceRule } : {}) };
}
