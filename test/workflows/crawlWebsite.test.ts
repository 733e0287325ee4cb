// The crawl workflow on the real stack: it continues as new on a large crawl without losing its place, and
// its page activity is idempotent (a retry after the page was recorded fetches nothing and returns the same).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createCrawlActivities } from '../../src/activities/crawl';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import * as websites from '../../src/db/repositories/websites';
import { uploadKey } from '../../src/storage/keys';
import { purgeStoredFilesWorkflow } from '../../src/workflows';
import { crawlWebsiteWorkflow } from '../../src/workflows/crawlWebsite';
import { createTenant, type Tenant } from '../helpers/factories';
import { page, startSite, type TestSite } from '../helpers/site';
import { getStack, type TestStack } from '../helpers/stack';

describe('crawl workflow', function () {
  this.timeout(120_000);
  let stack: TestStack;
  let site: TestSite;
  let tenant: Tenant;

  before(async () => {
    stack = await getStack();
    site = await startSite();
    // A chain of ten pages: each links to the next.
    for (let i = 0; i < 10; i++) {
      site.routes.set(
        i === 0 ? '/' : `/p${i}`,
        page(`Page ${i}`, [`This is page number ${i} of the chain, about topic ${i}.`], i < 9 ? [`/p${i + 1}`] : []),
      );
    }
  });
  after(() => site.close());
  beforeEach(async () => {
    tenant = await createTenant(stack.deps.db);
    site.log.length = 0;
  });

  async function newSite(settings: Partial<websites.CrawlSettings> = {}) {
    const db = stack.deps.db;
    const siteRow = await knowledgeRepo.insertKnowledge(db, tenant.workspaceId, {
      type: 'WEBSITE',
      title: 'Chain',
      content: `${site.origin}/`,
      status: 'BACKGROUND_START',
    });
    const jobId = `crawl:${tenant.workspaceId}:${siteRow.id}:1`;
    await websites.insertCrawl(db, {
      job_id: jobId,
      workspace_id: tenant.workspaceId,
      site_id: siteRow.id,
      generation: 1,
      root_url: `${site.origin}/`,
      settings: { maxPages: 50, maxDepth: 20, includePaths: [], excludePaths: [], ...settings },
    });
    return { siteId: siteRow.id, jobId };
  }

  it('continues as new every pagesPerRun pages and finishes the crawl where it left off', async () => {
    const { siteId, jobId } = await newSite();
    const handle = await stack.deps.temporal.client.workflow.start(crawlWebsiteWorkflow, {
      taskQueue: stack.deps.temporal.taskQueue,
      workflowId: jobId,
      memo: { workspaceId: tenant.workspaceId },
      args: [
        {
          workspaceId: tenant.workspaceId,
          organizationId: tenant.organizationId,
          siteId,
          jobId,
          politenessDelayMs: 0,
          purgeDelay: '1 day',
          pagesPerRun: 3,
        },
      ],
    });
    const result = await handle.result();
    assert.equal(result.status, 'COMPLETED');
    assert.deepEqual(result.progress, { pagesDone: 10, pagesDiscovered: 10, pagesFailed: 0, pagesSkipped: 0 });
    const first = await stack.deps.temporal.client.workflow.getHandle(jobId, handle.firstExecutionRunId).describe();
    assert.equal(first.status.name, 'CONTINUED_AS_NEW');
    const kids = await stack.deps.db('knowledge').where({ parent_id: siteId }).select('status');
    assert.equal(kids.length, 10);
    assert.ok(kids.every((k: { status: string }) => k.status === 'COMPLETED'));
    assert.equal(site.log.filter((r) => r.path !== '/robots.txt').length, 10, 'each page fetched once');
    assert.equal((await knowledgeRepo.findKnowledge(stack.deps.db, tenant.workspaceId, siteId))?.status, 'COMPLETED');
  });

  it('fetches a page once: a retried crawlPage returns the recorded outcome', async () => {
    const { siteId, jobId } = await newSite({ maxDepth: 1 });
    const acts = createCrawlActivities({
      db: stack.deps.db,
      storage: stack.deps.storage,
      web: stack.config.web,
      ingestion: { chunkSize: 1000, chunkOverlap: 150 },
      defaultStorageQuotaBytes: 1e9,
    });
    const env = new MockActivityEnvironment();
    const run = <A, R>(fn: (a: A) => Promise<R>, a: A) => env.run(fn, a) as Promise<R>;
    const ids = { workspaceId: tenant.workspaceId, siteId, jobId };
    await run(acts.beginCrawl, ids);
    const { urls } = await run(acts.nextCrawlPages, { ...ids, limit: 10 });
    assert.deepEqual(urls, [`${site.origin}/`]);
    const input = { ...ids, organizationId: tenant.organizationId, url: urls[0]! };
    const once = await run(acts.crawlPage, input);
    const twice = await run(acts.crawlPage, input);
    assert.deepEqual(twice.outcome, once.outcome);
    assert.equal(once.outcome.kind, 'page');
    assert.equal(site.hits('/'), 1);
    assert.deepEqual(once.progress, { pagesDone: 1, pagesDiscovered: 2, pagesFailed: 0, pagesSkipped: 0 });
    const next = await run(acts.nextCrawlPages, { ...ids, limit: 10 });
    assert.deepEqual(next.urls, [`${site.origin}/p1`], 'the link was queued once, at depth 1');

    // The site is deleted: the activities say so (the workflow then ends quietly).
    await stack.deps.db('knowledge').where({ parent_id: siteId }).delete();
    await knowledgeRepo.deleteKnowledgeRows(stack.deps.db, tenant.workspaceId, [siteId]);
    await assert.rejects(run(acts.crawlPage, { ...input, url: next.urls[0]! }), /was deleted/);
  });
  it("purges a vanished page's file once when the removal step's result was lost after its commit", async () => {
    const { siteId, jobId } = await newSite();
    const db = stack.deps.db;
    const ws = tenant.workspaceId;
    // Three pages no crawl of this generation found, each with a stored file.
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) {
      const key = uploadKey(tenant.organizationId, ws, randomUUID(), `gone-${i}.html`);
      await stack.deps.storage.put(key, Buffer.from(`gone ${i}`), 'text/html');
      keys.push(key);
      await knowledgeRepo.insertKnowledge(db, ws, { type: 'URL', title: `g${i}`, parentId: siteId, storageKey: key });
    }
    const acts = createCrawlActivities({
      db,
      storage: stack.deps.storage,
      web: stack.config.web,
      ingestion: { chunkSize: 1000, chunkOverlap: 150 },
      defaultStorageQuotaBytes: 1e9,
    });
    const env = new MockActivityEnvironment();
    const remove = (purgeId: string) =>
      env.run(acts.removeVanishedPages, { workspaceId: ws, siteId, jobId, limit: 2, purgeId }) as ReturnType<
        typeof acts.removeVanishedPages
      >;
    const purgeId = `purge-files:${ws}:${jobId}:1`;
    const first = await remove(purgeId);
    assert.equal(first.storageKeys.length, 2);
    const retried = await remove(purgeId);
    assert.deepEqual(retried.storageKeys, first.storageKeys, 'the retried step answers the same keys');
    assert.equal(retried.more, true);
    const last = await remove(`purge-files:${ws}:${jobId}:2`);
    assert.equal(last.more, false);
    assert.deepEqual([...first.storageKeys, ...last.storageKeys].sort(), [...keys].sort(), 'each file handed once');

    const purged = await stack.deps.temporal.client.workflow.execute(purgeStoredFilesWorkflow, {
      taskQueue: stack.deps.temporal.taskQueue,
      workflowId: purgeId,
      args: [{ workspaceId: ws, keys: retried.storageKeys, delay: '1 ms', outboxId: purgeId }],
    });
    assert.equal(purged.deleted, 2);
    for (const key of first.storageKeys) assert.equal(await stack.deps.storage.exists(key), false, 'purged');
    const left = await db('purge_outbox').where({ workspace_id: ws, purge_id: purgeId });
    assert.equal(left.length, 0, 'the outbox is cleared once the purge has run');
  });
});
