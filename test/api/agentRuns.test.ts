// Agent runs against an OpenAI-compatible chat completions server started inside the test: the service offers
// the first-party tools, executes the model's knowledge_search call in the caller's role scope, streams the
// answer back as Server-Sent Events and stores the final assistant message. Bounded in tool rounds and time;
// a client disconnect cancels the upstream request; the agent server's auth token never reaches a log.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { MessageSchema, RunEventSchemas, ThreadWithMessagesSchema } from '../../src/api/routes/agent/schema';
import * as apiKeys from '../../src/db/repositories/apiKeys';
import * as roles from '../../src/db/repositories/roles';
import * as workspaces from '../../src/db/repositories/workspaces';
import type { Deps } from '../../src/services/deps';
import { AgentMessages } from '../../src/services/agent/agent';
import { createSecretBox } from '../../src/services/secretBox';
import {
  beginStream,
  runStream,
  sendChunk,
  startChatStub,
  streamAnswer,
  streamToolCall,
  type ChatStub,
  type RunEventRecord,
  type StubHandler,
} from '../helpers/agentServer';
import { assertError, specFields } from '../helpers/assertions';
import { leaveAndBonus } from '../helpers/agentWorld';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import type { Request } from '../helpers/http';
import { stackWithTenant, type TestStack } from '../helpers/stack';

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    }),
  );
  return { lines, logger };
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms))]);

