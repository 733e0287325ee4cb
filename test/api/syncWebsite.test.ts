// A website source, end to end through the API and the worker, against a real HTTP server in the test that
// gives its pages ETags or Last-Modified dates and answers conditional requests with 304: pages created,
// changed and removed on the site are added, versioned and deleted by a sync; search follows; ids and roles
// are kept; a sync without change sends conditional requests only, all answered 304, and embeds nothing; a page
// only a sitemap lists is found.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as syncSteps from '../../src/services/sources/sourceSyncSteps';
import { createRole, type Tenant } from '../helpers/factories';
import { stackWithTenant, type TestStack } from '../helpers/stack';
import { assertSyncFollowsChanges, foundText, SOURCE_TEXTS, sourceItems, syncToEnd } from '../helpers/sources';

const { OLD, NEW, KEPT, GONE, ADDED } = SOURCE_TEXTS;

interface Resource {
  body: string;
  type: string;
  /** Which validator the server gives: an ETag (the default), a Last-Modified date, or none. */
  validator?: 'etag' | 'modified' | 'none';
  modifiedAt?: Date;
}

interface Served {
  path: string;
  status: number;
  conditional: boolean;
}

/** A site whose resources carry validators and that answers 304 to a matching conditional request. */
async function startConditionalSite() {
  const routes = new Map<string, Resource>();
  const log: Served[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const route = routes.get(path);
    const conditional = req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;
    const answer = (status: number, headers: Record<string, string>, body?: string) => {
      log.push({ path, status, conditional });
      res.writeHead(status, headers).end(body);
    };
    if (!route) return answer(404, { 'content-type': 'text/html' }, '<html><body>Not found</body></html>');
    const headers: Record<string, string> = { 'content-type': route.type };
    const validator = route.validator ?? 'etag';
    const etag = `"${createHash('sha256').update(route.body).digest('hex').slice(0, 16)}"`;
    if (validator === 'etag') {
      headers.etag = etag;
      if (req.headers['if-none-match'] === etag) return answer(304, headers);
    }
    if (validator === 'modified') {
      const at = route.modifiedAt ?? new Date(0);
      headers['last-modified'] = at.toUTCString();
      const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
      if (Number.isFinite(since) && Math.floor(at.getTime() / 1000) * 1000 <= since) return answer(304, headers);
    }
    answer(200, headers, route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    routes,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type ConditionalSite = Awaited<ReturnType<typeof startConditionalSite>>;

function html(title: string, text: string, links: string[] = [], noindex = false): string {
  const nav = links.map((href) => `<a href="${href}">${href}</a>`).join(' | ');
  const meta = noindex ? '<meta name="robots" content="noindex">' : '';
  return `<!doctype html><html lang="en"><head><title>${title}</title>${meta}</head><body>
<nav>${nav}</nav><main><article><h1>${title}</h1><p>${text}</p><p>${text}</p></article></main>
</body></html>`;
}
const page = (title: string, text: string, extra: Partial<Resource> = {}): Resource => ({
  body: html(title, text),
  type: 'text/html; charset=utf-8',
  ...extra,
});
/** The start page: only links (noindex), so the site's documents are the pages it leads to. */
const index = (links: string[]): Resource => ({
  body: html('Index', 'Links to the handbook pages.', links, true),
  type: 'text/html; charset=utf-8',
});

describe('sources that stay in sync (website)', function () {
  this.timeout(300_000);
  let stack: TestStack;
  let site: ConditionalSite;
  let tenant: Tenant;
  let headers: Record<string, string>;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;

  beforeEach(async () => {
    site = await startConditionalSite();
    ({ stack, tenant, headers } = await stackWithTenant());
  });
  afterEach(() => site?.close());

  const sync = (sourceId: string) => syncToEnd(stack, tenant.workspaceId, headers, sourceId);
  const found = (text: string) => foundText(stack, tenant, headers, text);

  async function createSource(config: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const res = await stack.request('POST', v1('/sources'), {
      headers,
      json: { kind: 'website', name: 'Handbook site', config, ...extra },
    });
    assert.equal(res.status, 201, res.text);
    return res.body as { id: string; rootId: string };
  }

  it('moves a site by its start URL alone: a bare {"url"} is a website config, not the git config it also fits', async () => {
    const source = await createSource({ url: `${site.origin}/` });
    const patch = (config: unknown) =>
      stack.request('PATCH', v1(`/sources/${source.id}`), { headers, json: { config } });
    const moved = await patch({ url: `${site.origin}/guide/` });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.config.url, `${site.origin}/guide/`);
    assert.equal(moved.body.config.paths, undefined, "no git config's default came with it");
    // A field of another kind is still named.
    const git = await patch({ url: `${site.origin}/`, paths: ['docs/**'] });
    assert.equal(git.status, 400, git.text);
    assert.match(git.body.message, /config\.paths/);
  });

  it('adds, versions and removes pages as the site changes; a sync without change is answered 304 and embeds nothing', async () => {
    site.routes.set('/', index(['/lighthouse', '/guide/glacier', '/violin']));
    site.routes.set('/lighthouse', page('Lighthouse', OLD));
    site.routes.set(
      '/guide/glacier',
      page('Glacier', KEPT, { validator: 'modified', modifiedAt: new Date(Date.now() - 60_000) }),
    );
    site.routes.set('/violin', page('Violin', GONE));
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const source = await createSource({ url: `${site.origin}/` }, { roleIds: [role.id] });

    const first = await sync(source.id);
    assert.equal(first.status, 'COMPLETED', JSON.stringify(first));
    assert.deepEqual([first.seen, first.added, first.updated, first.deleted, first.failed], [3, 3, 0, 0, 0]);
    assert.ok(await found(OLD));
    const url = (path: string) => `${site.origin}${path}`;
    const lighthouse = (await sourceItems(stack, source.id)).get(url('/lighthouse'))!;
    const item = await stack.request('GET', v1(`/knowledge/${lighthouse}`), { headers });
    assert.equal(item.status, 200, item.text);
    assert.equal(item.body.parentId, source.rootId);

    const keys = {
      changed: url('/lighthouse'),
      kept: url('/guide/glacier'),
      gone: url('/violin'),
      added: url('/sourdough'),
    };
    let changedAt = 0;
    await assertSyncFollowsChanges(stack, tenant, headers, source.id, role.id, keys, () => {
      site.routes.set('/', index(['/lighthouse', '/guide/glacier', '/sourdough']));
      site.routes.set('/lighthouse', page('Lighthouse', NEW));
      site.routes.delete('/violin');
      site.routes.set('/sourdough', page('Sourdough', ADDED));
      changedAt = site.log.length;
    });
    const versions = await stack.request('GET', v1(`/knowledge/${lighthouse}/versions`), { headers });
    assert.equal(versions.status, 200, versions.text);
    assert.equal(versions.body.versions.find((v: { current: boolean }) => v.current).number, 2);

    // Since the change, each page was requested by two syncs: the one that saw the change, then the one without
    // change, whose requests were all conditional and answered 304 (If-None-Match for an ETag,
    // If-Modified-Since for a Last-Modified date).
    const since = site.log.slice(changedAt);
    for (const path of ['/lighthouse', '/guide/glacier', '/sourdough']) {
      const requests = since.filter((s) => s.path === path);
      assert.equal(requests.length, 2, `${path}: ${JSON.stringify(requests)}`);
      assert.deepEqual(requests[1], { path, status: 304, conditional: true }, path);
    }
    assert.deepEqual(
      since.filter((s) => s.path === '/lighthouse')[0],
      { path: '/lighthouse', status: 200, conditional: true },
      'the changed page was asked conditionally and sent in full',
    );
    assert.equal(
      since.filter((s) => s.path === '/lighthouse' && s.status === 200).length,
      1,
      'a changed page is downloaded once per sync',
    );
  });

  it("a page's chunks carry the section headings they start under, in its first version and a changed one; a page without <body> keeps its text", async () => {
    const para = (s: string) => `<p>${`${s} `.repeat(14)}</p>`;
    const guide = (install: string) => ({
      body: `<!doctype html><html lang="en"><head><title>Agent guide</title></head><body><main><article>
        <h1>Agent guide</h1>${para('The agent ships metrics from every host to the collector.')}
        <h2>Installing the agent</h2>${para('Download the package and install it with the system package manager.')}
        <h3>On Debian</h3>${para(install)}
        <h2>Configuring alerts</h2>${para('Alerts fire when a host stops reporting for five minutes in a row.')}
        </article></main></body></html>`,
      type: 'text/html; charset=utf-8',
    });
    site.routes.set('/', index(['/guide', '/billing']));
    site.routes.set('/guide', guide('Add the repository key first, then run apt-get install with the pinned version.'));
    // A page that leaves out its optional <html>, <head> and <body> tags is read as a browser shows it.
    const BILLING = 'Invoices are issued on the first business day of each month and paid within thirty days.';
    site.routes.set('/billing', {
      body: `<!doctype html><title>Billing</title><p>${BILLING}</p>`,
      type: 'text/html; charset=utf-8',
    });
    const source = await createSource({ url: `${site.origin}/` });
    const under = async (start: string) => {
      const id = (await sourceItems(stack, source.id)).get(`${site.origin}/guide`)!;
      const res = await stack.request('GET', v1(`/knowledge/${id}/chunks`), { headers });
      assert.equal(res.status, 200, res.text);
      const chunks = res.body.chunks as Array<{ text: string; headings: string[] }>;
      return [chunks.find((c) => c.text.startsWith(start))?.headings.slice(-2), JSON.stringify(chunks)] as const;
    };

    const synced = await sync(source.id);
    assert.deepEqual([synced.status, synced.added], ['COMPLETED', 2], JSON.stringify(synced));
    assert.ok(await found(BILLING), 'the page without <body> is indexed with its text');
    const [first, firstChunks] = await under('Add the repository key');
    assert.deepEqual(first, ['Installing the agent', 'On Debian'], firstChunks);
    const [alerts, alertChunks] = await under('Alerts fire');
    assert.equal(alerts?.at(-1), 'Configuring alerts', alertChunks);

    site.routes.set('/guide', guide('Import the signing key, then install the agent package from the repository.'));
    const second = await sync(source.id);
    assert.deepEqual([second.status, second.updated], ['COMPLETED', 1], JSON.stringify(second));
    const [changed, changedChunks] = await under('Import the signing key');
    assert.deepEqual(changed, ['Installing the agent', 'On Debian'], changedChunks);
  });

  it('a WEBSITE item is a website source; after the upgrade from the crawler its first sync re-embeds nothing', async () => {
    site.routes.set('/', index(['/lighthouse', '/guide/glacier']));
    site.routes.set('/lighthouse', page('Lighthouse', OLD));
    site.routes.set('/guide/glacier', page('Glacier', KEPT));
    const created = await stack.request('POST', v1('/knowledge/website'), {
      headers,
      json: { url: `${site.origin}/`, title: 'Handbook' },
    });
    assert.equal(created.status, 200, created.text);
    const siteId = created.body.id as string;
    const first = await syncToEnd(stack, tenant.workspaceId, headers, siteId);
    assert.deepEqual([first.added, first.failed], [2, 0], JSON.stringify(first));
    const items = await sourceItems(stack, siteId);
    const children = await stack.deps
      .db('knowledge')
      .whereIn('id', [...items.values()])
      .select('id', 'type', 'url');
    assert.deepEqual(children.map((c: { type: string }) => c.type).sort(), ['URL', 'URL']);

    // What migration 0026 makes of a crawled site: documents fingerprinted by the crawler's hash of the page's text
    // (no validator), and items whose versions never recorded a hash (the crawler kept it in their extraction).
    const db = stack.deps.db;
    await db('knowledge_versions')
      .whereIn('knowledge_id', [...items.values()])
      .update({ content_hash: null });
    await db.raw(
      `UPDATE source_documents d SET fingerprint = split_part(d.fingerprint, ';', 1) || ';sha256=' ||
              (k.metadata->'extraction'->>'contentHash')
         FROM knowledge k WHERE k.id = d.knowledge_id AND d.source_id = ?`,
      [siteId],
    );
    const upgraded = await syncToEnd(stack, tenant.workspaceId, headers, siteId);
    assert.equal(upgraded.status, 'COMPLETED', JSON.stringify(upgraded));
    // Asked in full once (the crawler had no validator to send), found unchanged by their text: nothing embedded.
    assert.deepEqual(
      [upgraded.seen, upgraded.unchanged, upgraded.updated, upgraded.added, upgraded.chunksEmbedded],
      [2, 2, 0, 0, 0],
      JSON.stringify(upgraded),
    );
    const next = await syncToEnd(stack, tenant.workspaceId, headers, siteId);
    assert.deepEqual([next.unchanged, next.chunksEmbedded], [2, 0], 'and from then on by their ETags');
    assert.equal(site.log.filter((r) => r.path === '/lighthouse').at(-1)?.status, 304);
    assert.equal(
      (await sourceItems(stack, siteId)).get(`${site.origin}/lighthouse`),
      items.get(`${site.origin}/lighthouse`),
    );
  });

  it("fails a page version whose sync ended before indexing it, so the next sync's change is not refused", async () => {
    site.routes.set('/', index(['/lighthouse']));
    site.routes.set('/lighthouse', page('Lighthouse', OLD));
    const source = await createSource({ url: `${site.origin}/` });
    assert.equal((await sync(source.id)).added, 1);
    const item = (await sourceItems(stack, source.id)).get(`${site.origin}/lighthouse`)!;
    site.routes.set('/lighthouse', page('Lighthouse', NEW));

    // A sync that records the page's next version, then fails before its workflow indexes it (its steps run by
    // hand, as a worker would before a step fails past its retries).
    const ws = tenant.workspaceId;
    const stepDeps = {
      ...stack.deps,
      web: stack.config.web,
      ingestion: stack.config.ingestion,
      defaultStorageQuotaBytes: 1e9,
    };
    const begun = await syncSteps.beginSourceSync(stack.deps, {
      workspaceId: ws,
      sourceId: source.id,
      jobId: 'cut',
    });
    const ids = { workspaceId: ws, sourceId: source.id, syncId: begun.syncId };
    const step = { signal: new AbortController().signal, heartbeat: () => {} };
    await syncSteps.listSourceDocuments(stepDeps, ids, step);
    const fetched = await syncSteps.fetchSourceDocuments(stepDeps, { ...ids, limit: 10 }, step);
    const outcome = fetched.outcomes[0] as { kind: string; version?: number };
    assert.deepEqual([outcome.kind, outcome.version], ['page', 2]);
    const version = () => stack.deps.db('knowledge_versions').where({ knowledge_id: item, number: 2 }).first();
    assert.equal((await version()).status, 'PROCESSING');
    await syncSteps.finishSourceSync(stack.deps, { ...ids, status: 'FAILED', error: 'a step failed' });
    assert.equal((await version()).status, 'FAILED', 'nothing will index it: it is failed');

    const next = await sync(source.id);
    assert.deepEqual([next.status, next.updated, next.failed], ['COMPLETED', 1, 0], JSON.stringify(next));
    assert.ok(await found(NEW));
    assert.ok(!(await found(OLD)));
    const current = await stack.request('GET', v1(`/knowledge/${item}/versions`), { headers });
    assert.equal(current.body.versions.find((v: { current: boolean }) => v.current).number, 3);

    // A sync that ended as COMPLETED while the version it recorded was never indexed (its indexing was ended
    // with it): the next sync that finds the page changed supersedes that version instead of being refused.
    site.routes.set('/lighthouse', page('Lighthouse', ADDED));
    const cut = await syncSteps.beginSourceSync(stack.deps, {
      workspaceId: ws,
      sourceId: source.id,
      jobId: 'cut-2',
    });
    const cutIds = { workspaceId: ws, sourceId: source.id, syncId: cut.syncId };
    await syncSteps.listSourceDocuments(stepDeps, cutIds, step);
    await syncSteps.fetchSourceDocuments(stepDeps, { ...cutIds, limit: 10 }, step);
    const stale = () => stack.deps.db('knowledge_versions').where({ knowledge_id: item, number: 4 }).first();
    assert.equal((await stale()).status, 'PROCESSING');
    await stack.deps.db('source_syncs').where({ id: cut.syncId }).update({ status: 'COMPLETED' });
    await stack.deps.db('sources').where({ id: source.id }).update({ running_sync_id: null });
    const after = await sync(source.id);
    assert.deepEqual([after.status, after.updated, after.failed], ['COMPLETED', 1, 0], JSON.stringify(after));
    assert.equal((await stale()).status, 'FAILED', 'the abandoned version is superseded');
    assert.ok(await found(ADDED));
    const latest = await stack.request('GET', v1(`/knowledge/${item}/versions`), { headers });
    assert.equal(latest.body.versions.find((v: { current: boolean }) => v.current).number, 5);
  });

  it('finds a page that only a sitemap lists, through robots.txt and a sitemap index', async () => {
    site.routes.set('/', index([]));
    site.routes.set('/robots.txt', {
      body: `User-agent: *\nDisallow: /private\nSitemap: ${site.origin}/maps/index.xml\n`,
      type: 'text/plain',
    });
    site.routes.set('/maps/index.xml', {
      body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY boom "${'x'.repeat(10)}">]>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${site.origin}/maps/pages.xml</loc></sitemap>
</sitemapindex>`,
      type: 'application/xml',
    });
    site.routes.set('/maps/pages.xml', {
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${site.origin}/hidden?a=1&amp;b=2</loc></url>
  <url><loc>${site.origin}/private/secret</loc></url>
  <url><loc>https://elsewhere.example/page</loc></url>
</urlset>`,
      type: 'application/xml',
    });
    site.routes.set('/hidden?a=1&b=2', page('Hidden', KEPT));
    site.routes.set('/private/secret', page('Private', GONE));
    const source = await createSource({ url: `${site.origin}/` });
    const done = await sync(source.id);
    assert.equal(done.status, 'COMPLETED', JSON.stringify(done));
    assert.deepEqual([done.seen, done.added, done.failed], [1, 1, 0], JSON.stringify(done));
    assert.deepEqual([...(await sourceItems(stack, source.id)).keys()], [`${site.origin}/hidden?a=1&b=2`]);
    assert.ok(await found(KEPT), 'the sitemap-only page is found');
    assert.ok(!(await found(GONE)), 'a page robots.txt disallows is not fetched');
    assert.equal(site.log.filter((s) => s.path.startsWith('/private')).length, 0);
  });

  it('fails a sync whose start URL cannot be reached, deleting nothing; refuses a bad config with 400', async () => {
    site.routes.set('/', index(['/lighthouse']));
    site.routes.set('/lighthouse', page('Lighthouse', KEPT));
    const source = await createSource({ url: `${site.origin}/` });
    assert.equal((await sync(source.id)).added, 1);
    await site.close();
    const failed = await sync(source.id);
    assert.equal(failed.status, 'FAILED', JSON.stringify(failed));
    assert.match(String(failed.error), /The start URL could not be crawled/);
    assert.equal(failed.deleted, 0);
    assert.equal((await sourceItems(stack, source.id)).size, 1, 'nothing was deleted');

    for (const config of [
      {},
      { url: 'ftp://example.com/' },
      { url: 'https://user:pw@example.com/' },
      { url: 'https://example.com/', maxPages: 0 },
      { url: 'https://example.com/', maxDepth: 11 },
      { url: 'https://example.com/', includePaths: ['no-slash'] },
      { url: 'https://example.com/', extra: true },
    ]) {
      const res = await stack.request('POST', v1('/sources'), { headers, json: { kind: 'website', config } });
      assert.equal(res.status, 400, `${JSON.stringify(config)}: ${res.text}`);
      assert.equal(typeof res.body.message, 'string');
    }
  });
});
