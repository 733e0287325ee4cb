// Knowledge endpoints against the real stack: links, reads, reserved fields, uploads through the
// ingestion workflow, deletes, and the three searches with their validation and access filters.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as apiKeysRepo from '../../src/db/repositories/apiKeys';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { createApiKey } from '../../src/services/access/apiKeys';
import { createRole, createTenant, type Tenant } from '../helpers/factories';
import { followUpload, proseCarriesTitle, uploadRequest, waitForJob } from '../helpers/knowledge';
import { assertError } from '../helpers/assertions';
import { stackWithTenant, type TestStack } from '../helpers/stack';

const text = (s: string) => ({ filename: 'note.txt', contentType: 'text/plain', bytes: Buffer.from(s) });

describe('knowledge', () => {
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let searchHeaders: Record<string, string>;
  const k = (path = '') => `/v1/workspaces/${tenant.workspaceId}/knowledge${path}`;
  const semantic = (json: unknown, h = searchHeaders) =>
    stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, { headers: h, json });

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
    searchHeaders = { ...headers, 'x-api-key': tenant.apiKey };
  });

  describe('links', () => {
    it('creates a link without fetching it, and rejects bad input with the spec messages', async () => {
      let hits = 0;
      const server = http.createServer((_req, res) => {
        hits += 1;
        res.end('x');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pricing`;
      try {
        const res = await stack.request('POST', k('/link'), {
          headers,
          json: {
            type: 'LINK',
            url,
            title: 'Pricing page',
            metadata: { description: 'Plans and prices', team: 'sales' },
          },
        });
        assert.equal(res.status, 201, res.text);
        assert.deepEqual(Object.keys(res.body).sort(), ['id', 'knowledgeId']);
        assert.equal(res.body.id, res.body.knowledgeId);
        const item = await stack.request('GET', k(`/${res.body.id}`), { headers });
        assert.equal(item.status, 200, item.text);
        assert.equal(item.body.type, 'LINK');
        assert.equal(item.body.content, url);
        assert.equal(item.body.status, 'COMPLETED');
        assert.equal(item.body.metadata.title, 'Pricing page');
        assert.equal(item.body.metadata.description, 'Plans and prices');
        assert.equal(item.body.metadata.team, 'sales');
        assert.ok(!Number.isNaN(Date.parse(item.body.createdAt)));
        assert.equal(hits, 0, 'a link is never fetched');
      } finally {
        server.close();
      }
      assertError(
        await stack.request('POST', k('/link'), { headers, json: { type: 'LINK' } }),
        400,
        'Missing required field',
      );
      assertError(
        await stack.request('POST', k('/link'), { headers, json: { url: 'https://a.example' } }),
        400,
        'Missing required field',
      );
      assertError(
        await stack.request('POST', k('/link'), { headers, json: { type: 'URL', url: 'https://a.example' } }),
        400,
        'Type must be LINK',
      );
      for (const bad of ['not a url', 'ftp://files.example/x', 'https://', 'javascript:alert(1)']) {
        assertError(
          await stack.request('POST', k('/link'), { headers, json: { type: 'LINK', url: bad } }),
          422,
          'Invalid URL format',
        );
      }
    });

    // The spec's known metadata keys (title, description, language) were stored unchecked, or dropped: a title of 5
    // became the URL, a language "klingon" was kept although upload and reservedField refuse it.
    it('checks the metadata keys the spec names as the other routes check those fields, and keeps the free ones', async () => {
      const link = (json: Record<string, unknown>) =>
        stack.request('POST', k('/link'), { headers, json: { type: 'LINK', url: 'https://example.com/b', ...json } });
      const refused: [Record<string, unknown>, string, string, string][] = [
        [{ metadata: { title: 5 } }, 'metadata.title must be a string', 'invalid_type', 'metadata.title'],
        [{ metadata: { title: ' ' } }, 'metadata.title must not be empty', 'missing_field', 'metadata.title'],
        [
          { metadata: { title: 't'.repeat(1001) } },
          'metadata.title must be at most 1000 characters',
          'invalid_field',
          'metadata.title',
        ],
        [
          { metadata: { description: 7 } },
          'metadata.description must be a string',
          'invalid_type',
          'metadata.description',
        ],
        [
          { metadata: { description: 'd'.repeat(10_001) } },
          'metadata.description must be at most 10000 characters',
          'invalid_field',
          'metadata.description',
        ],
        [
          { metadata: { description: 'x', language: 'klingon' } },
          'metadata.language must be a language code such as en or pt-BR',
          'invalid_field',
          'metadata.language',
        ],
        [
          { metadata: { language: 7 } },
          'metadata.language must be a language code such as en or pt-BR',
          'invalid_type',
          'metadata.language',
        ],
        [{ metadata: 'x' }, 'metadata must be an object', 'invalid_type', 'metadata'],
      ];
      for (const [json, message, code, param] of refused) {
        const res = await link(json);
        assertError(res, 400, message);
        assert.equal(res.body.code, code, res.text);
        assert.equal(res.body.param, param, res.text);
        assert.equal(typeof res.body.hint, 'string', res.text);
      }
      assert.equal((await stack.request('GET', k(), { headers })).body.total, 0, 'nothing was created');
      // title wins over metadata.title (as documented); metadata's title alone is the title; a language.
      const same = await link({ title: 'Pricing', metadata: { title: 'Prices', language: 'pt-BR', team: 'sales' } });
      assert.equal(same.status, 201, same.text);
      const item = (await stack.request('GET', k(`/${same.body.id}`), { headers })).body;
      assert.deepEqual(
        [item.metadata.title, item.metadata.language, item.metadata.team],
        ['Pricing', 'pt-BR', 'sales'],
      );
      const fromMetadata = await link({ metadata: { title: 'From metadata', description: 'Plans' } });
      assert.equal(fromMetadata.status, 201, fromMetadata.text);
      const titled = (await stack.request('GET', k(`/${fromMetadata.body.id}`), { headers })).body;
      assert.deepEqual([titled.metadata.title, titled.metadata.description], ['From metadata', 'Plans']);
    });
  });

  describe('reads', () => {
    it('answers 400 for a malformed id and 404 for an unknown or foreign one', async () => {
      assertError(await stack.request('GET', k('/not-a-uuid'), { headers }), 400, 'Invalid knowledge ID format');
      assertError(await stack.request('GET', k(`/${randomUUID()}`), { headers }), 404, 'Knowledge item not found');
      const other = await createTenant(stack.deps.db);
      const foreign = await knowledgeRepo.insertKnowledge(stack.deps.db, other.workspaceId, {
        createdBy: null,
        type: 'STRING',
        title: 'secret',
      });
      assertError(await stack.request('GET', k(`/${foreign.id}`), { headers }), 404, 'Knowledge item not found');
      assertError(await stack.request('DELETE', k(`/${foreign.id}`), { headers }), 404, 'Knowledge item not found');
      assert.ok(await knowledgeRepo.findKnowledge(stack.deps.db, other.workspaceId, foreign.id), 'untouched');
    });

    it('lists newest first with page, limit and total', async () => {
      for (let i = 0; i < 5; i++) {
        await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
          createdBy: null,
          type: 'STRING',
          title: `item ${i}`,
        });
      }
      const page1 = await stack.request('GET', k('?page=1&limit=2'), { headers });
      assert.equal(page1.status, 200, page1.text);
      assert.equal(page1.body.total, 5);
      assert.deepEqual(
        page1.body.knowledge.map((x: { metadata: { title: string } }) => x.metadata.title),
        ['item 4', 'item 3'],
      );
      const page3 = await stack.request('GET', k('?page=3&limit=2'), { headers });
      assert.equal(page3.body.knowledge.length, 1);
      assertError(
        await stack.request('GET', k('?limit=0'), { headers }),
        400,
        'Invalid limit value, must be between 1 and 100',
      );
      assertError(await stack.request('GET', k('?page=abc'), { headers }), 400);
    });
  });

  describe('reserved field', () => {
    it('updates title and language, keeps the language when omitted, and checks the type', async () => {
      const link = await stack.request('POST', k('/link'), {
        headers,
        json: { type: 'LINK', url: 'https://docs.example/a', title: 'Old title', metadata: { language: 'en' } },
      });
      const id = link.body.id as string;
      const put = (json: unknown) => stack.request('PUT', k(`/${id}/reservedField`), { headers, json });
      // The link's one chunk: which title its prose vector carries.
      const carries = (title: string) => proseCarriesTitle(stack, { knowledge_id: id, origin: 'extracted' }, title);
      assert.equal(await carries('Old title'), true);
      // A chunk added by hand before the link's own: the rename leaves it as it is.
      const added = await stack.request('POST', k(`/${id}/chunks`), {
        headers,
        json: { text: 'Ask the platform team before a migration.', position: 0 },
      });
      assert.equal(added.status, 201, added.text);
      const ok = await put({ type: 'LINK', title: 'Zebra migration guide', language: 'fr' });
      assert.equal(ok.status, 200, ok.text);
      // A new title under header-mix (the default): the job that computes the prose vectors again.
      const { jobId } = ok.body as { jobId: string };
      assert.match(jobId, new RegExp(`^title-vectors:${tenant.workspaceId}:${id}:\\d+$`));
      assert.deepEqual(ok.body, { knowledgeId: id, jobId });
      assert.equal((await waitForJob(stack.request, tenant.workspaceId, headers, jobId)).status, 'COMPLETED');
      assert.equal(await carries('Zebra migration guide'), true, "the link's prose vector follows its new title");
      assert.equal(await carries('Old title'), false);
      // A link's chunk is its title, description and URL: keyword search finds the new title, not the old one.
      const keyword = async (query: string) =>
        ((await semantic({ query, mode: 'keyword' })).body.results as Array<{ id: string }>).map((r) => r.id);
      assert.ok((await keyword('zebra')).includes(id), 'the new title');
      assert.ok(!(await keyword('old title')).includes(id), 'not the old one');
      const texts = await stack.deps
        .db('knowledge_chunks')
        .where({ knowledge_id: id })
        .orderBy('chunk_index')
        .pluck('content');
      assert.deepEqual(texts, [
        'Ask the platform team before a migration.',
        'Zebra migration guide\nhttps://docs.example/a',
      ]);
      let item = await stack.request('GET', k(`/${id}`), { headers });
      assert.equal(item.body.metadata.title, 'Zebra migration guide');
      assert.equal(item.body.metadata.language, 'fr');
      assert.equal(item.body.content, 'https://docs.example/a', 'content unchanged');
      const again = await put({ type: 'LINK', title: 'Zebra migration guide v2' });
      assert.notEqual(again.body.jobId, jobId, 'each change its own job');
      const same = await put({ type: 'LINK', title: 'Zebra migration guide v2' });
      assert.deepEqual(same.body, { knowledgeId: id }, 'the same title: no job');
      item = await stack.request('GET', k(`/${id}`), { headers });
      assert.equal(item.body.metadata.language, 'fr', 'language kept');
      const found = await stack.request('POST', k('/search-title'), { headers, json: { title: 'ZEBRA MIGRATION' } });
      assert.deepEqual(
        found.body.results.map((r: { title: string }) => r.title),
        ['Zebra migration guide v2'],
        'visible in search at once',
      );
      assertError(await put({ type: 'FILE', title: 'x' }), 422, 'Knowledge type mismatch');
      assertError(await put({ type: 'PODCAST', title: 'x' }), 400, 'Invalid knowledge type');
      assertError(await put({ type: 'LINK' }), 400, 'Missing required field');
      assertError(await put({ title: 'x' }), 400, 'Missing required field');
      assertError(
        await stack.request('PUT', k(`/${randomUUID()}/reservedField`), {
          headers,
          json: { type: 'LINK', title: 'x' },
        }),
        404,
      );
    });
  });

  describe('file upload and ingestion', () => {
    it('ingests synchronously, and the file is then found by a paraphrased query', async () => {
      const res = await uploadRequest(
        stack.request,
        tenant.workspaceId,
        headers,
        text('Employees may carry over at most five unused vacation days into the next calendar year.'),
        { title: 'Leave policy', description: 'HR rules', language: 'en' },
      );
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'COMPLETED');
      assert.equal(res.body.type, 'FILE');
      assert.equal(res.body.id, res.body.knowledgeId);
      assert.equal(res.body.title, 'Leave policy');
      assert.equal(res.body.description, 'HR rules');
      const item = await stack.request('GET', k(`/${res.body.knowledgeId}`), { headers });
      assert.equal(item.body.status, 'COMPLETED');
      assert.equal(item.body.metadata.title, 'Leave policy');
      assert.equal(item.body.metadata.language, 'en');
      const found = await semantic({ query: 'How many holidays can I transfer to next year?' });
      assert.equal(found.status, 200, found.text);
      assert.equal(found.body.results[0].id, res.body.knowledgeId);
      assert.ok(found.body.results[0].score > 0 && found.body.results[0].score <= 1);
    });

    it('runs in the background with status=BACKGROUND_START, observed through upload-file-metadata then get-knowledge', async () => {
      const res = await uploadRequest(
        stack.request,
        tenant.workspaceId,
        headers,
        text('The office espresso machine must be descaled every Friday afternoon.'),
        { status: 'BACKGROUND_START' },
      );
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'BACKGROUND_START');
      assert.equal(res.body.title, 'note.txt', 'the file name when no title is given');
      assert.ok(res.body.uploadFileMetadataId);
      const { statuses, item } = await followUpload(
        stack.request,
        tenant.workspaceId,
        headers,
        res.body.uploadFileMetadataId,
      );
      assert.deepEqual(
        statuses.filter((s) => s !== 'BACKGROUND_START'),
        ['COMPLETED'],
      );
      assert.ok(['BACKGROUND_START', 'COMPLETED'].includes(statuses[0]!));
      assert.equal(item.type, 'FILE');
      const job = await stack.request('GET', k(`/${item.id}`), { headers });
      assert.equal(job.body.status, 'COMPLETED');
    });

    it('moves a file it cannot read to BACKGROUND_ERROR with messageError (and answers 422 when synchronous)', async () => {
      const corrupt = {
        filename: 'broken.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.7\n garbage that is not a pdf'),
      };
      const async = await uploadRequest(stack.request, tenant.workspaceId, headers, corrupt, {
        status: 'BACKGROUND_START',
      });
      assert.equal(async.status, 200, async.text);
      const { statuses, item } = await followUpload(
        stack.request,
        tenant.workspaceId,
        headers,
        async.body.uploadFileMetadataId,
      );
      assert.equal(statuses[statuses.length - 1], 'BACKGROUND_ERROR');
      assert.ok(!statuses.includes('COMPLETED'));
      // A reason from the fixed vocabulary, never the parser's own message.
      assert.equal(item.messageError, 'The PDF is damaged or encrypted');
      const sync = await uploadRequest(stack.request, tenant.workspaceId, headers, corrupt);
      assertError(sync, 422, 'Failed to process file: The PDF is damaged or encrypted');
    });

    it('rejects unsupported and mismatched types with 400 "Unsupported file type"', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      for (const file of [
        { filename: 'x.svg', contentType: 'image/svg+xml', bytes: Buffer.from('<svg/>') },
        { filename: 'x.exe', contentType: 'application/x-msdownload', bytes: Buffer.from('MZ') },
        { filename: 'x.pdf', contentType: 'application/pdf', bytes: png },
        { filename: 'x.json', contentType: 'application/json', bytes: Buffer.from('{not json') },
      ]) {
        assertError(
          await uploadRequest(stack.request, tenant.workspaceId, headers, file),
          400,
          'Unsupported file type',
        );
      }
      const noFile = await stack.request('POST', k('/file'), {
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=zz' },
        raw: '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--zz--\r\n',
      });
      assertError(noFile, 400, 'Missing required field');
      assertError(
        await uploadRequest(stack.request, tenant.workspaceId, headers, text('hi'), { status: 'LATER' }),
        400,
      );
    });

    it('answers 413 above the upload limit and 403 above the workspace quota', async () => {
      const small = await stack.serve({
        ...stack.deps,
        config: { ...stack.deps.config, limits: { ...stack.deps.config.limits, maxUploadBytes: 2048 } },
      });
      const big = await uploadRequest(small.request, tenant.workspaceId, headers, text('x'.repeat(5000)));
      assertError(big, 413);
      assert.equal(big.body.error, 'Payload Too Large');
      await stack.deps.db('workspaces').where({ id: tenant.workspaceId }).update({ storage_quota_bytes: 100 });
      const first = await uploadRequest(stack.request, tenant.workspaceId, headers, text('a'.repeat(60)), {
        status: 'BACKGROUND_START',
      });
      assert.equal(first.status, 200, first.text);
      assertError(
        await uploadRequest(stack.request, tenant.workspaceId, headers, text('b'.repeat(60))),
        403,
        'Storage quota exceeded',
      );
    });

    it('keeps the original bytes in S3 under the organization and workspace', async () => {
      const res = await uploadRequest(stack.request, tenant.workspaceId, headers, text('Bytes kept as uploaded.'));
      const row = await knowledgeRepo.findKnowledge(stack.deps.db, tenant.workspaceId, res.body.knowledgeId);
      assert.ok(row?.storage_key?.startsWith(`org/${tenant.organizationId}/ws/${tenant.workspaceId}/uploads/`));
      assert.equal((await stack.deps.storage.get(row!.storage_key!))?.toString(), 'Bytes kept as uploaded.');
    });
  });

  describe('deletes', () => {
    it('deletes a single item synchronously, and refuses one with children', async () => {
      const link = await stack.request('POST', k('/link'), {
        headers,
        json: { type: 'LINK', url: 'https://x.example' },
      });
      const del = await stack.request('DELETE', k(`/${link.body.id}`), { headers });
      assert.equal(del.status, 200, del.text);
      assert.deepEqual(del.body, { success: true });
      assertError(await stack.request('GET', k(`/${link.body.id}`), { headers }), 404, 'Knowledge item not found');
      assertError(await stack.request('DELETE', k('/nope'), { headers }), 400, 'Invalid knowledge ID format');
      const parent = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'WEBSITE',
        title: 'site',
      });
      await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'URL',
        title: 'page',
        parentId: parent.id,
      });
      assertError(
        await stack.request('DELETE', k(`/${parent.id}`), { headers }),
        400,
        'Item has children, remove them first',
      );
    });

    it('cascades through a tree as a background job, children first', async () => {
      const root = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'WEBSITE',
        title: 'site',
      });
      const ids = [root.id];
      for (let i = 0; i < 3; i++) {
        const child = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
          createdBy: null,
          type: 'URL',
          title: `page ${i}`,
          parentId: root.id,
        });
        ids.push(child.id);
        for (let j = 0; j < 2; j++) {
          const g = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
            createdBy: null,
            type: 'URL',
            title: `sub ${i}.${j}`,
            parentId: child.id,
          });
          ids.push(g.id);
        }
      }
      const keep = await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'STRING',
        title: 'unrelated',
      });
      const res = await stack.request('DELETE', k(`/${root.id}/children`), { headers });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.success, true);
      assert.equal(typeof res.body.message, 'string');
      assert.equal(res.body.jobId, `cascade-delete:${tenant.workspaceId}:${root.id}`);
      const result = await stack.deps.temporal.client.workflow.getHandle(res.body.jobId).result();
      // One batch (of up to 500): the leaves, then the pages they left childless, then the root.
      assert.deepEqual(result, { deleted: 10, batches: 1 });
      for (const id of ids)
        assert.equal(await knowledgeRepo.findKnowledge(stack.deps.db, tenant.workspaceId, id), undefined);
      assert.ok(await knowledgeRepo.findKnowledge(stack.deps.db, tenant.workspaceId, keep.id));
    });
  });

  describe('semantic search', () => {
    async function seed(titleAndText: Array<[string, string]>) {
      const ids: string[] = [];
      for (const [title, body] of titleAndText) {
        const res = await uploadRequest(stack.request, tenant.workspaceId, headers, text(body), { title });
        assert.equal(res.status, 200, res.text);
        ids.push(res.body.knowledgeId);
      }
      return ids;
    }

    it('ranks paraphrases first, one result per item, excerpts of at most 500 characters', async () => {
      const [refund, shipping, password] = await seed([
        [
          'Refunds',
          `Customers who are unhappy with a purchase receive their money back within 30 days. ${'Details follow. '.repeat(60)}`,
        ],
        ['Delivery', 'Parcels leave our warehouse within two business days and arrive by courier.'],
        ['Account security', 'To change your login secret, open settings and choose a new passphrase.'],
      ]);
      const res = await semantic({ query: 'Can I return an item and be reimbursed?', limit: 3 });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.total, res.body.results.length);
      assert.deepEqual(res.body.results.map((r: { id: string }) => r.id)[0], refund);
      const ids = res.body.results.map((r: { id: string }) => r.id);
      assert.equal(new Set(ids).size, ids.length, 'one result per item');
      for (const r of res.body.results) {
        assert.ok(r.content.length <= 500);
        assert.ok(r.score >= 0 && r.score <= 1);
        for (const field of ['id', 'title', 'type', 'url', 'content', 'metadata', 'score', 'createdAt', 'updatedAt']) {
          assert.ok(field in r, `${field} in result`);
        }
      }
      const scores = res.body.results.map((r: { score: number }) => r.score);
      assert.deepEqual(
        [...scores].sort((a, b) => b - a),
        scores,
        'highest score first',
      );
      assert.equal((await semantic({ query: 'shipment arrival time', limit: 1 })).body.results[0].id, shipping);
      assert.equal((await semantic({ query: 'how do I reset my credentials', limit: 1 })).body.results[0].id, password);
    });

    it('validates query, limit, roleIds and audienceId, and requires both credentials', async () => {
      assertError(await semantic({}), 400, 'Missing required field');
      assertError(await semantic({ query: '   ' }), 400, 'Missing required field');
      for (const limit of [0, 51, 2.5, 'ten']) {
        assertError(await semantic({ query: 'x', limit }), 400, 'Invalid limit value, must be between 1 and 50');
      }
      assertError(await semantic({ query: 'x', roleIds: ['nope'] }), 400, 'roleIds must be an array of valid UUIDs');
      assertError(await semantic({ query: 'x', roleIds: 'abc' }), 400, 'roleIds must be an array of valid UUIDs');
      assertError(await semantic({ query: 'x', audienceId: randomUUID() }), 404, 'Audience not found');
      assertError(await semantic({ query: 'x' }, headers), 401, 'Invalid or missing API key');
      // The key is read in the same query as the token's context: unknown and revoked keys are 401, another
      // workspace's key 403.
      const unknown = `sk-kws-${'A'.repeat(43)}`;
      assertError(
        await semantic({ query: 'x' }, { ...headers, 'x-api-key': unknown }),
        401,
        'Invalid or missing API key',
      );
      const other = await createTenant(stack.deps.db);
      assertError(
        await semantic({ query: 'x' }, { ...headers, 'x-api-key': other.apiKey }),
        403,
        'Insufficient permissions',
      );
      const spare = await createApiKey(stack.deps, tenant.workspaceId, 'spare');
      assert.equal((await semantic({ query: 'x' }, { ...headers, 'x-api-key': spare.apiKey })).status, 200);
      await apiKeysRepo.revokeApiKey(stack.deps.db, tenant.workspaceId, spare.row.id);
      assertError(
        await semantic({ query: 'x' }, { ...headers, 'x-api-key': spare.apiKey }),
        401,
        'Invalid or missing API key',
      );
      const { authorization, ...withoutBearer } = searchHeaders;
      void authorization;
      assertError(await semantic({ query: 'x' }, withoutBearer), 401, 'Invalid or expired access token');
    });

    it('applies roleIds and audienceId filters inside the query: a limit of N returns N accessible items', async () => {
      const roleA = await createRole(stack.deps.db, tenant.workspaceId);
      const roleB = await createRole(stack.deps.db, tenant.workspaceId);
      const audience = randomUUID();
      await stack.deps.db('audiences').insert({ id: audience, workspace_id: tenant.workspaceId, name: 'partners' });
      const ids = await seed(
        Array.from(
          { length: 8 },
          (_, i) => [`Doc ${i}`, `Quarterly revenue report number ${i} for the finance team.`] as [string, string],
        ),
      );
      const forA = ids.slice(0, 3);
      for (const id of forA)
        await stack.deps
          .db('knowledge_roles')
          .insert({ knowledge_id: id, role_id: roleA.id, workspace_id: tenant.workspaceId });
      await stack.deps
        .db('knowledge_roles')
        .insert({ knowledge_id: ids[7], role_id: roleB.id, workspace_id: tenant.workspaceId });
      await stack.deps
        .db('knowledge_audiences')
        .insert({ knowledge_id: ids[0], audience_id: audience, workspace_id: tenant.workspaceId });
      await stack.deps
        .db('knowledge_audiences')
        .insert({ knowledge_id: ids[7], audience_id: audience, workspace_id: tenant.workspaceId });

      const a = await semantic({ query: 'finance numbers', limit: 3, roleIds: [roleA.id] });
      assert.deepEqual(new Set(a.body.results.map((r: { id: string }) => r.id)), new Set(forA));
      const ab = await semantic({ query: 'finance numbers', limit: 10, roleIds: [roleA.id, roleB.id] });
      assert.equal(ab.body.results.length, 4);
      const aud = await semantic({ query: 'finance numbers', audienceId: audience });
      assert.deepEqual(new Set(aud.body.results.map((r: { id: string }) => r.id)), new Set([ids[0], ids[7]]));
      const both = await semantic({ query: 'finance numbers', audienceId: audience, roleIds: [roleB.id] });
      assert.deepEqual(
        both.body.results.map((r: { id: string }) => r.id),
        [ids[7]],
      );
    });
  });

  describe('search modes', () => {
    async function seed(items: Array<{ title: string; body: string; language?: string }>) {
      const ids: string[] = [];
      for (const item of items) {
        const res = await uploadRequest(stack.request, tenant.workspaceId, headers, text(item.body), {
          title: item.title,
          language: item.language,
        });
        assert.equal(res.status, 200, res.text);
        ids.push(res.body.knowledgeId);
      }
      return ids;
    }
    const ids = (res: { body: { results: Array<{ id: string }> } }) => res.body.results.map((r) => r.id);

    it('keyword and hybrid find an identifier; the default is the semantic ranking; every score is in [0, 1]', async () => {
      const [bytecode, refunds] = await seed([
        {
          title: 'Interpreter settings',
          body: 'Set PYTHONDONTWRITEBYTECODE to a non-empty string and no .pyc files are written.',
          language: 'en',
        },
        { title: 'Refunds', body: 'Customers are refunded within 30 days of a return.', language: 'en' },
        { title: 'Delivery', body: 'Parcels leave the warehouse within two business days.' },
      ]);
      const keyword = await semantic({ query: 'PYTHONDONTWRITEBYTECODE', mode: 'keyword' });
      assert.equal(keyword.status, 200, keyword.text);
      assert.deepEqual(ids(keyword), [bytecode], 'keyword results are the matching items only');
      const hybrid = await semantic({ query: 'PYTHONDONTWRITEBYTECODE', mode: 'hybrid' });
      assert.equal(ids(hybrid)[0], bytecode);
      assert.equal(hybrid.body.results.length, 3, 'hybrid also ranks what only the vector side finds');
      // English stemming for items in English: "refunding" finds "refunded".
      assert.deepEqual(ids(await semantic({ query: 'refunding', mode: 'keyword' })), [refunds]);

      const byDefault = await semantic({ query: 'how long until my money comes back', limit: 3 });
      const explicit = await semantic({ query: 'how long until my money comes back', limit: 3, mode: 'semantic' });
      assert.deepEqual(byDefault.body, explicit.body);
      assert.equal(ids(byDefault)[0], refunds);
      for (const res of [keyword, hybrid, byDefault]) {
        const scores = res.body.results.map((r: { score: number }) => r.score);
        assert.ok(
          scores.every((s: number) => s >= 0 && s <= 1),
          `scores ${scores}`,
        );
        assert.deepEqual(
          [...scores].sort((a, b) => b - a),
          scores,
          'highest score first',
        );
      }
    });

    it('parses each item with its language, re-indexes it when the language changes, and takes any text', async () => {
      const [german] = await seed([{ title: 'Morgens', body: 'Die Kinder laufen jeden Morgen durch den Park.' }]);
      // Without a language the item is indexed word for word (`simple`): the German stem does not match.
      assert.deepEqual(ids(await semantic({ query: 'Kind', mode: 'keyword' })), []);
      const put = await stack.request('PUT', k(`/${german}/reservedField`), {
        headers,
        json: { type: 'FILE', title: 'Morgens', language: 'de' },
      });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(ids(await semantic({ query: 'Kind', mode: 'keyword' })), [german]);
      assert.deepEqual(ids(await semantic({ query: 'Kinder', mode: 'hybrid', limit: 1 })), [german]);

      // Query syntax is not interpreted: operators, quotes and backslashes are plain text.
      for (const query of [`'\\ & | ! ( ) : * "`, "Kinder' | 'x", 'Kinder & !Park', '-Park Kinder', 'a\\\\b:*']) {
        for (const mode of ['keyword', 'hybrid']) {
          const res = await semantic({ query, mode });
          assert.equal(res.status, 200, `${mode} ${query}: ${res.text}`);
        }
      }
      assert.deepEqual(ids(await semantic({ query: 'Kinder & !Park', mode: 'keyword' })), [german]);
      assert.deepEqual(ids(await semantic({ query: `'\\ & | ! ( ) : *`, mode: 'keyword' })), []);
    });

    it('validates mode', async () => {
      for (const mode of ['fuzzy', 5, '', null, 'SEMANTIC']) {
        assertError(await semantic({ query: 'x', mode }), 400, 'mode must be one of semantic, hybrid, keyword');
      }
    });

    it('applies roleIds and audienceId inside the keyword and hybrid queries', async () => {
      const role = await createRole(stack.deps.db, tenant.workspaceId);
      const all = await seed(
        Array.from({ length: 6 }, (_, i) => ({ title: `Ledger ${i}`, body: `Ledger reconciliation note ${i}.` })),
      );
      const allowed = all.slice(0, 2);
      for (const id of allowed) {
        await stack.deps
          .db('knowledge_roles')
          .insert({ knowledge_id: id, role_id: role.id, workspace_id: tenant.workspaceId });
      }
      for (const mode of ['keyword', 'hybrid']) {
        const res = await semantic({ query: 'ledger reconciliation', mode, limit: 2, roleIds: [role.id] });
        assert.deepEqual(new Set(ids(res)), new Set(allowed), mode);
        const none = await semantic({ query: 'ledger', mode, audienceId: randomUUID() });
        assert.equal(none.status, 404);
      }
    });
  });

  describe('title search', () => {
    it('matches case-insensitive partial titles, newest first, without score, at both addresses', async () => {
      for (const title of ['Onboarding checklist', 'Offboarding CHECKLIST', 'Holiday calendar']) {
        await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
          createdBy: null,
          type: 'STRING',
          title,
          content: `${title} body`,
        });
        await new Promise((r) => setTimeout(r, 5));
      }
      for (const path of [`/workspaces/${tenant.workspaceId}/knowledge/search-title`, k('/search-title')]) {
        const res = await stack.request('POST', path, { headers, json: { title: 'checklist' } });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(
          res.body.results.map((r: { title: string }) => r.title),
          ['Offboarding CHECKLIST', 'Onboarding checklist'],
        );
        assert.equal(res.body.total, 2);
        assert.ok(!('score' in res.body.results[0]));
        assert.equal(res.body.results[0].content, 'Offboarding CHECKLIST body');
      }
      assert.equal(
        (await stack.request('POST', k('/search-title'), { headers, json: { title: '%' } })).body.total,
        0,
        'LIKE wildcards are literal',
      );
      assertError(
        await stack.request('POST', k('/search-title'), { headers, json: {} }),
        400,
        'Missing required field',
      );
      assertError(
        await stack.request('POST', k('/search-title'), { headers, json: { title: 'x', limit: 99 } }),
        400,
        'Invalid limit value, must be between 1 and 50',
      );
    });
  });

  describe('metadata search', () => {
    it('matches exactly with AND across keys, pages, and carries uploadFileMetadata and coreKnowledgeItems', async () => {
      const file = await uploadRequest(
        stack.request,
        tenant.workspaceId,
        headers,
        text('Solar panels need cleaning twice a year.'),
        {
          title: 'Maintenance',
          language: 'en',
        },
      );
      await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'STRING',
        title: 'Maintenance',
        language: 'de',
      });
      await knowledgeRepo.insertKnowledge(stack.deps.db, tenant.workspaceId, {
        createdBy: null,
        type: 'STRING',
        title: 'maintenance',
        language: 'en',
      });
      const search = (json: unknown) => stack.request('POST', k('/search'), { headers, json });
      const res = await search({ metadata: { title: 'Maintenance', language: 'en' } });
      assert.equal(res.status, 200, res.text);
      assert.ok(Array.isArray(res.body));
      assert.equal(res.body.length, 1);
      const [item] = res.body;
      assert.equal(item.id, file.body.knowledgeId);
      assert.equal(item.type, 'FILE');
      assert.deepEqual(item.uploadFileMetadata, { filename: 'note.txt', mimetype: 'text/plain' });
      assert.equal(item.coreKnowledgeItems[0].type, 'TEXT');
      assert.match(item.coreKnowledgeItems[0].content, /Solar panels/);
      assert.equal(item.metadata.title, 'Maintenance');
      assert.equal(item.metadata.language, 'en');
      assert.equal((await search({ metadata: { type: 'STRING' } })).body.length, 2);
      const paged = await search({ metadata: { status: 'COMPLETED' }, page: 2, limit: 2 });
      assert.equal(paged.body.length, 1);
      assert.equal(paged.headers['x-total-count'], '3');
      assertError(await search({ metadata: {} }), 400, 'metadata must be an object with at least one property');
      assertError(await search({}), 400);
      // A semantic search's body at this path (the two differ by /v1): the hint names the one it was meant for.
      const semantic = await search({ query: 'solar panels' });
      assertError(semantic, 400, 'metadata must be an object with at least one property');
      assert.deepEqual([semantic.body.code, semantic.body.param], ['missing_field', 'metadata']);
      assert.match(semantic.body.hint, /take query at POST \/workspaces\/[0-9a-f-]{36}\/knowledge\/search \(no \/v1\)/);
      const unknown = await search({ metadata: { color: 'red' } });
      assertError(unknown, 400, 'Unknown field: metadata.color');
      assert.equal(unknown.body.param, 'metadata.color');
      assert.match(unknown.body.hint, /metadata takes status, type, language, title/);
      assertError(await search({ metadata: { status: 'DONE' } }), 400);
      assertError(
        await search({ metadata: { type: 'FILE' }, limit: 101 }),
        400,
        'limit must be an integer from 1 to 100',
      );
    });
  });
});
