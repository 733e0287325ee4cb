// Organizations and their users: the "managed elsewhere" side of the spec, driven by the kws admin CLI.
import * as organizations from '../../db/repositories/organizations';
import type { OrganizationRow, UserRow } from '../../db/rows';
import { notFound } from '../../errors';
import type { DbDeps } from '../deps';

export function createOrganization({ db }: DbDeps, name: string): Promise<OrganizationRow> {
  return organizations.insertOrganization(db, { name });
}

export function listOrganizations({ db }: DbDeps): Promise<OrganizationRow[]> {
  return organizations.listOrganizations(db);
}

export async function loadOrganization({ db }: DbDeps, id: string): Promise<OrganizationRow> {
  const row = await organizations.findOrganization(db, id);
  if (!row) throw notFound(`organization ${id} not found`);
  return row;
}

export function createUser(
  { db }: DbDeps,
  input: { organizationId: string; name: string; email: string },
): Promise<UserRow> {
  return organizations.insertUser(db, input);
}
