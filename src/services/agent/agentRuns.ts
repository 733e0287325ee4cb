// Agent runs: the thread's bound agent server answers the thread over the OpenAI-compatible chat completions
// protocol (streamed, with the first-party tools offered). The service executes the tool calls the model
// makes, in the caller's role scope, and loops until the model answers; the final assistant message is
// stored with its tool calls, sources, model, finish reason and token usage. A run is request-scoped: it
// lives in the API process for as long as the client's stream, is bounded in tool rounds and total time,
// and stops (cancelling the upstream request) when the client disconnects.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import * as agent from '../../db/repositories/agent';
import type { AgentMessageRow, AgentServerRow, AgentSource, AgentThreadRow, AgentToolCall } from '../../db/rows';
import { AppError, badRequest, conflict } from '../../errors';
import type { AuthState } from '../../policies/credentials';
import type { OwnComponents } from '../../web/ownComponents';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import { authorize } from '../../policies/authorize';
import { RuleMessages } from '../../policies/rules';
import { threadOwner } from '../../policies/scopes';
import { boundReached } from '../operations/bounds';
import { agentAddressPolicy, loadServer, loadThread, postMessage, serverAuthToken, type ThreadLimits } from './agent';
import {
  streamChatRound,
  type ChatLimits,
  type ChatMessage,
  type ChatRound,
  type ChatTool,
  type ChatToolCall,
} from './chatCompletions';
import { isTooDeep, JSON_TOO_DEEP_MESSAGE } from '../../jsonDepth';
import { reauthorize } from '../access/credentials';
import type { SecretBox } from '../secretBox';

/** What a run can do with the first-party tools (the API layer provides them, role-scoped to the caller). */
export interface RunTools {
  definitions: ChatTool[];
  execute(
    auth: AuthState,
    name: string,
    input: unknown,
  ): Promise<{ ok: true; output: unknown; sources: AgentSource[] } | { ok: false; message: string }>;
}

/** The events a run emits while it works (the route writes them as Server-Sent Events). */
export interface RunSink {
  delta(content: string): void;
  toolCall(call: { id: string; name: string; arguments: Record<string, unknown> }): void;
  toolResult(result: { id: string; name: string; output?: unknown; error?: string }): void;
  sources(sources: AgentSource[]): void;
}

export interface RunDeps {
  db: Db;
  logger: Logger;
  secrets: SecretBox;
  config: Pick<Config, 'agent' | 'bounds'>;
  ownComponents: OwnComponents;
}

export const RunMessages = {
  noServer: 'The thread is not bound to an agent server',
  busy: 'A run is already in progress on this thread',
  noModel: 'model is required: set it on the agent server or in the run request',
  modelFixed: RuleMessages.modelFixed,
  toolRoundsExceeded: 'The agent server kept calling tools after the tool round limit',
  toolCallsExceeded: (max: number) =>
    `Not run: this run has executed its limit of ${max} tool calls (AGENT_RUN_MAX_TOOL_CALLS); answer with what the earlier calls returned`,
} as const;

/** The run's time limit passed (the error event carries the message). */
export class RunTimeoutError extends AppError {
  constructor(ms: number) {
    super(504, `The run exceeded its time limit of ${ms} ms`);
  }
}

/** The thread as the chat completions protocol sees it (tool calls with their results, in order). */
export function toChatMessages(messages: AgentMessageRow[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of messages) {
    if (m.role === 'user' || m.role === 'system') {
      out.push({ role: m.role, content: m.content ?? '' });
    } else if (m.role === 'assistant') {
      const answered = m.tool_calls.filter((c) => c.result !== undefined);
      if (answered.length > 0) {
        out.push({
          role: 'assistant',
          content: null,
          tool_calls: answered.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: JSON.stringify(c.arguments) },
          })),
        });
        for (const c of answered) out.push({ role: 'tool', tool_call_id: c.id, content: JSON.stringify(c.result) });
      }
      if (m.content) out.push({ role: 'assistant', content: m.content });
    } else if (m.tool_call_id) {
      // A tool message stands in the protocol only with the call it answers.
      out.push({ role: 'tool', tool_call_id: m.tool_call_id, content: m.content ?? '' });
    }
  }
  return out;
}

/** The call's arguments as an object, or why not (the model reads it as the tool's error). */
function parseArguments(text: string): { args: Record<string, unknown> } | { error: string } {
  const notAnObject = { error: 'The arguments are not a JSON object' };
  // Too deep to store (jsonb) or to check: refused before parsing, like a request body.
  if (isTooDeep(text)) return { error: `The arguments are refused: ${JSON_TOO_DEEP_MESSAGE}` };
  try {
    const v: unknown = JSON.parse(text || '{}');
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? { args: v as Record<string, unknown> }
      : notAnObject;
  } catch {
    return notAnObject;
  }
}

