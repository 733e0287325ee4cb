// The chunks API over HTTPS: an item's chunks paged; reading them scoped exactly as reading the item, under every
// credential kind; a text edit that search follows at once (new words found, old ones gone); a disabled chunk
// missing from search, space and agent RAG, the knowledge_search tool, MCP and metadata search until re-enabled; a
// chunk added by hand; re-ingestion dropping the hand-made state; and the 400s, 404s, 409 and 503 (a failing or
// silent embedder changes nothing).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { EmbeddingError } from '../../src/embeddings/provider';
import { ChunkMessages } from '../../src/services/knowledge/chunks';
import { MAX_CHUNK_CHARACTERS, type Chunk as ChunkBody } from '../../src/api/routes/chunks/schema';
import { assertError, withoutRequestId } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, createUserSpace, type Tenant } from '../helpers/factories';
import type { Request } from '../helpers/http';
import { uploadRequest, waitForJob } from '../helpers/knowledge';
import { connectMcp } from '../helpers/mcp';
import { stackWithTenant, type TestStack } from '../helpers/stack';

/** Paragraphs of about 600 characters: the chunker (1,000 characters) makes one chunk of each. */
const paragraph = (topic: string) =>
  `${topic}. ${'This paragraph keeps its own subject and adds ordinary filler sentences about it. '.repeat(7)}`.trim();

