// The Agent API (/v1/workspaces/{workspaceId}/agent): threads and messages, agent RAG, the first-party tools,
// agent servers, and agent runs streamed as Server-Sent Events. Threads, RAG, tools and runs are `agent.use`
// (access tokens; under ACTIVE RBAC a role-bound one, scoped to its role); servers are `agent.manage`.
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { Deps } from '../../../services/deps';
import { AppError, badRequest, toAppError } from '../../../errors';
import type { AuthState } from '../../../policies/credentials';
import * as agentService from '../../../services/agent/agent';
import { prepareRun, runThread, type RunTools } from '../../../services/agent/agentRuns';
import { AgentServerError } from '../../../services/agent/chatCompletions';
import { mayReadAgentServerFailures } from '../../../policies/scopes';
import { knowledgeRag } from '../../../services/search/rag';
import { searchDeps } from '../../../services/search/search';
import { guard, requireAuth } from '../../middleware/authenticate';
import { errorBody } from '../../middleware/errors';
import { publicBaseUrl } from '../../publicUrl';
import { eventStream } from '../../sse';
import { presentMessage, presentServer, presentThread, presentThreadWithMessages } from './presenters';
import {
  AgentLimits,
  AgentRagRequestSchema,
  CreateServerRequestSchema,
  CreateThreadRequestSchema,
  ExecuteToolRequestSchema,
  PostMessageRequestSchema,
  RunRequestSchema,
  ThreadListQuerySchema,
  ThreadQuerySchema,
  UpdateServerRequestSchema,
  type AgentRagResponse,
  type DeleteServerResponse,
  type ExecuteToolResponse,
  type RunEvent,
  type RunEventName,
  type ServerList,
  type ThreadList,
  type ToolList,
} from './schema';
import { describeTools, findTool, runTool, TOOLS, type ToolContext, type ToolDefinition } from './tools';
import { validateFields } from '../../validate';

/** The tools as a run offers them to the model (OpenAI function tools), executed in the caller's scope. */
export function runTools(deps: ToolContext['deps']): RunTools {
  return {
    definitions: describeTools().map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.inputSchema },
    })),
    async execute(auth, name, input) {
      const t = TOOLS.find((x) => x.name === name);
      if (!t) return { ok: false, message: `Unknown tool: ${name}` };
      return runTool({ deps, auth }, t, input);
    },
  };
}

/** A run's stream: each event name with the shape of its data. */
type RunEvents = { [E in RunEventName]: RunEvent<E> };

