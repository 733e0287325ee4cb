// Migration 0026 (website sources) on a database that holds WEBSITE items and their crawls: each item becomes
// a website source with its own id, configured as its latest crawl was, the pages that crawl indexed become
// its documents, and the crawler's tables go; down and up again work.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { StoredWebsiteConfigSchema } from '../../../src/connectors/website';
import type { Db } from '../../../src/db/knex';
import { migrationSource } from '../../../src/db/migrations';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createTenant } from '../../helpers/factories';

const NAME = '0026_website_sources';

async function insertItem(
  db: Db,
  workspaceId: string,
  row: { type: string; title?: string; url?: string | null; content?: string; parentId?: string },
): Promise<string> {
  const id = randomUUID();
  await db('knowledge').insert({
    id,
    workspace_id: workspaceId,
    parent_id: row.parentId ?? null,
    type: row.type,
    title: row.title ?? id,
    content: row.content ?? '',
    url: row.url ?? null,
  });
  return id;
}

async function insertCrawl(
  db: Db,
  workspaceId: string,
  siteId: string,
  generation: number,
  rootUrl: string,
  settings: unknown,
): Promise<void> {
  await db('website_crawls').insert({
    job_id: `crawl:${siteId}:${generation}`,
    workspace_id: workspaceId,
    site_id: siteId,
    generation,
    state: 'COMPLETED',
    root_url: rootUrl,
    settings: JSON.stringify(settings),
  });
}

interface Page {
  url: string;
  generation: number;
  depth: number;
  status: string;
  canonical?: string;
  knowledgeId?: string | null;
  hash?: string | null;
}

/** Pages inserted one by one, in order (their ids ascend as listed). */
async function insertPages(db: Db, workspaceId: string, siteId: string, pages: Page[]): Promise<void> {
  for (const p of pages) {
    await db('website_pages').insert({
      workspace_id: workspaceId,
      site_id: siteId,
      url: p.url,
      generation: p.generation,
      depth: p.depth,
      status: p.status,
      canonical_url: p.canonical ?? null,
      knowledge_id: p.knowledgeId ?? null,
      content_hash: p.hash === undefined ? 'h' : p.hash,
    });
  }
}

async function tableExists(db: Db, name: string): Promise<boolean> {
  const result = (await db.raw('SELECT to_regclass(?) AS t', [name])) as { rows: Array<{ t: string | null }> };
  return result.rows[0]!.t !== null;
}

const documents = async (db: Db, sourceId: string) =>
  (await db('source_documents').where({ source_id: sourceId }).orderBy('id')).map((d) => ({
    workspace: d.workspace_id as string,
    key: d.key as string,
    fingerprint: d.fingerprint as string,
    knowledgeId: d.knowledge_id as string,
    rest: [d.listed_sync_id, d.listed_fingerprint, d.listed_filename, d.listed_size, d.outcome],
  }));

