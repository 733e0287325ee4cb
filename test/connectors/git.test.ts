// The git source kind against a real git server (git http-backend on loopback behind a CGI bridge that checks
// basic auth): listing by globs, fingerprints that are blob ids and change only with the content, deletions,
// fetches of the new content, and the failures a sync reports (wrong credentials, unknown branch,
// unreachable host, too large, an address the door refuses before connecting). Plus the glob matcher and the
// config parser.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  createGitKind,
  gitConfigSchema,
  gitSecretsSchema,
  parseGitConfig,
  parseGitSecrets,
  STALE_CLONE_MS,
  type GitConfig,
  type GitSecrets,
  type GitSourceKind,
} from '../../src/connectors/git';
import { checkPack, PackRefused } from '../../src/connectors/gitPack';
import { compileGlob, globProblem, matchesGlob, MAX_GLOBS } from '../../src/connectors/glob';
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

// A packfile written by hand: the header, each object as given, then a 20-byte trailer (not checked here).
function pack(objects: Array<{ type: number; size: number; body: Buffer; base?: Buffer }>): Buffer {
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(objects.length, 8);
  const parts: Buffer[] = [header];
  for (const o of objects) {
    const head: number[] = [];
    let size = o.size;
    let byte = (o.type << 4) | (size % 16);
    size = Math.floor(size / 16);
    while (size > 0) {
      head.push(byte | 0x80);
      byte = size % 128;
      size = Math.floor(size / 128);
    }
    head.push(byte);
    parts.push(Buffer.from(head), o.base ?? Buffer.alloc(0), deflateSync(o.body));
  }
  parts.push(Buffer.alloc(20));
  return Buffer.concat(parts);
}

/** A delta's two sizes (base-128, little-endian) followed by one insert instruction. */
function deltaBody(baseSize: number, resultSize: number): Buffer {
  const varint = (n: number) => {
    const out: number[] = [];
    do {
      let b = n % 128;
      n = Math.floor(n / 128);
      if (n > 0) b |= 0x80;
      out.push(b);
    } while (n > 0);
    return out;
  };
  return Buffer.from([...varint(baseSize), ...varint(resultSize), 1, 0x61]);
}

describe('git packfile bounds', () => {
  const limits = { maxObjectBytes: 1_000_000, maxInflatedBytes: 2_500_000 };
  const BLOB = 3;
  const REF_DELTA = 7;

  it('accepts objects within the limits and counts what they inflate to', () => {
    const body = Buffer.alloc(1000, 7);
    assert.equal(
      checkPack(
        pack([
          { type: BLOB, size: 1000, body },
          { type: BLOB, size: 0, body: Buffer.alloc(0) },
        ]),
        limits,
      ),
      1000,
    );
  });

  it('stops a zlib stream that inflates past the size its object declares (a zlib bomb), at the declared size', () => {
    const bomb = pack([{ type: BLOB, size: 10, body: Buffer.alloc(50_000_000) }]);
    assert.ok(bomb.length < 100_000, 'small on the wire');
    assert.throws(() => checkPack(bomb, limits), /inflates past the 10 bytes it declares/);
  });

  it('refuses an object declared larger than the cap before inflating it', () => {
    const huge = pack([{ type: BLOB, size: 2 ** 40, body: Buffer.from('tiny') }]);
    assert.throws(() => checkPack(huge, limits), /an object of 1099511627776 bytes, more than the 1000000/);
  });

  it('refuses a delta that rebuilds an object larger than the cap, and a chain past the total', () => {
    const base = Buffer.alloc(20, 0xab);
    const expands = deltaBody(4, 5_000_000_000);
    assert.throws(
      () => checkPack(pack([{ type: REF_DELTA, size: expands.length, body: expands, base }]), limits),
      /an object of 5000000000 bytes/,
    );
    const step = deltaBody(900_000, 900_000);
    const chain = pack([0, 1, 2].map(() => ({ type: REF_DELTA, size: step.length, body: step, base })));
    assert.throws(() => checkPack(chain, limits), /inflate to more than the 2500000 bytes/);
  });

  it('refuses what is not a packfile, or a truncated one', () => {
    assert.throws(() => checkPack(Buffer.from('not a pack at all'), limits), /not a packfile/);
    const whole = pack([{ type: BLOB, size: 1000, body: Buffer.alloc(1000) }]);
    assert.throws(() => checkPack(whole.subarray(0, 20), limits), PackRefused);
  });
});

