// A git source, end to end through the API and the worker, against a real git server on loopback (the system
// git's http-backend): files committed, changed and deleted in the repository are added, versioned and removed
// by a sync; path globs choose the files; search follows; ids and roles are kept; a sync without change embeds
// nothing; refused credentials fail the sync and delete nothing; the token is never returned.
import assert from 'node:assert/strict';
import { assertError } from '../helpers/assertions';
import { GitWorld, type GitRepository, type GitServer } from '../helpers/gitServer';
import { createRole, type Tenant } from '../helpers/factories';
import { getStack, stackWithTenant, type TestStack } from '../helpers/stack';
import { assertSyncFollowsChanges, foundText, SOURCE_TEXTS, sourceItems, syncToEnd } from '../helpers/sources';

const { OLD, NEW, KEPT, GONE, ADDED } = SOURCE_TEXTS;
const OUTSIDE = 'Marmalade oranges from Seville are boiled whole before the peel is sliced.';

describe('sources that stay in sync (git)', function () {
  this.timeout(300_000);
  const credentials = { username: 'reader', token: 'glpat-secret-token-1234' };
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  let world: GitWorld;
  let server: GitServer;
  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;

  before(async () => {
    stack = await getStack();
    world = new GitWorld();
    server = await world.serve(credentials);
  });
  after(async () => {
    await server?.close();
    world?.dispose();
  });

  beforeEach(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
  });

  const sync = (sourceId: string, query = '') => syncToEnd(stack, tenant.workspaceId, headers, sourceId, query);

  const found = (text: string) => foundText(stack, tenant, headers, text);

  const itemsByKey = (sourceId: string) => sourceItems(stack, sourceId);

  let seq = 0;
  function repository(): { repo: GitRepository; url: string } {
    const name = `handbook-${++seq}-${Date.now()}`;
    return { repo: world.createRepository(name), url: server.url(name) };
  }

  it('adds, versions and removes files as the branch changes; globs choose them; a sync without change embeds nothing', async () => {
    const { repo, url } = repository();
    repo.write('docs/lighthouse.md', OLD);
    repo.write('docs/guide/glacier.md', KEPT);
    repo.write('docs/violin.md', GONE);
    repo.write('recipes/marmalade.md', OUTSIDE);
    repo.commit('first');
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const created = await stack.request('POST', v1('/sources'), {
      headers,
      json: {
        kind: 'git',
        name: 'Handbook',
        config: { url, branch: 'main', paths: ['docs/**/*.md'] },
        secrets: credentials,
        roleIds: [role.id],
      },
    });
    assert.equal(created.status, 201, created.text);
    assert.ok(!created.text.includes(credentials.token), 'the token is never returned');
    const source = created.body as { id: string; rootId: string };

    const first = await sync(source.id);
    assert.equal(first.status, 'COMPLETED', JSON.stringify(first));
    assert.deepEqual([first.seen, first.added, first.updated, first.deleted, first.failed], [3, 3, 0, 0, 0]);
    assert.ok(await found(OLD));
    assert.ok(!(await found(OUTSIDE)), 'a file outside the globs is not followed');

    const keys = {
      changed: 'docs/lighthouse.md',
      kept: 'docs/guide/glacier.md',
      gone: 'docs/violin.md',
      added: 'docs/sourdough.md',
    };
    await assertSyncFollowsChanges(stack, tenant, headers, source.id, role.id, keys, () => {
      repo.write('docs/lighthouse.md', NEW);
      repo.remove('docs/violin.md');
      repo.write('docs/sourdough.md', ADDED);
      repo.commit('second');
    });
  });

  it('leaves the configured CODEOWNERS file out and skips a file of no accepted type, naming why, fetching it once', async () => {
    const { repo, url } = repository();
    repo.write('.github/CODEOWNERS', 'docs/ @acme/docs\n');
    repo.write('docs/lighthouse.md', OLD);
    repo.write('Makefile', 'all:\n\techo build\n');
    repo.commit('first');
    const created = await stack.request('POST', v1('/sources'), {
      headers,
      json: { kind: 'git', config: { url, codeowners: '.github/CODEOWNERS' }, secrets: credentials },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    const fetchedBy = async () => {
      const row = await stack.deps
        .db('source_documents')
        .where({ source_id: id, key: 'Makefile' })
        .first('outcome', 'skip_reason');
      return { syncId: (row.outcome as { syncId: string }).syncId, reason: row.skip_reason as string | null };
    };
    const syncIds: string[] = [];
    for (const run of [1, 2, 3]) {
      if (run === 3) {
        repo.write('Makefile', 'all:\n\techo build again\n');
        repo.commit('the Makefile changes');
      }
      const done = await sync(id);
      assert.equal(done.status, 'COMPLETED', JSON.stringify(done));
      syncIds.push(String(done.id));
      // The CODEOWNERS file is the rules' input, never a document; the Makefile is skipped with a readable
      // reason at every sync, never failed.
      assert.deepEqual(
        [done.seen, done.added, done.failed, done.skipped],
        [2, run === 1 ? 1 : 0, 0, 1],
        `sync ${run}: ${JSON.stringify(done)}`,
      );
      assert.deepEqual(done.failures, []);
      assert.deepEqual(done.skips, [{ key: 'Makefile', reason: 'unsupported file type (no extension)' }]);
      // Fetched by the first sync, not again by the second (its fingerprint is recorded); fetched again once changed.
      const fetched = await fetchedBy();
      assert.equal(fetched.syncId, syncIds[run === 2 ? 0 : run - 1], `sync ${run} fetched the Makefile?`);
      assert.equal(fetched.reason, 'unsupported file type (no extension)');
    }
    const items = await itemsByKey(id);
    assert.deepEqual(
      [...items].filter(([, item]) => item).map(([key]) => key),
      ['docs/lighthouse.md'],
      'the Makefile has no item; the CODEOWNERS file is not even listed',
    );
    assert.ok(!items.has('.github/CODEOWNERS'));
    // What a sync brings is made by the workspace credential, version 1 with the file's size and hash.
    const list = await stack.request('GET', v1(`/knowledge/${items.get('docs/lighthouse.md')}/versions`), {
      headers,
    });
    assert.equal(list.status, 200, list.text);
    const [first] = list.body.versions as Array<{ createdBy: string; size: number; hash: string }>;
    assert.equal(first!.createdBy, 'workspace');
    assert.equal(first!.size, Buffer.byteLength(OLD));
    assert.match(String(first!.hash), /^[0-9a-f]{64}$/);
  });

  it('fails a sync whose credentials are refused with a plain reason, deleting nothing', async () => {
    const { repo, url } = repository();
    repo.write('docs/a.md', KEPT);
    repo.commit('first');
    const created = await stack.request('POST', v1('/sources'), {
      headers,
      json: { kind: 'git', config: { url }, secrets: credentials },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    assert.equal((await sync(id)).added, 1);

    const revoked = await stack.request('PATCH', v1(`/sources/${id}`), {
      headers,
      json: { secrets: { username: credentials.username, token: 'revoked-token' } },
    });
    assert.equal(revoked.status, 200, revoked.text);
    const failed = await sync(id);
    assert.equal(failed.status, 'FAILED', JSON.stringify(failed));
    assert.match(String(failed.error), /credentials|401|refused/i);
    assert.ok(!String(failed.error).includes('revoked-token'), 'the token is not echoed');
    assert.equal(failed.deleted, 0);
    assert.equal((await itemsByKey(id)).size, 1, 'nothing was deleted');
  });

  it('refuses an http repository when created or changed unless the deployment allows private networks', async () => {
    /** The API with the address rule on, and a resolver of its own. */
    const strictWith = (resolve: typeof stack.config.web.resolve) =>
      stack.serve({
        ...stack.deps,
        config: { ...stack.config, web: { ...stack.config.web, allowPrivateNetworks: false, resolve } },
      });
    const strict = await strictWith(async () => [{ address: '93.184.216.34', family: 4 }]);
    const res = await strict.request('POST', v1('/sources'), {
      headers,
      json: { kind: 'git', config: { url: 'http://git.example.com/team/handbook.git' }, secrets: credentials },
    });
    assertError(res, 400, 'Invalid source config');
    assert.equal(res.body.param, 'config.url');
    assert.match(res.body.hint, /must be an https URL.*CRAWL_ALLOW_PRIVATE_NETWORKS=true/);
    const https = await strict.request('POST', v1('/sources'), {
      headers,
      json: { kind: 'git', config: { url: 'https://git.example.com/team/handbook.git' }, secrets: credentials },
    });
    assert.equal(https.status, 201, https.text);
    const patched = await strict.request('PATCH', v1(`/sources/${https.body.id}`), {
      headers,
      json: { config: { url: 'http://git.example.com/team/handbook.git' } },
    });
    assertError(patched, 400, 'Invalid source config');
    assert.equal(patched.body.param, 'config.url');
    // A name the API cannot resolve is kept (it may resolve from the workers, or later): each sync checks it.
    const unresolved = await strictWith(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const internal = await unresolved.request('POST', v1('/sources'), {
      headers,
      json: { kind: 'git', config: { url: 'https://git.corp.internal/team/handbook.git' } },
    });
    assert.equal(internal.status, 201, internal.text);
  });

  it('refuses a git config that breaks the form rules with 400', async () => {
    for (const config of [
      { url: 'ftp://example.com/repo.git' },
      { url: 'https://user:pw@example.com/repo.git' },
      { url: 'https://example.com/repo.git', branch: '-bad..name' },
      { url: 'https://example.com/repo.git', paths: [] },
      { url: 'https://example.com/repo.git', extra: true },
    ]) {
      const res = await stack.request('POST', v1('/sources'), { headers, json: { kind: 'git', config } });
      assert.equal(res.status, 400, `${JSON.stringify(config)}: ${res.text}`);
      assert.equal(typeof res.body.message, 'string');
    }
  });
});