describe('agent runs', function () {
  this.timeout(120_000);
  let stack: TestStack, tenant: Tenant, ws: Record<string, string>;
  let hr: Record<string, string>;
  let leave: string;
  let bonus: string;
  const stubs: ChatStub[] = [];

  const agent = (path: string) => `/v1/workspaces/${tenant.workspaceId}/agent${path}`;
  const stub = async (handler: StubHandler) => {
    const s = await startChatStub(handler);
    stubs.push(s);
    return s;
  };
  /** A server pointing at the stub and a thread (of the hr role) bound to it. */
  const threadOn = async (s: ChatStub, opts: { authToken?: string; model?: string | null; request?: Request } = {}) => {
    const request = opts.request ?? stack.request;
    const server = await request('POST', agent('/servers'), {
      headers: ws,
      json: {
        name: `stub ${randomUUID()}`,
        url: s.url,
        ...(opts.model === null ? {} : { model: opts.model ?? 'support-1' }),
        ...(opts.authToken ? { authToken: opts.authToken } : {}),
      },
    });
    assert.equal(server.status, 201, server.text);
    const thread = await request('POST', agent('/threads'), {
      headers: hr,
      json: { title: 'run', agentServerId: server.body.id },
    });
    assert.equal(thread.status, 201, thread.text);
    return thread.body.id as string;
  };
  const run = (
    threadId: string,
    json: unknown = {},
    stopWhen?: (e: RunEventRecord) => boolean,
    baseUrl = stack.baseUrl,
  ) => runStream(baseUrl, stack.ca, agent(`/threads/${threadId}/runs`), hr, json, stopWhen);
  const messagesOf = async (threadId: string) => {
    const res = await stack.request('GET', agent(`/threads/${threadId}`), { headers: hr });
    return ThreadWithMessagesSchema.parse(res.body).messages;
  };
  /** Every event parses with its schema. */
  const checkEvents = (events: RunEventRecord[]) => {
    for (const e of events) RunEventSchemas[e.event as keyof typeof RunEventSchemas].parse(e.data);
  };
  /** Serves the app with other agent settings (and optionally another logger). */
  const serveWith = (agentConfig: Partial<Deps['config']['agent']>, logger?: Deps['logger']) =>
    stack.serve({
      ...stack.deps,
      ...(logger ? { logger } : {}),
      config: { ...stack.deps.config, agent: { ...stack.deps.config.agent, ...agentConfig } },
    });

  beforeEach(async () => {
    ({ stack, tenant, headers: ws } = await stackWithTenant());
    ({ hr, leave, bonus } = await leaveAndBonus(stack, tenant, ws));
  });
  afterEach(async () => {
    for (const s of stubs.splice(0)) await s.close();
  });

  it('streams a knowledge_search tool call, then the answer, and stores the assistant message', async () => {
    const authToken = `sk-agent-${randomUUID()}`;
    const s = await stub((req, res, n) => {
      if (n === 0) {
        streamToolCall(
          res,
          { id: 'call_1', name: 'knowledge_search', arguments: { query: 'parental leave', limit: 5 } },
          { usage: { prompt_tokens: 100, completion_tokens: 12, total_tokens: 112 } },
        );
      } else {
        streamAnswer(res, ['Parental leave ', 'lasts sixteen ', 'weeks.'], {
          usage: { prompt_tokens: 180, completion_tokens: 9, total_tokens: 189 },
        });
      }
    });
    const threadId = await threadOn(s, { authToken });
    const userMessageId = randomUUID();
    const res = await run(threadId, { message: { id: userMessageId, content: 'How long is parental leave?' } });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/event-stream/);
    checkEvents(res.events);
    const names = res.events.map((e) => e.event);
    assert.deepEqual(names, [
      'tool.call',
      'tool.result',
      'message.delta',
      'message.delta',
      'message.delta',
      'sources',
      'message.completed',
      'done',
    ]);
    const byName = (name: string) => res.events.find((e) => e.event === name)!.data;
    assert.deepEqual(byName('tool.call'), {
      id: 'call_1',
      name: 'knowledge_search',
      arguments: { query: 'parental leave', limit: 5 },
    });
    const output = byName('tool.result').output;
    assert.deepEqual(
      output.results.map((r: { id: string }) => r.id),
      [leave],
      'the tool ran in the hr role’s scope: the bonus item is not there',
    );
    assert.ok(!JSON.stringify(res.events).includes(bonus));
    const text = res.events
      .filter((e) => e.event === 'message.delta')
      .map((e) => e.data.content)
      .join('');
    assert.equal(text, 'Parental leave lasts sixteen weeks.');

    const completed = MessageSchema.parse(byName('message.completed').message);
    assert.equal(completed.role, 'assistant');
    assert.equal(completed.content, 'Parental leave lasts sixteen weeks.');
    assert.equal(completed.model, 'stub-model-1');
    assert.equal(completed.finishReason, 'stop');
    assert.deepEqual(completed.tokenUsage, { inputTokens: 280, outputTokens: 21, totalTokens: 301 });
    assert.deepEqual(completed.sources, [
      {
        id: leave,
        type: 'FILE',
        title: 'Parental leave',
        snippet: 'Parental leave lasts sixteen weeks for every employee.',
      },
    ]);
    assert.deepEqual(byName('sources').sources, completed.sources);
    assert.equal(completed.toolCalls.length, 1);
    assert.deepEqual(completed.toolCalls[0]!.result, output);
    assert.ok(completed.toolCalls[0]!.startedAt! <= completed.toolCalls[0]!.finishedAt!);
    assert.deepEqual(byName('done'), { runId: byName('done').runId, status: 'completed' });

    // The thread now holds the user's message and the answer, as stored.
    const messages = await messagesOf(threadId);
    assert.deepEqual(
      messages.map((m) => [m.id, m.role]),
      [
        [userMessageId, 'user'],
        [completed.id, 'assistant'],
      ],
    );
    assert.deepEqual(messages[1], completed);

    // What the agent server saw: the token, the protocol, the tools, the thread, then the tool's result.
    const [first, second] = s.requests;
    assert.equal(first!.path, '/v1/chat/completions');
    assert.equal(first!.headers.authorization, `Bearer ${authToken}`);
    assert.equal(first!.body.stream, true);
    assert.equal(first!.body.model, 'support-1');
    assert.deepEqual(
      first!.body.tools!.map((t) => t.function.name),
      ['knowledge_search', 'title_search', 'get_knowledge', 'rag'],
    );
    assert.equal((first!.body.tools![0]!.function.parameters as { type: string }).type, 'object');
    assert.deepEqual(first!.body.messages, [{ role: 'user', content: 'How long is parental leave?' }]);
    assert.deepEqual(second!.body.messages.slice(1), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'knowledge_search', arguments: '{"query":"parental leave","limit":5}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: JSON.stringify(output) },
    ]);

    // A second run replays the stored conversation, tool call and result included.
    const again = await run(threadId, { message: { id: randomUUID(), content: 'And for fathers?' } });
    assert.equal(again.events.at(-1)!.data.status, 'completed', JSON.stringify(again.events));
    assert.deepEqual(
      s.requests[2]!.body.messages.map((m) => m.role),
      ['user', 'assistant', 'tool', 'assistant', 'user'],
    );
  });

  it('drops the auth token when a PATCH moves the server to another origin, and never sends it there', async () => {
    const authToken = `sk-origin-${randomUUID()}`;
    const answer: StubHandler = (_req, res) => streamAnswer(res, ['ok']);
    const home = await stub(answer);
    const elsewhere = await stub(answer);
    const created = await stack.request('POST', agent('/servers'), {
      headers: ws,
      json: { name: `moving ${randomUUID()}`, url: home.url, model: 'support-1', authToken },
    });
    assert.equal(created.status, 201, created.text);
    const serverPath = agent(`/servers/${created.body.id}`);
    const thread = await stack.request('POST', agent('/threads'), {
      headers: hr,
      json: { title: 'moving', agentServerId: created.body.id },
    });
    const runOnce = async () => {
      const res = await run(thread.body.id, { message: { id: randomUUID(), content: 'hi' } });
      assert.equal(res.events.at(-1)!.data.status, 'completed', JSON.stringify(res.events));
    };
    const patch = async (json: Record<string, unknown>) => {
      const res = await stack.request('PATCH', serverPath, { headers: ws, json });
      assert.equal(res.status, 200, res.text);
      return res.body as { url: string; hasAuthToken: boolean };
    };

    // Another path on the same origin keeps the token.
    assert.equal((await patch({ url: `${home.url}/` })).hasAuthToken, true);
    await runOnce();
    assert.equal(home.requests.at(-1)!.headers.authorization, `Bearer ${authToken}`);

    // Another origin (another port of the same host) drops it: the new host never sees it.
    const moved = await patch({ url: elsewhere.url });
    assert.deepEqual([moved.url, moved.hasAuthToken], [elsewhere.url, false]);
    await runOnce();
    assert.equal(elsewhere.requests.length, 1);
    assert.equal(elsewhere.requests[0]!.headers.authorization, undefined);

    // A token sent with the move is kept, for the new origin.
    assert.equal((await patch({ url: home.url, authToken: 'sk-new' })).hasAuthToken, true);
    await runOnce();
    assert.equal(home.requests.at(-1)!.headers.authorization, 'Bearer sk-new');

    // The seal is bound to the origin: the stored token moved under another URL (by a write that bypasses
    // the service) does not open, and nothing is sent. The caller is told to set it again: 409, not a 500.
    await stack.deps.db('agent_servers').where({ id: created.body.id }).update({ url: elsewhere.url });
    const res = await run(thread.body.id, { message: { id: randomUUID(), content: 'hi' } });
    assert.deepEqual(
      [res.status, res.body?.error, res.body?.message],
      [409, 'Conflict', AgentMessages.tokenUnreadable],
    );
    assert.match(res.body?.message ?? '', /set it again with PATCH/);
    assert.equal(elsewhere.requests.length, 1, 'nothing more reached the other origin');

    // A token sealed before the seal named the origin (the context without it) does not open either: no
    // fallback to the old context, the same 409, and no run lease left held.
    await stack.deps
      .db('agent_servers')
      .where({ id: created.body.id })
      .update({
        url: home.url,
        auth_token_sealed: stack.deps.secrets.seal('sk-old', `agent-server:${tenant.workspaceId}:${created.body.id}`),
      });
    const sentHome = home.requests.length;
    const old = await run(thread.body.id, { message: { id: randomUUID(), content: 'hi' } });
    assert.deepEqual([old.status, old.body?.message], [409, AgentMessages.tokenUnreadable]);
    assert.equal(home.requests.length, sentHome, 'nothing was sent');
    // Setting the token again repairs it.
    assert.equal((await patch({ authToken: 'sk-again' })).hasAuthToken, true);
    await runOnce();
    assert.equal(home.requests.at(-1)!.headers.authorization, 'Bearer sk-again');
  });

  it('sends runs through the outbound address rule: a loopback server is refused without AGENT_ALLOW_PRIVATE_NETWORKS', async () => {
    const s = await stub((_req, res) => streamAnswer(res, ['ok']));
    const threadId = await threadOn(s);
    const strict = await serveWith({ allowHttpLoopback: false, allowPrivateNetworks: false });
    const res = await run(threadId, { message: { id: randomUUID(), content: 'hi' } }, undefined, strict.baseUrl);
    assert.equal(res.events[0]!.event, 'error');
    // An end user's run is told what failed, not where (the next test).
    assert.equal(res.events[0]!.data.message, 'The agent server could not be reached');
    assert.equal(s.requests.length, 0, 'the server was never contacted');
  });

  it("tells an end user's run what failed, never where: the address and the server's own words go to the workspace credential and the log", async () => {
    const { lines, logger } = capturedLog();
    const app = await serveWith({}, logger);
    const failures = (res: { events: RunEventRecord[] }) =>
      res.events.map((e) => [e.event, e.data.message ?? e.data.status]);
    // A port nothing listens on any more: the connection's error names the agent server's address and port.
    const closed = await startChatStub(() => undefined);
    await closed.close();
    const port = new URL(closed.url).port;
    const unreachable = await threadOn(closed, { request: app.request });
    const asEndUser = (threadId: string) =>
      runStream(app.baseUrl, stack.ca, agent(`/threads/${threadId}/runs`), hr, {
        message: { id: randomUUID(), content: 'hi' },
      });
    assert.deepEqual(failures(await asEndUser(unreachable)), [
      ['error', 'The agent server could not be reached'],
      ['done', 'failed'],
    ]);
    // The server's own error text (it may name the integrator's model account) neither.
    const s = await stub((_req, res) => {
      beginStream(res);
      sendChunk(res, { error: { message: 'rate limit of organization org-4711 reached' } });
      res.end();
    });
    const reported = await threadOn(s, { request: app.request });
    assert.deepEqual(failures(await asEndUser(reported)), [
      ['error', 'The agent server reported an error'],
      ['done', 'failed'],
    ]);
    // The log keeps the whole message.
    const logs = lines.join('');
    assert.ok(logs.includes(`127.0.0.1:${port}`), 'the address is logged');
    assert.ok(logs.includes('org-4711'), "the server's words are logged");

    // The workspace credential, whose configuration the agent server is, reads it whole (RBAC off: it may run).
    const own = await createTenant(stack.deps.db);
    const owner = (await accessHeaders(stack, own)).headers;
    const ownAgent = (path: string) => `/v1/workspaces/${own.workspaceId}/agent${path}`;
    const server = await app.request('POST', ownAgent('/servers'), {
      headers: owner,
      json: { name: 'closed', url: closed.url, model: 'support-1' },
    });
    assert.equal(server.status, 201, server.text);
    const thread = await app.request('POST', ownAgent('/threads'), {
      headers: owner,
      json: { title: 'run', agentServerId: server.body.id },
    });
    assert.equal(thread.status, 201, thread.text);
    const whole = await runStream(app.baseUrl, stack.ca, ownAgent(`/threads/${thread.body.id}/runs`), owner, {
      message: { id: randomUUID(), content: 'hi' },
    });
    assert.equal(whole.events[0]!.event, 'error');
    assert.equal(
      whole.events[0]!.data.message,
      `The agent server could not be reached (Connection failed: connect ECONNREFUSED 127.0.0.1:${port})`,
    );
  });

  it('bounds tool rounds: the last round offers no tools, and a model that keeps calling them fails the run', async () => {
    const s = await stub((_req, res, n) =>
      streamToolCall(res, { id: `call_${n}`, name: 'rag', arguments: { text: 'leave' } }),
    );
    const app = await serveWith({ runMaxToolRounds: 2 });
    const threadId = await threadOn(s, { request: app.request });
    const res = await run(threadId, { message: { id: randomUUID(), content: 'hi' } }, undefined, app.baseUrl);
    checkEvents(res.events);
    assert.equal(s.requests.length, 3, 'two tool rounds, then one answer round');
    assert.ok(s.requests[0]!.body.tools && s.requests[1]!.body.tools);
    assert.equal(s.requests[2]!.body.tools, undefined, 'the last round offers no tools');
    assert.deepEqual(
      res.events.slice(-2).map((e) => [e.event, e.event === 'error' ? specFields(e.data) : e.data]),
      [
        ['error', { error: 'Bad Gateway', message: 'The agent server kept calling tools after the tool round limit' }],
        ['done', { runId: res.events.at(-1)!.data.runId, status: 'failed' }],
      ],
    );
    assert.equal(res.events.filter((e) => e.event === 'tool.result').length, 2);
    assert.deepEqual(
      (await messagesOf(threadId)).map((m) => m.role),
      ['user'],
      'a failed run stores no answer',
    );
  });

  it('bounds the tools a run executes: calls past AGENT_RUN_MAX_TOOL_CALLS answer the model an error, unrun', async () => {
    const s = await stub((_req, res, n) =>
      streamToolCall(res, { id: `call_${n}`, name: 'rag', arguments: { text: 'leave' } }),
    );
    const app = await serveWith({ runMaxToolRounds: 4, runMaxToolCalls: 2 });
    const threadId = await threadOn(s, { request: app.request });
    const res = await run(threadId, { message: { id: randomUUID(), content: 'hi' } }, undefined, app.baseUrl);
    checkEvents(res.events);
    const results = res.events.filter((e) => e.event === 'tool.result').map((e) => e.data);
    assert.equal(results.length, 4, 'one call in each of the four tool rounds');
    assert.ok(
      results.slice(0, 2).every((r) => r.output !== undefined && r.error === undefined),
      'the first two ran',
    );
    for (const r of results.slice(2)) {
      assert.equal(
        r.error,
        'Not run: this run has executed its limit of 2 tool calls (AGENT_RUN_MAX_TOOL_CALLS); answer with what the earlier calls returned',
      );
    }
    // The model read the refusal in its next round (the conversation it was sent).
    const last = s.requests.at(-1)!.body.messages as Array<{ role: string; content: string | null }>;
    assert.match(last.at(-1)!.content ?? '', /limit of 2 tool calls/);
  });

  it('bounds total time: a stalled agent server fails the run at the time limit and its request is cancelled', async () => {
    const s = await stub((_req, res) => {
      beginStream(res);
      sendChunk(res, { model: 'slow', choices: [{ index: 0, delta: { content: 'Thinking' }, finish_reason: null }] });
      // ...and nothing more.
    });
    const app = await serveWith({ runTimeoutMs: 1000 });
    const threadId = await threadOn(s, { request: app.request });
    const started = Date.now();
    const res = await run(threadId, { message: { id: randomUUID(), content: 'hi' } }, undefined, app.baseUrl);
    const took = Date.now() - started;
    assert.ok(took >= 1000 && took < 10_000, `${took} ms`);
    assert.deepEqual(
      res.events.map((e) => e.event),
      ['message.delta', 'error', 'done'],
    );
    assert.deepEqual(specFields(res.events[1]!.data), {
      error: 'Gateway Timeout',
      message: 'The run exceeded its time limit of 1000 ms',
    });
    assert.equal(res.events[1]!.data.code, 'upstream_error');
    await withTimeout(s.requests[0]!.closed, 5000, 'the upstream request closed');
    // The lease went with the run: the thread can run again.
    const next = await run(threadId, {}, (e) => e.event === 'message.delta', app.baseUrl);
    assert.equal(next.status, 200);
  });

  it('cancels the upstream request when the client disconnects, and stores no answer', async () => {
    let answer = false;
    const s = await stub((_req, res) => {
      if (answer) return streamAnswer(res, ['Done.']);
      beginStream(res);
      sendChunk(res, { model: 'm', choices: [{ index: 0, delta: { content: 'Let me think' }, finish_reason: null }] });
    });
    const threadId = await threadOn(s);
    const res = await run(
      threadId,
      { message: { id: randomUUID(), content: 'hi' } },
      (e) => e.event === 'message.delta',
    );
    assert.deepEqual(
      res.events.map((e) => e.event),
      ['message.delta'],
    );
    await withTimeout(s.requests[0]!.closed, 5000, 'the upstream request closed after the client left');
    assert.deepEqual(
      (await messagesOf(threadId)).map((m) => m.role),
      ['user'],
    );
    // The run let go of the thread: the next one runs to the end.
    answer = true;
    for (let i = 0; ; i++) {
      const next = await run(threadId);
      if (next.status === 409 && i < 50) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      assert.equal(next.events.at(-1)?.data.status, 'completed', JSON.stringify(next));
      break;
    }
  });

  it('refuses what it cannot run, reports agent server failures as events, and never logs the auth token', async () => {
    const { lines, logger } = capturedLog();
    const app = await serveWith({}, logger);
    const authToken = `sk-secret-${randomUUID()}`;
    let mode: 'hang' | 'fail' | 'garbage' | 'endless' | 'toolName' = 'hang';
    const hanging: http.ServerResponse[] = [];
    const s = await stub((_req, res) => {
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `upstream exploded, token ${authToken}` } }));
      } else if (mode === 'garbage') {
        beginStream(res);
        res.end('data: {not json\n\n');
      } else if (mode === 'endless') {
        // Data lines that no blank line ever closes into an event (an attacker's read: unbounded memory).
        beginStream(res);
        const line = `data: ${'x'.repeat(256 * 1024)}\n`;
        const more = () => {
          while (!res.destroyed && res.write(line));
          if (!res.destroyed) res.once('drain', more);
        };
        more();
      } else if (mode === 'toolName') {
        // A tool call whose name grows on every event.
        beginStream(res);
        const part = 'n'.repeat(100_000);
        const more = () => {
          while (!res.destroyed) {
            const chunk = { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: part } }] } }] };
            if (!res.write(`data: ${JSON.stringify(chunk)}\n\n`)) return void res.once('drain', more);
          }
        };
        more();
      } else {
        beginStream(res);
        sendChunk(res, { model: 'm', choices: [{ index: 0, delta: { content: '…' }, finish_reason: null }] });
        hanging.push(res);
      }
    });
    const threadId = await threadOn(s, { authToken, request: app.request });
    const runOn = (id: string, json: unknown = {}, stopWhen?: (e: RunEventRecord) => boolean) =>
      runStream(app.baseUrl, stack.ca, agent(`/threads/${id}/runs`), hr, json, stopWhen);

    // One run at a time per thread.
    let firstEvent!: () => void;
    const sawFirst = new Promise<void>((resolve) => (firstEvent = resolve));
    const busy = runOn(threadId, {}, () => {
      firstEvent();
      return false;
    });
    await sawFirst;
    const second = await runOn(threadId);
    assert.deepEqual([second.status, second.body?.message], [409, 'A run is already in progress on this thread']);
    // The stalled answer finishes; so does the first run.
    sendChunk(hanging[0]!, { model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    hanging[0]!.end('data: [DONE]\n\n');
    assert.equal((await busy).events.at(-1)!.data.status, 'completed');

    // Unbound thread, no model, bad request bodies: plain JSON errors before any stream.
    const unbound = await app.request('POST', agent('/threads'), { headers: hr, json: { title: 'x' } });
    const r1 = await runOn(unbound.body.id);
    assert.deepEqual([r1.status, r1.body?.message], [409, 'The thread is not bound to an agent server']);
    const noModel = await threadOn(s, { model: null, request: app.request });
    const r2 = await runOn(noModel);
    assert.deepEqual(
      [r2.status, r2.body?.message],
      [400, 'model is required: set it on the agent server or in the run request'],
    );
    const r3 = await runOn(noModel, { model: 'x', message: { id: 'nope', content: 'x' } });
    assert.deepEqual([r3.status, r3.body?.message], [400, 'message.id must be a valid UUID']);
    const r4 = await runOn(randomUUID());
    assert.deepEqual([r4.status, r4.body?.message], [404, 'Thread not found']);
    // An end user's token runs the agent server's model, not one of its choosing (the integrator's account pays
    // for it); the workspace credential may choose (Security III).
    const fixed = await threadOn(s, { request: app.request });
    const requestsBefore = s.requests.length;
    const r5 = await runOn(fixed, { model: 'the-most-expensive-model' });
    assert.deepEqual(
      [r5.status, r5.body?.message],
      [403, "Only the workspace credential runs another model than the agent server's"],
    );
    assert.equal(r5.body?.code, 'model_fixed');
    assert.equal(s.requests.length, requestsBefore, 'the agent server was not called');
    assertError(
      await app.request('POST', agent(`/threads/${threadId}/runs`), { headers: hr, json: { stream: false } }),
      400,
      'Unknown field: stream',
    );

    // Agent server failures end the stream with an error event.
    for (const [m, message] of [
      ['fail', 'The agent server answered HTTP 500'],
      ['garbage', 'The agent server sent an event that is not JSON'],
      ['endless', 'The agent server sent an event over 1000000 characters'],
      ['toolName', "A tool call's name or id exceeds 256 characters"],
    ] as const) {
      mode = m;
      const other = await threadOn(s, { authToken, request: app.request });
      const res = await runOn(other, { message: { id: randomUUID(), content: 'hi' } });
      assert.deepEqual(
        res.events.map((e) => [e.event, e.data.message ?? e.data.status]),
        [
          ['error', message],
          ['done', 'failed'],
        ],
      );
    }
    const closed = await startChatStub(() => undefined);
    await closed.close(); // a port nothing listens on any more
    const gone = await threadOn(closed, { authToken, request: app.request });
    const res = await runOn(gone, { message: { id: randomUUID(), content: 'hi' } });
    assert.equal(res.events[0]!.event, 'error');
    assert.match(res.events[0]!.data.message, /^The agent server could not be reached/);

    // A token sealed under another key (AGENT_SECRET_KEY changed) fails the run clearly, never with the token.
    const resealed = await threadOn(s, { authToken, request: app.request });
    const { agent_server_id: serverId } = await stack.deps.db('agent_threads').where({ id: resealed }).first();
    await stack.deps
      .db('agent_servers')
      .where({ id: serverId })
      .update({ auth_token_sealed: createSecretBox(randomBytes(32)).seal(authToken, 'elsewhere') });
    const unreadable = await runOn(resealed);
    assert.deepEqual(
      [unreadable.status, unreadable.body?.error, unreadable.body?.message],
      [409, 'Conflict', AgentMessages.tokenUnreadable],
    );

    const logs = lines.join('');
    assert.ok(logs.includes('agent run failed'), 'failures are logged');
    assert.ok(!logs.includes(authToken), 'the auth token never reaches a log line');
  });

  it('checks the credential again before each tool round: a revoked key, a deleted role or RBAC ends the run', async () => {
    const cases: Array<{ what: string; change: () => Promise<unknown>; status: number; message: string }> = [
      {
        what: 'the key that minted the token is revoked',
        change: async () => {
          const key = await stack.deps.db('api_keys').where({ workspace_id: tenant.workspaceId }).first('id');
          assert.ok(await apiKeys.revokeApiKey(stack.deps.db, tenant.workspaceId, key.id));
        },
        status: 401,
        message: 'Invalid or expired access token',
      },
      {
        what: "the token's role is deleted",
        change: async () => {
          const role = await roles.findRoleByCustomerRoleId(stack.deps.db, tenant.workspaceId, 'hr');
          assert.ok(await roles.deleteRole(stack.deps.db, tenant.workspaceId, role!.id));
        },
        status: 403,
        message: 'Role not found',
      },
    ];
    for (const c of cases) {
      if (c !== cases[0]) {
        tenant = await createTenant(stack.deps.db);
        ws = (await accessHeaders(stack, tenant)).headers;
        ({ hr } = await leaveAndBonus(stack, tenant, ws));
      }
      const s = await stub(async (_req, res, n) => {
        // The credential changes while the model is thinking; its tool call comes after.
        if (n === 0) await c.change();
        streamToolCall(res, { id: `call_${n}`, name: 'knowledge_search', arguments: { query: 'parental leave' } });
      });
      const threadId = await threadOn(s);
      const res = await run(threadId, { message: { id: randomUUID(), content: 'How long is parental leave?' } });
      assert.equal(res.status, 200, c.what);
      checkEvents(res.events);
      assert.deepEqual(
        res.events.map((e) => e.event),
        ['error', 'done'],
        `${c.what}: no tool ran`,
      );
      const [error, done] = res.events;
      assert.deepEqual(specFields(error!.data), { error: error!.data.error, message: c.message }, c.what);
      assert.equal(error!.data.error, c.status === 401 ? 'Unauthorized' : 'Forbidden');
      assert.equal(done!.data.status, 'failed');
      assert.equal(s.requests.length, 1, `${c.what}: no second round`);
    }

    // RBAC turned on mid-run: a workspace token (no role) may no longer use the agent.
    tenant = await createTenant(stack.deps.db);
    ws = (await accessHeaders(stack, tenant)).headers;
    const s = await stub(async (_req, res, n) => {
      if (n === 0) await workspaces.setRbacEnabled(stack.deps.db, tenant.workspaceId, true);
      streamToolCall(res, { id: `call_${n}`, name: 'title_search', arguments: { title: 'leave' } });
    });
    const server = await stack.request('POST', agent('/servers'), {
      headers: ws,
      json: { name: 'rbac stub', url: s.url, model: 'support-1' },
    });
    const thread = await stack.request('POST', agent('/threads'), {
      headers: ws,
      json: { title: 'run', agentServerId: server.body.id },
    });
    assert.equal(thread.status, 201, thread.text);
    const res = await runStream(stack.baseUrl, stack.ca, agent(`/threads/${thread.body.id}/runs`), ws, {
      message: { id: randomUUID(), content: 'leave?' },
    });
    assert.deepEqual(
      res.events.map((e) => e.event),
      ['error', 'done'],
    );
    assert.deepEqual(specFields(res.events[0]!.data), {
      error: 'Forbidden',
      message: 'A role-bound token is required when RBAC is active',
    });
    assert.equal(s.requests.length, 1);
  });

  it('refuses tool-call arguments nested 10,000 deep as the tool error, and completes the run', async () => {
    // As text: JSON.stringify itself overflows the stack on such a value.
    const deep = `${'{"a":'.repeat(10_000)}{"query":"parental leave"}${'}'.repeat(10_000)}`;
    const s = await stub((_req, res, n) => {
      if (n > 0) return streamAnswer(res, ['No.']);
      beginStream(res);
      const call = {
        index: 0,
        id: 'call_deep',
        type: 'function',
        function: { name: 'knowledge_search', arguments: deep },
      };
      sendChunk(res, { model: 'm', choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [call] } }] });
      sendChunk(res, { model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
      res.end('data: [DONE]\n\n');
    });
    const threadId = await threadOn(s);
    const res = await run(threadId, { message: { id: randomUUID(), content: 'deep?' } });
    checkEvents(res.events);
    assert.equal(res.events.at(-1)!.data.status, 'completed', JSON.stringify(res.events.at(-2)));
    const result = res.events.find((e) => e.event === 'tool.result')!.data;
    assert.deepEqual(result, {
      id: 'call_deep',
      name: 'knowledge_search',
      error: 'The arguments are refused: JSON nesting exceeds 64 levels',
    });
    const [, answer] = await messagesOf(threadId);
    assert.deepEqual(answer!.toolCalls[0]!.arguments, {});
  });
});