describe('git source config', () => {
  it('parses a config and refuses bad ones with clear messages', () => {
    assert.deepEqual(
      parseGitConfig({ url: 'https://git.example.com/a.git', branch: 'main', paths: ['docs/**/*.md'] }),
      {
        url: 'https://git.example.com/a.git',
        branch: 'main',
        paths: ['docs/**/*.md'],
      },
    );
    assert.deepEqual(parseGitConfig({ url: 'https://git.example.com/a.git' }).paths, ['**']);
    const bad: Array<[unknown, RegExp]> = [
      [null, /config must be an object/],
      [[], /config must be an object/],
      [{}, /config.url must be a string/],
      [{ url: 'http://git.example.com/a.git' }, /https URL/],
      [{ url: 'https://user:pw@git.example.com/a.git' }, /without credentials/],
      [{ url: 'https://git.example.com/a.git?x=1' }, /without credentials, query/],
      [{ url: 'ftp://git.example.com/a.git' }, /https URL/],
      [{ url: 'https://git.example.com/a\u0000.git' }, /https URL/],
      [{ url: 'https://git.example.com/a.git', branch: '../etc' }, /branch is not a valid/],
      [{ url: 'https://git.example.com/a.git', branch: 'a b' }, /branch is not a valid/],
      [{ url: 'https://git.example.com/a.git', branch: 'x.lock' }, /branch is not a valid/],
      [{ url: 'https://git.example.com/a.git', branch: 7 }, /branch must be a string/],
      [{ url: 'https://git.example.com/a.git', paths: 'docs' }, /paths must be an array/],
      [{ url: 'https://git.example.com/a.git', paths: [] }, /at least one glob/],
      [{ url: 'https://git.example.com/a.git', paths: Array(MAX_GLOBS + 1).fill('*') }, /more than 32 globs/],
      [{ url: 'https://git.example.com/a.git', paths: ['/abs'] }, /paths\[0\] starts with/],
      [{ url: 'https://git.example.com/a.git', paths: ['a//b'] }, /empty path segment/],
      [{ url: 'https://git.example.com/a.git', paths: ['x'.repeat(300)] }, /longer than 256/],
      [{ url: 'https://git.example.com/a.git', paths: ['\ud800'] }, /lone surrogate/],
      [{ url: 'https://git.example.com/a.git', extra: 1 }, /unknown field "extra"/],
    ];
    for (const [input, message] of bad) assert.throws(() => parseGitConfig(input), message, JSON.stringify(input));
  });

  it("the schema's patterns agree with the parser", () => {
    const { url, branch, paths } = gitConfigSchema.properties;
    const urlPattern = new RegExp(url.pattern);
    const branchPattern = new RegExp(branch.pattern);
    const globPattern = new RegExp(paths.items.pattern);
    for (const u of [
      'https://git.example.com/a.git',
      'http://git.example.com/a.git',
      'https://a@b/c',
      'https://h/x?y',
    ]) {
      let parsed = true;
      try {
        parseGitConfig({ url: u }, { allowHttp: true });
      } catch {
        parsed = false;
      }
      assert.equal(urlPattern.test(u), parsed, u);
    }
    for (const b of [
      'main',
      'release/1.2',
      'feature/x-y',
      '-x',
      '.x',
      'a..b',
      'a/',
      'a.lock',
      'a~1',
      'a@{1}',
      'a/.b',
    ]) {
      let parsed = true;
      try {
        parseGitConfig({ url: 'https://h/a.git', branch: b });
      } catch {
        parsed = false;
      }
      assert.equal(branchPattern.test(b), parsed, b);
    }
    for (const g of ['docs/**/*.md', '*', '/x', 'a//b', 'a/', 'x\u0001']) {
      assert.equal(globPattern.test(g), globProblem(g) === undefined, g);
    }
    assert.equal(gitSecretsSchema.properties.token.pattern, gitSecretsSchema.properties.password.pattern);
  });

  it('parses secrets', () => {
    assert.deepEqual(parseGitSecrets(undefined), {});
    assert.deepEqual(parseGitSecrets({ username: 'u', token: 't' }), { username: 'u', token: 't' });
    assert.deepEqual(parseGitSecrets({ password: 'p' }), { token: 'p' });
    assert.throws(() => parseGitSecrets({ token: 'a', password: 'b' }), /not both/);
    assert.throws(() => parseGitSecrets({ username: 'u' }), /needs a token or password/);
    assert.throws(() => parseGitSecrets({ username: 'a:b', token: 't' }), /must not contain ":"/);
    assert.throws(() => parseGitSecrets({ token: 'a\nb' }), /control characters/);
    assert.throws(() => parseGitSecrets('x'), /secrets must be an object/);
  });
});

describe('path globs', () => {
  const cases: Array<[string, string, boolean]> = [
    ['docs/**/*.md', 'docs/a.md', true],
    ['docs/**/*.md', 'docs/x/y/a.md', true],
    ['docs/**/*.md', 'docs/a.txt', false],
    ['docs/**/*.md', 'other/docs/a.md', false],
    ['*.md', 'a.md', true],
    ['*.md', 'docs/a.md', false],
    ['**/*.md', 'docs/a.md', true],
    ['**', 'anything/at/all', true],
    ['docs/**', 'docs/a/b', true],
    ['docs/**', 'docsx/a', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['a?c', 'a/c', false],
    ['[a-c]x', 'bx', true],
    ['[a-c]x', 'dx', false],
    ['[!a-c]x', 'dx', true],
    ['[!a-c]x', 'ax', false],
    ['a[b', 'a[b', true],
    ['\\*', '*', true],
    ['\\*', 'a', false],
    ['*a*b*c', 'xxaxxbxxc', true],
    ['*a*b*c', 'xxaxxbxxcx', false],
  ];
  it('match as documented', () => {
    for (const [glob, target, expected] of cases)
      assert.equal(matchesGlob(compileGlob(glob), target), expected, `${glob} ~ ${target}`);
  });

  it('answer on hostile input (a backtracking matcher would not return on these)', () => {
    const glob = compileGlob(`${'*a'.repeat(60)}b`);
    const target = 'a'.repeat(4000);
    assert.equal(matchesGlob(glob, target), false);
    const deep = compileGlob(`${'**/'.repeat(40)}x`);
    assert.equal(matchesGlob(deep, `${'a/'.repeat(2000)}y`), false);
  });
});
