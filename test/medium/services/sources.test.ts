// URL and website source rules through the service on the real database (medium tier): the address policy
// refuses internal addresses at creation (400, nothing stored) and malformed URLs are refused. The text item's
// job and the recrawl are in test/services/sources.test.ts (end to end).
import assert from 'node:assert/strict';
import type { Config } from '../../../src/config';
import * as knowledgeRepo from '../../../src/db/repositories/knowledge';
import { createUrlItem, createWebsite } from '../../../src/services/knowledge/textAndWebItems';
import { accessAuth, createWorkspace, rejectsWithAppError, type Workspace } from '../../helpers/actors';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

/** A website source with small crawl settings. */
const website = (url: string) => ({ url, maxPages: 1, maxDepth: 0, includePaths: [], excludePaths: [] });

const refusedHost = (host: string) =>
  `The URL's host ${host} is not allowed: the service does not connect to its address`;

describe('sources service', function () {
  this.timeout(60_000);
  let stack: MediumStack;
  let ws: Workspace;
  /** The stack's deps with the address rule on (the shared stack lifts it for its loopback sites). */
  let strict: MediumStack['deps'];
  const withResolver = (resolve: Config['web']['resolve']) => ({
    ...strict,
    config: { ...strict.config, web: { ...strict.config.web, resolve } },
  });
  const itemCount = async () =>
    (await knowledgeRepo.listKnowledge(stack.deps.db, ws.workspace.id, { offset: 0, limit: 10, access: {} })).total;

  before(async () => {
    stack = await getMediumStack();
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
      await rejectsWithAppError(createUrlItem(strict, accessAuth(ws), { url: url! }), expected);
      await rejectsWithAppError(createWebsite(strict, accessAuth(ws), website(url!)), expected);
    }
    assert.equal(await itemCount(), 0);
  });

  it('refuses a public-looking name that resolves to an internal address, or does not resolve', async () => {
    const internal = withResolver(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '192.168.1.10', family: 4 },
    ]);
    await rejectsWithAppError(createUrlItem(internal, accessAuth(ws), { url: 'https://intranet.example.com/' }), {
      status: 400,
      message: refusedHost('intranet.example.com'),
    });
    const unresolved = withResolver(async () => {
      throw new Error('ENOTFOUND');
    });
    await rejectsWithAppError(createWebsite(unresolved, accessAuth(ws), website('https://nowhere.example.com/')), {
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
      await rejectsWithAppError(createUrlItem(strict, accessAuth(ws), { url }), { status: 400, message });
    }
    assert.equal(await itemCount(), 0);
  });
});
