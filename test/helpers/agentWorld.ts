// A workspace as the Agent API tests use it: text items uploaded through the API, some assigned to an `hr`
// role, RBAC turned on, and an access token bound to that role.
import assert from 'node:assert/strict';
import * as workspaces from '../../src/db/repositories/workspaces';
import { accessHeaders, createRole, type Tenant } from './factories';
import { uploadRequest } from './knowledge';
import type { TestStack } from './stack';

/** Uploads a text file synchronously; resolves with its knowledge id once it is searchable. */
export async function uploadText(
  stack: TestStack,
  tenant: Tenant,
  headers: Record<string, string>,
  title: string,
  text: string,
): Promise<string> {
  const res = await uploadRequest(
    stack.request,
    tenant.workspaceId,
    headers,
    { filename: `${title}.txt`, contentType: 'text/plain', bytes: Buffer.from(text) },
    { title },
  );
  assert.equal(res.body?.status, 'COMPLETED', res.text);
  return res.body.knowledgeId as string;
}

/**
 * Uploads the items (title -> text); those named in `forHr` are assigned to the `hr` role; RBAC becomes ACTIVE.
 * Returns the hr token's headers, the role id and the item ids by title.
 */
export async function hrWorld(
  stack: TestStack,
  tenant: Tenant,
  workspaceHeaders: Record<string, string>,
  items: Record<string, string>,
  forHr: string[],
): Promise<{ hr: Record<string, string>; roleId: string; ids: Record<string, string> }> {
  const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'hr' });
  const hr = (await accessHeaders(stack, tenant, { customerRoleId: 'hr' })).headers;
  const ids: Record<string, string> = {};
  for (const [title, text] of Object.entries(items))
    ids[title] = await uploadText(stack, tenant, workspaceHeaders, title, text);
  for (const title of forHr) {
    await stack.deps
      .db('knowledge_roles')
      .insert({ knowledge_id: ids[title], role_id: role.id, workspace_id: tenant.workspaceId });
  }
  await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
  return { hr, roleId: role.id, ids };
}

/** The smallest role-scoped world: parental leave for hr, an executive bonus item for nobody. */
export async function leaveAndBonus(
  stack: TestStack,
  tenant: Tenant,
  workspaceHeaders: Record<string, string>,
): Promise<{ hr: Record<string, string>; leave: string; bonus: string }> {
  const { hr, ids } = await hrWorld(
    stack,
    tenant,
    workspaceHeaders,
    {
      'Parental leave': 'Parental leave lasts sixteen weeks for every employee.',
      'Executive bonus': 'The executive parental bonus pool is four percent of profit.',
    },
    ['Parental leave'],
  );
  return { hr, leave: ids['Parental leave']!, bonus: ids['Executive bonus']! };
}
