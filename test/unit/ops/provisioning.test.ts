// Provisioning hygiene: setup derives the Debian mirror for its deb-src entry from the apt sources the
// machine already has (scripts/debian-mirror.sh), whatever mirror that is, and never names a host itself.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../helpers/processes';

const run = promisify(execFile);
const script = path.join(repoRoot, 'scripts', 'debian-mirror.sh');

describe('setup: the Debian mirror comes from the configured apt sources', () => {
  let etc: string;
  beforeEach(async () => {
    etc = await mkdtemp(path.join(os.tmpdir(), 'kws-apt-'));
    await mkdir(path.join(etc, 'sources.list.d'));
  });
  afterEach(() => rm(etc, { recursive: true, force: true }));

  const mirror = async (extraEnv: Record<string, string> = {}) => {
    const env = { ...process.env, APT_ETC: etc, DEBIAN_CODENAME: 'bookworm', ...extraEnv };
    delete (env as Record<string, string | undefined>).DEBIAN_MIRROR;
    Object.assign(env, extraEnv);
    const out = await run('bash', [script], { env });
    return out.stdout.trim();
  };

  it('reads a deb822 .sources file, skipping security, third-party and deb-src stanzas', async () => {
    await writeFile(
      path.join(etc, 'sources.list.d', 'a-thirdparty.sources'),
      'Types: deb\nURIs: https://deb.example.org/node_22.x\nSuites: nodistro\nComponents: main\n',
    );
    await writeFile(
      path.join(etc, 'sources.list.d', 'debian.sources'),
      [
        'Types: deb-src',
        'URIs: http://src.example.net/debian',
        'Suites: bookworm',
        'Components: main',
        '',
        'Types: deb',
        '# a comment line',
        'URIs: http://security.example.net/debian-security',
        'Suites: bookworm-security',
        'Components: main',
        '',
        'Types: deb',
        'URIs: http://mirror.example.net/debian http://second.example.net/debian',
        'Suites: bookworm bookworm-updates',
        'Components: main contrib',
        'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg',
      ].join('\n'),
    );
    assert.equal(await mirror(), 'http://mirror.example.net/debian');
  });

  it('reads one-line sources.list entries, with options', async () => {
    await writeFile(
      path.join(etc, 'sources.list'),
      [
        '# deb http://commented.example.net/debian bookworm main',
        'deb http://security.example.net/debian-security bookworm-security main',
        'deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://ftp.example.de/debian bookworm main non-free',
      ].join('\n'),
    );
    assert.equal(await mirror(), 'http://ftp.example.de/debian');
  });

  it('fails with a hint when no entry serves the release, and honours DEBIAN_MIRROR', async () => {
    await writeFile(path.join(etc, 'sources.list'), 'deb http://ftp.example.de/debian bullseye main\n');
    await assert.rejects(mirror(), (err: { stderr: string }) => /set DEBIAN_MIRROR/.test(err.stderr));
    assert.equal(await mirror({ DEBIAN_MIRROR: 'http://given.example.net/debian' }), 'http://given.example.net/debian');
  });

  it('is what setup uses: setup.sh names no Debian host', async () => {
    const setup = await readFile(path.join(repoRoot, 'scripts', 'setup.sh'), 'utf8');
    assert.doesNotMatch(setup, /debian\.org/);
    assert.match(setup, /scripts\/debian-mirror\.sh/);
  });
});
