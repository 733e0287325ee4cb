// Fresh tenants per test (instead of truncation): organization, workspace, API key, tokens.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/knex';
import { toVectorLiteral } from '../../src/db/repositories/search';
import * as roles from '../../src/db/repositories/roles';
import { bootstrap } from '../../src/services/operations/admin';
import type { TestStack } from './stack';

export interface Tenant {
  organizationId: string;
  workspaceId: string;
  apiKey: string;
}

let seq = 0;
export async function createTenant(db: Db): Promise<Tenant> {
  seq += 1;
  return bootstrap({ db }, { organizationName: `org ${seq}`, workspaceName: `ws ${seq}`, apiKeyName: 'test' });
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

/**
 * An end user's space through the real endpoint (the workspace's API key), bound to the role of `customerRoleId`
 * when given, and the headers its token gives. `stack` is the stack or a server it serves with other settings.
 */
export async function createUserSpace(
  stack: Pick<TestStack, 'request'>,
  tenant: Tenant,
  userId: string,
  opts: { customerRoleId?: string } = {},
): Promise<{ spaceId: string; token: string; headers: { authorization: string } }> {
  const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space-api-key`, {
    headers: { 'x-api-key': tenant.apiKey },
    json: { userId, email: `${userId}@example.com`, ...opts },
  });
  if (res.status !== 200) throw new Error(`user space endpoint answered ${res.status}: ${res.text}`);
  const token = res.body.token as string;
  return { spaceId: res.body.space.id as string, token, headers: { authorization: `Bearer ${token}` } };
}

/** A unit vector drawn deterministically from a seed (stands in for an embedding where text does not matter). */
export function seededVector(dim: number, seed: number): number[] {
  let s = seed;
  const v = Array.from({ length: dim }, () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31 - 0.5;
  });
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

/** A searchable STRING item (one chunk: its content, the title by default) inserted directly, assigned to the given roles. */
export async function insertItem(
  db: Db,
  workspaceId: string,
  input: { title: string; content?: string; roleIds?: string[]; vector: number[] },
): Promise<string> {
  const id = randomUUID();
  const content = input.content ?? input.title;
  await db('knowledge').insert({
    id,
    workspace_id: workspaceId,
    type: 'STRING',
    title: input.title,
    content,
  });
  await db('knowledge_chunks').insert({
    id: randomUUID(),
    workspace_id: workspaceId,
    knowledge_id: id,
    chunk_index: 0,
    page_number: 1,
    content,
    embedding: db.raw('?::vector', [toVectorLiteral(input.vector)]),
  });
  for (const roleId of input.roleIds ?? []) {
    await db('knowledge_roles').insert({ knowledge_id: id, role_id: roleId, workspace_id: workspaceId });
  }
  return id;
}
