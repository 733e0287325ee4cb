// What one space, one end user and one workspace may hold (Security III, finding 3): messages, their size and
// their bytes per space, groups per space, spaces per workspace, agent threads per end user and per workspace,
// sources and active API keys per workspace. Past a bound the answer is a 4xx naming it (message, code, hint); messages count in
// the workspace's storage figure and its quota.
import assert from 'node:assert/strict';
import type { Config } from '../../src/config';
import * as workspaces from '../../src/db/repositories/workspaces';
import type { Deps } from '../../src/services/deps';
import { requireMessageFitsQuota } from '../../src/services/knowledge/storageQuota';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, createUserSpace, type Tenant } from '../helpers/factories';
import type { Request } from '../helpers/http';
import { getStack, type TestStack } from '../helpers/stack';

const BOUNDS: Config['bounds'] = {
  spaceMessages: 3,
  spaceMessageBytes: 2048,
  spaceMessagesBytes: 5000,
  spaceGroups: 3,
  workspaceSpaces: 3,
  roleSpaces: 2,
  agentThreadsPerSubject: 2,
  agentBytesPerSubject: 3000,
  agentRunsPerSubject: 1,
  workspaceAgentThreads: 5,
  workspaceSources: 2,
  workspaceApiKeys: 3,
};

describe('bounds per space, per end user and per workspace', function () {
  this.timeout(120_000);
  let stack: TestStack;
  let request: Request;
  let tenant: Tenant;
  let headers: Record<string, string>;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;

  before(async () => {
    stack = await getStack();
    const config = { ...stack.deps.config, bounds: BOUNDS };
    ({ request } = await stack.serve({ ...stack.deps, config } as Deps));
  });
  beforeEach(async () => {
    tenant = await createTenant(stack.deps.db);
    headers = (await accessHeaders(stack, tenant)).headers;
  });

  /** A user's space (activated with the API key): its token's headers and its default group. */
  async function userSpace(userId: string) {
    const { spaceId, headers: h } = await createUserSpace({ request }, tenant, userId);
    const space = await request('GET', v1(`/spaces/${spaceId}`), { headers: h });
    assert.equal(space.status, 200, space.text);
    return { id: spaceId, headers: h, groupId: space.body.spaceGroupConversation[0].id as string };
  }
  const post = (space: Awaited<ReturnType<typeof userSpace>>, text: string) =>
    request('POST', v1(`/spaces/${space.id}/message`), {
      headers: space.headers,
      json: { newMessage: text, groupId: space.groupId, type: 'USER' },
    });
  const storage = async () => (await request('GET', v1('/storage'), { headers })).body;

  it('bounds the messages of a space, their size and their bytes, and counts them in the storage figure', async () => {
    const space = await userSpace('writer');
    const big = await post(space, 'x'.repeat(2049));
    assertError(big, 413, 'The message is larger than 2048 bytes (text, content and sources together)');
    assert.equal(big.body.code, 'space_max_message_bytes');
    assert.equal(big.body.param, 'newMessage');
    assert.match(big.body.hint, /SPACE_MAX_MESSAGE_BYTES/);

    const before = await storage();
    for (let i = 0; i < 3; i++) assert.equal((await post(space, `message ${i}`)).status, 200);
    const full = await post(space, 'one more');
    assertError(full, 409, 'The space holds its maximum of 3 messages');
    assert.equal(full.body.code, 'space_max_messages');
    const after = await storage();
    assert.equal(after.messageBytes - before.messageBytes, 'message 0'.length * 3, 'the messages count');
    assert.equal(after.usedBytes, after.fileBytes + after.messageBytes);

    // A message post's quota check is one statement (the files', spaces' and threads' sums together).
    const row = (await workspaces.findWorkspace(stack.deps.db, tenant.workspaceId))!;
    const statements: string[] = [];
    const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
      if (q.bindings?.includes(tenant.workspaceId)) statements.push(q.sql);
    };
    stack.deps.db.on('query', onQuery);
    try {
      await requireMessageFitsQuota(stack.deps, row, after.usedBytes + 1, 1);
      await assert.rejects(requireMessageFitsQuota(stack.deps, row, after.usedBytes, 1), /Storage quota exceeded/);
    } finally {
      stack.deps.db.off('query', onQuery);
    }
    assert.equal(statements.length, 2, statements.join('\n'));

    const other = await userSpace('verbose');
    assert.equal((await post(other, 'y'.repeat(2000))).status, 200);
    assert.equal((await post(other, 'y'.repeat(2000))).status, 200);
    const bytes = await post(other, 'y'.repeat(2000));
    assertError(bytes, 409, 'The space holds its maximum of 5000 bytes of messages');
    assert.equal(bytes.body.code, 'space_max_messages_bytes');

    // The workspace's quota holds messages as it holds files.
    await stack.deps.db('workspaces').where({ id: tenant.workspaceId }).update({ storage_quota_bytes: 1 });
    const quota = await post(await userSpace('late'), 'hello');
    assertError(quota, 403, 'Storage quota exceeded');
    assert.equal(quota.body.code, 'quota_exceeded');
  });

  it('bounds the groups of a space and the spaces of a workspace', async () => {
    const space = await userSpace('grouper');
    for (const name of ['second', 'third']) {
      const res = await request('POST', v1(`/spaces/${space.id}/group`), { headers: space.headers, json: { name } });
      assert.equal(res.status, 200, res.text);
    }
    const group = await request('POST', v1(`/spaces/${space.id}/group`), { headers: space.headers, json: {} });
    assertError(group, 409, 'The space holds its maximum of 3 groups');
    assert.equal(group.body.code, 'space_max_groups');

    await userSpace('second-user');
    await userSpace('third-user');
    const res = await request('POST', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space-api-key`, {
      headers: { 'x-api-key': tenant.apiKey },
      json: { userId: 'fourth-user', email: 'fourth@example.com' },
    });
    assertError(res, 409, 'The workspace holds its maximum of 3 spaces');
    assert.equal(res.body.code, 'workspace_max_spaces');
    await userSpace('grouper'); // an existing user's space is still retrieved
  });

  it("bounds the spaces a role's tokens without a subject create, whatever the user ids they name", async () => {
    const role = await createRole(stack.deps.db, tenant.workspaceId, { name: 'support desk' });
    const activate = async (h: Record<string, string>, customerIdString: string) =>
      request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
        headers: h,
        json: { workspaceId: tenant.workspaceId, customerIdString },
      });
    const roleToken = (await accessHeaders(stack, tenant, { roleId: role.id })).headers;
    for (const user of ['desk-1', 'desk-2']) {
      const res = await activate(roleToken, user);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.isNew, true);
    }
    const third = await activate(roleToken, 'desk-3');
    assertError(third, 409, "This role's tokens have created their maximum of 2 spaces");
    assert.equal(third.body.code, 'role_max_spaces');
    assert.match(String(third.body.hint), /ROLE_MAX_SPACES/);
    // Another token of the same role shares the bound; a space already made is still retrieved.
    const another = (await accessHeaders(stack, tenant, { roleId: role.id })).headers;
    assertError(await activate(another, 'desk-4'), 409, "This role's tokens have created their maximum of 2 spaces");
    const again = await activate(another, 'desk-1');
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.isNew, false);
    // The workspace credential is bounded by WORKSPACE_MAX_SPACES alone.
    const integrator = await activate(headers, 'desk-3');
    assert.equal(integrator.status, 200, integrator.text);
  });

  it('bounds the agent threads of an end user and of a workspace', async () => {
    const role = await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'thread-role' });
    const thread = (h: Record<string, string>) =>
      request('POST', v1('/agent/threads'), { headers: h, json: { title: 't' } });
    const alice = (await accessHeaders(stack, tenant, { customerRoleId: 'thread-role', subject: 'alice' })).headers;
    const bob = (await accessHeaders(stack, tenant, { subject: 'bob' })).headers;
    const roleOnly = (await accessHeaders(stack, tenant, { roleId: role.id })).headers;
    for (let i = 0; i < 2; i++) assert.equal((await thread(alice)).status, 201);
    const mine = await thread(alice);
    assertError(mine, 409, 'This end user holds its maximum of 2 agent threads');
    assert.equal(mine.body.code, 'agent_max_threads_per_subject');
    // Another subject of the same role, and the role's tokens without a subject, have their own count.
    for (let i = 0; i < 2; i++) assert.equal((await thread(bob)).status, 201);
    assert.equal((await thread(roleOnly)).status, 201);
    const all = await thread(headers);
    assertError(all, 409, 'The workspace holds its maximum of 5 agent threads');
    assert.equal(all.body.code, 'workspace_max_agent_threads');
  });

  it("bounds the bytes of one end user's agent messages, and counts them in the storage figure", async () => {
    const erin = (await accessHeaders(stack, tenant, { subject: 'erin' })).headers;
    const created = await request('POST', v1('/agent/threads'), { headers: erin, json: { title: 'long talk' } });
    assert.equal(created.status, 201, created.text);
    const post = (n: number) =>
      request('POST', v1(`/agent/threads/${created.body.id}/messages`), {
        headers: erin,
        json: { id: `00000000-0000-4000-8000-00000000000${n}`, role: 'user', content: 'z'.repeat(1200) },
      });
    const before = await storage();
    assert.equal((await post(1)).status, 201);
    assert.equal((await post(2)).status, 201);
    const full = await post(3);
    assertError(full, 409, 'This end user holds its maximum of 3000 bytes of agent messages');
    assert.equal(full.body.code, 'agent_max_bytes_per_subject');
    assert.ok((await storage()).messageBytes - before.messageBytes > 2400, 'agent messages count');
  });

  it('bounds the sources of a workspace', async () => {
    const source = (n: number) =>
      request('POST', v1('/sources'), {
        headers,
        json: { kind: 'website', name: `site ${n}`, config: { url: `https://docs${n}.example.com/` } },
      });
    assert.equal((await source(1)).status, 201);
    assert.equal((await source(2)).status, 201);
    const third = await source(3);
    assertError(third, 409, 'The workspace holds its maximum of 2 sources');
    assert.equal(third.body.code, 'workspace_max_sources');
    const site = await request('POST', v1('/knowledge/website'), {
      headers,
      json: { url: 'http://127.0.0.1:9/' },
    });
    assertError(site, 409, 'The workspace holds its maximum of 2 sources');
  });

  it('bounds the active API keys of a workspace; a revoked key frees its place', async () => {
    const create = (name: string) => request('POST', v1('/api-keys'), { headers, json: { name } });
    // The tenant's own key is the first of 3.
    const second = await create('ci');
    assert.equal(second.status, 201, second.text);
    assert.equal((await create('backfill')).status, 201);
    const fourth = await create('one too many');
    assertError(fourth, 409, 'The workspace holds its maximum of 3 active API keys');
    assert.equal(fourth.body.code, 'workspace_max_api_keys');
    assert.match(fourth.body.hint, /Revoke a key you no longer use/);
    assert.equal((await request('DELETE', v1(`/api-keys/${second.body.id}`), { headers })).status, 200);
    assert.equal((await create('in its place')).status, 201);
  });
});
