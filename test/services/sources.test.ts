// Text and website source jobs through the service, on the real database and Temporal: a text item runs to
// COMPLETED, and a recrawl while a crawl runs joins it instead of starting a second. The address and URL rules
// at creation are in test/medium/services/sources.test.ts.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as syncedSources from '../../src/db/repositories/syncedSources';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { createTextItem, createWebsite, recrawl, SourceMessages } from '../../src/services/knowledge/textAndWebItems';
import { accessAuth, jobOutcome, rejectsWithAppError, type Workspace, withWorkspace } from '../helpers/actors';
import { getStack, type TestStack } from '../helpers/stack';

/** A website source with small crawl settings. */
const website = (url: string) => ({ url, maxPages: 1, maxDepth: 0, includePaths: [], excludePaths: [] });

describe('sources service', function () {
  this.timeout(60_000);
  let stack: TestStack, ws: Workspace;

  beforeEach(async () => {
    ({ stack, ws } = await withWorkspace(getStack()));
  });

  it('runs a text item through its job to COMPLETED', async () => {
    const { id, jobId } = await createTextItem(stack.deps, accessAuth(ws), {
      title: 'Policy',
      content: 'Refunds are accepted within thirty days of purchase.',
    });
    assert.equal(jobId, `ingest-text:${ws.workspace.id}:${id}`);
    assert.equal((await jobOutcome(stack.deps.temporal, jobId)).ok, true);
    assert.equal((await knowledgeRepo.findKnowledge(stack.deps.db, ws.workspace.id, id))?.status, 'COMPLETED');
  });

  describe('recrawl', () => {
    let server: http.Server;
    let origin: string;
    before(async () => {
      // A site that never answers: its crawl stays RUNNING for as long as the test needs.
      server = http.createServer(() => undefined);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('joins the running crawl instead of starting a second, and refuses items that are not websites', async () => {
      const site = await createWebsite(stack.deps, accessAuth(ws), website(`${origin}/`));
      // The site is the root of a website source with its id; its crawl is the source's first sync.
      assert.match(site.jobId, new RegExp(`^source-sync:${ws.workspace.id}:${site.id}:[0-9a-f-]{36}$`));
      const source = await syncedSources.findSourceByRoot(stack.deps.db, ws.workspace.id, site.id);
      assert.equal(source?.id, site.id);
      assert.equal(source?.kind, 'website');
      try {
        const row = (await knowledgeRepo.findKnowledge(stack.deps.db, ws.workspace.id, site.id))!;
        assert.equal(await recrawl(stack.deps, ws.workspace, row), site.jobId);
        assert.equal(await recrawl(stack.deps, ws.workspace, row), site.jobId);
      } finally {
        await stack.deps.temporal.client.workflow.getHandle(site.jobId).terminate('test over');
      }
      const text = await createTextItem(stack.deps, accessAuth(ws), { title: 't', content: 'c' });
      const textRow = (await knowledgeRepo.findKnowledge(stack.deps.db, ws.workspace.id, text.id))!;
      await rejectsWithAppError(recrawl(stack.deps, ws.workspace, textRow), {
        status: 400,
        message: SourceMessages.notRecrawlable,
      });
    });
  });
});
