// The Agent API (/v1/workspaces/{workspaceId}/agent): threads and messages, agent RAG, the first-party tools,
// agent servers, and agent runs streamed as Server-Sent Events. Threads, RAG, tools and runs are `agent.use`
// (access tokens; under ACTIVE RBAC a role-bound one, scoped to its role); servers are `agent.manage`.
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../../deps';
import { AppError, badRequest, toAppError } from '../../../errors';
import type { AuthState } from '../../../policies/credentials';
import * as agentService from '../../../services/agent';
import { acquireRunLease, releaseRunLease, RunMessages, runThread, type RunTools } from '../../../services/agentRuns';
import { knowledgeRag } from '../../../services/rag';
import { guard, requireAuth } from '../../middleware/authenticate';
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
import { describeTools, findTool, runTool, TOOLS, type ToolContext } from './tools';
import { validateFields } from './validate';

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

const KEEP_ALIVE_MS = 15_000;

/** A Server-Sent Events stream as the Koa body; each event's data is one JSON object. */
function eventStream(ctx: Context) {
  const stream = new PassThrough();
  ctx.status = 200;
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Accel-Buffering', 'no'); // proxies must not buffer the stream
  ctx.body = stream;
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  return {
    send<E extends RunEventName>(event: E, data: RunEvent<E>) {
      if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(keepAlive);
      stream.end();
    },
  };
}

export function agentRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/v1/workspaces/:workspaceId/agent' });
  const use = guard(deps, 'agent.use');
  const manage = guard(deps, 'agent.manage');
  const toolContext = (auth: AuthState): ToolContext => ({ deps, auth });
  const threadLimits = { maxMessages: AgentLimits.messagesPerThread, maxBytes: AgentLimits.threadBytes };

  // ---- threads and messages

  router.post('/threads', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(CreateThreadRequestSchema, ctx.request.body);
    const thread = await agentService.createThread(deps.db, auth, input);
    ctx.status = 201;
    ctx.body = presentThread(thread);
  });

  router.get('/threads', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const query = validateFields(ThreadListQuerySchema, ctx.query);
    const { rows, total } = await agentService.listThreads(deps.db, auth, query);
    const body: ThreadList = { threads: rows.map(presentThread), total, page: query.page, limit: query.limit };
    ctx.body = body;
  });

  router.get('/threads/:threadId', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const thread = await agentService.loadThread(deps.db, auth, ctx.params.threadId ?? '');
    ctx.body = presentThreadWithMessages(thread, await agentService.listMessages(deps.db, thread));
  });

  router.post('/threads/:threadId/messages', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(PostMessageRequestSchema, ctx.request.body);
    const { message, created } = await agentService.postMessage(
      deps.db,
      auth,
      ctx.params.threadId ?? '',
      input,
      threadLimits,
    );
    ctx.status = created ? 201 : 200;
    ctx.body = presentMessage(message);
  });

  // ---- runs: Server-Sent Events (message.delta, tool.call, tool.result, sources, message.completed, error, done)

  router.post('/threads/:threadId/runs', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(RunRequestSchema, ctx.request.body);
    const thread = await agentService.loadThread(deps.db, auth, ctx.params.threadId ?? '');
    if (!thread.agent_server_id) throw new AppError(409, RunMessages.noServer);
    const server = await agentService.loadServer(deps.db, auth.workspace.id, thread.agent_server_id);
    const model = input.model ?? server.model;
    if (!model) throw badRequest(RunMessages.noModel);
    agentService.serverAuthToken(deps.secrets, server); // an unreadable token is a 409 before the stream opens
    const runId = await acquireRunLease(deps, thread.id);
    if (input.message) {
      const message = { id: input.message.id, role: 'user' as const, content: input.message.content };
      await agentService.postMessage(deps.db, auth, thread.id, message, threadLimits).catch(async (err: unknown) => {
        await releaseRunLease(deps, thread.id, runId);
        throw err;
      });
    }

    const events = eventStream(ctx);
    const client = new AbortController();
    ctx.res.once('close', () => {
      if (!ctx.res.writableFinished) client.abort(new AppError(499, 'The client closed the stream'));
    });
    const log = { requestId: ctx.state.requestId, threadId: thread.id, runId };
    void runThread(deps, {
      runId,
      auth,
      thread,
      server,
      model,
      tools: runTools(deps),
      signal: client.signal,
      limits: {
        contentChars: AgentLimits.contentChars,
        argumentsChars: AgentLimits.toolArgumentsChars,
        toolCalls: AgentLimits.toolCalls,
        thread: threadLimits,
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
        if (client.signal.aborted) {
          deps.logger.info(log, 'agent run cancelled: the client disconnected');
          return;
        }
        const appError = toAppError(err);
        if (appError.status >= 500 && !(err instanceof AppError))
          deps.logger.error({ ...log, err }, 'agent run failed');
        else deps.logger.warn({ ...log, status: appError.status, message: appError.message }, 'agent run failed');
        events.send('error', appError.toBody());
        events.send('done', { runId, status: 'failed' });
      })
      .finally(() => events.end());
  });

  // ---- agent RAG: the space RAG's workspace half, one engine and one filter path

  router.post('/rag', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const input = validateFields(AgentRagRequestSchema, ctx.request.body);
    const body: AgentRagResponse = await knowledgeRag(deps, auth, input);
    ctx.body = body;
  });

  // ---- first-party tools

  router.get('/tools', use, async (ctx) => {
    const body: ToolList = { tools: describeTools() };
    ctx.body = body;
  });

  router.post('/tools/:name/execute', use, async (ctx) => {
    const auth = requireAuth(ctx);
    const t = findTool(ctx.params.name ?? '');
    const { input } = validateFields(ExecuteToolRequestSchema, ctx.request.body);
    const result = await runTool(toolContext(auth), t, input, ['input']);
    if (!result.ok) throw badRequest(result.message);
    const body: ExecuteToolResponse = { output: result.output };
    ctx.body = body;
  });

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
    const rows = await agentService.listServers(deps.db, workspace.id);
    const body: ServerList = { servers: rows.map(presentServer), total: rows.length };
    ctx.body = body;
  });

  router.get('/servers/:id', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    ctx.body = presentServer(await agentService.loadServer(deps.db, workspace.id, ctx.params.id ?? ''));
  });

  router.patch('/servers/:id', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const input = validateFields(UpdateServerRequestSchema, ctx.request.body);
    ctx.body = presentServer(await agentService.updateServer(deps, workspace.id, ctx.params.id ?? '', input));
  });

  router.delete('/servers/:id', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const id = ctx.params.id ?? '';
    await agentService.deleteServer(deps.db, workspace.id, id);
    const body: DeleteServerResponse = { success: true, id };
    ctx.body = body;
  });

  return router;
}