describe('migration 0026_website_sources', function () {
  this.timeout(60_000);
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  it('makes every WEBSITE item a website source with its latest crawl as documents, then drops the crawl tables', async () => {
    const { db } = t;
    const a = await createTenant(db);
    const b = await createTenant(db);
    await db.migrate.down({ migrationSource, name: NAME });
    assert.ok(await tableExists(db, 'website_pages'), 'down recreates the crawl tables');

    // Workspace A: a site crawled twice, with pages of every status in both generations.
    const longTitle = 'T'.repeat(1200);
    const site = await insertItem(db, a.workspaceId, {
      type: 'WEBSITE',
      title: longTitle,
      url: 'https://a.example/docs?ref=1#top',
      content: 'https://a.example/docs?ref=1#top',
    });
    const item = async () => insertItem(db, a.workspaceId, { type: 'STRING', parentId: site });
    const [home, guide, guideCopy, failed, old, gone] = [
      await item(),
      await item(),
      await item(),
      await item(),
      await item(),
      await item(),
    ];
    await db('knowledge').where({ id: gone }).delete();
    await insertCrawl(db, a.workspaceId, site, 1, 'https://a.example/old', {
      maxPages: 10,
      maxDepth: 1,
      includePaths: ['/old'],
      excludePaths: [],
    });
    await insertCrawl(db, a.workspaceId, site, 2, 'https://a.example/docs', {
      maxPages: 5000,
      maxDepth: 20,
      includePaths: ['/docs', 7, 'no-slash'],
      excludePaths: ['/docs/private'],
    });
    await insertPages(db, a.workspaceId, site, [
      { url: 'https://a.example/docs', generation: 2, depth: 0, status: 'DONE', knowledgeId: home, hash: 'h1' },
      {
        url: 'https://a.example/docs/guide',
        generation: 2,
        depth: 1,
        status: 'DONE',
        canonical: 'https://a.example/guide',
        knowledgeId: guide,
        hash: 'h2',
      },
      // The same canonical URL again: the first page (lowest id) keeps the key.
      {
        url: 'https://a.example/docs/guide-copy',
        generation: 2,
        depth: 2,
        status: 'DONE',
        canonical: 'https://a.example/guide',
        knowledgeId: guideCopy,
        hash: 'h3',
      },
      { url: 'https://a.example/docs/f', generation: 2, depth: 1, status: 'FAILED', knowledgeId: failed },
      { url: 'https://a.example/docs/s', generation: 2, depth: 1, status: 'SKIPPED' },
      { url: 'https://a.example/docs/p', generation: 2, depth: 1, status: 'PENDING' },
      { url: 'https://a.example/old', generation: 1, depth: 0, status: 'DONE', knowledgeId: old, hash: 'h4' },
      { url: 'https://a.example/docs/gone', generation: 2, depth: 1, status: 'DONE', knowledgeId: gone },
      { url: 'https://a.example/docs/none', generation: 2, depth: 1, status: 'DONE', knowledgeId: null },
      { url: 'https://a.example/docs/nohash', generation: 2, depth: 1, status: 'DONE', knowledgeId: old, hash: null },
    ]);

    // Sites never crawled: the item's url column, else its content, with the defaults.
    const uncrawled = await insertItem(db, a.workspaceId, {
      type: 'WEBSITE',
      title: 'uncrawled',
      url: 'https://b.example/start',
    });
    const contentOnly = await insertItem(db, a.workspaceId, {
      type: 'WEBSITE',
      title: 'content only',
      content: 'https://c.example/',
    });

    // A site that already has its source: left as it is, no documents added.
    const owned = await insertItem(db, a.workspaceId, { type: 'WEBSITE', title: 'owned', url: 'https://d.example/' });
    const ownedSource = randomUUID();
    await db('sources').insert({
      id: ownedSource,
      workspace_id: a.workspaceId,
      kind: 'website',
      name: 'own name',
      config: JSON.stringify({ url: 'https://d.example/', maxPages: 7 }),
      root_id: owned,
      paused: true,
    });
    const ownedPage = await insertItem(db, a.workspaceId, { type: 'STRING', parentId: owned });
    await insertCrawl(db, a.workspaceId, owned, 1, 'https://d.example/', { maxPages: 3 });
    await insertPages(db, a.workspaceId, owned, [
      { url: 'https://d.example/', generation: 1, depth: 0, status: 'DONE', knowledgeId: ownedPage },
    ]);
    const ownedBefore = await db('sources').where({ id: ownedSource }).first();

    // Workspace B: its own site, one page of which names an item of workspace A.
    const siteB = await insertItem(db, b.workspaceId, { type: 'WEBSITE', title: 'b', url: 'https://e.example/' });
    const pageB = await insertItem(db, b.workspaceId, { type: 'STRING', parentId: siteB });
    await insertCrawl(db, b.workspaceId, siteB, 1, 'https://e.example/', 'not an object');
    await insertPages(db, b.workspaceId, siteB, [
      { url: 'https://e.example/', generation: 1, depth: 0, status: 'DONE', knowledgeId: pageB, hash: 'hb' },
      { url: 'https://e.example/x', generation: 1, depth: 1, status: 'DONE', knowledgeId: home, hash: 'hx' },
    ]);

    await db.migrate.up({ migrationSource, name: NAME });

    assert.equal(await tableExists(db, 'website_pages'), false);
    assert.equal(await tableExists(db, 'website_crawls'), false);

    const sources = await db('sources').whereIn('root_id', [site, uncrawled, contentOnly, owned, siteB]);
    const byRoot = new Map(sources.map((s) => [s.root_id as string, s]));
    assert.equal(sources.length, 5, 'one source per site, none added beside the existing one');
    const migrated = [site, uncrawled, contentOnly, siteB].map((id) => byRoot.get(id)!);
    for (const s of migrated) {
      assert.equal(s.id, s.root_id);
      assert.equal(s.kind, 'website');
      assert.deepEqual(
        [s.secrets_sealed, s.schedule_interval_seconds, s.paused, s.max_delete_share, s.running_sync_id],
        [null, null, false, 0.5, null],
      );
      assert.deepEqual(
        StoredWebsiteConfigSchema.parse(s.config),
        s.config,
        'the website kind takes the config as it is',
      );
    }
    const items = await db('knowledge').whereIn('id', [site, siteB]).select('id', 'workspace_id', 'created_at');
    for (const i of items) {
      const s = byRoot.get(i.id as string)!;
      assert.equal(s.workspace_id, i.workspace_id);
      assert.equal((s.created_at as Date).getTime(), (i.created_at as Date).getTime());
    }
    assert.equal(byRoot.get(siteB)!.workspace_id, b.workspaceId);
    assert.equal(byRoot.get(site)!.name, longTitle.slice(0, 1000));
    assert.deepEqual(byRoot.get(site)!.config, {
      url: 'https://a.example/docs',
      maxPages: 1000,
      maxDepth: 10,
      includePaths: ['/docs'],
      excludePaths: ['/docs/private'],
    });
    const defaults = { maxPages: 50, maxDepth: 3, includePaths: [], excludePaths: [] };
    assert.deepEqual(byRoot.get(uncrawled)!.config, { url: 'https://b.example/start', ...defaults });
    assert.deepEqual(byRoot.get(contentOnly)!.config, { url: 'https://c.example/', ...defaults });
    assert.deepEqual(byRoot.get(siteB)!.config, { url: 'https://e.example/', ...defaults });
    assert.deepEqual(await db('sources').where({ id: ownedSource }).first(), ownedBefore);
    assert.equal(await db('sources').where({ id: owned }).first(), undefined);

    const rest = [null, null, null, null, null];
    assert.deepEqual(await documents(db, site), [
      { workspace: a.workspaceId, key: 'https://a.example/docs', fingerprint: 'd0;sha256=h1', knowledgeId: home, rest },
      {
        workspace: a.workspaceId,
        key: 'https://a.example/guide',
        fingerprint: 'd1;sha256=h2',
        knowledgeId: guide,
        rest,
      },
    ]);
    assert.deepEqual(await documents(db, siteB), [
      { workspace: b.workspaceId, key: 'https://e.example/', fingerprint: 'd0;sha256=hb', knowledgeId: pageB, rest },
    ]);
    assert.deepEqual(await documents(db, ownedSource), []);
    assert.deepEqual(await documents(db, uncrawled), []);

    // Down removes the migrated sources (their documents with them) and brings the tables back, empty; up again
    // makes the sources anew from the items alone.
    await db.migrate.down({ migrationSource, name: NAME });
    assert.ok(await tableExists(db, 'website_crawls'));
    assert.deepEqual(
      (await db('sources').whereIn('root_id', [site, uncrawled, contentOnly, owned, siteB])).map((s) => s.id),
      [ownedSource],
    );
    assert.equal((await db('source_documents').where({ source_id: site })).length, 0);
    await db.migrate.up({ migrationSource, name: NAME });
    assert.equal(await tableExists(db, 'website_pages'), false);
    const again = await db('sources').where({ id: site }).first();
    assert.deepEqual(again.config, { url: 'https://a.example/docs?ref=1', ...defaults }, 'a query stays');
    assert.equal((await db('sources').whereIn('id', [uncrawled, contentOnly, siteB])).length, 3);
  });
});
