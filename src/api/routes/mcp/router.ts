// The MCP endpoint: the first-party tools over the Model Context Protocol's Streamable HTTP transport
// (@modelcontextprotocol/sdk), behind the same bearer authentication and `agent.use` policy as the Agent API,
// each call scoped to the caller's role. Stateless: every POST carries its own credential and gets a fresh
// server, so any API replica can answer any request (no session affinity, no server-initiated stream: GET and
// DELETE answer 405).
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Deps } from '../../../services/deps';
import { AppError, badRequest } from '../../../errors';
import type { AuthState } from '../../../policies/credentials';
import { guard, requireAuth } from '../../middleware/authenticate';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../middleware/text';
import { describeTools, runTool, TOOLS } from '../agent/tools';

export const MCP_SERVER_INFO = { name: 'knowledge-workspace-service', version: '0.1.0' } as const;

const errorResult = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});

/** An MCP server whose tools act for this caller. */
function mcpServer(deps: Deps, auth: AuthState): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: describeTools().map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: 'object' },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const t = TOOLS.find((x) => x.name === request.params.name);
    if (!t) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    try {
      // Bad input is a tool error the model can read and correct (MCP: tool execution errors).
      const result = await runTool({ deps, auth }, t, request.params.arguments ?? {});
      if (!result.ok) return errorResult(result.message);
      return {
        content: [{ type: 'text', text: JSON.stringify(result.output) }],
        structuredContent: result.output as Record<string, unknown>,
      };
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return errorResult(err.message);
      deps.logger.error({ err, tool: t.name }, 'MCP tool call failed');
      return errorResult('Failed to process or retrieve the resource');
    }
  });
  return server;
}

export const MCP_BATCH_REFUSED =
  'JSON-RPC batches are not supported (MCP 2025-06-18 removed them): send one request or notification per POST';

export const MCP_ACCEPT_REFUSED = 'Not Acceptable: the MCP endpoint answers application/json or text/event-stream';

export const MCP_NOT_JSONRPC =
  'Invalid Request: send one JSON-RPC 2.0 message, an object with "jsonrpc": "2.0" and a method (initialize, tools/list, tools/call)';

export function mcpRouter(deps: Deps): Router {
  const router = apiRoutes();
  router.post('/v1/workspaces/:workspaceId/mcp', guard(deps, 'agent.use'), async (ctx) => {
    const auth = requireAuth(ctx);
    // One POST, one message: a batch would carry any number of tool calls against one rate-limit point.
    if (Array.isArray(ctx.request.body)) {
      ctx.status = 400;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: MCP_BATCH_REFUSED } };
      return;
    }
    // Text rules hold for this JSON body as for every other (the document says so of JSON-RPC params too).
    if (hasUnsafeText(ctx.request.body)) throw badRequest(UNSAFE_TEXT_MESSAGE);
    // Streamable HTTP: the client takes both a JSON answer and an event stream. Said in the service's error form,
    // with the header to send, before the transport would answer a bare JSON-RPC error.
    const accept = ctx.get('accept').toLowerCase();
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      throw new AppError(
        406,
        MCP_ACCEPT_REFUSED,
        undefined,
        {},
        {
          code: 'not_acceptable',
          param: 'Accept',
          hint: 'Send Accept: application/json, text/event-stream (MCP Streamable HTTP); MCP client SDKs send it.',
        },
      );
    }
    // Valid JSON that is no JSON-RPC 2.0 message is an invalid request (-32600), not a parse error (-32700).
    const message = ctx.request.body as Record<string, unknown> | undefined;
    if (message === null || typeof message !== 'object' || message.jsonrpc !== '2.0') {
      ctx.status = 400;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: MCP_NOT_JSONRPC } };
      return;
    }
    const server = mcpServer(deps, auth);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.res.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport writes the response itself (JSON-RPC errors included); the body was read and size-checked
    // by the JSON body middleware.
    ctx.set('Cache-Control', 'no-store');
    ctx.respond = false;
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  });
  return router;
}
