// Ranking options of knowledge search (scoreThreshold, hybridWeight, rerank, rerankCandidates), the HTTP
// reranker against a real /rerank server started here (TEI's and Cohere/Jina's answer shapes; down, failing
// and hanging), the workspace's rerank default, and explain (scores; role names for workspace credentials).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rerankerFromSettings } from '../../src/embeddings/rerank';
import { toVectorLiteral } from '../../src/db/repositories/search';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, createUserSpace, type Tenant } from '../helpers/factories';
import type { Request } from '../helpers/http';
import { getStack, type TestStack } from '../helpers/stack';

interface RerankCall {
  body: { query: string; texts?: string[]; documents?: string[]; model?: string; top_n?: number };
  headers: http.IncomingHttpHeaders;
}
type Shape = 'tei' | 'cohere' | 'fail' | 'hang' | 'short';

/** A real /rerank server: scores a text 0.95 when it holds `favourite`, else 0.2 - its length / 10^4. */
async function startRerankServer(shape: () => Shape, favourite: () => string) {
  const calls: RerankCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call: RerankCall = { body: JSON.parse(Buffer.concat(chunks).toString()), headers: req.headers };
      calls.push(call);
      const mode = shape();
      if (mode === 'hang') return;
      if (mode === 'fail') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"overloaded"}');
        return;
      }
      if (mode === 'short') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('[{"index":0,"score":0.5}]');
        return;
      }
      const texts = call.body.texts ?? call.body.documents ?? [];
      const scored = texts
        .map((t, index) => ({ index, score: t.includes(favourite()) ? 0.95 : 0.2 - t.length / 1e4 }))
        .sort((a, b) => b.score - a.score);
      const answer =
        mode === 'tei' ? scored : { results: scored.map((s) => ({ index: s.index, relevance_score: s.score })) };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rerank`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const CORPUS = [
  'Forgot your password? Reset your password from the sign-in page with the link we email you.',
  'Changelog xj4471: we need to reset the nightly cron runner password, which nobody forgot; nothing else changed in the deployment pipeline, the build cache or the release notes.',
  'Password recovery: users who lost their login can ask an administrator for a new one.',
  'The cafeteria serves lunch from noon until two in the afternoon on weekdays.',
  'Zebras graze on the savanna in large herds during the dry season.',
  'Quarterly budget planning starts in October with each team estimating its costs.',
  'The parking garage closes at midnight; badges open the side door after hours.',
  'Printer on the third floor jams when the paper tray is overfilled.',
  'Annual leave requests go through the HR portal at least two weeks ahead.',
  'The library lends laptops for up to three days to registered students.',
  'Fire drills happen twice a year; follow the green exit signs to the assembly point.',
  'Expense reports need receipts attached for every purchase above fifty euros.',
  'The wifi network for guests is called Visitors and needs no password at reception.',
  'Code reviews require one approval before merging into the main branch.',
  'The gym in the basement opens at six in the morning for employees.',
  'Meeting rooms are booked through the calendar; cancel if you no longer need one.',
  'New hires receive their laptop and badge on the first morning.',
  'The coffee machine on floor two is descaled every Friday.',
  'Bicycle racks are behind the building next to the loading dock.',
  'Security updates are installed automatically every Tuesday night.',
  'The canteen offers a vegetarian menu every day of the week.',
  'Lost and found items are kept at the front desk for thirty days.',
  'Holiday calendars differ per country; check your local intranet page.',
  'The mail room sorts incoming parcels twice a day.',
];

describe('Knowledge search: ranking options, reranker and explain', function () {
  this.timeout(120_000);
  let stack: TestStack;
  let tenant: Tenant;
  let headers: Record<string, string>;
  let ids: string[];
  let roleA: { id: string; name: string };
  let roleB: { id: string; name: string };
  let childId: string;
  let shape: Shape = 'tei';
  let favourite = 'parking garage';
  let server: Awaited<ReturnType<typeof startRerankServer>>;
  let withReranker: Request;
  let withModel: Request;
  let hanging: Request;
  let down: Request;

  const search = (body: Record<string, unknown>, request: Request = withReranker, h = headers) =>
    request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...h, 'x-api-key': tenant.apiKey },
      json: body,
    });
  const titles = (results: Array<{ title: string }>) => results.map((r) => r.title);
  const serveWith = async (patch: Partial<TestStack['config']['rerank']>) => {
    const rerank = { ...stack.config.rerank, timeoutMs: 2000, ...patch };
    const config = { ...stack.config, rerank };
    return (
      await stack.serve({ ...stack.deps, config, reranker: rerankerFromSettings(rerank, stack.deps.ownComponents) })
    ).request;
  };

  before(async () => {
    stack = await getStack();
    const { db } = stack.deps;
    tenant = await createTenant(db);
    ({ headers } = await accessHeaders(stack, tenant));
    roleA = await createRole(db, tenant.workspaceId, { name: 'Alpha readers' });
    roleB = await createRole(db, tenant.workspaceId, { name: 'Beta readers' });
    const vectors = await stack.deps.embeddings.embedDocuments(CORPUS);
    ids = [];
    for (const [i, text] of CORPUS.entries()) {
      const id = randomUUID();
      ids.push(id);
      // The title is the text's index, so a result names its corpus entry.
      await db('knowledge').insert({
        id,
        workspace_id: tenant.workspaceId,
        type: 'STRING',
        title: `#${i}`,
        content: text,
      });
      await db('knowledge_chunks').insert({
        id: randomUUID(),
        workspace_id: tenant.workspaceId,
        knowledge_id: id,
        chunk_index: 0,
        page_number: 1,
        content: text,
        embedding: db.raw('?::vector', [toVectorLiteral(vectors[i]!)]),
      });
    }
    // Roles: #0 holds Alpha itself; #4 holds Beta, and a child of #4 sees Beta through its parent.
    await db('knowledge_roles').insert([
      { knowledge_id: ids[0], role_id: roleA.id, workspace_id: tenant.workspaceId },
      { knowledge_id: ids[4], role_id: roleB.id, workspace_id: tenant.workspaceId },
    ]);
    childId = randomUUID();
    const childText = 'Young zebras stay close to their mothers for the first weeks.';
    await db('knowledge').insert({
      id: childId,
      workspace_id: tenant.workspaceId,
      parent_id: ids[4],
      type: 'STRING',
      title: '#child',
      content: childText,
    });
    await db('knowledge_chunks').insert({
      id: randomUUID(),
      workspace_id: tenant.workspaceId,
      knowledge_id: childId,
      chunk_index: 0,
      page_number: 1,
      content: childText,
      embedding: db.raw('?::vector', [toVectorLiteral(await stack.deps.embeddings.embedQuery(childText))]),
    });
    server = await startRerankServer(
      () => shape,
      () => favourite,
    );
    withReranker = await serveWith({ url: server.url });
    withModel = await serveWith({ url: server.url, model: 'rerank-test', apiKey: 'secret-key' });
    hanging = await serveWith({ url: server.url, timeoutMs: 300 });
    // A port nothing listens on: bind one, then close it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    down = await serveWith({ url: `http://127.0.0.1:${port}/rerank` });
  });

  after(async () => {
    await server?.close();
  });

  beforeEach(() => {
    shape = 'tei';
    favourite = 'parking garage';
    server.calls.length = 0;
  });

  describe('hybridWeight', () => {
    it('1 ranks by the vector side alone (as semantic mode), 0 by the keyword side alone', async () => {
      const query = 'forgot password reset xj4471';
      const semantic = await search({ query, limit: 3 });
      assert.equal(semantic.status, 200, semantic.text);
      // The crafted corpus: the reset page is nearest in meaning; only the changelog holds every query word.
      assert.equal(semantic.body.results[0].title, '#0');
      const vectorOnly = await search({ query, limit: 3, mode: 'hybrid', hybridWeight: 1 });
      assert.deepEqual(titles(vectorOnly.body.results), titles(semantic.body.results));
      assert.deepEqual(
        vectorOnly.body.results.map((r: { score: number }) => r.score),
        semantic.body.results.map((r: { score: number }) => r.score),
      );
      const keywordOnly = await search({ query, limit: 3, mode: 'hybrid', hybridWeight: 0 });
      assert.equal(keywordOnly.body.results[0].title, '#1');
      assert.equal(keywordOnly.body.results[0].score, 1);
      for (const r of keywordOnly.body.results.slice(1)) assert.equal(r.score, 0);
      const byDefault = await search({ query, limit: 3, mode: 'hybrid' });
      const weighted = await search({ query, limit: 3, mode: 'hybrid', hybridWeight: 0.8 });
      assert.deepEqual(weighted.body.results, byDefault.body.results, 'the default weight is 0.8');
    });

    it('is ignored outside hybrid mode', async () => {
      const plain = await search({ query: 'password reset', limit: 5 });
      const weighted = await search({ query: 'password reset', limit: 5, hybridWeight: 0 });
      assert.deepEqual(weighted.body.results, plain.body.results);
    });
  });

  describe('rerank', () => {
    it('rescores rerankCandidates results (default 20), keeps limit of them, and says so in X-Rerank', async () => {
      const plain = await search({ query: 'password', limit: 3 });
      assert.equal(plain.headers['x-rerank'], undefined, 'no header when reranking was not asked');
      assert.ok(!titles(plain.body.results).includes('#6'), 'the parking text is not among the top 3 by meaning');
      const res = await search({ query: 'password', limit: 3, rerank: true });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers['x-rerank'], 'applied');
      assert.equal(server.calls.length, 1);
      assert.equal(server.calls[0]!.body.texts!.length, 20, 'default candidate count');
      assert.equal(server.calls[0]!.body.query, 'password');
      // The reranker's favourite came from beyond the first 3; scores are the reranker's.
      assert.equal(res.body.results[0].title, '#6');
      assert.equal(res.body.results[0].score, 0.95);
      assert.equal(res.body.results.length, 3);
      const scores = res.body.results.map((r: { score: number }) => r.score);
      assert.deepEqual(
        scores,
        [...scores].sort((a, b) => b - a),
      );
    });

    it('takes rerankCandidates candidates, raised to limit when smaller', async () => {
      await search({ query: 'password', limit: 2, rerank: true, rerankCandidates: 5 });
      assert.equal(server.calls.at(-1)!.body.texts!.length, 5);
      await search({ query: 'password', limit: 4, rerank: true, rerankCandidates: 1 });
      assert.equal(server.calls.at(-1)!.body.texts!.length, 4);
      // Few candidates: the favourite is beyond them and stays out.
      const few = await search({ query: 'password', limit: 2, rerank: true, rerankCandidates: 2 });
      assert.ok(!titles(few.body.results).includes('#6'));
      await search({ query: 'password', limit: 2, rerankCandidates: 5 });
      assert.equal(server.calls.length, 3, 'rerankCandidates alone does not rerank');
    });

    it('applies scoreThreshold to the final score, after reranking', async () => {
      const plain = await search({ query: 'password', limit: 5 });
      // Before reranking, several results score above 0.5 by cosine ...
      assert.ok(plain.body.results.filter((r: { score: number }) => r.score >= 0.5).length >= 1, plain.text);
      const kept = await search({ query: 'password', limit: 5, rerank: true, scoreThreshold: 0.5 });
      // ... after it only the reranker's favourite does (its cosine to "password" is far below 0.5).
      assert.deepEqual(titles(kept.body.results), ['#6']);
      const unranked = await search({ query: 'password', limit: 5, scoreThreshold: 0.5 });
      assert.ok(unranked.body.results.every((r: { score: number }) => r.score >= 0.5));
      assert.ok(!titles(unranked.body.results).includes('#6'));
      const none = await search({ query: 'password', limit: 5, scoreThreshold: 1 });
      assert.deepEqual(none.body.results, []);
      assert.equal(none.body.total, 0);
    });

    it("reads Cohere's and Jina's answer shape, sending model, documents and top_n with a model configured", async () => {
      shape = 'cohere';
      const res = await search({ query: 'password', limit: 3, rerank: true }, withModel);
      assert.equal(res.headers['x-rerank'], 'applied');
      assert.equal(res.body.results[0].title, '#6');
      const call = server.calls.at(-1)!;
      assert.equal(call.body.model, 'rerank-test');
      assert.equal(call.body.documents!.length, 20);
      assert.equal(call.body.top_n, 20);
      assert.equal(call.body.texts, undefined);
      assert.equal(call.headers.authorization, 'Bearer secret-key');
      shape = 'tei';
      const tei = await search({ query: 'password', limit: 3, rerank: true });
      assert.deepEqual(tei.body.results, res.body.results, 'both shapes give the same ranking');
    });

    it('comes back un-reranked with X-Rerank: skipped when the reranker is down, fails or hangs', async () => {
      const plain = await search({ query: 'password', limit: 3 });
      const cases: Array<[string, Request, Shape]> = [
        ['down', down, 'tei'],
        ['HTTP 503', withReranker, 'fail'],
        ['hanging past the timeout', hanging, 'hang'],
        ['scoring fewer texts than sent', withReranker, 'short'],
      ];
      for (const [what, request, mode] of cases) {
        shape = mode;
        const res = await search({ query: 'password', limit: 3, rerank: true }, request);
        assert.equal(res.status, 200, `${what}: ${res.text}`);
        assert.equal(res.headers['x-rerank'], 'skipped', what);
        assert.deepEqual(res.body.results, plain.body.results, what);
      }
    });

    it('says unconfigured when no reranker is set', async () => {
      const res = await search({ query: 'password', limit: 3, rerank: true }, stack.request);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers['x-rerank'], 'unconfigured');
      const plain = await search({ query: 'password', limit: 3 }, stack.request);
      assert.deepEqual(res.body.results, plain.body.results);
    });
  });

  describe('the workspace default', () => {
    const settings = (method: 'GET' | 'PUT', h: Record<string, string>, json?: unknown) =>
      withReranker(method, `/v1/workspaces/${tenant.workspaceId}/retrieval-settings`, {
        headers: { ...h, organizationid: tenant.organizationId },
        ...(json !== undefined ? { json } : {}),
      });

    it('reranks requests that do not say, until a request says otherwise', async () => {
      const { headers: roleHeaders } = await accessHeaders(stack, tenant, { roleId: roleA.id });
      assert.deepEqual((await settings('GET', headers)).body, { rerank: false });
      assertError(await settings('PUT', roleHeaders, { rerank: true }), 403);
      assertError(await settings('PUT', headers, { rerank: 'yes' }), 400, 'rerank must be a boolean');
      assertError(await settings('PUT', headers, {}), 400, 'rerank must be a boolean');
      const set = await settings('PUT', headers, { rerank: true });
      assert.equal(set.status, 200, set.text);
      assert.deepEqual(set.body, { rerank: true });
      try {
        assert.deepEqual((await settings('GET', roleHeaders)).body, { rerank: true });
        const byDefault = await search({ query: 'password', limit: 3 });
        assert.equal(byDefault.headers['x-rerank'], 'applied');
        assert.equal(byDefault.body.results[0].title, '#6');
        const off = await search({ query: 'password', limit: 3, rerank: false });
        assert.equal(off.headers['x-rerank'], undefined);
      } finally {
        await settings('PUT', headers, { rerank: false });
      }
    });
  });

  describe('explain', () => {
    type Hit = { title: string; score: number; explain: Record<string, unknown> };
    const hit = (results: Hit[], title: string) => results.find((r) => r.title === title)!;

    it('gives each side its score, null where it did not run or match', async () => {
      const semantic = (await search({ query: 'forgot password reset xj4471', limit: 3, explain: true })).body
        .results as Hit[];
      for (const r of semantic) {
        assert.equal(r.explain.semantic, r.score);
        assert.equal(r.explain.keyword, null);
        assert.equal(r.explain.fused, null);
        assert.equal(r.explain.rerank, null);
      }
      const hybrid = (await search({ query: 'forgot password reset xj4471', limit: 3, mode: 'hybrid', explain: true }))
        .body.results as Hit[];
      const changelog = hit(hybrid, '#1');
      assert.equal(changelog.explain.fused, changelog.score);
      assert.ok((changelog.explain.keyword as number) > 0);
      assert.ok((changelog.explain.semantic as number) > 0);
      const noMatch = hybrid.find((r) => r.title !== '#1')!;
      assert.equal(noMatch.explain.keyword, null, 'only the changelog holds every word');
      const keyword = (await search({ query: 'password', limit: 3, mode: 'keyword', explain: true })).body
        .results as Hit[];
      for (const r of keyword) {
        assert.equal(r.explain.semantic, null);
        assert.equal(r.explain.keyword, r.score);
        assert.equal(r.explain.fused, null);
      }
      const reranked = (await search({ query: 'password', limit: 3, rerank: true, explain: true })).body
        .results as Hit[];
      for (const r of reranked) assert.equal(r.explain.rerank, r.score);
      assert.ok((hit(reranked, '#6').explain.semantic as number) < 0.5);
      const without = (await search({ query: 'password', limit: 3 })).body.results as Hit[];
      assert.ok(without.every((r) => !('explain' in r)));
    });

    it('names the roles that make a hit visible to workspace credentials only', async () => {
      const query = 'zebras and their young on the savanna';
      const asWorkspace = (await search({ query, limit: 3, explain: true })).body.results as Hit[];
      assert.deepEqual(hit(asWorkspace, '#4').explain.roles, [{ id: roleB.id, name: 'Beta readers', via: 'direct' }]);
      assert.deepEqual(hit(asWorkspace, '#child').explain.roles, [
        { id: roleB.id, name: 'Beta readers', via: 'parent' },
      ]);
      const password = (await search({ query: 'forgot password reset', limit: 1, explain: true })).body
        .results as Hit[];
      assert.deepEqual(password[0]!.explain.roles, [{ id: roleA.id, name: 'Alpha readers', via: 'direct' }]);
      const other = (await search({ query: 'parking garage', limit: 1, explain: true })).body.results as Hit[];
      assert.deepEqual(other[0]!.explain.roles, [], 'an item without roles');
      const { headers: roleHeaders } = await accessHeaders(stack, tenant, { roleId: roleB.id });
      const asRole = (await search({ query, limit: 3, explain: true }, withReranker, roleHeaders)).body
        .results as Hit[];
      assert.ok(asRole.length > 0);
      for (const r of asRole) {
        assert.ok(!('roles' in r.explain), 'a role-bound token learns no role names');
        assert.equal(typeof r.explain.semantic, 'number');
        // Which vector a query reads is the workspace's (every chunk has a prose vector, or not) and the query's
        // shape: the same answer for every credential, the one bit about chunks the token cannot see that the
        // scores already carry.
        assert.ok(['chunk', 'prose'].includes(r.explain.vector as string));
        assert.equal(r.explain.vector, asWorkspace[0]!.explain.vector);
      }
    });
  });

  describe('RAG', () => {
    it('agent RAG and space RAG take the ranking options; reranking only when asked', async () => {
      const agentRag = (json: Record<string, unknown>, request: Request = withReranker) =>
        request('POST', `/v1/workspaces/${tenant.workspaceId}/agent/rag`, { headers, json });
      const plain = await agentRag({ text: 'password', topK: 3 });
      assert.equal(plain.status, 200, plain.text);
      assert.equal(plain.headers['x-rerank'], undefined);
      const texts = (r: { body: { knowledgeResults: Array<{ text: string }> } }) =>
        r.body.knowledgeResults.map((p) => p.text);
      assert.ok(!texts(plain).includes(CORPUS[6]!));
      const reranked = await agentRag({ text: 'password', topK: 3, rerank: true, rerankCandidates: 10 });
      assert.equal(reranked.headers['x-rerank'], 'applied');
      assert.equal(server.calls.at(-1)!.body.texts!.length, 10);
      assert.equal(texts(reranked)[0], CORPUS[6]);
      assert.equal(reranked.body.knowledgeResults[0].score, 0.95);
      const kept = await agentRag({ text: 'password', topK: 3, rerank: true, scoreThreshold: 0.5 });
      assert.deepEqual(texts(kept), [CORPUS[6]]);
      shape = 'fail';
      const skipped = await agentRag({ text: 'password', topK: 3, rerank: true });
      assert.equal(skipped.headers['x-rerank'], 'skipped');
      assert.deepEqual(skipped.body, plain.body);
      shape = 'tei';
      const keywordOnly = await agentRag({ text: 'forgot password reset xj4471', topK: 1, hybridWeight: 0 });
      assert.deepEqual(texts(keywordOnly), [CORPUS[1]]);
      assertError(
        await agentRag({ text: 'x', scoreThreshold: 2 }),
        400,
        'scoreThreshold must be a number between 0 and 1',
      );

      const activated = await createUserSpace(stack, tenant, 'rag-user');
      const spaceRag = (json: Record<string, unknown>) =>
        withReranker('POST', `/v1/workspaces/${tenant.workspaceId}/spaces/${activated.spaceId}/rag`, {
          headers: activated.headers,
          json,
        });
      const space = await spaceRag({ text: 'password', topK: 3, rerank: true });
      assert.equal(space.status, 200, space.text);
      assert.equal(space.headers['x-rerank'], 'applied');
      assert.equal(space.body.knowledgeResults[0].text, CORPUS[6]);
      assert.deepEqual(space.body.spaceKnowledgeResults, []);
      assertError(
        await spaceRag({ text: 'x', rerankCandidates: 0 }),
        400,
        'rerankCandidates must be an integer between 1 and 100',
      );
    });
  });

  describe('validation', () => {
    it('answers 400 naming the bad option', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ scoreThreshold: 1.5 }, 'scoreThreshold must be a number between 0 and 1'],
        [{ scoreThreshold: '0.5' }, 'scoreThreshold must be a number between 0 and 1'],
        [{ hybridWeight: -0.1 }, 'hybridWeight must be a number between 0 and 1'],
        [{ rerank: 'yes' }, 'rerank must be a boolean'],
        [{ rerankCandidates: 0 }, 'rerankCandidates must be an integer between 1 and 100'],
        [{ rerankCandidates: 101 }, 'rerankCandidates must be an integer between 1 and 100'],
        [{ rerankCandidates: 2.5 }, 'rerankCandidates must be an integer between 1 and 100'],
        [{ explain: 1 }, 'explain must be a boolean'],
        [{ feedback: 'no' }, 'feedback must be a boolean'],
      ];
      for (const [extra, message] of cases) {
        assertError(await search({ query: 'password', ...extra }), 400, message);
      }
    });
  });
});
