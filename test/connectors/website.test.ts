// The website kind's listing against a real HTTP server on loopback (no stack): pages without validators are
// fingerprinted by their text, so an unchanged page stays unchanged; a known page that fails for a while is
// kept, one that answers 404 is dropped; maxPages bounds the requests; path patterns and robots.txt are obeyed.
import assert from 'node:assert/strict';
import { createWebsiteKind, websiteKind, type WebsiteConfig } from '../../src/connectors/website';
import type { SourceContext, SourceEntry } from '../../src/connectors/kind';
import type { WebSettings } from '../../src/web/document';
import { page, startSite, type TestSite } from '../helpers/site';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';

const web: WebSettings = {
  allowPrivateNetworks: true,
  politenessDelayMs: 0,
  timeoutMs: 10_000,
  maxPageBytes: 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
  userAgent: 'KnowledgeWorkspaceBot/1.0',
};

async function list(
  config: WebsiteConfig,
  previous = new Map<string, string>(),
  kind = websiteKind,
): Promise<Map<string, string>> {
  const ctx: SourceContext = {
    signal: new AbortController().signal,
    heartbeat: () => undefined,
    previous,
    addressPolicy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
    web,
  };
  const entries: SourceEntry[] = [];
  for await (const entry of kind.list(ctx, config, undefined)) entries.push(entry);
  assert.equal(new Set(entries.map((e) => e.key)).size, entries.length, 'each page listed once');
  return new Map(entries.map((e) => [e.key, e.fingerprint]));
}

const settings = (url: string, extra: Partial<WebsiteConfig> = {}): WebsiteConfig => ({
  url,
  maxPages: 50,
  maxDepth: 3,
  includePaths: [],
  excludePaths: [],
  ...extra,
});