describe('chunks API', function () {
  this.timeout(180_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  const v1 = (path: string, t = tenant) => `/v1/workspaces/${t.workspaceId}${path}`;
  const chunksOf = (id: string, query = '', h = headers, request: Request = stack.request) =>
    request('GET', v1(`/knowledge/${id}/chunks${query}`), { headers: h });
  const patch = (id: string, chunkId: string, json: unknown, h = headers, request: Request = stack.request) =>
    request('PATCH', v1(`/knowledge/${id}/chunks/${chunkId}`), { headers: h, json });
  const add = (id: string, json: unknown, h = headers) =>
    stack.request('POST', v1(`/knowledge/${id}/chunks`), { headers: h, json });
  const allChunks = async (id: string): Promise<ChunkBody[]> => {
    const res = await chunksOf(id, '?limit=100');
    assert.equal(res.status, 200, res.text);
    return res.body.chunks;
  };

  /** A synchronous upload of the paragraphs as one text file: a COMPLETED item with one chunk per paragraph. */
  async function item(title: string, paragraphs: string[], t = tenant, h = headers): Promise<string> {
    const res = await uploadRequest(
      stack.request,
      t.workspaceId,
      h,
      { filename: `${title}.txt`, contentType: 'text/plain', bytes: Buffer.from(paragraphs.join('\n\n')) },
      { title },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'COMPLETED', res.text);
    return res.body.knowledgeId as string;
  }

  const search = async (query: string, mode: 'semantic' | 'keyword' | 'hybrid', limit = 10) => {
    const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...headers, 'x-api-key': tenant.apiKey },
      json: { query, mode, limit },
    });
    assert.equal(res.status, 200, res.text);
    return res.body.results as Array<{ id: string; content: string }>;
  };

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  it("lists an item's chunks in order, paged like the knowledge list", async () => {
    const topics = ['Alpha apples', 'Bravo bananas', 'Charlie cherries', 'Delta dates', 'Echo elderberries'];
    const id = await item('Fruit', topics.map(paragraph));
    const first = await chunksOf(id, '?page=1&limit=2');
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(
      { total: first.body.total, page: first.body.page, limit: first.body.limit },
      { total: 5, page: 1, limit: 2 },
    );
    const [a, b] = first.body.chunks as ChunkBody[];
    assert.deepEqual(
      [a!.position, b!.position, a!.text.startsWith('Alpha apples.'), b!.text.startsWith('Bravo bananas.')],
      [0, 1, true, true],
    );
    assert.deepEqual(Object.keys(a!).sort(), [
      'createdAt',
      'editedAt',
      'enabled',
      'headings',
      'id',
      'knowledgeId',
      'origin',
      'page',
      'position',
      'text',
      'tokenCount',
    ]);
    assert.deepEqual([a!.knowledgeId, a!.page, a!.enabled, a!.origin, a!.editedAt], [id, 1, true, 'extracted', null]);
    assert.deepEqual(a!.headings, [], 'plain text that opens with a sentence has no section headings');
    // "Alpha apples." is 3 tokens; each filler sentence 14 (13 words and the full stop).
    assert.equal(a!.tokenCount, 3 + 7 * 14);
    const last = await chunksOf(id, '?page=3&limit=2');
    assert.deepEqual(
      (last.body.chunks as ChunkBody[]).map((c) => c.position),
      [4],
    );
    assert.deepEqual((await chunksOf(id, '?page=4&limit=2')).body.chunks, []);
    assert.equal((await chunksOf(id)).body.limit, 20, 'the default limit');
    assertError(await chunksOf(id, '?page=0'), 400, 'Invalid page value, must be between 1 and 10000');
    assertError(await chunksOf(id, '?limit=101'), 400, 'Invalid limit value, must be between 1 and 100');
  });

  it('a text file that opens with a title line: every chunk sits under it, in the chunks API and in search results', async () => {
    const topics = ['Alpha apples', 'Bravo bananas', 'Charlie cherries'];
    const id = await item('fruit_guide', ['Fruit storage guide', ...topics.map(paragraph)]);
    const chunks = await allChunks(id);
    assert.equal(chunks.length, 3, 'the title line joins the first paragraph');
    assert.ok(chunks[0]!.text.startsWith('Fruit storage guide\n\nAlpha apples.'));
    assert.deepEqual(
      chunks.map((c) => c.headings),
      [['Fruit storage guide'], ['Fruit storage guide'], ['Fruit storage guide']],
    );
    const [hit] = (await search('Charlie cherries', 'hybrid', 1)) as Array<{ id: string; headings?: string[] }>;
    assert.deepEqual([hit?.id, hit?.headings], [id, ['Fruit storage guide']]);

    // A text item's content is read as a .txt file is: the same title line, the same headings.
    const content = ['Vegetable storage guide', ...['Delta dates', 'Echo endives'].map(paragraph)].join('\n\n');
    const text = await stack.request('POST', v1('/knowledge/text'), {
      headers,
      json: { title: 'Vegetables', content },
    });
    assert.equal(text.status, 201, text.text);
    const job = await waitForJob(stack.request, tenant.workspaceId, headers, text.body.jobId as string);
    assert.equal(job.status, 'COMPLETED', JSON.stringify(job));
    assert.deepEqual(
      (await allChunks(text.body.id as string)).map((c) => c.headings),
      [['Vegetable storage guide'], ['Vegetable storage guide']],
    );
  });

  it('reads chunks exactly as reading the item under every credential kind, and writes only as the workspace', async () => {
    const db = stack.deps.db;
    const roleA = await createRole(db, tenant.workspaceId, { customerRoleId: 'role-a' });
    await createRole(db, tenant.workspaceId, { customerRoleId: 'role-b' });
    const id = await item('Scoped', [paragraph('Role scoped guidance')]);
    const rbac = await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
    assert.equal(rbac.status, 200, rbac.text);
    await db('knowledge_roles').insert({ knowledge_id: id, role_id: roleA.id, workspace_id: tenant.workspaceId });
    const [chunk] = await allChunks(id);

    const userSpace = async (json: Record<string, unknown>) => {
      const res = await stack.request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
        headers: { authorization: headers.authorization!, organizationId: tenant.organizationId },
        json: { workspaceId: tenant.workspaceId, ...json },
      });
      assert.equal(res.status, 200, res.text);
      return { authorization: `Bearer ${res.body.token as string}`, organizationid: tenant.organizationId };
    };
    const credentials: Array<[string, Record<string, string>, number]> = [
      ['workspace access token', headers, 200],
      ['role-bound token of the role', (await accessHeaders(stack, tenant, { customerRoleId: 'role-a' })).headers, 200],
      [
        'role-bound token of another role',
        (await accessHeaders(stack, tenant, { customerRoleId: 'role-b' })).headers,
        404,
      ],
      ['subject-bound token without a role', (await accessHeaders(stack, tenant, { subject: 'someone' })).headers, 404],
      ['user space token of the role', await userSpace({ customerIdString: 'u-a', customerRoleId: 'role-a' }), 403],
      ['user space token without a role', await userSpace({ customerIdString: 'u-none' }), 403],
      ['API key', { 'x-api-key': tenant.apiKey, organizationid: tenant.organizationId }, 401],
    ];
    for (const [name, h, status] of credentials) {
      const get = await stack.request('GET', v1(`/knowledge/${id}`), { headers: h });
      const list = await chunksOf(id, '', h);
      assert.equal(get.status, status, `${name}: get-knowledge ${get.text}`);
      assert.equal(list.status, status, `${name}: chunks ${list.text}`);
      if (status === 200) {
        assert.deepEqual(
          (list.body.chunks as ChunkBody[]).map((c) => c.id),
          [chunk!.id],
        );
      } else {
        assert.deepEqual(
          withoutRequestId(list.body),
          withoutRequestId(get.body),
          `${name}: the same answer as get-knowledge`,
        );
      }
      if (name !== 'workspace access token') {
        assert.ok([401, 403].includes((await patch(id, chunk!.id, { enabled: false }, h)).status), name);
        assert.ok([401, 403].includes((await add(id, { text: 'planted' }, h)).status), name);
      }
    }
    const after = await allChunks(id);
    assert.deepEqual(
      after.map((c) => [c.id, c.enabled, c.text]),
      [[chunk!.id, true, chunk!.text]],
      'no refused write changed anything',
    );
  });

  it('re-embeds an edited chunk: search finds its new words and no longer its old ones', async () => {
    const id = await item('Fauna', [paragraph('Pelicans nest along the estuary'), paragraph('Badgers dig setts')]);
    const [pelicans, badgers] = await allChunks(id);
    assert.ok((await search('pelicans estuary', 'keyword')).some((r) => r.id === id));
    const text = 'Quokkas smile on Rottnest island while wallabies graze.';
    const edited = await patch(id, pelicans!.id, { text });
    assert.equal(edited.status, 200, edited.text);
    const body = edited.body as ChunkBody;
    assert.deepEqual(
      [body.id, body.text, body.position, body.origin, body.enabled, body.tokenCount],
      [pelicans!.id, text, 0, 'extracted', true, 9],
    );
    assert.ok(body.editedAt !== null && Date.parse(body.editedAt) >= Date.parse(pelicans!.createdAt));

    assert.deepEqual(
      (await search('quokkas rottnest', 'keyword')).map((r) => [r.id, r.content]),
      [[id, text]],
    );
    assert.deepEqual(await search('pelicans estuary', 'keyword'), [], 'the old words are gone');
    const semantic = await search('quokkas smiling on an island', 'semantic', 1);
    assert.deepEqual(
      semantic.map((r) => [r.id, r.content]),
      [[id, text]],
      'the new vector is the nearest',
    );
    const hybrid = await search('quokkas rottnest island', 'hybrid', 1);
    assert.equal(hybrid[0]?.content, text);
    // The other chunk is untouched.
    const [, other] = await allChunks(id);
    assert.deepEqual([other!.text, other!.editedAt], [badgers!.text, null]);
  });

  it('leaves a disabled chunk out of search, space and agent RAG, the agent tools, MCP and metadata search', async () => {
    const unique = 'Zeppelin hangars store helium airships beside the lighthouse';
    const id = await item('Airships', [paragraph('Dirigible history in general'), paragraph(unique)]);
    const [, target] = await allChunks(id);
    const { spaceId, headers: spaceAuth } = await createUserSpace(stack, tenant, 'reader');

    type Passage = { text: string };
    const holds = (passages: Passage[]) => passages.some((p) => p.text.includes('Zeppelin hangars'));
    const seen = async () => {
      const spaceRag = await stack.request('POST', v1(`/spaces/${spaceId}/rag`), {
        headers: spaceAuth,
        json: { text: 'zeppelin hangars helium', topK: 10 },
      });
      assert.equal(spaceRag.status, 200, spaceRag.text);
      const agentRag = await stack.request('POST', v1('/agent/rag'), {
        headers,
        json: { text: 'zeppelin hangars helium', topK: 10 },
      });
      assert.equal(agentRag.status, 200, agentRag.text);
      const tool = await stack.request('POST', v1('/agent/tools/knowledge_search/execute'), {
        headers,
        json: { input: { query: 'zeppelin hangars', mode: 'keyword' } },
      });
      assert.equal(tool.status, 200, tool.text);
      const metadata = await stack.request('POST', v1('/knowledge/search'), {
        headers,
        json: { metadata: { title: 'Airships' } },
      });
      assert.equal(metadata.status, 200, metadata.text);
      const mcpSearch = await mcp.callTool({
        name: 'knowledge_search',
        arguments: { query: 'zeppelin hangars', mode: 'keyword' },
      });
      const mcpRag = await mcp.callTool({ name: 'rag', arguments: { text: 'zeppelin hangars helium', topK: 10 } });
      return {
        keyword: (await search('zeppelin hangars', 'keyword')).length,
        hybrid: (await search('zeppelin hangars helium', 'hybrid')).some((r) => r.content.includes('Zeppelin')),
        semantic: (await search('zeppelin hangars helium', 'semantic')).some((r) => r.content.includes('Zeppelin')),
        spaceRag: holds(spaceRag.body.knowledgeResults),
        agentRag: holds(agentRag.body.knowledgeResults),
        tool: tool.body.output.results.length,
        mcpSearch: (mcpSearch.structuredContent as { results: unknown[] }).results.length,
        mcpRag: holds((mcpRag.structuredContent as { knowledgeResults: Passage[] }).knowledgeResults),
        metadata: holds(
          (metadata.body[0].coreKnowledgeItems as Array<{ content: string }>).map((c) => ({ text: c.content })),
        ),
      };
    };
    const everywhere = {
      keyword: 1,
      hybrid: true,
      semantic: true,
      spaceRag: true,
      agentRag: true,
      tool: 1,
      mcpSearch: 1,
      mcpRag: true,
      metadata: true,
    };
    const mcp = await connectMcp(stack.baseUrl, stack.ca, tenant.workspaceId, headers);
    try {
      assert.deepEqual(await seen(), everywhere);

      const off = await patch(id, target!.id, { enabled: false });
      assert.equal(off.status, 200, off.text);
      assert.deepEqual([off.body.enabled, off.body.text, off.body.editedAt], [false, target!.text, null]);
      assert.deepEqual(await seen(), {
        keyword: 0,
        hybrid: false,
        semantic: false,
        spaceRag: false,
        agentRag: false,
        tool: 0,
        mcpSearch: 0,
        mcpRag: false,
        metadata: false,
      });
      // Still listed, as disabled; the item's other chunk still answers.
      assert.deepEqual(
        (await allChunks(id)).map((c) => c.enabled),
        [true, false],
      );
      assert.ok((await search('dirigible history', 'keyword')).some((r) => r.id === id));

      const on = await patch(id, target!.id, { enabled: true });
      assert.equal(on.status, 200, on.text);
      assert.deepEqual(await seen(), everywhere);
    } finally {
      await mcp.close();
    }
  });

  it('adds a chunk by hand at a position, searchable at once', async () => {
    const id = await item('Rivers', [paragraph('The Danube flows east'), paragraph('The Rhine flows north')]);
    const [danube, rhine] = await allChunks(id);
    const text = 'Manual note: the Okavango river ends in a delta inside the Kalahari.';
    const added = await add(id, { text, position: 1 });
    assert.equal(added.status, 201, added.text);
    assert.deepEqual(
      [added.body.text, added.body.position, added.body.origin, added.body.enabled, added.body.page],
      [text, 1, 'manual', true, 1],
    );
    const last = await add(id, { text: 'Appended: the Mekong crosses six countries.' });
    assert.equal(last.status, 201, last.text);
    const past = await add(id, { text: 'Far past the end: the Volga reaches the Caspian.', position: 99 });
    assert.equal(past.body.position, 4, 'a position past the end appends');
    assert.deepEqual(
      (await allChunks(id)).map((c) => [c.id, c.position, c.origin]),
      [
        [danube!.id, 0, 'extracted'],
        [added.body.id, 1, 'manual'],
        [rhine!.id, 2, 'extracted'],
        [last.body.id, 3, 'manual'],
        [past.body.id, 4, 'manual'],
      ],
    );
    assert.deepEqual(
      (await search('okavango kalahari', 'keyword')).map((r) => [r.id, r.content]),
      [[id, text]],
    );
    const semantic = await search('a river that ends in a desert delta', 'semantic', 1);
    assert.deepEqual(
      semantic.map((r) => r.content),
      [text],
    );
  });

  it("drops manual edits, manual chunks and disabled states when ingestion writes the item's chunks again", async () => {
    const id = await item('Reingested', [paragraph('First extracted'), paragraph('Second extracted')]);
    const [first, second] = await allChunks(id);
    assert.equal((await patch(id, first!.id, { text: 'Edited by hand' })).status, 200);
    assert.equal((await patch(id, second!.id, { enabled: false })).status, 200);
    assert.equal((await add(id, { text: 'Added by hand' })).status, 201);
    // What the indexing activity writes on a retry or a changed page (upsert by position, the rest removed).
    await knowledgeRepo.upsertChunks(stack.deps.db, tenant.workspaceId, id, [
      { index: 0, pageNumber: 1, text: first!.text },
      { index: 1, pageNumber: 1, text: second!.text },
    ]);
    assert.deepEqual(
      (await allChunks(id)).map((c) => [c.position, c.text, c.enabled, c.origin, c.editedAt]),
      [
        [0, first!.text, true, 'extracted', null],
        [1, second!.text, true, 'extracted', null],
      ],
    );
  });

  it('answers 404 for an unknown chunk or one of another item or workspace, and 400 for a malformed id', async () => {
    const id = await item('Own', [paragraph('Own item text')]);
    const other = await item('Other', [paragraph('Other item text')]);
    const [otherChunk] = await allChunks(other);
    assertError(await patch(id, randomUUID(), { enabled: false }), 404, ChunkMessages.notFound);
    assertError(await patch(id, otherChunk!.id, { enabled: false }), 404, ChunkMessages.notFound);
    assertError(await patch(id, 'nope', { enabled: false }), 400, ChunkMessages.invalidId);
    assertError(await chunksOf(randomUUID()), 404, 'Knowledge item not found');
    assertError(await chunksOf('nope'), 400, 'Invalid knowledge ID format');
    assertError(await add(randomUUID(), { text: 'x' }), 404, 'Knowledge item not found');

    const elsewhere = await createTenant(stack.deps.db);
    const elsewhereHeaders = (await accessHeaders(stack, elsewhere)).headers;
    const foreign = await item('Foreign', [paragraph('Foreign item text')], elsewhere, elsewhereHeaders);
    const theirChunks = () =>
      stack.request('GET', v1(`/knowledge/${foreign}/chunks`, elsewhere), { headers: elsewhereHeaders });
    const [foreignChunk] = (await theirChunks()).body.chunks as ChunkBody[];
    // Their item through our workspace's path: not found; through theirs with our token: refused.
    assertError(await chunksOf(foreign), 404, 'Knowledge item not found');
    assertError(await patch(foreign, foreignChunk!.id, { enabled: false }), 404, 'Knowledge item not found');
    assertError(await add(foreign, { text: 'planted' }), 404, 'Knowledge item not found');
    const cross = await stack.request('GET', v1(`/knowledge/${foreign}/chunks`, elsewhere), { headers });
    assert.equal(cross.status, 403, cross.text);
    assert.equal(((await theirChunks()).body.chunks as ChunkBody[])[0]!.enabled, true);
  });

  it('refuses changes to an item that is not COMPLETED (409), and bad input (400) naming the problem', async () => {
    const id = await item('Inputs', [paragraph('Input rules')]);
    const [chunk] = await allChunks(id);
    const bad: Array<[unknown, string]> = [
      [{ text: 'a\u0000b' }, 'Request contains a NUL character or an unpaired UTF-16 surrogate'],
      [{ text: 'lone \uD800 surrogate' }, 'Request contains a NUL character or an unpaired UTF-16 surrogate'],
      [{ text: '' }, 'text must not be empty'],
      [{ text: ' \n\t ' }, 'text must not be empty'],
      [{ text: 'x'.repeat(MAX_CHUNK_CHARACTERS + 1) }, `text must be at most ${MAX_CHUNK_CHARACTERS} characters`],
      [{ text: 42 }, 'text must be a string'],
      [{ enabled: 'no' }, 'enabled must be a boolean'],
      [{}, 'text or enabled is required'],
      [[], 'text or enabled is required'],
      [{ enabled: true, extra: 1 }, 'Unknown field: extra'],
    ];
    for (const [json, message] of bad) assertError(await patch(id, chunk!.id, json), 400, message);
    // An empty change names what is missing, as the item's and the role's updates do.
    const empty = await patch(id, chunk!.id, {});
    assert.equal(empty.body.code, 'missing_field');
    assert.equal(empty.body.param, 'text, enabled');
    assert.match(String(empty.body.hint), /enabled/);
    const badNew: Array<[unknown, string]> = [
      [{}, 'Missing required field'],
      [{ text: 'x', position: -1 }, 'position must be an integer from 0 to 10000000'],
      [{ text: 'x', position: 1.5 }, 'position must be an integer from 0 to 10000000'],
      [{ text: 'x', enabled: false }, 'Unknown field: enabled'],
      [{ text: '\u0000' }, 'Request contains a NUL character or an unpaired UTF-16 surrogate'],
    ];
    for (const [json, message] of badNew) assertError(await add(id, json), 400, message);
    // The bound counts characters (code points), as the document's maxLength does.
    const astral = await patch(id, chunk!.id, { text: '😀'.repeat(MAX_CHUNK_CHARACTERS) });
    assert.equal(astral.status, 200, astral.text);

    await stack.deps.db('knowledge').where({ id }).update({ status: 'BACKGROUND_ERROR' });
    assertError(await add(id, { text: 'late' }), 409, ChunkMessages.notCompleted);
    assertError(await patch(id, chunk!.id, { enabled: false }), 409, ChunkMessages.notCompleted);
    assert.equal((await allChunks(id)).length, 1);
  });

  it('answers 503 and changes nothing when the embedding model fails or does not answer in time', async () => {
    const id = await item('Embedder', [paragraph('Original embedder text')]);
    const [chunk] = await allChunks(id);
    const failing: EmbeddingProvider = Object.assign(Object.create(stack.deps.embeddings) as EmbeddingProvider, {
      embedDocuments: () => Promise.reject(new EmbeddingError('down', 'UNAVAILABLE')),
    });
    const silent: EmbeddingProvider = Object.assign(Object.create(stack.deps.embeddings) as EmbeddingProvider, {
      embedDocuments: () => new Promise<number[][]>(() => undefined),
    });
    const config = { ...stack.config, limits: { ...stack.config.limits, requestTimeoutMs: 1000 } };
    for (const embeddings of [failing, silent]) {
      const { request } = await stack.serve({ ...stack.deps, config, embeddings });
      const res = await patch(id, chunk!.id, { text: 'Never written' }, headers, request);
      assertError(res, 503, ChunkMessages.embeddingFailed);
      assert.equal(res.headers['retry-after'], '5');
      const added = await request('POST', v1(`/knowledge/${id}/chunks`), { headers, json: { text: 'Never added' } });
      assertError(added, 503, ChunkMessages.embeddingFailed);
      // A change without a new text needs no embedding.
      const off = await patch(id, chunk!.id, { enabled: false }, headers, request);
      assert.equal(off.status, 200, off.text);
      assert.equal((await patch(id, chunk!.id, { enabled: true }, headers, request)).status, 200);
    }
    const after = await allChunks(id);
    assert.deepEqual(
      after.map((c) => [c.id, c.text, c.editedAt]),
      [[chunk!.id, chunk!.text, null]],
    );
    assert.ok((await search('original embedder', 'keyword')).some((r) => r.id === id));
  });
});
