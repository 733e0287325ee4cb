// URL and website source rules through the service: the address policy refuses internal addresses at
// creation (400, nothing stored), malformed URLs are refused, a text item runs to COMPLETED, and a recrawl
// while a crawl runs joins it instead of starting a second.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config';
import * as syncedSources from '../../src/db/repositories/syncedSources';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { createTextItem, createUrlItem, createWebsite, recrawl, SourceMessages } from '../../src/services/sources';
import { createWorkspace, jobOutcome, rejectsWithAppError, type Workspace } from '../helpers/actors';
import { getStack, type TestStack } from '../helpers/stack';

/** A website source with small crawl settings. */
const website = (url: string) => ({ url, maxPages: 1, maxDepth: 0, includePaths: [], excludePaths: [] });

const refusedHost = (host: string) =>
  `The URL's host ${host} is not allowed: the service does not connect to its address`;

describe('sources service', function () {
  this.timeout(60_000);
  let stack: TestStack;
  let ws: Workspace;
  /** The stack's deps with the address rule on (the shared stack lifts it for its loopback sites). */
  let strict: TestStack['deps'];
  const withResolver = (resolve: Config['web']['resolve']) => ({
    ...strict,
    config: { ...strict.config, web: { ...strict.config.web, resolve } },
  });
  const itemCount = async () =>
    (await knowledgeRepo.listKnowledge(stack.deps.db, ws.workspace.id, { offset: 0, limit: 10, access: {} })).total;

  before(async () => {
    stack = await getStack();
    strict = { ...stack.deps, config: { ...stack.config, web: { ...stack.config.web, allowPrivateNetworks: false } } };
  });
  beforeEach(async () => {
    ws = await createWorkspace(stack.deps.db);
  });

  it('refuses loopback, private, link-local and mapped addresses for URL and website sources, storing nothing', async () => {
    for (const [url, host] of [
      ['http://127.0.0.1/', '127.0.0.1'],
      ['http://10.1.2.3/page', '10.1.2.3'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
      ['http://localhost:8080/', 'localhost'],
    ]) {
      const expected = { status: 400, message: refusedHost(host!) };
      await rejectsWithAppError(createUrlItem(strict, ws.workspace, { url: url! }), expected);
      await rejectsWithAppError(createWebsite(strict, ws.workspace, website(url!)), expected);
    }
    assert.equal(await itemCount(), 0);
  });

  it('refuses a public-looking name that resolves to an internal address, or does not resolve', async () => {
    const internal = withResolver(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '192.168.1.10', family: 4 },
    ]);
    await rejectsWithAppError(createUrlItem(internal, ws.workspace, { url: 'https://intranet.example.com/' }), {
      status: 400,
      message: refusedHost('intranet.example.com'),
    });
    const unresolved = withResolver(async () => {
      throw new Error('ENOTFOUND');
    });
    await rejectsWithAppError(createWebsite(unresolved, ws.workspace, website('https://nowhere.example.com/')), {
      status: 400,
      message: "The URL's host nowhere.example.com could not be resolved",
    });
    assert.equal(await itemCount(), 0);
  });

  it('refuses malformed URLs, other schemes and URLs with credentials', async () => {
    const cases: Array<[string, string]> = [
      ['not a url', 'Invalid URL format'],
      ['ftp://example.com/file', 'Unsupported URL scheme: only http and https are fetched'],
      ['file:///etc/passwd', 'Unsupported URL scheme: only http and https are fetched'],
      ['https://user:pw@example.com/', 'URLs with credentials are not accepted'],
    ];
    for (const [url, message] of cases) {
      await rejectsWithAppError(createUrlItem(strict, ws.workspace, { url }), { status: 400, message });
    }
    assert.equal(await itemCount(), 0);
  });

  it('runs a text item through its job to COMPLETED', async () => {
    const { id, jobId } = await createTextItem(stack.deps, ws.workspace, {
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
      const site = await createWebsite(stack.deps, ws.workspace, website(`${origin}/`));
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
      const text = await createTextItem(stack.deps, ws.workspace, { title: 't', content: 'c' });
      const textRow = (await knowledgeRepo.findKnowledge(stack.deps.db, ws.workspace.id, text.id))!;
      await rejectsWithAppError(recrawl(stack.deps, ws.workspace, textRow), {
        status: 400,
        message: SourceMessages.notRecrawlable,
      });
    });
  });
});