/**
 * The thread's run lease (one run at a time per thread): 409 while another run holds it. An end user runs at
 * most AGENT_MAX_RUNS_PER_SUBJECT threads at a time (429 beyond: each run holds a connection and the integrator's
 * model for up to AGENT_RUN_TIMEOUT_MS), counted under a per-workspace lock.
 */
export async function acquireRunLease(
  deps: Pick<RunDeps, 'db' | 'config'>,
  auth: AuthState,
  threadId: string,
): Promise<string> {
  const runId = randomUUID();
  const { runTimeoutMs } = deps.config.agent;
  const max = deps.config.bounds.agentRunsPerSubject;
  const owner = threadOwner(auth);
  const claimed = await deps.db.transaction(async (trx) => {
    await lockWorkspaceScope(trx, 'agent-runs', auth.workspace.id);
    if (owner && (await agent.countRunningThreads(trx, auth.workspace.id, owner, runTimeoutMs)) >= max) {
      throw boundReached('agentRunsPerSubject', max);
    }
    return agent.claimRun(trx, auth.workspace.id, threadId, runId, runTimeoutMs);
  });
  if (!claimed) throw conflict(RunMessages.busy);
  return runId;
}

export async function releaseRunLease(
  deps: Pick<RunDeps, 'db'>,
  thread: Pick<AgentThreadRow, 'workspace_id' | 'id'>,
  runId: string,
): Promise<void> {
  await agent.releaseRun(deps.db, thread.workspace_id, thread.id, runId);
}

/**
 * Everything a run needs before its stream opens, each failure an error answer: the caller's thread, bound to an
 * agent server (409) whose auth token is readable (409), a model (400), the thread's run lease (409), and the
 * run's new user message, if any, stored (the lease is released again when it cannot be).
 */
export async function prepareRun(
  deps: Pick<RunDeps, 'db' | 'config' | 'secrets'>,
  auth: AuthState,
  threadId: string,
  input: { model?: string; message?: { id: string; content: string } },
  limits: ThreadLimits,
): Promise<{ runId: string; thread: AgentThreadRow; server: AgentServerRow; model: string }> {
  const thread = await loadThread(deps, auth, threadId);
  if (!thread.agent_server_id) throw new AppError(409, RunMessages.noServer);
  const server = await loadServer(deps, auth.workspace.id, thread.agent_server_id);
  authorize(auth, 'agent.chooseModel', { serverModel: server.model, named: input.model });
  const model = input.model ?? server.model;
  if (!model) {
    throw badRequest(RunMessages.noModel, {
      code: 'missing_field',
      param: 'model',
      hint: 'Name the model in the run request, or set one on the agent server (PATCH …/agent/servers/{id}).',
    });
  }
  serverAuthToken(deps.secrets, server); // an unreadable token is a 409 before the stream opens
  const runId = await acquireRunLease(deps, auth, thread.id);
  if (input.message) {
    const message = { id: input.message.id, role: 'user' as const, content: input.message.content };
    await postMessage(deps, auth, thread.id, message, limits).catch(async (err: unknown) => {
      await releaseRunLease(deps, thread, runId);
      throw err;
    });
  }
  return { runId, thread, server, model };
}

/**
 * Runs the thread under a lease from acquireRunLease, and releases it. Resolves with the stored assistant
 * message; rejects with AppError (agent server failures, the time limit) or, when the client went away, with
 * the abort reason.
 */
export async function runThread(
  deps: RunDeps,
  run: {
    runId: string;
    auth: AuthState;
    thread: AgentThreadRow;
    server: AgentServerRow;
    model: string;
    tools: RunTools;
    sink: RunSink;
    /** Aborted when the client disconnects. */
    signal: AbortSignal;
    limits: ChatLimits & { thread: ThreadLimits };
  },
): Promise<AgentMessageRow> {
  const { runTimeoutMs, runMaxToolRounds, runMaxToolCalls } = deps.config.agent;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new RunTimeoutError(runTimeoutMs)), runTimeoutMs);
  const signal = AbortSignal.any([run.signal, timeout.signal]);
  try {
    return await converse(deps, { ...run, signal, maxToolRounds: runMaxToolRounds, maxToolCalls: runMaxToolCalls });
  } catch (err) {
    throw signal.aborted ? signal.reason : err;
  } finally {
    clearTimeout(timer);
    await releaseRunLease(deps, run.thread, run.runId).catch((err: unknown) => {
      deps.logger.warn({ err, threadId: run.thread.id }, 'releasing the run lease failed');
    });
  }
}

