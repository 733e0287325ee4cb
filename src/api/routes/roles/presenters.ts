import type { RoleRow, WorkspaceRow } from '../../../db/rows';
import type { KnowledgeAccess } from '../../../services/access/explainAccess';
import type { KnowledgeAccessResponse, KnowledgeRole, RbacStatus, Role } from './schema';

export function presentRole(row: RoleRow): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    customerRoleId: row.customer_role_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Roles listed for a knowledge item: custom metadata instead of timestamps. */
export function presentKnowledgeRole(row: RoleRow): KnowledgeRole {
  return { id: row.id, name: row.name, description: row.description, metadata: row.metadata };
}

export function presentRbacStatus(workspace: WorkspaceRow): RbacStatus {
  return {
    workspaceId: workspace.id,
    rbacEnabled: workspace.rbac_enabled,
    rbacStatus: workspace.rbac_enabled ? 'ACTIVE' : 'INACTIVE',
  };
}

/** "Why not?": the rules that keep an item out of a role's (or the workspace's) searches. */
export function presentKnowledgeAccess(access: KnowledgeAccess): KnowledgeAccessResponse {
  const { explanation } = access;
  return {
    knowledgeId: access.item.id,
    rbacStatus: access.rbacActive ? 'ACTIVE' : 'INACTIVE',
    roleId: access.role?.id ?? null,
    visible: explanation.visible,
    hiddenBy: explanation.hiddenBy,
    reasons: explanation.reasons,
    via: explanation.via,
    roles: access.roles.map((r) => ({ id: r.id, name: r.name, via: r.via })),
    chunks: access.chunks,
    sourceRule: access.sourceRule ?? null,
  };
}
