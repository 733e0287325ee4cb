import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { RoleRow } from '../rows';

export async function insertRole(
  db: Tx,
  workspaceId: string,
  input: { id?: string; name: string; description?: string | null; customerRoleId?: string | null },
): Promise<RoleRow> {
  const [row] = await db<RoleRow>('roles')
    .insert({
      id: input.id ?? randomUUID(),
      workspace_id: workspaceId,
      name: input.name,
      description: input.description ?? null,
      customer_role_id: input.customerRoleId ?? null,
    })
    .returning('*');
  return row!;
}

export async function findRole(db: Tx, workspaceId: string, id: string): Promise<RoleRow | undefined> {
  return db<RoleRow>('roles').where({ workspace_id: workspaceId, id }).first();
}

export async function findRoleByCustomerRoleId(
  db: Tx,
  workspaceId: string,
  customerRoleId: string,
): Promise<RoleRow | undefined> {
  return db<RoleRow>('roles').where({ workspace_id: workspaceId, customer_role_id: customerRoleId }).first();
}

export async function listRoles(db: Tx, workspaceId: string): Promise<RoleRow[]> {
  return db<RoleRow>('roles').where({ workspace_id: workspaceId }).orderBy('created_at');
}