async function converse(
  deps: RunDeps,
  run: Parameters<typeof runThread>[1] & { maxToolRounds: number; maxToolCalls: number },
): Promise<AgentMessageRow> {
  const { auth, thread, server, sink, signal } = run;
  const authToken = serverAuthToken(deps.secrets, server);
  const conversation = toChatMessages(await agent.listMessages(deps.db, thread.workspace_id, thread.id));
  const toolCalls: AgentToolCall[] = [];
  const sources = new Map<string, AgentSource>();
  let content = '';
  let last: ChatRound | undefined;
  let model: string | null = null;
  let usage: ChatRound['usage'] = null;

  for (let round = 0; ; round++) {
    // The last allowed round offers no tools, so the model has to answer.
    const offerTools = round < run.maxToolRounds;
    let separated = content === '';
    last = await streamChatRound({
      url: server.url,
      authToken,
      body: { model: run.model, messages: conversation, ...(offerTools ? { tools: run.tools.definitions } : {}) },
      signal,
      limits: run.limits,
      policy: agentAddressPolicy(deps.config, deps.ownComponents),
      onDelta(text) {
        // Text of a later round continues the same message, as a new paragraph.
        if (!separated) {
          content += '\n\n';
          sink.delta('\n\n');
          separated = true;
        }
        content += text;
        sink.delta(text);
      },
    });
    model ??= last.model;
    usage = addUsage(usage, last.usage);
    if (last.toolCalls.length === 0) break;
    if (!offerTools) throw new AppError(502, RunMessages.toolRoundsExceeded);
    // A run outlives its request's credential check: before each tool round the credential must still stand
    // (key not revoked, role not deleted, the policy under the workspace's current RBAC status), and the
    // round's tools act with the workspace as it is now.
    const current = await reauthorize(deps, auth, 'agent.use');
    conversation.push({ role: 'assistant', content: last.content || null, tool_calls: last.toolCalls });
    for (const call of last.toolCalls) {
      // A run executes at most maxToolCalls tools, whatever the model asks for (one request of an end user's
      // budget, so its cost is bounded); later calls are answered with an error the model reads.
      const refused =
        toolCalls.length >= run.maxToolCalls ? RunMessages.toolCallsExceeded(run.maxToolCalls) : undefined;
      const done = await executeCall(run.tools, current, sink, call, signal, refused);
      toolCalls.push(done.record);
      for (const s of done.sources) sources.set(`${s.type}:${s.id}`, s);
      conversation.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(done.record.result) });
    }
  }
  signal.throwIfAborted();
  const sourceList = [...sources.values()].slice(0, 100);
  if (sourceList.length > 0) sink.sources(sourceList);
  const { message } = await postMessage(
    deps,
    auth,
    thread.id,
    {
      id: randomUUID(),
      role: 'assistant',
      content,
      sources: sourceList,
      model: model ?? run.model,
      ...(last.finishReason ? { finishReason: last.finishReason } : {}),
      ...(usage ? { tokenUsage: usage } : {}),
      toolCalls,
    },
    run.limits.thread,
  );
  return message;
}

/** Token usage summed over a run's rounds (null while no round reported any). */
function addUsage(sum: ChatRound['usage'], round: ChatRound['usage']): ChatRound['usage'] {
  if (!round) return sum;
  return {
    inputTokens: (sum?.inputTokens ?? 0) + round.inputTokens,
    outputTokens: (sum?.outputTokens ?? 0) + round.outputTokens,
    totalTokens: (sum?.totalTokens ?? 0) + round.totalTokens,
  };
}

/** Runs one tool call; a bad call (unknown tool, bad arguments, a failed lookup) becomes an error result the model reads. */
async function executeCall(
  tools: RunTools,
  auth: AuthState,
  sink: RunSink,
  call: ChatToolCall,
  signal: AbortSignal,
  /** Why the call is answered with an error without being run (the run's tool call limit). */
  refused?: string,
): Promise<{ record: AgentToolCall; sources: AgentSource[] }> {
  const startedAt = new Date().toISOString();
  const parsed = parseArguments(call.function.arguments);
  const args = 'args' in parsed ? parsed.args : undefined;
  const name = call.function.name;
  sink.toolCall({ id: call.id, name, arguments: args ?? {} });
  let result: { output: unknown; sources: AgentSource[] } | { error: string };
  if (refused !== undefined) {
    result = { error: refused };
  } else if (!args) {
    result = { error: (parsed as { error: string }).error };
  } else {
    try {
      const outcome = await tools.execute(auth, name, args);
      result = outcome.ok ? { output: outcome.output, sources: outcome.sources } : { error: outcome.message };
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      result = { error: err.message };
    }
  }
  signal.throwIfAborted();
  const finishedAt = new Date().toISOString();
  if ('error' in result) {
    sink.toolResult({ id: call.id, name, error: result.error });
    return {
      record: { id: call.id, name, arguments: args ?? {}, result: { error: result.error }, startedAt, finishedAt },
      sources: [],
    };
  }
  sink.toolResult({ id: call.id, name, output: result.output });
  return {
    record: { id: call.id, name, arguments: args!, result: result.output, startedAt, finishedAt },
    sources: result.sources,
  };
}
