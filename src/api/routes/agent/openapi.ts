import { z } from 'zod';
import { AgentMessages } from '../../../services/agent/agent';
import { RunMessages } from '../../../services/agent/agentRuns';
import { AddressRefusalMessages } from '../../../web/fetch';
import { ErrorBodySchema, withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import {
  AgentRagRequestSchema,
  AgentRagResponseSchema,
  CreateServerRequestSchema,
  CreateThreadRequestSchema,
  DeleteServerResponseSchema,
  ExecuteToolRequestSchema,
  ExecuteToolResponseSchema,
  MessageSchema,
  PostMessageRequestSchema,
  RunRequestSchema,
  ServerListSchema,
  ServerSchema,
  ThreadListQuerySchema,
  ThreadQuerySchema,
  ThreadListSchema,
  ThreadSchema,
  ThreadWithMessagesSchema,
  ToolListSchema,
  UpdateServerRequestSchema,
} from './schema';
import { TOOL_NOT_FOUND, TOOLS } from './tools';
import {
  agentRagExamples,
  createServerExamples,
  createThreadExamples,
  deleteServerExamples,
  executeToolExamples,
  getServerExamples,
  getThreadExamples,
  listServersExamples,
  listThreadsExamples,
  listToolsExamples,
  mcpExamples,
  postAgentMessageExamples,
  runExamples,
  updateServerExamples,
} from './examples';
import { RANKING_ERRORS, rerankHeader } from '../knowledge/search/openapi';
import { boundMessage } from '../../../services/operations/bounds';
import { QUOTA_EXCEEDED } from '../../../services/knowledge/storageQuota';

const agentOps = operations('Agent');

const base = '/v1/workspaces/{workspaceId}/agent';
/** The Accept header MCP's Streamable HTTP transport requires (both media types). */
const MCP_ACCEPT = 'application/json, text/event-stream';
/** executeKnowledgeSearchTool for knowledge_search. */
const toolOperationId = (name: string) =>
  `execute${name.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}Tool`;
/** A JSON-RPC 2.0 request (with id) or notification, as the MCP transport accepts it (no other members). */
const JsonRpcMessageSchema = z
  .strictObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.int()]).optional(),
    method: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'JsonRpcMessage' });
/** The MCP transport's own error answers. */
const JsonRpcErrorSchema = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    error: z.looseObject({ code: z.int(), message: z.string() }),
    id: z.union([z.string(), z.number(), z.null()]),
  })
  .meta({ id: 'JsonRpcError' });
const FIELD = 'Missing required field: <field>; <field> must be …';
const ThreadPath = withWorkspace({ threadId: z.uuid().meta({ description: 'The thread' }) });
const ServerPath = withWorkspace({ id: z.uuid().meta({ description: 'The agent server' }) });
const threadErrors = { 400: [AgentMessages.invalidThreadId], 404: [AgentMessages.threadNotFound] } as const;
const serverErrors = { 400: [AgentMessages.invalidServerId], 404: [AgentMessages.serverNotFound] } as const;
const threadLinks = Object.fromEntries(
  ['getAgentThread', 'postAgentMessage'].map((operationId) => [
    operationId,
    { operationId, parameters: { threadId: '$response.body#/id' } },
  ]),
);
const serverLinks = Object.fromEntries(
  ['getAgentServer', 'updateAgentServer', 'deleteAgentServer'].map((operationId) => [
    operationId,
    { operationId, parameters: { id: '$response.body#/id' } },
  ]),
);

