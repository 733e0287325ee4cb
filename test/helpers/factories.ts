// Fresh tenants per test (instead of truncation): organization, workspace, API key, tokens.
import type { Db } from '../../src/db/knex';
import * as roles from '../../src/db/repositories/roles';
import { bootstrap } from '../../src/services/admin';
import type { TestStack } from './stack';

export interface Tenant {
  organizationId: string;
  workspaceId: string;
  apiKey: string;
}

let seq = 0;
export async function createTenant(db: Db): Promise<Tenant> {
  seq += 1;
  return bootstrap(db, { organizationName: `org ${seq}`, workspaceName: `ws ${seq}`, apiKeyName: 'test' });
}

export async function createRole(db: Db, workspaceId: string, input: { name?: string; customerRoleId?: string } = {}) {
  seq += 1;
  return roles.insertRole(db, workspaceId, { name: input.name ?? `role ${seq}`, customerRoleId: input.customerRoleId });
}

/** An access token through the real endpoint, and the headers a /v1 call needs. */
export async function accessHeaders(
  stack: TestStack,
  tenant: Tenant,
  body: Record<string, unknown> = {},
): Promise<{ token: string; headers: Record<string, string> }> {
  const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
    headers: { 'x-api-key': tenant.apiKey },
    json: body,
  });
  if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}: ${res.text}`);
  const token = res.body.token as string;
  return { token, headers: { authorization: `Bearer ${token}`, organizationid: tenant.organizationId } };
}
