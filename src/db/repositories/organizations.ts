import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { OrganizationRow, UserRow } from '../rows';

export async function insertOrganization(db: Tx, input: { name: string }): Promise<OrganizationRow> {
  const [row] = await db<OrganizationRow>('organizations')
    .insert({ id: randomUUID(), name: input.name })
    .returning('*');
  return row!;
}

export async function findOrganization(db: Tx, id: string): Promise<OrganizationRow | undefined> {
  return db<OrganizationRow>('organizations').where({ id }).first();
}

export async function listOrganizations(db: Tx): Promise<OrganizationRow[]> {
  return db<OrganizationRow>('organizations').orderBy('created_at');
}

export async function insertUser(
  db: Tx,
  input: { organizationId: string; name: string; email: string; photo?: string | null; id?: string },
): Promise<UserRow> {
  const [row] = await db<UserRow>('users')
    .insert({
      id: input.id ?? randomUUID(),
      organization_id: input.organizationId,
      name: input.name,
      email: input.email,
      photo: input.photo ?? null,
    })
    .returning('*');
  return row!;
}

export async function listUsers(db: Tx, organizationId: string): Promise<UserRow[]> {
  return db<UserRow>('users').where({ organization_id: organizationId }).orderBy('created_at');
}
