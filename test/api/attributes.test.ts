// Item attributes over the API: set on every create path (text, URL, website, upload, unpacked archive) and by
// PATCH, returned on reads, inherited by a website's pages and an archive's files; and the 400s of a filter or
// attributes the service cannot take, each naming the problem and its place.
import assert from 'node:assert/strict';
import * as f from '../fixtures/generate';
import { type Tenant } from '../helpers/factories';
import { followUpload, uploadRequest } from '../helpers/knowledge';
import { page, startSite, type TestSite } from '../helpers/site';
import { stackWithTenant, type TestStack } from '../helpers/stack';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('item attributes and filters', function () {
  this.timeout(180_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let site: TestSite;
  const k = (path = '') => `/v1/workspaces/${tenant.workspaceId}/knowledge${path}`;
  const post = (path: string, json: unknown) => stack.request('POST', k(path), { headers, json });
  const get = async (id: string) => {
    const res = await stack.request('GET', k(`/${id}`), { headers });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const list = async (filter: unknown) => {
    const res = await stack.request('GET', k(`?limit=100&filter=${encodeURIComponent(JSON.stringify(filter))}`), {
      headers,
    });
    assert.equal(res.status, 200, res.text);
    return (res.body.knowledge as Array<{ id: string; parentId: string | null; attributes: unknown }>).map((x) => x);
  };
  async function settled(id: string) {
    for (let i = 0; i < 1200; i++) {
      const item = await get(id);
      if (item.status !== 'BACKGROUND_START') return item;
      await sleep(100);
    }
    throw new Error(`item ${id} still processing`);
  }
  async function jobDone(jobId: string) {
    for (let i = 0; i < 1200; i++) {
      const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/background-jobs`, {
        headers,
        json: { jobIds: [jobId] },
      });
      if (res.body.jobs[0].status !== 'RUNNING') return;
      await sleep(100);
    }
    throw new Error(`job ${jobId} still running`);
  }

  before(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
    site = await startSite();
    site.routes.set('/', page('Home', ['Quarterly planning notes for the platform team.'], ['/next']));
    site.routes.set('/next', page('Next', ['Roadmap items for the next quarter.'], ['/']));
  });
  after(async () => {
    await site?.close();
  });

  it('text items carry their attributes, and PATCH replaces them (null clears)', async () => {
    const created = await post('/text', {
      title: 'Planning',
      content: 'The plan for the year.',
      attributes: { team: 'core', year: 2024, draft: true, due: '2024-06-01' },
    });
    assert.equal(created.status, 201, created.text);
    const item = await settled(created.body.id);
    assert.deepEqual(item.attributes, { team: 'core', year: 2024, draft: true, due: '2024-06-01' });
    assert.deepEqual(
      (await list({ type: 'gte', key: 'due', value: '2024-05-31T23:00:00Z' })).map((x) => x.id),
      [created.body.id],
    );
    const patched = await stack.request('PATCH', k(`/${created.body.id}`), {
      headers,
      json: { attributes: { team: 'web' } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.body.attributes, { team: 'web' });
    assert.deepEqual((await get(created.body.id)).attributes, { team: 'web' });
    const search = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...headers, 'x-api-key': tenant.apiKey },
      json: { query: 'plan', filter: { type: 'eq', key: 'team', value: 'web' } },
    });
    assert.equal(search.status, 200, search.text);
    assert.deepEqual(
      search.body.results.map((r: { id: string }) => r.id),
      [created.body.id],
    );
    assert.deepEqual(search.body.results[0].attributes, { team: 'web' });
    const cleared = await stack.request('PATCH', k(`/${created.body.id}`), { headers, json: { attributes: null } });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(cleared.body.attributes, {});
  });

  it("a website's pages inherit its attributes, and a PATCH of the site reaches them", async () => {
    const created = await post('/website', { url: `${site.origin}/`, maxPages: 5, attributes: { source: 'site' } });
    assert.equal(created.status, 200, created.text);
    await jobDone(created.body.jobId);
    const pages = (await list({ type: 'eq', key: 'parentId', value: created.body.id })).filter(
      (x) => x.parentId === created.body.id,
    );
    assert.ok(pages.length >= 2, JSON.stringify(pages));
    for (const p of pages) assert.deepEqual(p.attributes, { source: 'site' });
    // A page's own value survives the parent's change; the rest follows the parent.
    const own = await stack.request('PATCH', k(`/${pages[0]!.id}`), {
      headers,
      json: { attributes: { source: 'site', pinned: true } },
    });
    assert.equal(own.status, 200, own.text);
    await stack.request('PATCH', k(`/${created.body.id}`), { headers, json: { attributes: { source: 'web' } } });
    assert.deepEqual((await get(pages[0]!.id)).attributes, { source: 'web', pinned: true });
    assert.deepEqual((await get(pages[1]!.id)).attributes, { source: 'web' });
    const found = await list({
      type: 'and',
      filters: [
        { type: 'eq', key: 'source', value: 'web' },
        { type: 'eq', key: 'pinned', value: true },
      ],
    });
    assert.deepEqual(
      found.map((x) => x.id),
      [pages[0]!.id],
    );
  });

  it('a URL item and an upload carry attributes; an unpacked archive passes them to its files', async () => {
    const url = await post('/url', { url: `${site.origin}/next`, attributes: { kind: 'url' } });
    assert.equal(url.status, 200, url.text);
    assert.deepEqual((await settled(url.body.id)).attributes, { kind: 'url' });

    const upload = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('Upload notes about budgets.') },
      { attributes: JSON.stringify({ kind: 'file', pages: 1 }) },
    );
    assert.equal(upload.status, 200, upload.text);
    const { item } = await followUpload(stack.request, tenant.workspaceId, headers, upload.body.uploadFileMetadataId);
    assert.deepEqual(item.attributes, { kind: 'file', pages: 1 });

    const zip = f.makeZip([
      { name: 'a.txt', data: Buffer.from('First member text.') },
      { name: 'b.txt', data: Buffer.from('Second member text.') },
    ]);
    const archive = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'two.zip', contentType: 'application/zip', bytes: zip },
      { unpack: 'true', attributes: JSON.stringify({ kind: 'archive' }) },
    );
    assert.equal(archive.status, 200, archive.text);
    await jobDone(archive.body.jobId);
    const members = (await list({ type: 'eq', key: 'kind', value: 'archive' })).filter(
      (x) => x.parentId === archive.body.id,
    );
    assert.equal(members.length, 2, JSON.stringify(members));
    for (const m of members) assert.deepEqual(m.attributes, { kind: 'archive' });

    // A child's own values and its parent's new ones may not exceed 16 keys together: the PATCH is refused whole.
    const keys = (prefix: string, n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
    const member = members[0]!.id;
    const own = await stack.request('PATCH', k(`/${member}`), {
      headers,
      json: { attributes: { kind: 'archive', ...keys('a', 9) } },
    });
    assert.equal(own.status, 200, own.text);
    const tooMany = await stack.request('PATCH', k(`/${archive.body.id}`), {
      headers,
      json: { attributes: keys('b', 8) },
    });
    assert.equal(tooMany.status, 400, tooMany.text);
    assert.match(tooMany.body.message, /1 of this item's children would carry more than 16 keys/);
    assert.deepEqual((await get(archive.body.id)).attributes, { kind: 'archive' });
    assert.deepEqual((await get(member)).attributes, { kind: 'archive', ...keys('a', 9) });
    const fits = await stack.request('PATCH', k(`/${archive.body.id}`), {
      headers,
      json: { attributes: keys('b', 7) },
    });
    assert.equal(fits.status, 200, fits.text);
    assert.deepEqual((await get(member)).attributes, { ...keys('b', 7), ...keys('a', 9) });
    assert.deepEqual((await get(members[1]!.id)).attributes, keys('b', 7));
  });

  it('answers 400 naming the problem for a filter or attributes it cannot take', async () => {
    const search = (filter: unknown) =>
      stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query: 'x', filter },
      });
    const deep = (n: number): unknown =>
      n === 1 ? { type: 'eq', key: 'a', value: 1 } : { type: 'or', filters: [deep(n - 1)] };
    const cases: Array<[unknown, RegExp]> = [
      [{ type: 'like', key: 'a', value: 1 }, /^filter\.type must be one of eq, ne, gt/],
      [
        { type: 'and', filters: [{ type: 'gt', key: 'a', value: true }] },
        /^filter\.filters\[0\]\.value: gt needs a number or an ISO 8601 date/,
      ],
      [{ type: 'in', key: 'a', value: 1 }, /^filter\.value: in needs an array/],
      [{ type: 'lt', key: 'createdAt', value: 'last week' }, /createdAt compares against ISO 8601 dates/],
      [deep(6), /nest at most 5 levels/],
    ];
    for (const [filter, message] of cases) {
      const res = await search(filter);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error, 'Bad Request');
      assert.match(res.body.message, message);
    }
    assert.equal((await search(deep(5))).status, 200);
    const title = await stack.request('POST', k('/search-title'), {
      headers,
      json: { title: 'x', filter: { type: 'gte', key: 'type', value: 'FILE' } },
    });
    assert.equal(title.status, 400, title.text);
    assert.match(title.body.message, /gte does not apply to type/);
    // The whole filter is bounded, not only each level (each level alone allowed 20^4 comparisons).
    const wide = {
      type: 'or',
      filters: Array.from({ length: 5 }, () => ({
        type: 'and',
        filters: Array.from({ length: 16 }, (_, i) => ({ type: 'eq', key: `k${i}`, value: i })),
      })),
    };
    const tooWide = await search(wide);
    assert.equal(tooWide.status, 400, tooWide.text);
    assert.equal(tooWide.body.message, 'filter holds 80 comparisons; at most 64 in all');
    // A date PostgreSQL cannot hold once its offset applies (it answered 500), and NUL in a value on the Agent
    // API, whose own validator did not look inside the filter (PostgreSQL refused it: 500).
    const ancient = await stack.request(
      'GET',
      k(
        `?filter=${encodeURIComponent(JSON.stringify({ type: 'gt', key: 'createdAt', value: '0001-01-01T00:00+01:00' }))}`,
      ),
      { headers },
    );
    assert.equal(ancient.status, 400, ancient.text);
    assert.match(ancient.body.message, /^filter\.value: createdAt compares against ISO 8601 dates/);
    const agent = (path: string, json: unknown) =>
      stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/agent${path}`, { headers, json });
    for (const res of [
      await agent('/rag', { text: 'x', filter: { type: 'eq', key: 'language', value: 'a\u0000' } }),
      await agent('/tools/knowledge_search/execute', {
        input: { query: 'x', filter: { type: 'in', key: 'c', value: ['ok', '\u0000'] } },
      }),
    ]) {
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, /must not contain NUL characters or unpaired surrogates/);
    }
    assert.equal((await stack.request('GET', k('?filter='), { headers })).status, 200);
    const badJson = await stack.request('GET', k('?filter=%7Bnope'), { headers });
    assert.equal(badJson.status, 400, badJson.text);
    assert.match(badJson.body.message, /filter must be a JSON-encoded filter object/);

    const text = (attributes: unknown) => post('/text', { title: 't', content: 'c', attributes });
    for (const [attributes, message] of [
      [{ type: 'x' }, /attributes\.type: type is a built-in key/],
      [{ 'bad key': 1 }, /must match/],
      [{ a: 'x'.repeat(513) }, /attributes\.a must be at most 512 characters/],
      [Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])), /at most 16 keys/],
      [{ a: [1] }, /attributes\.a must be a string, a number or a boolean/],
    ] as Array<[unknown, RegExp]>) {
      const res = await text(attributes);
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, message);
    }
    const upload = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      headers,
      { filename: 'x.txt', contentType: 'text/plain', bytes: Buffer.from('x') },
      { attributes: '{not json' },
    );
    assert.equal(upload.status, 400, upload.text);
    assert.match(upload.body.message, /attributes must be a JSON object/);
    const created = await post('/text', { title: 't', content: 'c' });
    const patch = await stack.request('PATCH', k(`/${created.body.id}`), { headers, json: { attributes: 5 } });
    assert.equal(patch.status, 400, patch.text);
    assert.match(patch.body.message, /attributes must be an object/);
  });
});
