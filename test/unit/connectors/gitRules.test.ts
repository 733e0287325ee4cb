// The git source's rules without a server: the packfile bounds (zlib bombs, oversized objects and deltas), the
// config and secrets parsers and their schemas' patterns, and the path glob matcher (linear on hostile input).
// The connector against a real git server is test/connectors/git.test.ts.
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { gitConfigSchema, gitSecretsSchema, parseGitConfig, parseGitSecrets } from '../../../src/connectors/git';
import { checkPack, PackRefused } from '../../../src/connectors/git/pack';
import { compileGlob, globProblem, matchesGlob, MAX_GLOBS } from '../../../src/connectors/glob';

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
