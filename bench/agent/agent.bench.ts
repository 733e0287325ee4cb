// The Agent API's own costs through the whole HTTPS app (keep-alive, so no TLS handshake per request): agent RAG
// beside space RAG for the same text and role-bound token (one engine: the figures should match), storing a
// message and re-posting it (the idempotent path), and a whole agent run (one knowledge_search tool round, then
// the answer) against an OpenAI-compatible server in this process that answers at once, so the run's time is
// the service's own. Figures only; nothing asserts a time.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import * as workspaces from '../../src/db/repositories/workspaces';
import { runStream, startChatStub, streamAnswer, streamToolCall } from '../../test/helpers/agentServer';
import { accessHeaders, createRole, createTenant, insertItem, seededVector } from '../../test/helpers/factories';
import type { TestStack } from '../../test/helpers/stack';
import { countQueries, keepAliveClient } from '../lib/http';
import { loadAverage, summarize, type Summary } from '../lib/stats';

export interface AgentBenchResult {
  samples: number;
  items: number;
  loadAverage: number[];
  agentRag: Summary;
  spaceRag: Summary;
  postMessage: Summary;
  repostMessage: Summary;
  /** A run with one tool round and an immediate answer, from request to the last event. */
  run: Summary;
  queriesPerRun: number;
}

export async function measureAgent(stack: TestStack, samples = 200, items = 1000): Promise<AgentBenchResult> {
  const db = stack.deps.db;
  const tenant = await createTenant(db);
  const ws = tenant.workspaceId;
  const role = await createRole(db, ws, { customerRoleId: 'bench-agent' });
  for (let i = 0; i < items; i++) {
    await insertItem(db, ws, {
      title: `item ${i}`,
      roleIds: i % 2 ? [role.id] : [],
      vector: seededVector(stack.deps.embeddings.dimension, i + 1),
    });
  }
  await workspaces.setRbacEnabled(db, ws, true);
  const workspaceHeaders = (await accessHeaders(stack, tenant)).headers;
  const roleHeaders = (await accessHeaders(stack, tenant, { customerRoleId: 'bench-agent' })).headers;
  const space = await stack.request('POST', `/workspaces/${ws}/activate-or-retrieve-user-space-api-key`, {
    headers: { 'x-api-key': tenant.apiKey },
    json: { userId: 'bench', email: 'bench@example.com', customerRoleId: 'bench-agent' },
  });
  const client = keepAliveClient(stack.baseUrl, stack.ca);
  const post = (path: string, headers: Record<string, string>, json: unknown) => client('POST', path, headers, json);
  const v1 = `/v1/workspaces/${ws}`;
  const rag = { text: 'how long is parental leave', topK: 5 };

  const agentRag: number[] = [];
  const spaceRag: number[] = [];
  for (let i = 0; i < 20; i++) await post(`${v1}/agent/rag`, roleHeaders, rag); // warm-up
  for (let i = 0; i < samples; i++) {
    agentRag.push(await post(`${v1}/agent/rag`, roleHeaders, rag));
    spaceRag.push(await post(`${v1}/spaces/${space.body.space.id}/rag`, roleHeaders, rag));
  }

  const thread = await stack.request('POST', `${v1}/agent/threads`, { headers: roleHeaders, json: { title: 'bench' } });
  const postMessage: number[] = [];
  const repostMessage: number[] = [];
  for (let i = 0; i < Math.min(samples, 900); i++) {
    const message = { id: randomUUID(), role: 'user', content: `message ${i}` };
    postMessage.push(await post(`${v1}/agent/threads/${thread.body.id}/messages`, roleHeaders, message));
    repostMessage.push(await post(`${v1}/agent/threads/${thread.body.id}/messages`, roleHeaders, message));
  }

  const stub = await startChatStub((_req, res, n) => {
    if (n % 2 === 0) streamToolCall(res, { id: 'call_1', name: 'knowledge_search', arguments: { query: 'leave' } });
    else streamAnswer(res, ['Sixteen ', 'weeks.']);
  });
  const runs: number[] = [];
  let queriesPerRun = 0;
  try {
    const server = await stack.request('POST', `${v1}/agent/servers`, {
      headers: workspaceHeaders,
      json: { name: 'bench stub', url: stub.url, model: 'bench' },
    });
    const runSamples = Math.max(10, Math.floor(samples / 4));
    for (let i = 0; i < runSamples + 5; i++) {
      const t = await stack.request('POST', `${v1}/agent/threads`, {
        headers: roleHeaders,
        json: { title: `run ${i}`, agentServerId: server.body.id },
      });
      const path = `${v1}/agent/threads/${t.body.id}/runs`;
      const body = { message: { id: randomUUID(), content: 'How long is parental leave?' } };
      let status: string | undefined;
      const start = performance.now();
      const queries = await countQueries(db, 1, async () => {
        const res = await runStream(stack.baseUrl, stack.ca, path, roleHeaders, body);
        status = res.events.at(-1)?.data.status;
      });
      const ms = performance.now() - start;
      if (status !== 'completed') throw new Error(`run ${i} ended ${status}`);
      if (i >= 5) runs.push(ms); // the first five warm up
      queriesPerRun = queries;
    }
  } finally {
    await stub.close();
  }
  return {
    samples,
    items,
    loadAverage: loadAverage(),
    agentRag: summarize(agentRag, 2),
    spaceRag: summarize(spaceRag, 2),
    postMessage: summarize(postMessage, 2),
    repostMessage: summarize(repostMessage, 2),
    run: summarize(runs, 2),
    queriesPerRun,
  };
}