export const agentOperations: ApiOperation[] = [
  agentOps.post(`${base}/threads`, 'createAgentThread', {
    summary: "Create a thread (bound to the token's role under ACTIVE RBAC)",
    body: CreateThreadRequestSchema,
    examples: createThreadExamples,
    ok: [201, 'The thread', ThreadSchema, { links: threadLinks }],
    errors: {
      400: [FIELD],
      404: [AgentMessages.serverNotFound],
      409: [boundMessage('agentThreadsPerSubject'), boundMessage('workspaceAgentThreads')],
    },
  }),
  agentOps.get(`${base}/threads`, 'listAgentThreads', {
    summary: "List threads, newest first (under ACTIVE RBAC the token's role's only)",
    query: ThreadListQuerySchema,
    examples: listThreadsExamples,
    ok: [200, 'A page of threads', ThreadListSchema],
    errors: {
      400: ['Invalid page value, must be between 1 and 1000000', 'Invalid limit value, must be between 1 and …'],
    },
  }),
  agentOps.get(`${base}/threads/{threadId}`, 'getAgentThread', {
    summary: 'Get a thread with its messages (1 MiB of them at a time)',
    description:
      'A thread holds up to 16 MiB of messages; one read answers them in order until 1 MiB of stored size is reached (the message that reaches it included, at ' +
      'least one message). While hasMoreMessages is true, read on with ?messagesAfter=<the last message id>.',
    params: ThreadPath,
    query: ThreadQuerySchema,
    examples: getThreadExamples,
    ok: [200, 'The thread and a page of its messages', ThreadWithMessagesSchema],
    errors: {
      400: [...threadErrors[400], AgentMessages.messagesAfterUnknown, FIELD],
      404: threadErrors[404],
    },
  }),
  agentOps.post(`${base}/threads/{threadId}/messages`, 'postAgentMessage', {
    summary: 'Store a message (idempotent by its client-generated id)',
    description: 'A repeat with the same id and body answers 200 with the stored message; a different body is 409.',
    params: ThreadPath,
    body: PostMessageRequestSchema,
    examples: { request: postAgentMessageExamples.request, response: postAgentMessageExamples.response },
    ok: [201, 'The message', MessageSchema],
    also: {
      200: {
        description: 'The message was already stored (same id and body)',
        schema: MessageSchema,
        examples: postAgentMessageExamples.repeated,
      },
    },
    errors: {
      400: [...threadErrors[400], FIELD],
      404: threadErrors[404],
      403: [QUOTA_EXCEEDED],
      409: [
        AgentMessages.messageConflict,
        'The thread holds its maximum of … messages',
        'The thread holds its maximum of … bytes of messages',
      ],
    },
  }),
  agentOps.post(`${base}/threads/{threadId}/runs`, 'runAgentThread', {
    summary: "Run the thread's agent server; the answer streams as Server-Sent Events",
    description:
      'Events: message.delta, tool.call, tool.result, sources, message.completed, error ({error, message}), done ' +
      "({runId, status}); each event's data is one JSON object.",
    params: ThreadPath,
    body: RunRequestSchema,
    bodyRequired: false,
    examples: runExamples,
    ok: [200, 'The event stream', z.string(), { contentType: 'text/event-stream' }],
    errors: {
      400: [...threadErrors[400], FIELD, RunMessages.noModel],
      403: [RunMessages.modelFixed],
      404: [...threadErrors[404], AgentMessages.serverNotFound],
      409: [RunMessages.noServer, RunMessages.busy, AgentMessages.tokenUnreadable],
    },
  }),
  agentOps.post(`${base}/rag`, 'agentRag', {
    summary: "Passages from workspace knowledge (under ACTIVE RBAC the token's role's)",
    description: 'The ranking options (scoreThreshold, hybridWeight, rerank, rerankCandidates) as in space RAG.',
    body: AgentRagRequestSchema,
    examples: agentRagExamples,
    ok: [200, 'The passages, most relevant first', AgentRagResponseSchema, { headers: rerankHeader }],
    errors: { 400: [FIELD, 'Invalid topK value, must be between 1 and 10', ...RANKING_ERRORS] },
  }),
  agentOps.get(`${base}/tools`, 'listAgentTools', {
    summary: 'The first-party tools and their input schemas',
    examples: listToolsExamples,
    ok: [200, 'The tools', ToolListSchema],
  }),
  // One operation per tool, each with that tool's own input schema (a schema-valid input is one the tool takes).
  ...TOOLS.map((t): ApiOperation => {
    const examples = executeToolExamples[t.name];
    return agentOps.post(`${base}/tools/${t.name}/execute`, toolOperationId(t.name), {
      summary: `Execute the ${t.name} tool in the caller's scope`,
      description: `${t.description} The same tool as GET …/agent/tools lists and MCP offers.`,
      body: z.strictObject({ input: t.input }),
      examples: examples,
      ok: [200, "The tool's output", ExecuteToolResponseSchema],
      errors: { 400: [FIELD] },
    });
  }),
  {
    method: 'post',
    path: `${base}/tools/{name}/execute`,
    operationId: 'executeAgentTool',
    tag: 'Agent',
    summary: 'Any other tool name: 404',
    description:
      'Each tool has an operation of its own (POST …/agent/tools/knowledge_search/execute and the others), with its ' +
      'input schema; a name that is no tool answers 404 "Tool not found" whatever the body.',
    request: {
      path: withWorkspace({
        name: z
          .string()
          .meta({ description: 'A name that is not one of the tools', not: { enum: TOOLS.map((t) => t.name) } }),
      }),
      // The tools' body, so that one sent here is not refused as a body this operation does not take: the name
      // answers first.
      body: ExecuteToolRequestSchema,
      bodyRequired: false,
    },
    responses: {},
    errors: { 404: [TOOL_NOT_FOUND] },
  },
  agentOps.post(`${base}/servers`, 'createAgentServer', {
    summary: 'Register an agent server (an OpenAI-compatible chat completions endpoint)',
    body: CreateServerRequestSchema,
    examples: createServerExamples,
    ok: [201, 'The server (its token is never shown)', ServerSchema, { links: serverLinks }],
    errors: {
      400: [
        FIELD,
        'url must not carry credentials (use authToken)',
        'url must not have a fragment',
        ...AddressRefusalMessages,
      ],
      409: [AgentMessages.serverNameTaken, 'The workspace holds its maximum of … agent servers'],
    },
  }),
  agentOps.get(`${base}/servers`, 'listAgentServers', {
    summary: 'List agent servers',
    examples: listServersExamples,
    ok: [200, 'The servers', ServerListSchema],
  }),
  agentOps.get(`${base}/servers/{id}`, 'getAgentServer', {
    summary: 'Get an agent server',
    params: ServerPath,
    examples: getServerExamples,
    ok: [200, 'The server', ServerSchema],
    errors: serverErrors,
  }),
  agentOps.patch(`${base}/servers/{id}`, 'updateAgentServer', {
    summary: 'Update an agent server (null clears description, model and authToken)',
    description:
      'A url on another origin (scheme, host or port) drops the stored authToken unless the same request sends a ' +
      'new one: a token is only ever sent to the origin it was given for.',
    params: ServerPath,
    body: UpdateServerRequestSchema,
    examples: updateServerExamples,
    ok: [200, 'The server', ServerSchema],
    errors: {
      400: [
        ...serverErrors[400],
        FIELD,
        ...AddressRefusalMessages,
        'Provide at least one field to update: name, url, description, model, authToken',
      ],
      404: serverErrors[404],
      409: [AgentMessages.serverNameTaken],
    },
  }),
  agentOps.delete(`${base}/servers/{id}`, 'deleteAgentServer', {
    summary: 'Remove an agent server',
    params: ServerPath,
    examples: deleteServerExamples,
    ok: [200, 'Removed', DeleteServerResponseSchema],
    errors: serverErrors,
  }),
  agentOps.post('/v1/workspaces/{workspaceId}/mcp', 'mcp', {
    summary: 'The first-party tools over MCP (Streamable HTTP, JSON responses, stateless)',
    description:
      'A JSON-RPC 2.0 request (initialize, tools/list, tools/call) with `Accept: application/json, text/event-stream` ' +
      '(406 otherwise, naming the header); protocol errors come as JSON-RPC error bodies (valid JSON that is no ' +
      'JSON-RPC 2.0 message: 400, -32600 Invalid Request). One message per ' +
      'POST: a JSON-RPC batch (an array) answers 400 with a JSON-RPC error (MCP 2025-06-18 removed batches).',
    header: z.object({
      Accept: z.enum([MCP_ACCEPT]).meta({
        description: 'What the MCP transport requires of every client (406 otherwise)',
      }),
    }),
    body: JsonRpcMessageSchema,
    examples: mcpExamples,
    ok: [
      200,
      'The JSON-RPC response',
      z.looseObject({ jsonrpc: z.literal('2.0') }),
      { contentType: ['application/json', 'text/event-stream'] },
    ],
    also: {
      202: { description: 'A JSON-RPC notification (no id): accepted, no body' },
      400: {
        description:
          'Not a JSON-RPC request or a batch (JSON-RPC error), or a request the service refuses ({error, message})',
        schema: z.union([ErrorBodySchema, JsonRpcErrorSchema]),
      },
      406: { description: 'The Accept header lacks application/json or text/event-stream', schema: ErrorBodySchema },
      415: { description: 'The body is not application/json', schema: JsonRpcErrorSchema },
    },
  }),
];
