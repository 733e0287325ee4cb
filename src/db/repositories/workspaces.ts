import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { WorkspaceRow } from '../rows';

export async function insertWorkspace(
  db: Tx,
  input: { organizationId: string; name: string; storageQuotaBytes?: number | null },
): Promise<WorkspaceRow> {
  const [row] = await db<WorkspaceRow>('workspaces')
    .insert({
      id: randomUUID(),
      organization_id: input.organizationId,
      name: input.name,
      storage_quota_bytes: input.storageQuotaBytes ?? null,
    })
    .returning('*');
  return row!;
}

/** Finds a workspace by id, deleted or not: callers decide between 404 and 410. */
export async function findWorkspace(db: Tx, id: string): Promise<WorkspaceRow | undefined> {
  return db<WorkspaceRow>('workspaces').where({ id }).first();
}

export async function listWorkspaces(db: Tx, organizationId?: string): Promise<WorkspaceRow[]> {
  const q = db<WorkspaceRow>('workspaces').orderBy('created_at');
  if (organizationId) void q.where({ organization_id: organizationId });
  return q;
}

export async function softDeleteWorkspace(db: Tx, id: string): Promise<boolean> {
  const n = await db<WorkspaceRow>('workspaces')
    .where({ id })
    .whereNull('deleted_at')
    .update({ deleted_at: db.fn.now(), updated_at: db.fn.now() });
  return n > 0;
}

export function setRbacEnabled(db: Tx, id: string, enabled: boolean): Promise<WorkspaceRow> {
  return updateWorkspace(db, id, { rbac_enabled: enabled });
}

async function updateWorkspace(
  db: Tx,
  id: string,
  fields: Partial<Pick<WorkspaceRow, 'rbac_enabled' | 'rerank_default'>>,
): Promise<WorkspaceRow> {
  const [row] = await db<WorkspaceRow>('workspaces')
    .where({ id })
    .update({ ...fields, updated_at: db.fn.now() as unknown as Date })
    .returning('*');
  return row!;
}

export function setRerankDefault(db: Tx, id: string, rerank: boolean): Promise<WorkspaceRow> {
  return updateWorkspace(db, id, { rerank_default: rerank });
}
