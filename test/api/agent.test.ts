// The Agent API over HTTPS against the real stack: threads and messages (validation, idempotency, the role
// binding under ACTIVE RBAC), agent servers (the auth token sealed at rest, never returned), agent RAG (the
// space RAG's passages exactly) and the first-party tools (each scoped like the endpoint it mirrors).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { loadConfig } from '../../src/config';
import * as workspaces from '../../src/db/repositories/workspaces';
import * as agentService from '../../src/services/agent/agent';
import {
  AgentLimits,
  AgentRagResponseSchema,
  MessageSchema,
  ServerListSchema,
  ServerSchema,
  ThreadListSchema,
  ThreadSchema,
  ThreadWithMessagesSchema,
  ToolListSchema,
} from '../../src/api/routes/agent/schema';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, createUserSpace, type Tenant } from '../helpers/factories';
import type { TestResponse } from '../helpers/http';
import { hrWorld } from '../helpers/agentWorld';
import { stackWithTenant, type TestStack } from '../helpers/stack';

/** The response parses with its schema exactly (strict: no field more, none less). */
function shaped<S extends z.ZodType>(schema: S, res: TestResponse, status = 200): z.infer<S> {
  assert.equal(res.status, status, res.text);
  return schema.parse(res.body);
}

describe('Agent API', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, ws: Record<string, string>;

  const agent = (path: string, t: Tenant = tenant) => `/v1/workspaces/${t.workspaceId}/agent${path}`;
  const call = (method: string, path: string, headers: Record<string, string>, json?: unknown) =>
    stack.request(method, agent(path), { headers, ...(json !== undefined ? { json } : {}) });
  const roleHeaders = async (customerRoleId: string) => {
    await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId });
    return (await accessHeaders(stack, tenant, { customerRoleId })).headers;
  };
  const roleIdOf = async (customerRoleId: string) =>
    (
      await stack.deps
        .db('roles')
        .where({ workspace_id: tenant.workspaceId, customer_role_id: customerRoleId })
        .first('id')
    ).id as string;

  beforeEach(async () => {
    ({ stack, tenant, headers: ws } = await stackWithTenant());
  });

  describe('threads and messages', () => {
    it('creates, lists (newest first, paged) and reads threads with their messages in the order stored', async () => {
      const created = [];
      for (const title of ['first', 'second', 'third']) {
        created.push(shaped(ThreadSchema, await call('POST', '/threads', ws, { title: `  ${title} ` }), 201));
      }
      assert.equal(created[0]!.title, 'first', 'title trimmed');
      assert.equal(created[0]!.roleId, null);
      assert.equal(created[0]!.agentServerId, null);

      const list = shaped(ThreadListSchema, await call('GET', '/threads', ws));
      assert.deepEqual(
        list.threads.map((t) => t.title),
        ['third', 'second', 'first'],
      );
      assert.deepEqual([list.total, list.page, list.limit], [3, 1, 20]);
      const page2 = shaped(ThreadListSchema, await call('GET', '/threads?page=2&limit=2', ws));
      assert.deepEqual(
        page2.threads.map((t) => t.title),
        ['first'],
      );
      assert.deepEqual([page2.total, page2.page, page2.limit], [3, 2, 2]);
      for (const q of ['limit=101', 'limit=0', 'page=0', 'limit=abc', 'page=1.5']) {
        assertError(await call('GET', `/threads?${q}`, ws), 400);
      }
      assertError(await call('GET', '/threads?limit=101', ws), 400, 'Invalid limit value, must be between 1 and 100');
      // An empty value is not a page number (the document's integer): 400, not the default.
      assertError(await call('GET', '/threads?page=', ws), 400, 'Invalid page value, must be between 1 and 1000000');
      assertError(await call('GET', '/threads?limit=', ws), 400, 'Invalid limit value, must be between 1 and 100');

      const threadId = created[1]!.id;
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      const roles = ['system', 'user', 'assistant'];
      for (const [i, id] of ids.entries()) {
        const res = await call('POST', `/threads/${threadId}/messages`, ws, { id, role: roles[i], content: `m${i}` });
        shaped(MessageSchema, res, 201);
      }
      const thread = shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${threadId}`, ws));
      assert.deepEqual(
        thread.messages.map((m) => [m.id, m.role, m.content]),
        ids.map((id, i) => [id, roles[i], `m${i}`]),
      );
      assert.ok(thread.updatedAt > created[1]!.updatedAt, 'a message bumps updatedAt');
      assert.equal(thread.hasMoreMessages, false);

      assertError(await call('GET', `/threads/${randomUUID()}`, ws), 404, 'Thread not found');
      assertError(await call('GET', '/threads/not-a-uuid', ws), 400, 'Invalid thread ID format');
      // messagesAfter reads on after a message of the thread, and names itself when it is not one.
      const rest = shaped(
        ThreadWithMessagesSchema,
        await call('GET', `/threads/${threadId}?messagesAfter=${ids[0]}`, ws),
      );
      assert.deepEqual(
        rest.messages.map((m) => m.id),
        ids.slice(1),
      );
      const unknown = await call('GET', `/threads/${threadId}?messagesAfter=${randomUUID()}`, ws);
      assertError(unknown, 400, 'messagesAfter must be the id of a message in this thread');
      assert.deepEqual([unknown.body.code, unknown.body.param], ['message_not_in_thread', 'messagesAfter']);
      assertError(await call('GET', `/threads/${threadId}?messagesAfter=abc`, ws), 400);
      // A message of another thread is no cursor into this one.
      const elsewhere = randomUUID();
      shaped(
        MessageSchema,
        await call('POST', `/threads/${created[0]!.id}/messages`, ws, { id: elsewhere, role: 'user', content: 'x' }),
        201,
      );
      assertError(
        await call('GET', `/threads/${threadId}?messagesAfter=${elsewhere}`, ws),
        400,
        'messagesAfter must be the id of a message in this thread',
      );
      assertError(
        await call('POST', `/threads/${randomUUID()}/messages`, ws, { id: randomUUID(), role: 'user', content: 'x' }),
        404,
        'Thread not found',
      );
    });

    it('stores every message field, and a re-post of the same id is the stored message (same body) or 409', async () => {
      const { id: threadId } = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'full' }), 201);
      const body = {
        id: randomUUID(),
        role: 'assistant',
        content: 'Parental leave is sixteen weeks.',
        sources: [{ id: randomUUID(), type: 'FILE', title: 'HR handbook', snippet: 'sixteen weeks' }],
        model: 'gpt-4o-mini',
        finishReason: 'stop',
        tokenUsage: { inputTokens: 120, outputTokens: 30, totalTokens: 150 },
        thinking: [{ title: 'Plan', content: 'Search the handbook', startedAt: '2026-11-23T10:00:00Z' }],
        toolCalls: [
          {
            id: 'call_1',
            name: 'knowledge_search',
            arguments: { query: 'parental leave', limit: 3 },
            result: { total: 1, results: [{ id: 'x' }] },
            startedAt: '2026-11-23T10:00:01Z',
            finishedAt: '2026-11-23T10:00:02.5Z',
          },
        ],
      };
      const first = shaped(MessageSchema, await call('POST', `/threads/${threadId}/messages`, ws, body), 201);
      assert.deepEqual(
        { ...first, createdAt: undefined },
        { ...body, threadId, toolCallId: null, createdAt: undefined },
        'stored as sent',
      );
      // The same body (keys in another order) is the same message: 200, no duplicate.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = shaped(MessageSchema, await call('POST', `/threads/${threadId}/messages`, ws, reordered), 200);
      assert.deepEqual(again, first);
      assertError(
        await call('POST', `/threads/${threadId}/messages`, ws, { ...body, content: 'Something else.' }),
        409,
        'A message with this id already exists in the thread with a different body',
      );
      const thread = shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${threadId}`, ws));
      assert.equal(thread.messages.length, 1);

      // Concurrent retries of one post store one message.
      const racing = { id: randomUUID(), role: 'user', content: 'retry me' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => call('POST', `/threads/${threadId}/messages`, ws, racing)),
      );
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 200, 201]);
      const after = shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${threadId}`, ws));
      assert.equal(after.messages.length, 2);

      // A tool message names the call it answers.
      const tool = await call('POST', `/threads/${threadId}/messages`, ws, {
        id: randomUUID(),
        role: 'tool',
        toolCallId: 'call_1',
        content: '{"total":1}',
      });
      assert.equal(shaped(MessageSchema, tool, 201).toolCallId, 'call_1');
    });

    it('bounds a thread: a post beyond its message count or stored size is 409, a retry still answers', async () => {
      const auth = {
        kind: 'workspace' as const,
        workspace: (await workspaces.findWorkspace(stack.deps.db, tenant.workspaceId))!,
      };
      const post = (threadId: string, content: string, id = randomUUID()) =>
        agentService.postMessage(
          stack.deps,
          auth,
          threadId,
          { id, role: 'user', content },
          { maxMessages: 2, maxBytes: 10_000, defaultStorageQuotaBytes: 1e12, maxBytesPerSubject: 1e12 },
        );
      const first = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'count' }), 201);
      const kept = randomUUID();
      await post(first.id, 'one', kept);
      await post(first.id, 'two');
      await assert.rejects(post(first.id, 'three'), {
        status: 409,
        message: 'The thread holds its maximum of 2 messages',
      });
      assert.equal((await post(first.id, 'one', kept)).created, false, 'a retry of a stored message still answers');
      const second = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'bytes' }), 201);
      await post(second.id, 'x'.repeat(6000));
      await assert.rejects(post(second.id, 'y'.repeat(6000)), {
        status: 409,
        message: 'The thread holds its maximum of 10000 bytes of messages',
      });
      assert.equal(shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${second.id}`, ws)).messages.length, 1);
    });

    it('answers a large thread in pages of at most 1 MiB of messages, each message once and in order', async () => {
      const thread = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'long' }), 201);
      // 25 messages of about 100,000 bytes: 2.4 MiB, so three pages.
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        const id = randomUUID();
        ids.push(id);
        const content = `${i} `.padEnd(AgentLimits.contentChars, String.fromCharCode(97 + (i % 26)));
        shaped(
          MessageSchema,
          await call('POST', `/threads/${thread.id}/messages`, ws, { id, role: 'user', content }),
          201,
        );
      }
      const read: string[] = [];
      const pages: number[] = [];
      let after: string | undefined;
      for (;;) {
        const res = await call('GET', `/threads/${thread.id}${after ? `?messagesAfter=${after}` : ''}`, ws);
        const page = shaped(ThreadWithMessagesSchema, res);
        assert.ok(page.messages.length > 0);
        assert.ok(Buffer.byteLength(res.text) < AgentLimits.threadPageBytes + 2 * AgentLimits.contentChars, 'bounded');
        read.push(...page.messages.map((m) => m.id));
        pages.push(page.messages.length);
        if (!page.hasMoreMessages) break;
        after = page.messages[page.messages.length - 1]!.id;
      }
      assert.deepEqual(read, ids);
      assert.equal(pages.length, 3, `pages: ${pages.join(', ')}`);
      // A message larger than the page is still answered, alone.
      const big = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'one' }), 201);
      const only = randomUUID();
      await call('POST', `/threads/${big.id}/messages`, ws, { id: only, role: 'user', content: 'x' });
      await stack.deps
        .db('agent_messages')
        .where({ thread_id: big.id })
        .update({ bytes: 2 * AgentLimits.threadPageBytes });
      const alone = shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${big.id}`, ws));
      assert.deepEqual([alone.messages.map((m) => m.id), alone.hasMoreMessages], [[only], false]);
      // Messages stored before their size was recorded are sized by their fields, tool calls included.
      await stack.deps.db('agent_messages').where({ thread_id: thread.id }).update({ bytes: null });
      const legacy = shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${thread.id}`, ws));
      assert.ok(legacy.hasMoreMessages && legacy.messages.length < ids.length, 'legacy rows are paged too');
    });

    it('validates every field, naming it (400), with size limits and no NUL or unpaired surrogate', async () => {
      const { id: threadId } = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'v' }), 201);
      const post = (json: unknown) => call('POST', `/threads/${threadId}/messages`, ws, json);
      const ok = { id: randomUUID(), role: 'user', content: 'hi' };
      const cases: Array<[unknown, string]> = [
        [{ role: 'user', content: 'x' }, 'Missing required field: id'],
        [{ ...ok, id: 'abc' }, 'id must be a valid UUID'],
        [{ id: randomUUID(), content: 'x' }, 'Missing required field: role'],
        [{ ...ok, role: 'robot' }, 'role must be one of user, assistant, system, tool'],
        [{ id: randomUUID(), role: 'user' }, 'Missing required field: content (user messages)'],
        [{ ...ok, content: 42 }, 'content must be a string'],
        [{ ...ok, content: 'x'.repeat(100_001) }, 'content must be at most 100000 characters'],
        [{ ...ok, content: 'a\u0000b' }, 'content must not contain NUL characters or unpaired UTF-16 surrogates'],
        [{ ...ok, sources: {} }, 'sources must be an array'],
        [{ ...ok, sources: [{ type: 'FILE' }] }, 'Missing required field: sources[0].id'],
        [{ ...ok, sources: [{ id: 'k', type: 'FILE', extra: 1 }] }, 'Unknown field: sources[0].extra'],
        [{ ...ok, model: '' }, 'model must not be empty'],
        [{ ...ok, finishReason: 'x'.repeat(65) }, 'finishReason must be at most 64 characters'],
        [
          { ...ok, tokenUsage: { inputTokens: -1, outputTokens: 0, totalTokens: 0 } },
          'tokenUsage.inputTokens must be at least 0',
        ],
        [
          { ...ok, tokenUsage: { inputTokens: 1.5, outputTokens: 0, totalTokens: 0 } },
          'tokenUsage.inputTokens must be an integer',
        ],
        [{ ...ok, tokenUsage: { inputTokens: 1, outputTokens: 1 } }, 'Missing required field: tokenUsage.totalTokens'],
        [{ ...ok, thinking: [{ title: 'x' }] }, 'Missing required field: thinking[0].content'],
        [
          { ...ok, thinking: [{ content: 'x', startedAt: 'yesterday' }] },
          'thinking[0].startedAt must be an ISO 8601 timestamp',
        ],
        [
          { ...ok, toolCalls: [{ id: 'c', name: 'has space', arguments: {} }] },
          'toolCalls[0].name has an invalid format',
        ],
        [{ ...ok, toolCalls: [{ id: 'c', name: 'n', arguments: [] }] }, 'toolCalls[0].arguments must be an object'],
        [{ ...ok, toolCalls: [{ id: 'c', name: 'n' }] }, 'Missing required field: toolCalls[0].arguments'],
        [
          { ...ok, toolCalls: [{ id: 'c', name: 'n', arguments: { 'k\u0000': 1 } }] },
          'toolCalls[0].arguments must not contain NUL characters or unpaired UTF-16 surrogates',
        ],
        [
          { ...ok, toolCalls: [{ id: 'c', name: 'n', arguments: {}, result: 'x'.repeat(200_001) }] },
          'toolCalls[0].result is too large',
        ],
        [{ ...ok, toolCallId: 'call_1' }, 'toolCallId is only for tool messages'],
        [{ ...ok, createdAt: '2026-01-01' }, 'Unknown field: createdAt'],
        [[], 'Request body must be an object'],
      ];
      for (const [json, message] of cases) assertError(await post(json), 400, message);
      // Lone surrogates arrive as JSON escapes (JSON.stringify would write them as such too).
      const raw = (text: string) =>
        stack.request('POST', agent(`/threads/${threadId}/messages`), {
          headers: { ...ws, 'content-type': 'application/json' },
          raw: text,
        });
      const id = randomUUID();
      for (const escaped of ['\\ud800', '\\udc00x', 'a\\u0000']) {
        assertError(
          await raw(`{"id":"${id}","role":"user","content":"${escaped}"}`),
          400,
          'content must not contain NUL characters or unpaired UTF-16 surrogates',
        );
      }
      assert.equal(
        (await raw(`{"id":"${id}","role":"user","content":"\\ud83d\\ude00"}`)).status,
        201,
        'a pair is fine',
      );

      const thread = (json: unknown) => call('POST', '/threads', ws, json);
      assertError(await thread({}), 400, 'Missing required field: title');
      assertError(await thread({ title: '   ' }), 400, 'title must not be empty');
      assertError(await thread({ title: 'x'.repeat(501) }), 400, 'title must be at most 500 characters');
      assertError(await thread({ title: 'x', agentServerId: 'nope' }), 400, 'agentServerId must be a valid UUID');
      assertError(await thread({ title: 'x', agentServerId: randomUUID() }), 404, 'Agent server not found');
      assertError(await thread({ title: 'x', owner: 'me' }), 400, 'Unknown field: owner');
    });

    it('binds threads to the creating role under ACTIVE RBAC: other roles get 404 for read, list and post', async () => {
      const hr = await roleHeaders('hr');
      const sales = await roleHeaders('sales');
      const mine = shaped(ThreadSchema, await call('POST', '/threads', hr, { title: 'hr thread' }), 201);
      assert.equal(mine.roleId, await roleIdOf('hr'));
      const open = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'workspace thread' }), 201);

      // RBAC inactive: no filters; every access token sees every thread.
      for (const h of [ws, sales]) {
        const list = shaped(ThreadListSchema, await call('GET', '/threads', h));
        assert.deepEqual(list.threads.map((t) => t.id).sort(), [mine.id, open.id].sort());
        assert.equal((await call('GET', `/threads/${mine.id}`, h)).status, 200);
      }

      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
      const hrList = shaped(ThreadListSchema, await call('GET', '/threads', hr));
      assert.deepEqual(
        hrList.threads.map((t) => t.id),
        [mine.id],
      );
      assert.equal(hrList.total, 1);
      shaped(ThreadListSchema, await call('GET', '/threads', sales)).threads.forEach(() =>
        assert.fail('sales sees none'),
      );
      assertError(await call('GET', `/threads/${mine.id}`, sales), 404, 'Thread not found');
      assertError(
        await call('POST', `/threads/${mine.id}/messages`, sales, { id: randomUUID(), role: 'user', content: 'x' }),
        404,
        'Thread not found',
      );
      assertError(await call('GET', `/threads/${open.id}`, hr), 404, 'Thread not found');
      assert.equal(
        (await call('POST', `/threads/${mine.id}/messages`, hr, { id: randomUUID(), role: 'user', content: 'x' }))
          .status,
        201,
      );
      // A token without a role is refused on every agent.use route while RBAC is ACTIVE.
      const refused = 'A role-bound token is required when RBAC is active';
      assertError(await call('GET', '/threads', ws), 403, refused);
      assertError(await call('POST', '/threads', ws, { title: 'x' }), 403, refused);
      assertError(await call('POST', '/rag', ws, { text: 'x' }), 403, refused);
      assertError(await call('GET', '/tools', ws), 403, refused);
      // Agent servers stay workspace configuration: the workspace credential, whatever the RBAC status.
      assert.equal((await call('GET', '/servers', ws)).status, 200);
      assertError(await call('GET', '/servers', hr), 403, 'Insufficient permissions');
    });

    it('binds threads to the creating subject: another subject of the same role gets 404, whatever the RBAC status', async () => {
      await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'A' });
      const bob = (await accessHeaders(stack, tenant, { customerRoleId: 'A', subject: 'bob' })).headers;
      const alice = (await accessHeaders(stack, tenant, { customerRoleId: 'A', subject: 'alice' })).headers;
      const roleA = (await accessHeaders(stack, tenant, { customerRoleId: 'A' })).headers;
      const bobs = shaped(ThreadSchema, await call('POST', '/threads', bob, { title: 'bob thread' }), 201);
      const roles = shaped(ThreadSchema, await call('POST', '/threads', roleA, { title: 'role thread' }), 201);
      const msg = () => ({ id: randomUUID(), role: 'user', content: 'my salary is private' });
      assert.equal((await call('POST', `/threads/${bobs.id}/messages`, bob, msg())).status, 201);

      const listed = async (h: Record<string, string>) =>
        shaped(ThreadListSchema, await call('GET', '/threads', h))
          .threads.map((t) => t.id)
          .sort();
      const refusedTo = async (h: Record<string, string>, id: string) => {
        assertError(await call('GET', `/threads/${id}`, h), 404, 'Thread not found');
        assertError(await call('POST', `/threads/${id}/messages`, h, msg()), 404, 'Thread not found');
        const run = { message: { id: randomUUID(), content: 'what did bob ask?' } };
        assertError(await call('POST', `/threads/${id}/runs`, h, run), 404, 'Thread not found');
      };
      for (const rbac of [false, true]) {
        await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, rbac);
        // The subject-bound token sees only its subject's threads; another subject none of them.
        assert.deepEqual(await listed(bob), [bobs.id], `rbac ${rbac}`);
        assert.deepEqual(await listed(alice), [], `rbac ${rbac}`);
        await refusedTo(alice, bobs.id);
        await refusedTo(alice, roles.id);
        await refusedTo(bob, roles.id);
        // A token of the role without a subject sees the role's threads, not a subject's.
        assert.deepEqual(await listed(roleA), [roles.id], `rbac ${rbac}`);
        await refusedTo(roleA, bobs.id);
        assert.equal((await call('GET', `/threads/${bobs.id}`, bob)).status, 200);
      }
      // The workspace credential (RBAC off) sees every thread, a subject's too.
      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, false);
      assert.deepEqual(await listed(ws), [bobs.id, roles.id].sort());
      const read = shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${bobs.id}`, ws));
      assert.equal(read.messages.length, 1);
    });

    it('keeps threads in their workspace', async () => {
      const { id } = shaped(ThreadSchema, await call('POST', '/threads', ws, { title: 'mine' }), 201);
      const other = await createTenant(stack.deps.db);
      const theirs = (await accessHeaders(stack, other)).headers;
      assertError(await call('GET', `/threads/${id}`, theirs, undefined), 403, 'Insufficient permissions');
      assertError(
        await stack.request('GET', agent(`/threads/${id}`, other), { headers: theirs }),
        404,
        'Thread not found',
      );
      assert.equal(
        shaped(ThreadListSchema, await stack.request('GET', agent('/threads', other), { headers: theirs })).total,
        0,
      );
    });
  });

  describe('agent servers', () => {
    it('registers, lists, reads, updates and deletes servers; the auth token is sealed at rest and never returned', async () => {
      const token = `sk-agent-${randomUUID()}`;
      const created = await call('POST', '/servers', ws, {
        name: 'Support agent',
        url: 'https://agents.example.com/v1',
        description: 'Answers support questions',
        model: 'support-1',
        authToken: token,
      });
      const server = shaped(ServerSchema, created, 201);
      assert.equal(server.hasAuthToken, true);
      assert.ok(!created.text.includes(token), 'the token is never returned');
      const stored = await stack.deps.db('agent_servers').where({ id: server.id }).first();
      assert.ok(!JSON.stringify(stored).includes(token), 'not stored in the clear');
      assert.match(stored.auth_token_sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      const origin = 'https://agents.example.com';
      assert.equal(
        stack.deps.secrets.open(stored.auth_token_sealed, `agent-server:${tenant.workspaceId}:${server.id}:${origin}`),
        token,
      );
      assert.throws(
        () =>
          stack.deps.secrets.open(
            stored.auth_token_sealed,
            `agent-server:${tenant.workspaceId}:${randomUUID()}:${origin}`,
          ),
        'a sealed token opens only in its own row',
      );
      assert.throws(
        () =>
          stack.deps.secrets.open(
            stored.auth_token_sealed,
            `agent-server:${tenant.workspaceId}:${server.id}:https://elsewhere.example.com`,
          ),
        'and only for the origin it was given for',
      );

      const list = shaped(ServerListSchema, await call('GET', '/servers', ws));
      assert.deepEqual(list.servers, [server]);
      assert.equal(list.total, 1);
      assert.deepEqual(shaped(ServerSchema, await call('GET', `/servers/${server.id}`, ws)), server);

      const patched = shaped(
        ServerSchema,
        await call('PATCH', `/servers/${server.id}`, ws, { description: null, authToken: null, name: 'Support' }),
      );
      assert.deepEqual(
        [patched.name, patched.description, patched.hasAuthToken, patched.url, patched.model],
        ['Support', null, false, server.url, 'support-1'],
      );
      assert.equal((await stack.deps.db('agent_servers').where({ id: server.id }).first()).auth_token_sealed, null);

      const bound = shaped(
        ThreadSchema,
        await call('POST', '/threads', ws, { title: 't', agentServerId: server.id }),
        201,
      );
      assert.equal(bound.agentServerId, server.id);

      assertError(
        await call('POST', '/servers', ws, { name: 'Support', url: 'https://b.example.com' }),
        409,
        'An agent server with this name already exists',
      );
      const second = shaped(
        ServerSchema,
        await call('POST', '/servers', ws, { name: 'B', url: 'https://b.example.com' }),
        201,
      );
      assertError(
        await call('PATCH', `/servers/${second.id}`, ws, { name: 'Support' }),
        409,
        'An agent server with this name already exists',
      );

      const deleted = await call('DELETE', `/servers/${server.id}`, ws);
      assert.deepEqual([deleted.status, deleted.body], [200, { success: true, id: server.id }]);
      assertError(await call('GET', `/servers/${server.id}`, ws), 404, 'Agent server not found');
      assertError(await call('DELETE', `/servers/${server.id}`, ws), 404, 'Agent server not found');
      assertError(await call('PATCH', `/servers/${server.id}`, ws, { name: 'x' }), 404, 'Agent server not found');
      assertError(await call('GET', '/servers/not-a-uuid', ws), 400, 'Invalid agent server ID format');
      const unbound = shaped(ThreadWithMessagesSchema, await call('GET', `/threads/${bound.id}`, ws));
      assert.equal(unbound.agentServerId, null, 'threads of a deleted server stay, unbound');

      // Another workspace's server does not exist here.
      const other = await createTenant(stack.deps.db);
      const theirs = (await accessHeaders(stack, other)).headers;
      assertError(
        await stack.request('GET', agent(`/servers/${second.id}`, other), { headers: theirs }),
        404,
        'Agent server not found',
      );
      assertError(
        await stack.request('POST', agent('/threads', other), {
          headers: theirs,
          json: { title: 'x', agentServerId: second.id },
        }),
        404,
        'Agent server not found',
      );
    });

    it('validates servers: https only (http only to loopback when configured), fields named, limits', async () => {
      const post = (json: unknown, h = ws) => call('POST', '/servers', h, json);
      const https = 'url must be an https URL, or http on a loopback address';
      for (const url of ['http://agents.example.com', 'ftp://x.example', 'not a url', 'http://10.0.0.1/v1']) {
        assertError(await post({ name: `n${url}`, url }), 400, https);
      }
      assertError(
        await post({ name: 'c', url: 'https://user:pw@a.example' }),
        400,
        'url must not carry credentials (use authToken)',
      );
      assertError(await post({ name: 'f', url: 'https://a.example/#x' }), 400, 'url must not have a fragment');
      assertError(await post({ url: 'https://a.example' }), 400, 'Missing required field: name');
      assertError(await post({ name: 'x' }), 400, 'Missing required field: url');
      assertError(
        await post({ name: 'x'.repeat(256), url: 'https://a.example' }),
        400,
        'name must be at most 255 characters',
      );
      assertError(
        await post({ name: 'x', url: 'https://a.example', authToken: '' }),
        400,
        'authToken must not be empty',
      );
      assertError(
        await post({ name: 'x', url: 'https://a.example', hasAuthToken: true }),
        400,
        'Unknown field: hasAuthToken',
      );
      assert.equal(
        (await post({ name: 'local', url: 'http://127.0.0.1:9/v1' })).status,
        201,
        'loopback http in this config',
      );
      const noField = await call('PATCH', `/servers/${randomUUID()}`, ws, {});
      assertError(noField, 400, 'Provide at least one field to update: name, url, description, model, authToken');
      assert.equal(noField.body.param, 'name, url, description, model, authToken');

      // Without AGENT_ALLOW_HTTP_LOOPBACK, plain HTTP is refused even on loopback.
      const strict = await stack.serve({
        ...stack.deps,
        config: { ...stack.deps.config, agent: { ...stack.deps.config.agent, allowHttpLoopback: false } },
      });
      const res = await strict.request('POST', agent('/servers'), {
        headers: ws,
        json: { name: 'local2', url: 'http://127.0.0.1:9/v1' },
      });
      assertError(res, 400, 'url must be an https URL');

      // Plain HTTP to loopback is a private target too: the setting alone is a configuration error.
      assert.throws(
        () => loadConfig({ AGENT_ALLOW_HTTP_LOOPBACK: 'true' }),
        /AGENT_ALLOW_HTTP_LOOPBACK needs AGENT_ALLOW_PRIVATE_NETWORKS/,
      );
      // Without AGENT_ALLOW_PRIVATE_NETWORKS, private and reserved addresses are refused in every spelling.
      const guarded = await stack.serve({
        ...stack.deps,
        config: {
          ...stack.deps.config,
          agent: { ...stack.deps.config.agent, allowHttpLoopback: false, allowPrivateNetworks: false },
        },
      });
      for (const [url, reason] of <Array<[string, string]>>[
        ['https://[::ffff:127.0.0.1]/v1', 'loopback'],
        ['https://0x7f.1/v1', 'loopback'],
        ['https://localhost/v1', 'loopback'],
        ['https://169.254.169.254/v1', 'link-local'],
        ['https://[64:ff9b::a9fe:a9fe]/v1', 'link-local'],
        ['https://10.0.0.1/v1', 'private'],
      ]) {
        const refused = await guarded.request('POST', agent('/servers'), { headers: ws, json: { name: url, url } });
        assertError(refused, 400);
        assert.equal(
          refused.body.message,
          `The URL's host ${new URL(url).hostname.replace(/^\[|\]$/g, '')} is not allowed: the service does not connect to its address`,
          `${url} (${reason}, not told)`,
        );
      }
      const local = await post({ name: 'moveme', url: 'https://a.example/v1' });
      assertError(
        await guarded.request('PATCH', agent(`/servers/${local.body.id}`), {
          headers: ws,
          json: { url: 'https://[::1]/v1' },
        }),
        400,
        "The URL's host ::1 is not allowed: the service does not connect to its address",
      );

      // Only the workspace credential manages servers.
      const role = await roleHeaders('viewer');
      assertError(await post({ name: 'r', url: 'https://a.example' }, role), 403, 'Insufficient permissions');
    });
  });

  describe('agent RAG and tools', () => {
    /** HR knowledge assigned to the hr role, other knowledge to nobody; RBAC on. */
    async function world() {
      const { hr, ids } = await hrWorld(
        stack,
        tenant,
        ws,
        {
          'Parental leave': 'Parental leave lasts sixteen weeks for every employee.',
          Holidays: 'Employees get thirty days of paid holiday per year.',
          'Executive bonus': 'The executive bonus pool is four percent of profit.',
        },
        ['Parental leave', 'Holidays'],
      );
      return { hr, leave: ids['Parental leave']!, holidays: ids.Holidays!, bonus: ids['Executive bonus']! };
    }

    it('agent RAG returns exactly the space RAG passages for the same text, role and topK', async () => {
      const { hr } = await world();
      const host = await createUserSpace(stack, tenant, 'hr-user', { customerRoleId: 'hr' });
      const spaceRag = (json: unknown) =>
        stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/spaces/${host.spaceId}/rag`, {
          headers: host.headers,
          json,
        });
      for (const [text, topK] of [
        ['how long is parental leave', 1],
        ['time off and pay', 2],
        ['bonus and holidays', 10],
        ['anything', undefined],
      ] as const) {
        const json = { text, ...(topK ? { topK } : {}) };
        const mine = shaped(AgentRagResponseSchema, await call('POST', '/rag', hr, json));
        const space = await spaceRag(json);
        assert.equal(space.status, 200, space.text);
        assert.deepEqual(mine.knowledgeResults, space.body.knowledgeResults, `same passages for ${text}`);
        assert.ok(mine.knowledgeResults.length <= (topK ?? 5));
        assert.ok(!mine.knowledgeResults.some((p) => p.text.includes('bonus pool')), 'only the role’s knowledge');
      }
      const top = shaped(
        AgentRagResponseSchema,
        await call('POST', '/rag', hr, { text: 'how long is parental leave' }),
      );
      assert.equal(top.knowledgeResults[0]!.text, 'Parental leave lasts sixteen weeks for every employee.');
      assert.equal(top.knowledgeResults[0]!.source, '1:Parental leave');
      for (const topK of [0, 11, 1.5, '3']) {
        assertError(
          await call('POST', '/rag', hr, { text: 'x', topK }),
          400,
          'Invalid topK value, must be between 1 and 10',
        );
      }
      assertError(await call('POST', '/rag', hr, {}), 400, 'Missing required field: text');
      assertError(
        await call('POST', '/rag', hr, { text: 'x\u0000' }),
        400,
        'text must not contain NUL characters or unpaired UTF-16 surrogates',
      );
    });

    it('returns each passage with its neighbouring chunks as context when asked (contextWindow), ranked as before', async () => {
      const { hr, leave, bonus } = await world();
      const chunks = (id: string) => `/v1/workspaces/${tenant.workspaceId}/knowledge/${id}/chunks`;
      const add = async (id: string, json: { text: string; position?: number }) => {
        const res = await stack.request('POST', chunks(id), { headers: ws, json });
        assert.equal(res.status, 201, res.text);
      };
      // The leave item's one chunk gets a neighbour on each side, two further after it; the bonus item (not the
      // role's) gets one too, never to be seen.
      await add(leave, { text: 'Leave policy overview for all staff.', position: 0 });
      for (const text of ['Apply for leave in the HR portal.', 'Pay during leave is full salary.', 'Ask HR.'])
        await add(leave, { text });
      await add(bonus, { text: 'The bonus is paid in March.', position: 0 });
      const question = { text: 'how long is parental leave' };
      const plain = shaped(AgentRagResponseSchema, await call('POST', '/rag', hr, question));
      const withContext = shaped(
        AgentRagResponseSchema,
        await call('POST', '/rag', hr, { ...question, contextWindow: 1 }),
      );
      const top = withContext.knowledgeResults.find((p) => p.text.startsWith('Parental leave lasts'));
      assert.equal(
        top?.context,
        'Leave policy overview for all staff.\nParental leave lasts sixteen weeks for every employee.\nApply for leave in the HR portal.',
      );
      // The same passages in the same order with the same scores: the context is added, the ranking untouched.
      assert.deepEqual(
        withContext.knowledgeResults.map(({ context: _, ...p }) => p),
        plain.knowledgeResults,
      );
      assert.ok(
        plain.knowledgeResults.every((p) => !('context' in p)),
        'no context unless asked',
      );
      const wide = shaped(AgentRagResponseSchema, await call('POST', '/rag', hr, { ...question, contextWindow: 2 }));
      assert.equal(
        wide.knowledgeResults.find((p) => p.text.startsWith('Parental leave lasts'))?.context?.split('\n').length,
        4,
        'one chunk before it exists, two after it are taken',
      );
      for (const p of wide.knowledgeResults) assert.ok(!p.context?.includes('bonus'), 'only the role’s knowledge');
      // The rag tool (the same registry serves MCP) takes contextWindow too and answers the endpoint's JSON.
      const viaTool = await call('POST', '/tools/rag/execute', hr, { input: { ...question, contextWindow: 1 } });
      assert.equal(viaTool.status, 200, viaTool.text);
      assert.deepEqual(viaTool.body.output, withContext);
      for (const contextWindow of [-1, 3, 1.5, '1']) {
        assertError(
          await call('POST', '/rag', hr, { ...question, contextWindow }),
          400,
          'contextWindow must be an integer between 0 and 2',
        );
      }
    });

    it('lists the tools with JSON Schemas and executes each, scoped like the endpoint it mirrors', async () => {
      const { hr, leave, holidays, bonus } = await world();
      const tools = shaped(ToolListSchema, await call('GET', '/tools', hr)).tools;
      assert.deepEqual(
        tools.map((t) => t.name),
        ['knowledge_search', 'title_search', 'get_knowledge', 'rag'],
      );
      const search = tools[0]!.inputSchema as { type: string; properties: Record<string, unknown>; required: string[] };
      assert.equal(search.type, 'object');
      assert.deepEqual(Object.keys(search.properties).sort(), [
        'audienceId',
        'filter',
        'limit',
        'mode',
        'query',
        'roleIds',
      ]);
      assert.deepEqual(search.required, ['query']);
      assert.equal((search as { additionalProperties?: boolean }).additionalProperties, false);

      const exec = (name: string, input: unknown, h = hr) => call('POST', `/tools/${name}/execute`, h, { input });
      const ids = (res: TestResponse) => res.body.output.results.map((r: { id: string }) => r.id).sort();

      const semantic = await exec('knowledge_search', { query: 'paid time off', limit: 50 });
      assert.equal(semantic.status, 200, semantic.text);
      assert.deepEqual(ids(semantic), [leave, holidays].sort(), 'only the hr role’s knowledge');
      assert.equal(semantic.body.output.total, 2);
      // The same as the endpoint it mirrors, for the same token.
      const endpoint = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...hr, 'x-api-key': tenant.apiKey },
        json: { query: 'paid time off', limit: 50 },
      });
      assert.deepEqual(semantic.body.output, endpoint.body);
      // Its mode too (keyword: the words themselves).
      const keyword = await exec('knowledge_search', { query: 'parental leave', mode: 'keyword' });
      assert.equal(keyword.status, 200, keyword.text);
      const keywordEndpoint = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...hr, 'x-api-key': tenant.apiKey },
        json: { query: 'parental leave', mode: 'keyword' },
      });
      assert.deepEqual(keyword.body.output, keywordEndpoint.body);
      assert.deepEqual(ids(keyword), [leave]);

      const title = await exec('title_search', { title: 'A' });
      assert.deepEqual(ids(title), [leave, holidays].sort());
      const got = await exec('get_knowledge', { knowledgeId: leave });
      assert.equal(got.body.output.id, leave);
      assert.equal(got.body.output.metadata.title, 'Parental leave');
      assertError(await exec('get_knowledge', { knowledgeId: bonus }), 404, 'Knowledge item not found');
      const rag = await exec('rag', { text: 'parental leave', topK: 3 });
      assert.deepEqual(rag.body.output, (await call('POST', '/rag', hr, { text: 'parental leave', topK: 3 })).body);

      // The workspace credential (RBAC off) sees everything through the same tools.
      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, false);
      assert.deepEqual(
        ids(await exec('knowledge_search', { query: 'paid time off', limit: 50 }, ws)),
        [leave, holidays, bonus].sort(),
      );
      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);

      assertError(await exec('no_such_tool', {}), 404, 'Tool not found');
      assertError(await exec('knowledge_search', {}), 400, 'Missing required field: input.query');
      assertError(
        await exec('knowledge_search', { query: 'x', limit: 51 }),
        400,
        'Invalid limit value, must be between 1 and 50',
      );
      assertError(
        await exec('knowledge_search', { query: 'x', roleIds: ['nope'] }),
        400,
        'input.roleIds[0] must be a valid UUID',
      );
      assertError(await exec('knowledge_search', { query: 'x', audienceId: randomUUID() }), 404, 'Audience not found');
      assertError(await exec('title_search', { title: 'x', extra: 1 }), 400, 'Unknown field: input.extra');
      assertError(await exec('rag', { text: 'x', topK: 11 }), 400, 'Invalid topK value, must be between 1 and 10');
      assertError(await call('POST', '/tools/rag/execute', hr, {}), 400, 'Missing required field: input');
      assertError(await call('POST', '/tools/rag/execute', hr, { input: [] }), 400, 'input must be an object');
      // The tool's arguments sent beside input: the answer says they go inside it.
      const beside = await call('POST', '/tools/knowledge_search/execute', hr, { query: 'x', limit: 3 });
      assertError(beside, 400);
      assert.match(beside.body.hint, /inside input: \{"input": \{"query": …, "limit": …\}\}/);
    });
  });
});
