// The git source kind against a real git server (git http-backend on loopback behind a CGI bridge that checks
// basic auth): listing by globs, fingerprints that are blob ids and change only with the content, deletions,
// fetches of the new content, and the failures a sync reports (wrong credentials, unknown branch,
// unreachable host, too large, an address the door refuses before connecting). The packfile bounds, the config
// parser and the glob matcher are unit tests: test/unit/connectors/gitRules.test.ts.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createGitKind,
  parseGitConfig,
  STALE_CLONE_MS,
  type GitConfig,
  type GitSecrets,
  type GitSourceKind,
} from '../../src/connectors/git';
import { SourceUnavailableError, type SourceContext, type SourceEntry } from '../../src/connectors/kind';
import { GitWorld, type GitRepository, type GitServer } from '../helpers/gitServer';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';

const credentials = { username: 'reader', token: 'tok-3f9a1c-secret' };
const secrets: GitSecrets = { ...credentials };

const context = (): SourceContext => ({
  signal: new AbortController().signal,
  heartbeat: () => undefined,
  previous: new Map(),
  addressPolicy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
});

async function listAll(kind: GitSourceKind, config: GitConfig, s: GitSecrets = secrets): Promise<SourceEntry[]> {
  const out: SourceEntry[] = [];
  for await (const entry of kind.list(context(), config, s)) out.push(entry);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

async function failure(p: Promise<unknown>): Promise<SourceUnavailableError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof SourceUnavailableError, `expected SourceUnavailableError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}

describe('git source kind', function () {
  this.timeout(60_000);
  let world: GitWorld;
  let repo: GitRepository;
  let server: GitServer;
  let kind: GitSourceKind;

  before(async () => {
    world = new GitWorld();
    repo = world.createRepository('handbook');
    repo.write('README.md', '# Handbook\n');
    repo.write('docs/intro.md', 'Welcome to the handbook.\n');
    repo.write('docs/guide/setup.md', 'Install the tools.\n');
    repo.write('docs/guide/old.md', 'Deprecated process.\n');
    repo.write('docs/notes.txt', 'not markdown\n');
    repo.write('src/index.ts', 'export {};\n');
    repo.commit('first');
    server = await world.serve(credentials);
    kind = createGitKind({ policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS }, allowHttp: true });
  });

  after(async () => {
    await kind?.close();
    await server?.close();
    world?.dispose();
  });

  const config = (paths: string[], extra: Partial<GitConfig> = {}): GitConfig => ({
    url: server.url('handbook'),
    branch: 'main',
    paths,
    ...extra,
  });

  it('lists the files of the branch head that match the globs, fingerprinted by blob id', async () => {
    const docs = await listAll(kind, config(['docs/**/*.md']));
    assert.deepEqual(
      docs.map((e) => e.key),
      ['docs/guide/old.md', 'docs/guide/setup.md', 'docs/intro.md'],
    );
    for (const entry of docs) {
      assert.equal(entry.fingerprint, repo.blobId(entry.key));
      assert.equal(entry.filename, entry.key.split('/').pop());
    }
    const top = await listAll(kind, config(['*.md', 'src/*.ts']));
    assert.deepEqual(
      top.map((e) => e.key),
      ['README.md', 'src/index.ts'],
    );
    // No branch given: the repository's default branch; no globs given to the parser: everything.
    const all = await listAll(kind, parseGitConfig({ url: server.url('handbook') }, { allowHttp: true }));
    assert.equal(all.length, 6);
  });

  it('after a commit, only the changed file changes fingerprint, the deleted one is gone, fetch reads the new content', async () => {
    const before = new Map((await listAll(kind, config(['docs/**']))).map((e) => [e.key, e.fingerprint]));
    repo.write('docs/intro.md', 'Welcome to the new handbook.\n');
    repo.write('docs/guide/deploy.md', 'Deploy with care.\n');
    repo.remove('docs/guide/old.md');
    repo.commit('second');

    const after = await listAll(kind, config(['docs/**']));
    const now = new Map(after.map((e) => [e.key, e.fingerprint]));
    assert.deepEqual([...now.keys()].sort(), [
      'docs/guide/deploy.md',
      'docs/guide/setup.md',
      'docs/intro.md',
      'docs/notes.txt',
    ]);
    assert.ok(!now.has('docs/guide/old.md'));
    assert.notEqual(now.get('docs/intro.md'), before.get('docs/intro.md'));
    assert.equal(now.get('docs/guide/setup.md'), before.get('docs/guide/setup.md'));
    assert.equal(now.get('docs/notes.txt'), before.get('docs/notes.txt'));
    assert.equal(now.get('docs/intro.md'), repo.blobId('docs/intro.md'));

    const intro = after.find((e) => e.key === 'docs/intro.md')!;
    const doc = await kind.fetch(context(), config(['docs/**']), secrets, intro);
    assert.equal(doc.bytes.toString('utf8'), 'Welcome to the new handbook.\n');
    assert.equal(doc.filename, 'intro.md');
    assert.equal(doc.fingerprint, intro.fingerprint);

    // A kind with no clone kept (another worker) clones again to fetch.
    const fresh = createGitKind({ policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS }, allowHttp: true });
    try {
      const deploy = after.find((e) => e.key === 'docs/guide/deploy.md')!;
      const fetched = await fresh.fetch(context(), config(['docs/**']), secrets, deploy);
      assert.equal(fetched.bytes.toString('utf8'), 'Deploy with care.\n');
      assert.equal(fetched.fingerprint, deploy.fingerprint);
    } finally {
      await fresh.close();
    }
  });

  it('wrong or missing credentials fail with a plain reason that does not echo the token', async () => {
    const wrong = { username: 'reader', token: 'revoked-token-77' };
    const err = await failure(listAll(kind, config(['**']), wrong));
    assert.match(err.message, /refused the credentials \(HTTP 401\)/);
    assert.ok(!err.message.includes(wrong.token));
    assert.ok(!err.message.includes(Buffer.from(`reader:${wrong.token}`).toString('base64')));
    const none = await failure(listAll(kind, config(['**']), {}));
    assert.match(none.message, /refused the credentials/);
  });

  it('an unknown branch fails with a plain reason', async () => {
    const err = await failure(listAll(kind, config(['**'], { branch: 'no-such-branch' })));
    assert.equal(err.message, 'The repository has no branch "no-such-branch"');
  });

  it('an unknown repository, a closed port and a repository over the size cap fail with plain reasons', async () => {
    const missing = await failure(listAll(kind, { ...config(['**']), url: server.url('nothing-here') }));
    assert.match(missing.message, /not found|answered HTTP/);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await failure(listAll(kind, { ...config(['**']), url: `http://127.0.0.1:${port}/x.git` }));
    assert.match(unreachable.message, /could not be reached/);

    const small = createGitKind({
      policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
      allowHttp: true,
      maxRepositoryBytes: 600,
    });
    try {
      const tooLarge = await failure(listAll(small, config(['**'])));
      assert.match(tooLarge.message, /larger than the 600 bytes/);
    } finally {
      await small.close();
    }
  });

  it('bounds what a clone inflates: a file that inflates past the object cap, or files past the total, fail the listing', async () => {
    // A few kilobytes on the wire (zeros and ones compress well), megabytes once inflated.
    const bomb = world.createRepository('bomb');
    bomb.write('zeros.bin', Buffer.alloc(4_000_000, 0));
    bomb.write('ones.bin', Buffer.alloc(3_000_000, 1));
    bomb.commit('inflates');
    const bombConfig = { ...config(['**']), url: server.url('bomb') };
    const strict = (limits: { maxObjectBytes?: number; maxInflatedBytes?: number }) =>
      createGitKind({
        policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
        allowHttp: true,
        maxRepositoryBytes: 100_000,
        ...limits,
      });

    const perObject = strict({ maxObjectBytes: 3_500_000 });
    const total = strict({ maxInflatedBytes: 6_000_000 });
    const roomy = strict({});
    try {
      const tooLarge = await failure(listAll(perObject, bombConfig));
      assert.match(tooLarge.message, /an object of 4000000 bytes, more than the 3500000 a git source may read/);
      const tooMuch = await failure(listAll(total, bombConfig));
      assert.match(tooMuch.message, /inflate to more than the 6000000 bytes a git source may read/);
      assert.deepEqual(
        (await listAll(roomy, bombConfig)).map((e) => e.key),
        ['ones.bin', 'zeros.bin'],
      );
    } finally {
      await Promise.all([perObject.close(), total.close(), roomy.close()]);
    }
  });

  it('a name that does not resolve fails as unresolved', async () => {
    const unresolved = createGitKind({
      policy: {
        allowPrivateNetworks: true,
        own: NO_OWN_COMPONENTS,
        resolve: () => Promise.reject(new Error('ENOTFOUND')),
      },
      allowHttp: true,
    });
    const err = await failure(listAll(unresolved, { ...config(['**']), url: 'http://git.invalid/handbook.git' }));
    assert.match(err.message, /could not be resolved/);
  });

  it('an http repository where http is not allowed fails the sync with the reason (a stored URL: no retry)', async () => {
    const httpsOnly = createGitKind({
      policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
      allowHttp: false,
    });
    const connections = server.connections;
    const err = await failure(listAll(httpsOnly, config(['**'])));
    assert.equal(err.message, 'config.url must be an https URL without credentials, query or fragment');
    assert.equal(server.connections, connections, 'nothing was fetched');
  });

  it('an address the door refuses (loopback without the allowance) is refused before any connection', async () => {
    const strict = createGitKind({ policy: { allowPrivateNetworks: false, own: NO_OWN_COMPONENTS }, allowHttp: true });
    const connections = server.connections;
    const literal = await failure(listAll(strict, config(['**'])));
    assert.match(literal.message, /not allowed/);
    // A host name resolving to loopback is refused in the connection's own lookup, before connecting.
    const named = createGitKind({
      policy: {
        allowPrivateNetworks: false,
        own: NO_OWN_COMPONENTS,
        resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
      },
      allowHttp: true,
    });
    const byName = await failure(
      listAll(named, { ...config(['**']), url: `http://git.test:${server.port}/handbook.git` }),
    );
    assert.match(byName.message, /not allowed/);
    assert.equal(server.connections, connections);
  });

  it('a repository that never answers times out with a plain reason; a cancelled sync stops waiting', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const impatient = createGitKind({
      policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
      allowHttp: true,
      timeoutMs: 300,
    });
    try {
      const err = await failure(listAll(impatient, { ...config(['**']), url: `http://127.0.0.1:${port}/x.git` }));
      assert.equal(err.message, 'The repository did not answer within 300 ms');
      // A sync cancelled while the server is silent ends with the cancellation, not as unavailable.
      const abort = new AbortController();
      setTimeout(() => abort.abort(new Error('sync cancelled')), 100);
      await assert.rejects(
        kind.fetch(
          { ...context(), signal: abort.signal },
          { ...config(['**']), url: `http://127.0.0.1:${port}/x.git` },
          secrets,
          {
            key: 'README.md',
            fingerprint: '0'.repeat(40),
            filename: 'README.md',
          },
        ),
        (err: Error) => err.message === 'sync cancelled',
      );
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('follows redirects, sending the credentials to the repository origin only', async () => {
    const open = await world.serve();
    let target = server;
    const seen: Array<string | undefined> = [];
    const redirector = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}${req.url ?? '/'}` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/handbook.git`;
    try {
      // To a public server on another origin: followed, and the listing works.
      target = open;
      const listed = await listAll(kind, { ...config(['docs/**/*.md']), url });
      assert.ok(listed.some((e) => e.key === 'docs/intro.md'));
      assert.ok(seen.length > 0 && seen.every((a) => a !== undefined), 'the first origin got the credentials');
      // To the server that wants them, on another origin: they are not sent there, so it refuses.
      target = server;
      const err = await failure(listAll(kind, { ...config(['**']), url }));
      assert.match(err.message, /refused the credentials/);
    } finally {
      await open.close();
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });

  it('keeps a bounded number of clones: a fetch whose clone was evicted clones again', async () => {
    const one = createGitKind({
      policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
      allowHttp: true,
      maxKeptClones: 1,
    });
    try {
      const [first] = await listAll(one, config(['docs/intro.md']));
      let requests = server.requests;
      await one.fetch(context(), config(['docs/intro.md']), secrets, first!);
      assert.equal(server.requests, requests, 'read from the kept clone');
      // Another source (the default branch): its clone takes the one place.
      await listAll(one, { url: server.url('handbook'), paths: ['README.md'] });
      requests = server.requests;
      const doc = await one.fetch(context(), config(['docs/intro.md']), secrets, first!);
      assert.ok(server.requests > requests, 'cloned again');
      assert.equal(doc.fingerprint, first!.fingerprint);
    } finally {
      await one.close();
    }
  });

  it('removes clone directories left by a stopped process, and only stale ones', async () => {
    const stale = path.join(os.tmpdir(), `kws-git-stale-${process.pid}`);
    const recent = path.join(os.tmpdir(), `kws-git-recent-${process.pid}`);
    mkdirSync(stale, { recursive: true });
    mkdirSync(recent, { recursive: true });
    const old = new Date(Date.now() - STALE_CLONE_MS - 60_000);
    utimesSync(stale, old, old);
    const sweeping = createGitKind({ policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS }, allowHttp: true });
    try {
      await listAll(sweeping, config(['README.md']));
      assert.equal(existsSync(stale), false);
      assert.equal(existsSync(recent), true);
    } finally {
      await sweeping.close();
      rmSync(recent, { recursive: true, force: true });
    }
  });

  it('refuses http unless allowed, and honours a cancelled sync', async () => {
    const httpsOnly = createGitKind({ policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS } });
    await assert.rejects(listAll(httpsOnly, config(['**'])), /https URL/);
    const abort = new AbortController();
    abort.abort(new Error('cancelled'));
    await assert.rejects(
      (async () => {
        for await (const _ of kind.list({ ...context(), signal: abort.signal }, config(['**']), secrets)) void _;
      })(),
      /cancelled/,
    );
  });
});
