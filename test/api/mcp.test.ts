// The MCP endpoint with the SDK's own client over HTTPS: the same tools, bearer authentication, policy and role
// scoping as the Agent API.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MCP_BATCH_REFUSED } from '../../src/api/routes/mcp/router';
import { UNSAFE_TEXT_MESSAGE } from '../../src/api/middleware/text';
import * as workspaces from '../../src/db/repositories/workspaces';
import { assertError } from '../helpers/assertions';
import { leaveAndBonus } from '../helpers/agentWorld';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import { connectMcp } from '../helpers/mcp';
import { stackWithTenant, type TestStack } from '../helpers/stack';

describe('MCP endpoint', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, ws: Record<string, string>;
  let hr: Record<string, string>;
  let leave: string;
  let bonus: string;

  const mcpPath = () => `/v1/workspaces/${tenant.workspaceId}/mcp`;
  before(async () => {
    ({ stack, tenant, headers: ws } = await stackWithTenant());
    ({ hr, leave, bonus } = await leaveAndBonus(stack, tenant, ws));
  });

  it('lists and calls the tools with the SDK client, in the token role’s scope', async () => {
    const client = await connectMcp(stack.baseUrl, stack.ca, tenant.workspaceId, hr);
    try {
      assert.equal(client.getServerVersion()?.name, 'knowledge-workspace-service');
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['knowledge_search', 'title_search', 'get_knowledge', 'rag'],
      );
      for (const t of tools) assert.equal(t.inputSchema.type, 'object');
      const http = await stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/agent/tools`, { headers: hr });
      assert.deepEqual(
        tools.map((t) => [t.name, t.description, t.inputSchema]),
        http.body.tools.map((t: { name: string; description: string; inputSchema: unknown }) => [
          t.name,
          t.description,
          t.inputSchema,
        ]),
        'the same tools as GET /agent/tools',
      );

      const search = await client.callTool({
        name: 'knowledge_search',
        arguments: { query: 'employee benefits', limit: 50 },
      });
      assert.equal(search.isError, undefined);
      const out = search.structuredContent as { results: Array<{ id: string }>; total: number };
      assert.deepEqual(
        out.results.map((r) => r.id),
        [leave],
        'only the hr role’s knowledge',
      );
      assert.deepEqual(JSON.parse((search.content as Array<{ text: string }>)[0]!.text), out);

      const rag = await client.callTool({ name: 'rag', arguments: { text: 'parental leave', topK: 3 } });
      const direct = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/agent/rag`, {
        headers: hr,
        json: { text: 'parental leave', topK: 3 },
      });
      assert.deepEqual(rag.structuredContent, direct.body, 'the same engine as agent RAG');

      const hidden = await client.callTool({ name: 'get_knowledge', arguments: { knowledgeId: bonus } });
      assert.equal(hidden.isError, true);
      assert.deepEqual(hidden.content, [{ type: 'text', text: 'Knowledge item not found' }]);
      const bad = await client.callTool({ name: 'knowledge_search', arguments: { limit: 3 } });
      assert.equal(bad.isError, true);
      assert.deepEqual(bad.content, [{ type: 'text', text: 'Missing required field: query' }]);
      await assert.rejects(client.callTool({ name: 'delete_everything', arguments: {} }), /Unknown tool/);
    } finally {
      await client.close();
    }
  });

  it('authenticates and authorizes like the Agent API, and serves POST only', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      stack.request('POST', mcpPath(), {
        headers: { accept: 'application/json, text/event-stream', ...headers },
        json: init,
      });
    const ok = await post(hr);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.result.serverInfo.name, 'knowledge-workspace-service');
    assert.equal(ok.headers['x-api-version'], 'v1');

    // Without the transport's Accept, the service's error names the header; valid JSON that is no JSON-RPC
    // message is -32600 Invalid Request.
    const noAccept = await stack.request('POST', mcpPath(), {
      headers: { ...hr, accept: 'application/json' },
      json: init,
    });
    assertError(noAccept, 406);
    assert.deepEqual([noAccept.body.code, noAccept.body.param], ['not_acceptable', 'Accept']);
    assert.match(noAccept.body.hint, /Accept: application\/json, text\/event-stream/);
    const { jsonrpc: _, ...notRpc } = init;
    const invalid = await stack.request('POST', mcpPath(), {
      headers: { accept: 'application/json, text/event-stream', ...hr },
      json: notRpc,
    });
    assert.equal(invalid.status, 400, invalid.text);
    assert.equal(invalid.body.error.code, -32600);
    assertError(await post({}), 401, 'Invalid or expired access token');
    assertError(await post({ ...hr, authorization: 'Bearer nope' }), 401, 'Invalid or expired access token');
    assertError(await post(ws), 403, 'A role-bound token is required when RBAC is active');
    const other = await createTenant(stack.deps.db);
    assertError(await post((await accessHeaders(stack, other)).headers), 403, 'Insufficient permissions');
    const space = await stack.request(
      'POST',
      `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space-api-key`,
      {
        headers: { 'x-api-key': tenant.apiKey },
        json: { userId: `u-${randomUUID()}`, email: 'u@example.com' },
      },
    );
    assertError(await post({ authorization: `Bearer ${space.body.token}` }), 403, 'Insufficient permissions');
    await assert.rejects(connectMcp(stack.baseUrl, stack.ca, tenant.workspaceId, ws), 'the SDK client is refused too');

    // Stateless Streamable HTTP: no server-initiated stream, no session to delete.
    for (const method of ['GET', 'DELETE']) {
      const res = await stack.request(method, mcpPath(), { headers: hr });
      assert.equal(res.status, 405);
      assert.equal(res.headers.allow, 'POST');
    }
    // Workspace credential once RBAC is off: allowed, and every item is in scope.
    await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, false);
    try {
      const client = await connectMcp(stack.baseUrl, stack.ca, tenant.workspaceId, ws);
      const all = await client.callTool({ name: 'title_search', arguments: { title: 'e' } });
      assert.deepEqual(
        (all.structuredContent as { results: Array<{ id: string }> }).results.map((r) => r.id).sort(),
        [leave, bonus].sort(),
      );
      await client.close();
    } finally {
      await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
    }
  });

  it('refuses a JSON-RPC batch (the SDK ran up to 100 calls of one) with 400 and a JSON-RPC error', async () => {
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'title_search', arguments: { title: 'e' } },
    });
    const batch = Array.from({ length: 100 }, (_, i) => call(i + 1));
    const res = await stack.request('POST', mcpPath(), {
      headers: { accept: 'application/json, text/event-stream', ...hr },
      json: batch,
    });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(res.body, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: MCP_BATCH_REFUSED },
    });
    // A batch of one is a batch too; the same call alone is answered.
    const single = await stack.request('POST', mcpPath(), {
      headers: { accept: 'application/json, text/event-stream', ...hr },
      json: [call(1)],
    });
    assert.equal(single.status, 400, single.text);
    const client = await connectMcp(stack.baseUrl, stack.ca, tenant.workspaceId, hr);
    try {
      const alone = await client.callTool(call(1).params);
      assert.equal(alone.isError, undefined);
    } finally {
      await client.close();
    }
  });

  it('refuses a NUL character anywhere in the JSON-RPC message with 400, as every JSON body', async () => {
    const call = (params: unknown, method = 'tools/call') =>
      stack.request('POST', mcpPath(), {
        headers: { accept: 'application/json, text/event-stream', ...hr },
        json: { jsonrpc: '2.0', id: 7, method, params },
      });
    for (const [params, method] of [
      [{ name: 'title_search', arguments: { title: 'e\u0000' } }, 'tools/call'],
      [{ deep: { 'key\u0000': 'x' } }, 'no/such/method'],
      [{ deep: [{ value: 'lone \uD800' }] }, 'no/such/method'],
    ] as const) {
      assertError(await call(params, method), 400, UNSAFE_TEXT_MESSAGE);
    }
    const fine = await call({ name: 'title_search', arguments: { title: 'e' } });
    assert.equal(fine.status, 200, fine.text);
  });
});