export function agentRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId/agent');
  const use = guard(deps, 'agent.use');
  const manage = guard(deps, 'agent.manage');
  const toolContext = (auth: AuthState): ToolContext => ({ deps, auth });
  // Read when serving (a router reads its dependencies only then).
  const threadLimits = () => ({
    maxMessages: AgentLimits.messagesPerThread,
    maxBytes: AgentLimits.threadBytes,
    defaultStorageQuotaBytes: deps.config.limits.defaultStorageQuotaBytes,
    maxBytesPerSubject: deps.config.bounds.agentBytesPerSubject,
  });

  // ---- threads and messages

  router.post('/threads', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(CreateThreadRequestSchema, ctx.request.body);
    const thread = await agentService.createThread(deps, auth, input);
    ctx.status = 201;
    ctx.body = presentThread(thread);
  });

  router.get('/threads', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const query = validateFields(ThreadListQuerySchema, ctx.query);
    const { rows, total } = await agentService.listThreads(deps, auth, query);
    const body: ThreadList = { threads: rows.map(presentThread), total, page: query.page, limit: query.limit };
    ctx.body = body;
  });

  router.get('/threads/:threadId', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const thread = await agentService.loadThread(deps, auth, ctx.params.threadId ?? '');
    const { messagesAfter } = validateFields(ThreadQuerySchema, ctx.query);
    const page = await agentService.readThreadMessages(deps, thread, {
      after: messagesAfter,
      maxBytes: AgentLimits.threadPageBytes,
      maxMessages: AgentLimits.messagesPerThread,
    });
    ctx.body = presentThreadWithMessages(thread, page);
  });

  router.post('/threads/:threadId/messages', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(PostMessageRequestSchema, ctx.request.body);
    const { message, created } = await agentService.postMessage(
      deps,
      auth,
      ctx.params.threadId ?? '',
      input,
      threadLimits(),
    );
    ctx.status = created ? 201 : 200;
    ctx.body = presentMessage(message);
  });

  // ---- runs: Server-Sent Events (message.delta, tool.call, tool.result, sources, message.completed, error, done)

  router.post('/threads/:threadId/runs', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(RunRequestSchema, ctx.request.body);
    const { runId, thread, server, model } = await prepareRun(
      deps,
      auth,
      ctx.params.threadId ?? '',
      input,
      threadLimits(),
    );

    const events = eventStream<RunEvents>(ctx);
    const log = { requestId: ctx.state.requestId, threadId: thread.id, runId };
    void runThread(deps, {
      runId,
      auth,
      thread,
      server,
      model,
      tools: runTools(deps),
      signal: events.clientGone,
      limits: {
        contentChars: AgentLimits.contentChars,
        argumentsChars: AgentLimits.toolArgumentsChars,
        toolCalls: AgentLimits.toolCalls,
        thread: threadLimits(),
      },
      sink: {
        delta: (content) => events.send('message.delta', { content }),
        toolCall: (call) => events.send('tool.call', call),
        toolResult: (result) => events.send('tool.result', result),
        sources: (sources) => events.send('sources', { sources }),
      },
    })
      .then((message) => {
        events.send('message.completed', { message: presentMessage(message) });
        events.send('done', { runId, status: 'completed' });
      })
      .catch((err: unknown) => {
        if (events.clientGone.aborted) {
          deps.logger.info(log, 'agent run cancelled: the client disconnected');
          return;
        }
        const appError = toAppError(err);
        if (appError.status >= 500 && !(err instanceof AppError))
          deps.logger.error({ ...log, err }, 'agent run failed');
        else deps.logger.warn({ ...log, status: appError.status, message: appError.message }, 'agent run failed');
        // The agent server's address and what it said are the workspace's configuration: an end user reads what failed.
        const shown =
          appError instanceof AgentServerError && !mayReadAgentServerFailures(auth) ? appError.summarized() : appError;
        events.send('error', errorBody(ctx, shown, publicBaseUrl(deps.config, ctx)));
        events.send('done', { runId, status: 'failed' });
      })
      .finally(() => events.end());
  });

  // ---- agent RAG: the space RAG's workspace half, one engine and one filter path

  router.post('/rag', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(AgentRagRequestSchema, ctx.request.body);
    const { knowledgeResults, rerank } = await knowledgeRag(searchDeps(deps), auth, input);
    if (rerank) ctx.set('X-Rerank', rerank);
    const body: AgentRagResponse = { knowledgeResults };
    ctx.body = body;
  });

  // ---- first-party tools

  router.get('/tools', use, async (ctx) => {
    const body: ToolList = { tools: describeTools() };
    ctx.body = body;
  });

  /** The request's input; a tool's arguments sent beside input rather than inside it are told where they go. */
  const validateToolRequest = (body: unknown, tool: string) => {
    try {
      return validateFields(ExecuteToolRequestSchema, body);
    } catch (err) {
      const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
      const misplaced = fields.length > 0 && !fields.includes('input');
      if (!(err instanceof AppError) || !misplaced || !['unknown_field', 'missing_field'].includes(err.code)) throw err;
      throw err.with({
        hint: `The tool's arguments go inside input: {"input": {${fields.map((f) => `${JSON.stringify(f.slice(0, 64))}: …`).join(', ')}}} (GET …/agent/tools lists ${tool}'s input schema).`,
      });
    }
  };

  // One route per tool (the document gives each its input schema), then any other name: 404 "Tool not found".
  const execute = async (ctx: Context, t: ToolDefinition<z.ZodType>) => {
    const auth = requireAuth(ctx);
    const { input } = validateToolRequest(ctx.request.body, t.name);
    const result = await runTool(toolContext(auth), t, input, ['input']);
    if (!result.ok) throw badRequest(result.message, result.help);
    const body: ExecuteToolResponse = { output: result.output };
    ctx.body = body;
  };
  for (const t of TOOLS) router.post(`/tools/${t.name}/execute`, use, (ctx) => execute(ctx, t));
  router.post('/tools/:name/execute', use, (ctx) => execute(ctx, findTool(ctx.params.name ?? '')));

  // ---- agent servers (workspace configuration)

  router.post('/servers', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const input = validateFields(CreateServerRequestSchema, ctx.request.body);
    const row = await agentService.createServer(deps, workspace.id, input, AgentLimits.serversPerWorkspace);
    ctx.status = 201;
    ctx.body = presentServer(row);
  });

  router.get('/servers', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const rows = await agentService.listServers(deps, workspace.id);
    const body: ServerList = { servers: rows.map(presentServer), total: rows.length };
    ctx.body = body;
  });

  router.get('/servers/:id', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    ctx.body = presentServer(await agentService.loadServer(deps, workspace.id, ctx.params.id ?? ''));
  });

  router.patch('/servers/:id', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const input = validateFields(UpdateServerRequestSchema, ctx.request.body);
    ctx.body = presentServer(await agentService.updateServer(deps, workspace.id, ctx.params.id ?? '', input));
  });

  router.delete('/servers/:id', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const id = ctx.params.id ?? '';
    await agentService.deleteServer(deps, workspace.id, id);
    const body: DeleteServerResponse = { success: true, id };
    ctx.body = body;
  });

  return router;
}