describe('website source kind', () => {
  let site: TestSite;
  beforeEach(async () => {
    site = await startSite();
  });
  afterEach(() => site.close());

  it('fingerprints pages without validators by their text: unchanged text, unchanged fingerprint', async () => {
    site.routes.set('/', page('Home', ['Welcome to the home page of the example.'], ['/a', '/b']));
    site.routes.set('/a', page('A', ['The first page says something worth indexing.']));
    site.routes.set('/b', page('B', ['The second page says something else entirely.']));
    const first = await list(settings(`${site.origin}/`));
    assert.deepEqual([...first.keys()].sort(), [`${site.origin}/`, `${site.origin}/a`, `${site.origin}/b`]);
    assert.ok(
      [...first.values()].every((f) => /^d\d;sha256=[0-9a-f]{64}$/.test(f)),
      [...first.values()].join(),
    );
    site.routes.set('/b', page('B', ['The second page now says something new.']));
    const second = await list(settings(`${site.origin}/`), first);
    assert.equal(second.get(`${site.origin}/a`), first.get(`${site.origin}/a`));
    assert.notEqual(second.get(`${site.origin}/b`), first.get(`${site.origin}/b`));
  });

  it('keeps a known page that fails for a while, drops one that answers 404', async () => {
    site.routes.set('/', page('Home', ['Welcome to the home page of the example.'], ['/a', '/b']));
    site.routes.set('/a', page('A', ['The first page says something worth indexing.']));
    site.routes.set('/b', page('B', ['The second page says something else entirely.']));
    const first = await list(settings(`${site.origin}/`));
    site.routes.set('/a', { html: 'down for maintenance', status: 503 });
    site.routes.delete('/b');
    const second = await list(settings(`${site.origin}/`), first);
    assert.equal(second.get(`${site.origin}/a`), first.get(`${site.origin}/a`), 'a 503 keeps the page');
    assert.equal(second.has(`${site.origin}/b`), false, 'a 404 drops the page');
  });

  it('requests at most maxPages pages and obeys path patterns and robots.txt', async () => {
    const links = Array.from({ length: 20 }, (_, i) => `/docs/p${i}`);
    site.routes.set('/', page('Home', ['Welcome to the home page of the example.'], [...links, '/blog/x', '/no/y']));
    for (const l of [...links, '/blog/x', '/no/y']) site.routes.set(l, page(l, [`The page ${l} has its own text.`]));
    site.routes.set('/robots.txt', { body: 'User-agent: *\nDisallow: /no/\n', type: 'text/plain' });
    const bounded = await list(settings(`${site.origin}/`, { maxPages: 5 }));
    assert.equal(bounded.size, 5);
    assert.equal(site.log.filter((r) => r.path.startsWith('/docs/')).length, 4);

    const filtered = await list(settings(`${site.origin}/`, { excludePaths: ['/docs/'] }));
    assert.deepEqual([...filtered.keys()].sort(), [`${site.origin}/`, `${site.origin}/blog/x`]);
    assert.equal(site.hits('/no/y'), 0, 'robots.txt disallows it');
  });

  it('keeps the known pages that maxPages leaves unrequested as they were', async () => {
    site.routes.set('/', page('Home', ['Welcome to the home page of the example.'], ['/a', '/b']));
    site.routes.set('/a', page('A', ['The first page says something worth indexing.']));
    site.routes.set('/b', page('B', ['The second page says something else entirely.']));
    const first = await list(settings(`${site.origin}/`));
    const requested = site.log.length;
    const bounded = await list(settings(`${site.origin}/`, { maxPages: 1 }), first);
    assert.deepEqual(bounded, first, 'a page not requested this time is not deleted');
    assert.deepEqual(
      site.log
        .slice(requested)
        .filter((r) => r.path !== '/robots.txt' && r.path !== '/sitemap.xml')
        .map((r) => r.path),
      ['/'],
    );
  });

  it('keeps the known pages it has no time left to check as they were', async () => {
    site.routes.set('/', page('Home', ['Welcome to the home page of the example.'], ['/a']));
    site.routes.set('/a', page('A', ['The first page says something worth indexing.']));
    const first = await list(settings(`${site.origin}/`));
    const requested = site.log.length;
    site.routes.delete('/a');
    const late = await list(settings(`${site.origin}/`), first, createWebsiteKind({ listBudgetMs: 0 }));
    assert.deepEqual(late, first, 'nothing is dropped for want of time');
    assert.equal(site.log.slice(requested).filter((r) => r.path === '/' || r.path === '/a').length, 0);
  });

  it('checks a redirect before requesting it: nothing is asked of another site (Security III, finding 5)', async () => {
    const other = await startSite();
    try {
      other.routes.set('/robots.txt', { body: 'User-agent: *\nDisallow: /\n', type: 'text/plain' });
      other.routes.set('/x', page('Elsewhere', ['A page of another site that must not be asked for.']));
      site.routes.set('/robots.txt', { redirect: `${other.origin}/robots.txt` });
      site.routes.set('/sitemap.xml', { redirect: `${other.origin}/sitemap.xml` });
      site.routes.set('/', page('Home', ['Welcome to the home page of the example.'], ['/a', '/b']));
      site.routes.set('/a', { redirect: `${other.origin}/x` });
      site.routes.set('/b', page('B', ['The second page says something else entirely.']));
      // robots.txt that leaves the site counts as none (RFC 9309's unavailable); the page that leaves is dropped.
      const listed = await list(settings(`${site.origin}/`));
      assert.deepEqual([...listed.keys()].sort(), [`${site.origin}/`, `${site.origin}/b`]);
      assert.equal(site.hits('/a'), 1);

      // A known page that now leaves the site is dropped, and a start URL that leaves it fails, naming the site.
      site.routes.set('/b', { redirect: `${other.origin}/x`, status: 302 });
      assert.deepEqual([...(await list(settings(`${site.origin}/`), listed)).keys()], [`${site.origin}/`]);
      site.routes.set('/start', { redirect: `${other.origin}/`, status: 307 });
      await assert.rejects(list(settings(`${site.origin}/start`)), (err: Error) =>
        err.message.includes(`it redirects to another site (${other.origin}): use that URL`),
      );
      assert.deepEqual(other.log, [], 'no request reached the other site');
    } finally {
      await other.close();
    }
  });
});
