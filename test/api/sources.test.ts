// Text, URL and website knowledge over HTTPS against the real stack: the pages come from a small site
// served by an HTTP server inside the test (several pages, a robots.txt disallowed path and Crawl-delay,
// an external link, a redirect, a linked PDF). The shared stack allows private networks (the site is on
// loopback); the SSRF refusals are checked on a second app instance with the rule on.
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import * as workspaces from '../../src/db/repositories/workspaces';
import * as f from '../fixtures/generate';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { followUpload, uploadRequest } from '../helpers/knowledge';
import { countsSnapshot } from '../helpers/searchCounts';
import { page, startSite, type TestSite } from '../helpers/site';
import { getStack, stackWithTenant, type TestStack } from '../helpers/stack';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Item {
  id: string;
  type: string;
  title?: string;
  content: string;
  url: string | null;
  status: string;
  messageError?: string;
  parentId: string | null;
  metadata: Record<string, unknown> & { title: string };
  updatedAt: string;
}

describe('text, URL and website knowledge', function () {
  this.timeout(180_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let site: TestSite;
  let external: TestSite;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;
  const k = (path = '') => v1(`/knowledge${path}`);
  const post = (path: string, json: unknown, h = headers) => stack.request('POST', k(path), { headers: h, json });

  async function getItem(id: string, h = headers): Promise<Item> {
    const res = await stack.request('GET', k(`/${id}`), { headers: h });
    assert.equal(res.status, 200, res.text);
    return res.body as Item;
  }

  async function waitForItem(id: string): Promise<Item> {
    for (let i = 0; i < 1200; i++) {
      const item = await getItem(id);
      if (item.status !== 'BACKGROUND_START') return item;
      await sleep(100);
    }
    throw new Error(`item ${id} still processing`);
  }

  async function job(jobId: string) {
    const res = await stack.request('POST', v1('/background-jobs'), { headers, json: { jobIds: [jobId] } });
    assert.equal(res.status, 200, res.text);
    return res.body.jobs[0];
  }

  async function waitForJob(jobId: string) {
    for (let i = 0; i < 1200; i++) {
      const state = await job(jobId);
      if (state.status !== 'RUNNING') return state;
      await sleep(100);
    }
    throw new Error(`job ${jobId} still running`);
  }

  async function children(parentId: string, h = headers): Promise<Item[]> {
    const res = await stack.request('GET', k('?limit=100'), { headers: h });
    assert.equal(res.status, 200, res.text);
    return (res.body.knowledge as Item[]).filter((x) => x.parentId === parentId);
  }

  async function search(query: string, h = headers, limit = 10, mode?: string) {
    const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...h, 'x-api-key': tenant.apiKey },
      json: { query, limit, ...(mode ? { mode } : {}) },
    });
    assert.equal(res.status, 200, res.text);
    return res.body.results as Array<{ id: string; type: string; url: string; content: string; score: number }>;
  }

  /** The site: five pages, a redirect, a disallowed path, an external link, a PDF, a stylesheet. */
  async function buildSite() {
    site.routes.clear();
    site.log.length = 0;
    site.routes.set('/robots.txt', {
      body: 'User-agent: *\nDisallow: /private/\nCrawl-delay: 0.2\n',
      type: 'text/plain',
    });
    site.routes.set(
      '/',
      page(
        'Acme Analytics',
        ['Acme Analytics turns warehouse data into dashboards that every team can read.'],
        [
          '/pricing',
          '/pricing?utm_source=home#plans',
          '/about',
          '/old-docs',
          '/private/launch-plan',
          `${external.origin}/partner`,
          '/files/handbook.pdf',
          '/style.css',
          'mailto:sales@acme.example',
        ],
      ),
    );
    site.routes.set(
      '/pricing',
      page(
        'Pricing',
        [
          'The starter plan costs twelve dollars per seat each month and includes five dashboards.',
          'The enterprise plan adds single sign-on, audit logs and a dedicated success manager.',
        ],
        ['/'],
      ),
    );
    site.routes.set(
      '/about',
      page('About us', ['Acme was founded in Lisbon by three data engineers who disliked spreadsheets.'], ['/team']),
    );
    site.routes.set('/team', page('Team', ['Our support engineers answer tickets around the clock.'], ['/']));
    site.routes.set('/old-docs', { redirect: '/docs' });
    site.routes.set(
      '/docs',
      page('Documentation', ['To connect a warehouse, paste its connection string in the settings page.'], ['/']),
    );
    site.routes.set(
      '/private/launch-plan',
      page('Secret', ['The confidential launch of the quantum product happens in May.'], []),
    );
    site.routes.set('/style.css', { body: 'body { color: black }', type: 'text/css' });
    site.routes.set('/files/handbook.pdf', {
      body: await f.makePdf(['Employees receive thirty days of paid vacation every year.']),
      type: 'application/pdf',
    });
  }

  before(async () => {
    stack = await getStack();
    site = await startSite('127.0.0.1');
    external = await startSite('localhost');
    external.routes.set('/partner', page('Partner', ['An external partner page that must never be crawled.']));
  });
  after(async () => {
    await site.close();
    await external.close();
  });
  // Text, URL, crawled and recrawled pages, archive members, inherited role assignments and cascade deletes
  // all write through the shared indexing path: after each test the counts the search plan reads
  // (migration 0009_hybrid_search's triggers) still equal a count of the rows.
  afterEach(async () => {
    const { kept, truth } = await countsSnapshot(stack.deps.db, tenant.workspaceId);
    assert.deepEqual(kept, truth, 'searchable-chunk counts differ from the rows');
  });

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
    await buildSite();
  });

  describe('text', () => {
    it('creates a STRING item that is chunked, embedded and found by semantic search', async () => {
      const res = await post('/text', {
        title: 'Refund policy',
        content: 'Customers may return any product within sixty days for a full refund, no questions asked.',
        language: 'en',
        metadata: { team: 'support' },
      });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(Object.keys(res.body).sort(), ['id', 'jobId', 'knowledgeId', 'status']);
      assert.equal(res.body.id, res.body.knowledgeId);
      assert.equal(res.body.status, 'BACKGROUND_START');
      const item = await waitForItem(res.body.id);
      assert.equal(item.status, 'COMPLETED', item.messageError);
      assert.equal(item.type, 'STRING');
      assert.equal(item.metadata.title, 'Refund policy');
      assert.equal(item.metadata.team, 'support');
      assert.equal(item.metadata.language, 'en');
      assert.equal((await waitForJob(res.body.jobId)).status, 'COMPLETED');
      const [hit] = await search('can I send back something I bought and get my money?');
      assert.equal(hit?.id, res.body.id);
      assert.equal(hit?.type, 'STRING');
    });

    it('rejects a missing or blank title or content and bad fields with 400', async () => {
      assertError(await post('/text', { content: 'x' }), 400, 'Missing required field');
      assertError(await post('/text', { title: 'x' }), 400, 'Missing required field');
      assertError(await post('/text', { title: 'x', content: '   ' }), 400, 'Missing required field');
      assertError(await post('/text', { title: 'x', content: 'y', language: 'not a code' }), 400);
      assertError(await post('/text', { title: 'x', content: 'y', metadata: 'z' }), 400, 'metadata must be an object');
      // The document's maxLength reads the title as sent: padding does not make a longer title fit.
      const padded = { title: ` ${'t'.repeat(1000)} `, content: 'y' };
      assertError(await post('/text', padded), 400, 'title must be at most 1000 characters');
      // The metadata keys the spec names are checked as a link's are (they were stored or dropped unchecked).
      const text = { title: 'T', content: 'y' };
      for (const [json, message, param] of [
        [{ ...text, metadata: { title: 5 } }, 'metadata.title must be a string', 'metadata.title'],
        [
          { ...text, metadata: { language: 'klingon' } },
          'metadata.language must be a language code such as en or pt-BR',
          'metadata.language',
        ],
        [{ ...text, metadata: { description: 7 } }, 'metadata.description must be a string', 'metadata.description'],
      ] as const) {
        const res = await post('/text', json);
        assertError(res, 400, message);
        assert.equal(res.body.param, param, res.text);
      }
      const list = await stack.request('GET', k(), { headers });
      assert.equal(list.body.total, 0, 'nothing was created');
    });

    it("takes the body's title and language over metadata's, and metadata's language alone", async () => {
      const both = await post('/text', {
        title: 'Support hours',
        content: 'Support answers from 08:00 to 20:00 CET on weekdays.',
        language: 'en',
        metadata: { title: 'Hours', language: 'de', description: 'When support answers' },
      });
      assert.equal(both.status, 201, both.text);
      const item = await waitForItem(both.body.id);
      // metadata.language shows the item's own language (the free metadata keeps no copy of it).
      assert.deepEqual(
        [item.metadata.title, item.metadata.language, item.metadata.description],
        ['Support hours', 'en', 'When support answers'],
      );
      const alone = await post('/text', {
        title: 'Öffnungszeiten',
        content: 'Der Support antwortet werktags.',
        metadata: { language: 'de' },
      });
      assert.equal(alone.status, 201, alone.text);
      assert.equal((await waitForItem(alone.body.id)).metadata.language, 'de');
    });
  });

  describe('URL', () => {
    it("fetches the page, indexes its main text (not navigation or footer) and takes the page's title", async () => {
      const url = `${site.origin}/pricing`;
      const res = await post('/url', { url });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.id, res.body.knowledgeId);
      assert.equal(typeof res.body.jobId, 'string');
      const item = await waitForItem(res.body.id);
      assert.equal(item.status, 'COMPLETED', item.messageError);
      assert.equal(item.type, 'URL');
      assert.equal(item.content, url);
      assert.equal(item.metadata.title, 'Pricing');
      assert.equal(item.parentId, null);
      const meta = await stack.request('POST', k('/search'), { headers, json: { metadata: { type: 'URL' } } });
      const text = (meta.body[0].coreKnowledgeItems as Array<{ content: string }>).map((c) => c.content).join('\n');
      assert.match(text, /twelve dollars per seat/);
      assert.doesNotMatch(text, /Footer boilerplate/, 'the footer is not main text');
      const [hit] = await search('how much does the cheapest subscription cost per user?');
      assert.equal(hit?.id, res.body.id);
      assert.equal(hit?.url, url);
    });

    it('keeps a given title and language, and records a page that cannot be fetched as BACKGROUND_ERROR', async () => {
      const titled = await post('/url', { url: `${site.origin}/docs`, title: 'Setup guide', language: 'en' });
      assert.equal(titled.status, 200, titled.text);
      const item = await waitForItem(titled.body.id);
      assert.equal(item.metadata.title, 'Setup guide');
      assert.equal(item.metadata.language, 'en');

      const missing = await post('/url', { url: `${site.origin}/no-such-page` });
      assert.equal(missing.status, 200, missing.text);
      const failed = await waitForItem(missing.body.id);
      assert.equal(failed.status, 'BACKGROUND_ERROR');
      assert.equal(failed.messageError, `Could not fetch ${site.origin}/no-such-page: HTTP 404`);
      const unsupported = await post('/url', { url: `${site.origin}/style.css` });
      assert.match((await waitForItem(unsupported.body.id)).messageError ?? '', /Unsupported content type text\/css/);
    });

    it('rejects bad URLs and unsupported schemes with 400', async () => {
      assertError(await post('/url', {}), 400, 'Missing required field');
      assertError(await post('/url', { url: 'not a url' }), 400, 'Invalid URL format');
      assertError(
        await post('/url', { url: 'ftp://files.example/x' }),
        400,
        'Unsupported URL scheme: only http and https are fetched',
      );
      assertError(await post('/url', { url: 'javascript:alert(1)' }), 400);
      assertError(
        await post('/url', { url: 'http://user:pw@127.0.0.1/' }),
        400,
        'URLs with credentials are not accepted',
      );
      assertError(await post('/url', { url: 'http://no-such-host.invalid/' }), 400);
      assertError(await post('/url', { url: `${site.origin}/x`, title: '' }), 400, 'title must not be empty');
    });

    it('answers 400 within the resolution bound when the host never resolves (a resolver that never answers)', async () => {
      const silent = await stack.serve({
        ...stack.deps,
        config: { ...stack.config, web: { ...stack.config.web, resolve: () => new Promise(() => undefined) } },
      });
      for (const path of ['url', 'website']) {
        const res = await silent.request('POST', k(`/${path}`), { headers, json: { url: 'http://slow-dns.example/' } });
        assertError(res, 400, "The URL's host slow-dns.example could not be resolved");
      }
      const list = await silent.request('GET', k(), { headers });
      assert.equal(list.body.total, 0, 'nothing was created');
    });
  });

  describe('SSRF protection (CRAWL_ALLOW_PRIVATE_NETWORKS off)', () => {
    it('refuses loopback, private, link-local and mapped addresses on every creation endpoint', async () => {
      const guarded = await stack.serve({
        ...stack.deps,
        config: { ...stack.config, web: { ...stack.config.web, allowPrivateNetworks: false } },
      });
      const port = new URL(site.origin).port;
      const REFUSED = /is not allowed: the service does not connect to its address$/;
      // None of these is ever connected to: the refusal comes from the address check.
      const cases: Array<[string, RegExp]> = [
        [
          `http://127.0.0.1:${port}/pricing`,
          /^The URL's host 127\.0\.0\.1 is not allowed: the service does not connect to its address$/,
        ],
        [
          `http://localhost:${port}/pricing`,
          /^The URL's host localhost is not allowed: the service does not connect to its address$/,
        ],
        [`http://[::1]:${port}/`, REFUSED],
        [`http://[::ffff:127.0.0.1]:${port}/`, REFUSED],
        ['http://10.1.2.3/', REFUSED],
        ['http://192.168.0.10/', REFUSED],
        ['http://169.254.169.254/latest/meta-data/', REFUSED],
        ['http://0.0.0.0/', REFUSED],
        ['http://[fd00::1]/', REFUSED],
        ['http://224.0.0.1/', REFUSED],
      ];
      for (const [url, message] of cases) {
        for (const path of ['url', 'website']) {
          const res = await guarded.request('POST', k(`/${path}`), { headers, json: { url } });
          assertError(res, 400);
          assert.match(res.body.message, message, `${path} ${url}`);
          assert.doesNotMatch(res.body.message, /resolves|loopback|private|link-local/, 'the address is not told');
        }
      }
      const list = await guarded.request('GET', k(), { headers });
      assert.equal(list.body.total, 0, 'nothing was created');
      assert.equal(site.log.length, 0, 'the site was never contacted');
    });
  });

  describe('website', () => {
    it('crawls same-origin pages into URL children and a linked PDF into a FILE child, obeying robots.txt', async () => {
      const res = await post('/website', { url: `${site.origin}/` });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.id, res.body.knowledgeId);
      const siteId = res.body.id as string;
      // The site is the root of a website source with its id; its crawl is the source's first sync.
      assert.match(res.body.jobId, new RegExp(`^source-sync:${tenant.workspaceId}:${siteId}:[0-9a-f-]{36}$`));
      const state = await waitForJob(res.body.jobId);
      assert.equal(state.status, 'COMPLETED', JSON.stringify(state));
      const root = await getItem(siteId);
      assert.equal(root.type, 'WEBSITE');
      assert.equal(root.status, 'COMPLETED', root.messageError);
      assert.equal(root.metadata.title, 'Acme Analytics', "the start page's title");
      assert.equal(root.content, `${site.origin}/`);

      const pages = await children(siteId);
      const byUrl = new Map(pages.map((p) => [p.content, p]));
      const urls = pages
        .filter((p) => p.type === 'URL')
        .map((p) => p.content)
        .sort();
      assert.deepEqual(urls, ['/', '/about', '/docs', '/pricing', '/team'].map((p) => `${site.origin}${p}`).sort());
      for (const p of pages) {
        assert.equal(p.status, 'COMPLETED', `${p.content}: ${p.messageError}`);
        assert.equal(p.parentId, siteId);
        assert.equal((await getItem(p.id)).parentId, siteId, 'get shows parentId too');
      }
      assert.equal(byUrl.get(`${site.origin}/pricing`)?.metadata.title, 'Pricing');
      const pdf = pages.find((p) => p.type === 'FILE');
      assert.ok(pdf, 'the linked PDF is a FILE child');
      assert.equal(pdf.content, 'handbook.pdf');
      assert.equal(pdf.url, `${site.origin}/files/handbook.pdf`);

      assert.equal(site.hits('/private/launch-plan'), 0, 'robots.txt disallows /private/');
      assert.equal(site.hits('/robots.txt'), 1, 'robots.txt is read once per crawl');
      assert.equal(external.log.length, 0, 'the external link is never followed');
      assert.equal(site.hits('/pricing?utm_source=home'), 0, 'the tracking variant is the same page');
      assert.equal(site.hits('/pricing'), 1, 'each page is fetched once');
      assert.equal(site.hits('/old-docs'), 1, 'the redirect is followed');
      // Politeness: robots.txt's Crawl-delay (0.2 s) between the crawl's requests (a redirect's hop follows at once).
      const fetches = site.log
        .filter((r, i) => r.path !== '/robots.txt' && !(r.path === '/docs' && site.log[i - 1]?.path === '/old-docs'))
        .map((r) => r.at);
      for (let i = 1; i < fetches.length; i++) {
        assert.ok(fetches[i]! - fetches[i - 1]! >= 190, `requests ${fetches[i]! - fetches[i - 1]!} ms apart`);
      }

      // Five pages and the PDF (the stylesheet is not a document, /old-docs is /docs).
      assert.deepEqual(state.progress, { pagesDone: 6, pagesDiscovered: 6, pagesFailed: 0, pagesSkipped: 0 });
      const source = await stack.request('GET', v1(`/sources/${siteId}`), { headers });
      assert.equal(source.status, 200, source.text);
      assert.equal(source.body.kind, 'website');
      assert.equal(source.body.config.url, `${site.origin}/`);
      assert.equal(source.body.lastSync?.added, 6, JSON.stringify(source.body));
      // Its settings are the source's: a new start URL is the site's url too.
      const moved = await stack.request('PATCH', v1(`/sources/${siteId}`), {
        headers,
        json: { config: { url: `${site.origin}/docs`, maxDepth: 1 } },
      });
      assert.equal(moved.status, 200, moved.text);
      assert.equal((await getItem(siteId)).url, `${site.origin}/docs`);

      const [pricing] = await search('what does the basic plan cost for each user per month?');
      assert.equal(pricing?.id, byUrl.get(`${site.origin}/pricing`)?.id);
      const [vacation] = await search('how many holidays do staff get?');
      assert.equal(vacation?.id, pdf.id, 'the PDF child is searchable');
      assert.ok(!(await search('confidential quantum launch')).some((r) => /quantum/.test(r.content)));

      assertError(
        await stack.request('DELETE', k(`/${siteId}`), { headers }),
        400,
        'Item has children, remove them first',
      );
      const cascade = await stack.request('DELETE', k(`/${siteId}/children`), { headers });
      assert.equal(cascade.status, 200, cascade.text);
      assert.equal((await waitForJob(cascade.body.jobId)).status, 'COMPLETED');
      const after = await stack.request('GET', k(), { headers });
      assert.equal(after.body.total, 0, 'the site and every page are gone');
      assertError(await stack.request('GET', v1(`/sources/${siteId}`), { headers }), 404, 'Source not found');
    });

    it('recrawls: changed pages re-indexed in place, vanished ones removed, new ones added, unchanged kept', async () => {
      const res = await post('/website', { url: `${site.origin}/`, title: 'Acme site' });
      const siteId = res.body.id as string;
      assert.equal((await waitForJob(res.body.jobId)).status, 'COMPLETED');
      const before = new Map((await children(siteId)).map((p) => [p.content, p]));

      site.routes.set(
        '/pricing',
        page('Pricing', ['The starter plan now costs nineteen euros per seat each month.'], ['/']),
      );
      site.routes.delete('/about'); // and with it the only link to /team
      const home = site.routes.get('/')! as { html: string };
      site.routes.set('/', {
        html: home.html.replace('<a href="/about">/about</a>', '<a href="/careers">/careers</a>'),
      });
      site.routes.set('/careers', page('Careers', ['We are hiring a senior frontend developer in Porto.'], ['/']));
      site.log.length = 0;

      const again = await post(`/${siteId}/recrawl`, {});
      assert.equal(again.status, 200, again.text);
      assert.deepEqual(Object.keys(again.body), ['jobId']);
      assert.match(again.body.jobId, new RegExp(`^source-sync:${tenant.workspaceId}:${siteId}:`));
      assert.notEqual(again.body.jobId, res.body.jobId);
      assert.equal((await getItem(siteId)).status, 'BACKGROUND_START');
      const repeat = await post(`/${siteId}/recrawl`, {});
      assert.equal(repeat.body.jobId, again.body.jobId, 'a running crawl is joined, not started twice');
      assert.equal((await waitForJob(again.body.jobId)).status, 'COMPLETED');
      const root = await getItem(siteId);
      assert.equal(root.status, 'COMPLETED');
      assert.equal(root.metadata.title, 'Acme site', 'a given title is kept');

      const now = new Map((await children(siteId)).map((p) => [p.content, p]));
      const at = (p: string) => `${site.origin}${p}`;
      const pageUrls = [...now.values()].filter((p) => p.type === 'URL').map((p) => p.content);
      // /team is no longer linked but still answers at its URL: it is still the site's (a recrawl checks every
      // page it knows, as a 304 tells nothing of a page's links).
      assert.deepEqual(pageUrls.sort(), ['/', '/careers', '/docs', '/pricing', '/team'].map(at).sort());
      assert.ok(!now.has(at('/about')), 'a vanished page is removed');
      assert.equal(now.get(at('/team'))?.id, before.get(at('/team'))?.id);
      assert.equal(now.get(at('/pricing'))?.id, before.get(at('/pricing'))?.id, 'a changed page keeps its id');
      assert.equal(
        now.get(at('/docs'))?.updatedAt,
        before.get(at('/docs'))?.updatedAt,
        'an unchanged page is not re-indexed',
      );
      assert.ok(
        [...now.values()].some((p) => p.type === 'FILE'),
        'the unchanged PDF stays',
      );
      const [hit] = await search('price of the entry plan in euros');
      assert.equal(hit?.id, now.get(at('/pricing'))?.id);
      assert.match(hit?.content ?? '', /nineteen euros/);
      assert.ok(!(await search('twelve dollars per seat', headers, 50)).some((r) => /twelve dollars/.test(r.content)));
      assert.ok((await search('frontend developer job opening')).some((r) => r.id === now.get(at('/careers'))?.id));
    });

    it('honours maxPages, maxDepth and the path filters, and fails the site when the start URL cannot be crawled', async () => {
      const limited = await post('/website', { url: `${site.origin}/`, maxPages: 2 });
      const state = await waitForJob(limited.body.jobId);
      assert.equal(state.progress.pagesDone + state.progress.pagesFailed + state.progress.pagesSkipped, 2);
      assert.equal((await children(limited.body.id)).length, 2);

      const shallow = await post('/website', { url: `${site.origin}/`, maxDepth: 0 });
      await waitForJob(shallow.body.jobId);
      assert.deepEqual(
        (await children(shallow.body.id)).map((p) => p.content),
        [`${site.origin}/`],
      );

      const filtered = await post('/website', {
        url: `${site.origin}/`,
        includePaths: ['/pricing$', '/about', '/team'],
        excludePaths: ['/about'],
      });
      await waitForJob(filtered.body.jobId);
      assert.deepEqual((await children(filtered.body.id)).map((p) => p.content).sort(), [
        `${site.origin}/`,
        `${site.origin}/pricing`,
      ]);

      const missing = await post('/website', { url: `${site.origin}/gone` });
      const missingJob = await waitForJob(missing.body.jobId);
      const failed = await getItem(missing.body.id);
      assert.equal(failed.status, 'BACKGROUND_ERROR');
      assert.equal(failed.messageError, 'The start URL could not be crawled: HTTP 404');
      // The crawl's job fails with the site's reason (it read COMPLETED, whatever the crawl did).
      assert.deepEqual([missingJob.status, missingJob.error], ['FAILED', failed.messageError]);

      const disallowed = await post('/website', { url: `${site.origin}/private/launch-plan` });
      await waitForJob(disallowed.body.jobId);
      assert.equal(
        (await getItem(disallowed.body.id)).messageError,
        'The start URL could not be crawled: disallowed by robots.txt',
      );
      assert.equal(site.hits('/private/launch-plan'), 0);
    });

    it('matches a pathological exclude pattern against long links without freezing the service, and skips links over the cap', async () => {
      const own = await startSite('127.0.0.1');
      try {
        const pathological = `/x/${'a'.repeat(1500)}`; // under the cap: matched (a backtracking regex never ends)
        const overCap = `/x/${'a'.repeat(3000)}`; // over the cap: skipped before any matching
        own.routes.set('/robots.txt', { body: 'User-agent: *\nDisallow: /x/*a*a*a*b.html\n', type: 'text/plain' });
        own.routes.set(
          '/',
          page(
            'Long links',
            ['A page whose links are very long.'],
            [pathological, overCap, '/x/banana-c.html', '/x/kept.html'],
          ),
        );
        for (const path of [pathological, '/x/banana-c.html', '/x/kept.html']) {
          own.routes.set(path, page(`Page ${path.length}`, ['Some words on a linked page of the long links site.']));
        }
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        const res = await post('/website', { url: `${own.origin}/`, excludePaths: ['/x/*a*a*a*c.html'] });
        assert.equal(res.status, 200, res.text);
        // The API answers while the crawl runs (every poll is a request to it).
        assert.equal((await waitForJob(res.body.jobId)).status, 'COMPLETED');
        delay.disable();
        assert.deepEqual((await children(res.body.id)).map((p) => new URL(p.content).pathname).sort(), [
          '/',
          pathological,
          '/x/kept.html',
        ]);
        assert.equal(own.hits('/x/banana-c.html'), 0, 'excluded by the pattern');
        assert.equal(own.hits(overCap), 0, 'over the length cap');
        // Nothing held the event loop for long: a frozen matcher would hold it for hours.
        assert.ok(delay.max < 5_000_000_000, `event loop delay ${delay.max} ns`);
      } finally {
        await own.close();
      }
    });

    it('validates its input and the recrawl target', async () => {
      const bad: Array<[unknown, string]> = [
        [{}, 'Missing required field'],
        [{ url: `${site.origin}/`, maxPages: 0 }, 'maxPages must be an integer from 1 to 1000'],
        [{ url: `${site.origin}/`, maxPages: 1001 }, 'maxPages must be an integer from 1 to 1000'],
        [{ url: `${site.origin}/`, maxPages: 2.5 }, 'maxPages must be an integer from 1 to 1000'],
        [{ url: `${site.origin}/`, maxDepth: -1 }, 'maxDepth must be an integer from 0 to 10'],
        [
          { url: `${site.origin}/`, includePaths: ['docs'] },
          'includePaths and excludePaths must be arrays of at most 50 paths starting with /',
        ],
        [
          { url: `${site.origin}/`, excludePaths: '/docs' },
          'includePaths and excludePaths must be arrays of at most 50 paths starting with /',
        ],
        [{ url: 'gopher://x/' }, 'Unsupported URL scheme: only http and https are fetched'],
      ];
      for (const [json, message] of bad) assertError(await post('/website', json), 400, message);

      assertError(await post('/not-a-uuid/recrawl', {}), 400, 'Invalid knowledge ID format');
      assertError(await post(`/${randomUUID()}/recrawl`, {}), 404, 'Knowledge item not found');
      const text = await post('/text', { title: 't', content: 'some text' });
      assertError(await post(`/${text.body.id}/recrawl`, {}), 400, 'Only WEBSITE items can be recrawled');
      const other = await createTenant(stack.deps.db);
      const otherHeaders = (await accessHeaders(stack, other)).headers;
      const foreign = await stack.request('POST', `/v1/workspaces/${other.workspaceId}/knowledge/website`, {
        headers: otherHeaders,
        json: { url: `${site.origin}/`, maxDepth: 0 },
      });
      assertError(await post(`/${foreign.body.id}/recrawl`, {}), 404, 'Knowledge item not found');
    });
  });

  describe('RBAC on crawled pages', () => {
    it("pages inherit the site's roles, for pages crawled later and for assignments made later", async () => {
      const db = stack.deps.db;
      await workspaces.setRbacEnabled(db, tenant.workspaceId, true);
      const sales = await createRole(db, tenant.workspaceId, { customerRoleId: 'sales' });
      await createRole(db, tenant.workspaceId, { customerRoleId: 'legal' });
      const salesHeaders = (await accessHeaders(stack, tenant, { customerRoleId: 'sales' })).headers;
      const legalHeaders = (await accessHeaders(stack, tenant, { customerRoleId: 'legal' })).headers;
      const res = await post('/website', { url: `${site.origin}/`, maxDepth: 1 });
      const siteId = res.body.id as string;
      await waitForJob(res.body.jobId);
      const pages = await children(siteId);
      assert.ok(pages.length >= 3);

      const assign = async (method: 'POST' | 'DELETE') => {
        const r = await stack.request(method, k(`/${siteId}/role`), { headers, json: { roleIds: [sales.id] } });
        assert.equal(r.status, 200, r.text);
        assert.equal((await waitForJob(r.body.workflowId)).status, 'COMPLETED');
      };
      assert.equal((await children(siteId, salesHeaders)).length, 0, 'nothing before the assignment');
      await assign('POST');
      // Assigned after the crawl: every page is visible to the role, on every read path.
      assert.deepEqual((await children(siteId, salesHeaders)).map((p) => p.id).sort(), pages.map((p) => p.id).sort());
      const pricing = pages.find((p) => p.content.endsWith('/pricing'))!;
      assert.equal((await getItem(pricing.id, salesHeaders)).id, pricing.id);
      const roleList = await stack.request('GET', k(`/${pricing.id}/role`), { headers: salesHeaders });
      assert.deepEqual(
        roleList.body.map((r: { id: string }) => r.id),
        [sales.id],
        'the inherited role is listed',
      );
      assert.equal((await search('cost of the starter plan per seat', salesHeaders))[0]?.id, pricing.id);
      assert.equal((await children(siteId, legalHeaders)).length, 0, 'another role sees none');
      assertError(await stack.request('GET', k(`/${pricing.id}`), { headers: legalHeaders }), 404);
      assert.ok(!(await search('cost of the starter plan per seat', legalHeaders)).some((r) => r.id === pricing.id));

      // Crawled after the assignment: a new page is visible at once.
      site.routes.set(
        '/',
        page('Acme Analytics', ['Home page text for the analytics company.'], ['/pricing', '/careers']),
      );
      site.routes.set('/careers', page('Careers', ['We are hiring a senior frontend developer in Porto.'], ['/']));
      const again = await post(`/${siteId}/recrawl`, {});
      await waitForJob(again.body.jobId);
      const careers = (await children(siteId)).find((p) => p.content.endsWith('/careers'));
      assert.ok(careers);
      assert.equal((await getItem(careers.id, salesHeaders)).id, careers.id);

      // Removed from the site: the pages go with it.
      await assign('DELETE');
      assert.equal((await children(siteId, salesHeaders)).length, 0);
    });
  });

  describe('ZIP as a folder (unpack=true)', () => {
    const zip = async () => ({
      filename: 'handbook.zip',
      contentType: 'application/zip',
      bytes: f.makeZip([
        { name: 'policies/leave.txt', data: Buffer.from('Parental leave lasts twenty weeks at full pay.') },
        { name: 'policies/remote.md', data: Buffer.from('# Remote work\n\nStaff may work from abroad for a month.') },
        { name: 'guides/expenses.pdf', data: await f.makePdf(['Taxi receipts must be filed within ten days.']) },
        { name: 'tools/setup.exe', data: Buffer.from('MZ not a document') },
        { name: '__MACOSX/._leave.txt', data: Buffer.from('junk') },
      ]),
    });

    it('makes a FOLDER with one FILE child per supported member, each indexed, searchable and deleted', async () => {
      const res = await uploadRequest(stack.request, tenant.workspaceId, headers, await zip(), { unpack: 'true' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.type, 'FOLDER');
      assert.equal(res.body.status, 'COMPLETED');
      const folder = await getItem(res.body.knowledgeId);
      assert.equal(folder.type, 'FOLDER');
      assert.equal(folder.status, 'COMPLETED');
      const files = await children(folder.id);
      assert.deepEqual(files.map((x) => x.metadata.title).sort(), [
        'guides/expenses.pdf',
        'policies/leave.txt',
        'policies/remote.md',
      ]);
      for (const file of files) {
        assert.equal(file.type, 'FILE');
        assert.equal(file.status, 'COMPLETED', file.messageError);
      }
      const byTitle = new Map(files.map((x) => [x.metadata.title, x.id]));
      assert.equal((await search('how long is leave for new parents?'))[0]?.id, byTitle.get('policies/leave.txt'));
      assert.equal((await search('deadline to submit cab receipts'))[0]?.id, byTitle.get('guides/expenses.pdf'));
      assertError(
        await stack.request('DELETE', k(`/${folder.id}`), { headers }),
        400,
        'Item has children, remove them first',
      );
      const cascade = await stack.request('DELETE', k(`/${folder.id}/children`), { headers });
      assert.equal((await waitForJob(cascade.body.jobId)).status, 'COMPLETED');
      assert.equal((await stack.request('GET', k(), { headers })).body.total, 0);
    });

    it('works in the background too, and refuses unpack for a file that is not a ZIP or holds nothing usable', async () => {
      const res = await uploadRequest(stack.request, tenant.workspaceId, headers, await zip(), {
        unpack: 'true',
        status: 'BACKGROUND_START',
      });
      assert.equal(res.status, 200, res.text);
      const { item } = await followUpload(stack.request, tenant.workspaceId, headers, res.body.uploadFileMetadataId);
      assert.equal(item.type, 'FOLDER');
      assert.equal(item.status, 'COMPLETED');
      assert.equal((await children(item.id)).length, 3);
      // Archive members are in the keyword index too.
      const [best] = await search('parental leave twenty weeks', headers, 5, 'keyword');
      assert.equal(best && (await getItem(best.id)).metadata.title, 'policies/leave.txt');

      const text = { filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('hello') };
      assertError(
        await uploadRequest(stack.request, tenant.workspaceId, headers, text, { unpack: 'true' }),
        400,
        'unpack=true needs a ZIP archive',
      );
      // Read in any case (Python clients send a boolean form field as True): this True is read as true.
      assertError(
        await uploadRequest(stack.request, tenant.workspaceId, headers, text, { unpack: 'True' }),
        400,
        'unpack=true needs a ZIP archive',
      );
      assertError(
        await uploadRequest(stack.request, tenant.workspaceId, headers, text, { unpack: 'yes' }),
        400,
        'unpack must be true or false',
      );
      const useless = {
        filename: 'tools.zip',
        contentType: 'application/zip',
        bytes: f.makeZip([{ name: 'setup.exe', data: Buffer.from('MZ') }]),
      };
      assertError(
        await uploadRequest(stack.request, tenant.workspaceId, headers, useless, { unpack: 'true' }),
        422,
        'Failed to process file: The archive holds no file of a supported type',
      );
    });
  });
});
