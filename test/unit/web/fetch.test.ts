// The guarded fetcher against real HTTP servers on loopback: the address rule on resolved and literal
// addresses, DNS rebinding (the address checked is the address connected to), redirects re-checked, size
// limits after decompression, timeouts; and the URL, robots.txt and HTML helpers it works with. The address
// rule is narrowed to "127.0.0.1 only" here, so every refused address is another loopback one and nothing
// ever leaves the machine.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { alwaysRefusedReason, blockedReason } from '../../../src/web/address';
import {
  checkLiteralHost,
  checkUrlAddress,
  checkWebUrl,
  fetchResource,
  FetchError,
  openRequest,
  type AddressPolicy,
  type FetchPolicy,
  type Resolver,
} from '../../../src/web/fetch';
import { parseHtmlPage } from '../../../src/web/html';
import type { MatchWork } from '../../../src/web/pattern';
import { MAX_ROBOTS_RULE_LENGTH, MAX_ROBOTS_RULES, parseRobotsTxt, robotsRules } from '../../../src/web/robots';
import {
  canonicalUrl,
  followedLinks,
  isConnectableHost,
  MAX_LINKS_PER_PAGE,
  MAX_MATCH_STEPS_PER_PAGE,
  matchesPathPattern,
  pathFilter,
} from '../../../src/web/urls';
import { NO_OWN_COMPONENTS } from '../../../src/web/ownComponents';

const u0 = (path: string) => new URL(`https://e.com${path}`);
/** robots.txt as the crawl keeps it: parsed once, for our user agent. */
const robotsOf = (body: string, agent: string) => robotsRules({ state: 'ok', ...parseRobotsTxt(body, agent) }, agent);

const code = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    assert.ok(err instanceof FetchError, String(err));
    return err.code;
  }
};

describe('web fetcher', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];
  const handlers = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>();

  before(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      const handler = handlers.get(req.url ?? '');
      if (handler) handler(req, res);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => {
    hits.length = 0;
    handlers.clear();
  });

  /** A policy that allows 127.0.0.1 and refuses every other address, with a resolver the test controls. */
  const policy = (resolve?: Resolver, extra: Partial<FetchPolicy> = {}): FetchPolicy => ({
    allowPrivateNetworks: false,
    own: NO_OWN_COMPONENTS,
    timeoutMs: 2000,
    userAgent: 'TestBot/1.0',
    resolve,
    refuseAddress: (address) => (address === '127.0.0.1' ? undefined : 'loopback'),
    ...extra,
  });
  const plain = { maxBytes: () => 1024 * 1024 };

  it('classifies addresses: public unicast only', () => {
    const cases: Record<string, string | undefined> = {
      '93.184.215.14': undefined,
      '2606:4700::1111': undefined,
      '127.0.0.1': 'loopback',
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '172.32.0.1': undefined,
      '192.168.1.1': 'private',
      '169.254.169.254': 'link-local',
      '100.64.0.1': 'shared address space',
      '0.0.0.0': 'unspecified',
      '224.0.0.251': 'multicast',
      '255.255.255.255': 'reserved',
      '::': 'unspecified',
      '::1': 'loopback',
      'fe80::1': 'link-local',
      'fd00::1': 'unique-local',
      'ff02::1': 'multicast',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '::ffff:10.0.0.1': 'private',
      '::ffff:93.184.215.14': undefined,
      '64:ff9b::a9fe:a9fe': 'link-local',
      '2002:c0a8:0101::1': 'private',
      '2001:db8::1': 'documentation',
      '::ffff:0:7f00:1': 'loopback', // IPv4-translated (SIIT)
      '::ffff:0:a9fe:a9fe': 'link-local',
      '::ffff:0:10.0.0.1': 'private',
      '::ffff:0:5db8:d70e': undefined,
    };
    for (const [address, reason] of Object.entries(cases)) assert.equal(blockedReason(address), reason, address);
  });

  it('connects to exactly the address it checked: a DNS answer that changes after the check is refused', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    const calls: string[] = [];
    const rebinding: Resolver = async (host) => {
      calls.push(host);
      return [{ address: answers.shift() ?? '127.0.0.2', family: 4 }];
    };
    const p = policy(rebinding);
    const url = `http://rebind.test:${port}/secret`;
    await checkWebUrl(url, p); // the API's check sees 127.0.0.1 ...
    assert.equal(await code(fetchResource(url, p, plain)), 'BLOCKED_ADDRESS'); // ... the fetch's own lookup 127.0.0.2
    assert.deepEqual(calls, ['rebind.test', 'rebind.test']);
    assert.deepEqual(hits, [], 'nothing was requested');

    // A stable answer: one lookup for the connection, and the request reaches the checked address.
    calls.length = 0;
    const stable: Resolver = async (host) => {
      calls.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const res = await fetchResource(`http://stable.test:${port}/page`, policy(stable), plain);
    assert.equal(res.body.toString(), 'hello');
    assert.deepEqual(calls, ['stable.test']);
    assert.deepEqual(hits, ['/page']);
  });

  it('refuses a host when any of its addresses is refused, and refused literal addresses', async () => {
    const mixed: Resolver = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '127.0.0.9', family: 4 },
    ];
    assert.equal(await code(fetchResource(`http://mixed.test:${port}/`, policy(mixed), plain)), 'BLOCKED_ADDRESS');
    assert.equal(await code(fetchResource(`http://127.0.0.2:${port}/`, policy(), plain)), 'BLOCKED_ADDRESS');
    assert.equal(await code(checkWebUrl(`http://[::1]:${port}/`, policy())), 'BLOCKED_ADDRESS');
    const failing: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    assert.equal(await code(checkWebUrl('http://nowhere.test/', policy(failing))), 'DNS');
    assert.equal(await code(checkWebUrl('file:///etc/passwd', policy())), 'UNSUPPORTED_SCHEME');
    assert.deepEqual(hits, []);
  });

  it('refuses every spelling of a loopback, unspecified, link-local or embedded address, at creation and before connecting', async () => {
    // The rule as the service runs it (nothing narrowed or lifted).
    const guarded: AddressPolicy = { allowPrivateNetworks: false, own: NO_OWN_COMPONENTS };
    const fetching: FetchPolicy = { ...guarded, timeoutMs: 2000, userAgent: 'TestBot/1.0' };
    const get = { method: 'GET' as const, headers: {} };
    // Node connects each of these to this machine, where the listener on `port` waits, unless refused first.
    const local = [
      '127.0.0.1',
      '127.1.2.3',
      '0x7f.1',
      '0177.0.0.1',
      '2130706433',
      '[::ffff:7f00:1]',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::1]',
      '0.0.0.0',
      '[::]',
    ];
    // These would leave the machine, so no request is sent to them even to watch it fail: they go through
    // the same checks short of the request, and checkLiteralHost is what openRequest runs before connecting.
    const remote = [
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::]',
      '[::7f00:1]',
      '169.254.169.254',
      '0xa9fea9fe',
      '[fe80::1]',
      '198.18.0.1',
      '192.0.0.8',
      '10.0.0.1',
    ];
    for (const host of [...local, ...remote]) {
      const url = `http://${host}:${port}/probe`;
      assert.equal(await code(checkWebUrl(url, guarded)), 'BLOCKED_ADDRESS', `creation (crawl) ${host}`);
      assert.equal(await code(checkUrlAddress(new URL(url), guarded)), 'BLOCKED_ADDRESS', `creation ${host}`);
      assert.throws(() => checkLiteralHost(new URL(url), guarded), FetchError, `before connecting ${host}`);
    }
    for (const host of local) {
      const url = `http://${host}:${port}/probe`;
      assert.equal(await code(openRequest(url, guarded, get)), 'BLOCKED_ADDRESS', `request ${host}`);
      assert.equal(await code(fetchResource(url, fetching, plain)), 'BLOCKED_ADDRESS', `fetch ${host}`);
    }
    assert.deepEqual(hits, [], 'nothing reached the listener');

    // The refusals are the rule's: with the rule lifted, the same door does reach the listener.
    const lifted = await openRequest(
      `http://[::ffff:127.0.0.1]:${port}/probe`,
      { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
      get,
    );
    lifted.resume();
    assert.equal(lifted.statusCode, 200);
    assert.deepEqual(hits, ['/probe']);
  });

  it('refuses link-local and cloud metadata addresses whatever the allowance, before connecting', async () => {
    const metadata = [
      '169.254.169.254',
      '0xa9fea9fe',
      '100.100.100.200',
      '[fe80::1]',
      '[fd00:ec2::254]',
      '[::ffff:169.254.169.254]',
      '[::ffff:0:a9fe:a9fe]',
      '[64:ff9b::a9fe:a9fe]',
    ];
    const toMetadata: Resolver = async () => [{ address: '169.254.169.254', family: 4 }];
    // The rule lifted by a setting, and a rule narrowed to refuse nothing: neither reaches these. No request
    // is sent to them, even to watch it fail: checkLiteralHost is what openRequest runs before connecting,
    // and checkWebUrl resolves through the same check as the connection's own lookup.
    for (const lifted of [
      { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS, resolve: toMetadata },
      { allowPrivateNetworks: false, own: NO_OWN_COMPONENTS, resolve: toMetadata, refuseAddress: () => undefined },
    ] satisfies AddressPolicy[]) {
      for (const host of metadata) {
        const url = `http://${host}/latest/meta-data/`;
        assert.throws(() => checkLiteralHost(new URL(url), lifted), FetchError, host);
        assert.equal(await code(checkUrlAddress(new URL(url), lifted)), 'BLOCKED_ADDRESS', host);
        assert.equal(await code(checkWebUrl(url, lifted)), 'BLOCKED_ADDRESS', host);
      }
      assert.equal(await code(checkWebUrl('http://metadata.test/', lifted)), 'BLOCKED_ADDRESS');
      assert.doesNotThrow(() => checkLiteralHost(new URL('http://10.0.0.1/'), lifted), 'other private ones are lifted');
    }
    assert.equal(alwaysRefusedReason('169.254.169.254'), 'link-local');
    assert.equal(alwaysRefusedReason('100.100.100.200'), 'cloud metadata');
    assert.equal(alwaysRefusedReason('fd00:ec2::254'), 'cloud metadata');
    assert.equal(alwaysRefusedReason('10.0.0.1'), undefined);
    assert.deepEqual(hits, []);
  });

  it('refuses an address without telling what a name resolved to', async () => {
    const intranet: Resolver = async () => [{ address: '10.20.30.40', family: 4 }];
    const guarded: AddressPolicy = { allowPrivateNetworks: false, own: NO_OWN_COMPONENTS, resolve: intranet };
    const refusals = [
      checkWebUrl('http://intranet.test/', guarded),
      checkWebUrl('http://[::1]/', guarded),
      openRequest(`http://intranet.test:${port}/`, guarded, { method: 'GET', headers: {} }),
    ];
    const messages = await Promise.all(
      refusals.map((p) =>
        p.then(
          () => 'ok',
          (err: Error) => err.message,
        ),
      ),
    );
    assert.deepEqual(messages, [
      "The URL's host intranet.test is not allowed: the service does not connect to its address",
      "The URL's host ::1 is not allowed: the service does not connect to its address",
      "The URL's host intranet.test is not allowed: the service does not connect to its address",
    ]);
    assert.deepEqual(hits, []);
  });

  it('checks every redirect hop, and limits the number of hops', async () => {
    const toName: Resolver = async (host) => [
      { address: host === 'inside.test' ? '127.0.0.3' : '127.0.0.1', family: 4 },
    ];
    handlers.set('/to-literal', (_q, res) => res.writeHead(302, { location: `http://127.0.0.2:${port}/x` }).end());
    handlers.set('/to-name', (_q, res) => res.writeHead(301, { location: `http://inside.test:${port}/x` }).end());
    handlers.set('/to-local', (_q, res) => res.writeHead(307, { location: '/final' }).end());
    handlers.set('/loop', (_q, res) => res.writeHead(302, { location: '/loop' }).end());
    const p = policy(toName);
    assert.equal(await code(fetchResource(`http://site.test:${port}/to-literal`, p, plain)), 'BLOCKED_ADDRESS');
    assert.equal(await code(fetchResource(`http://site.test:${port}/to-name`, p, plain)), 'BLOCKED_ADDRESS');
    const ok = await fetchResource(`http://site.test:${port}/to-local`, p, plain);
    assert.equal(ok.url.pathname, '/final');
    assert.deepEqual(ok.redirectedFrom, [`http://site.test:${port}/to-local`]);
    assert.equal(await code(fetchResource(`http://site.test:${port}/loop`, p, plain)), 'TOO_MANY_REDIRECTS');
    assert.ok(!hits.includes('/x'));
  });

  it('bounds bodies after decompression, and whole fetches in time', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024));
    handlers.set('/bomb', (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb),
    );
    handlers.set('/big', (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(300_000)));
    handlers.set('/gzip', (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync('<p>hi</p>')),
    );
    handlers.set('/stall', () => undefined); // never answers
    const p = policy(undefined, { timeoutMs: 300 });
    const small = { maxBytes: () => 100_000 };
    assert.ok(bomb.length < 100_000, 'the compressed bomb itself is small');
    assert.equal(await code(fetchResource(`http://127.0.0.1:${port}/bomb`, p, small)), 'TOO_LARGE');
    assert.equal(await code(fetchResource(`http://127.0.0.1:${port}/big`, p, small)), 'TOO_LARGE');
    assert.equal((await fetchResource(`http://127.0.0.1:${port}/gzip`, p, small)).body.toString(), '<p>hi</p>');
    const started = Date.now();
    assert.equal(await code(fetchResource(`http://127.0.0.1:${port}/stall`, p, small)), 'TIMEOUT');
    assert.ok(Date.now() - started < 2000);
    const wanted = { ...small, wants: (mime: string) => mime === 'text/html' };
    assert.equal(await code(fetchResource(`http://127.0.0.1:${port}/plain`, p, wanted)), 'UNSUPPORTED_TYPE');
  });
});

describe('web helpers', () => {
  it('connects only to IP literals and DNS names within 253 characters and 63 per label', () => {
    for (const ok of [
      'https://example.com/',
      'http://[::1]:8080/',
      'https://10.0.0.1/',
      `https://${'a'.repeat(63)}.com./`,
    ]) {
      assert.ok(isConnectableHost(new URL(ok)), ok);
    }
    const long = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    for (const bad of [`https://${'a'.repeat(64)}.com/`, `https://${long}/`, 'https://a..b/']) {
      assert.ok(!isConnectableHost(new URL(bad)), bad);
    }
  });

  it('gives one canonical form per page', () => {
    assert.equal(canonicalUrl('HTTP://Example.COM:80/a?utm_source=x&b=2&a=1#top'), 'http://example.com/a?a=1&b=2');
    assert.equal(canonicalUrl('https://example.com'), 'https://example.com/');
    assert.equal(canonicalUrl('https://u:p@example.com/x?gclid=1'), 'https://example.com/x');
  });

  it('matches path patterns as robots.txt does', () => {
    const u = (p: string) => new URL(`https://e.com${p}`);
    assert.ok(matchesPathPattern('/docs/', u('/docs/intro')));
    assert.ok(!matchesPathPattern('/docs/', u('/doc')));
    assert.ok(matchesPathPattern('/*.pdf$', u('/files/a.pdf')));
    assert.ok(!matchesPathPattern('/*.pdf$', u('/files/a.pdf?x=1')));
    assert.ok(matchesPathPattern('/pricing$', u('/pricing')) && !matchesPathPattern('/pricing$', u('/pricing/x')));
    const passes = pathFilter({ includePaths: ['/docs/'], excludePaths: ['/docs/internal'] });
    assert.ok(passes(u('/docs/a')));
    assert.ok(!passes(u('/docs/internal/a')));
    assert.ok(!passes(u('/blog')));
  });

  it('matches path patterns without backtracking: many stars against a 3,000-character path complete', () => {
    const u = (p: string) => new URL(`https://e.com${p}`);
    const long = `/x/${'a'.repeat(3000)}`;
    const pattern = '/x/*a*a*a*c.html';
    const started = performance.now();
    assert.ok(!matchesPathPattern(pattern, u(long)));
    assert.ok(!matchesPathPattern(pattern, u(`${long}c.htm`)));
    assert.ok(matchesPathPattern(pattern, u(`${long}c.html`)));
    assert.ok(matchesPathPattern(pattern, u(`${long}c.html?page=2`)), 'a prefix match');
    assert.ok(!matchesPathPattern(`${pattern}$`, u(`${long}c.html?page=2`)), 'anchored');
    assert.ok(!matchesPathPattern(`/${'*a'.repeat(40)}*b`, u(`/${'a'.repeat(5000)}`)));
    // robots.txt rules, through the same matcher, with the same pattern and path.
    const robots = robotsOf(`User-agent: *\nDisallow: ${pattern}\n`, 'Bot');
    assert.ok(robots.isAllowed(`https://e.com${long}`));
    assert.ok(!robots.isAllowed(`https://e.com${long}c.html`));
    // A backtracking regex takes hours on the first of these; this bound only catches that, not speed.
    assert.ok(performance.now() - started < 5000);
  });

  it('matches path patterns exactly as the wildcard regex they stand for, on every small pattern and path', () => {
    const regexMatch = (pattern: string, target: string) => {
      const anchored = pattern.endsWith('$');
      const body = (anchored ? pattern.slice(0, -1) : pattern)
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      return new RegExp(`^${body}${anchored ? '$' : ''}`).test(target);
    };
    const words = (alphabet: string, max: number): string[] => {
      const out = [''];
      for (let i = 0; out[i]!.length < max; i++) for (const c of alphabet) out.push(out[i] + c);
      return out;
    };
    const paths = words('ab', 5).map((w) => `/${w}`);
    let compared = 0;
    for (const body of words('ab*', 4)) {
      for (const pattern of [`/${body}`, `/${body}$`]) {
        for (const path of paths) {
          assert.equal(matchesPathPattern(pattern, u0(path)), regexMatch(pattern, path), `${pattern} ${path}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 10_000);
  });

  it('reads robots.txt as RFC 9309 says: groups, Crawl-delay, absent and unreachable files', () => {
    const rules = robotsOf(
      'User-agent: *\nDisallow: /private/\n\nUser-agent: TestBot\nDisallow: /bots/\nCrawl-delay: 2',
      'TestBot/1.0',
    );
    assert.ok(!rules.isAllowed('https://e.com/bots/a'));
    assert.ok(rules.isAllowed('https://e.com/private/a'), 'the specific group replaces *');
    assert.equal(rules.crawlDelayMs, 2000);
    assert.ok(robotsRules({ state: 'absent' }, 'TestBot').isAllowed('https://e.com/x'));
    const down = robotsRules({ state: 'unreachable', reason: 'HTTP 503' }, 'TestBot');
    assert.ok(!down.isAllowed('https://e.com/'));
    assert.equal(down.unreachableReason, 'HTTP 503');
  });

  it('reads robots.txt groups as RFC 9309 says: agents combined, longest match, Allow wins ties, * and $', () => {
    const body = [
      '# comments and blank lines are ignored',
      'User-agent: *',
      'User-agent: *',
      'Disallow: /all-bots/',
      '',
      'User-agent: OtherBot',
      'Disallow: /',
      'user-AGENT: testbot/2.0 # our product token, in any case and with any version',
      'User-agent: AnotherBot',
      'Disallow: /shop/',
      'Allow: /shop/public',
      'Disallow: /*.pdf$',
      'Disallow: /tmp*/cache',
      'Allow: /page',
      'Disallow: /page',
      'Disallow: /café',
      'Sitemap: https://e.com/sitemap.xml',
      'User-agent: TestBot',
      'Disallow: /second-group/',
      'Crawl-delay: 1.5',
    ].join('\r\n');
    const ours = robotsOf(body, 'TestBot/1.0');
    assert.equal(ours.ruleCount, 8, 'the rules of both groups naming us, each once');
    assert.equal(ours.crawlDelayMs, 1500);
    const at = (path: string) => ours.isAllowed(`https://e.com${path}`);
    assert.ok(at('/all-bots/x'), 'our groups replace *');
    assert.ok(!at('/second-group/a'), 'groups naming us are combined');
    assert.ok(!at('/shop/cart') && at('/shop/public/a'), 'the longest match wins');
    assert.ok(at('/page'), 'Allow wins a tie');
    assert.ok(!at('/files/a.pdf') && at('/files/a.pdf?x=1'), '$ anchors the end');
    assert.ok(!at('/tmp123/cache/x') && at('/tmp123/x'), '* matches any run');
    assert.ok(!at('/caf%C3%A9/menu') && !at('/caf%c3%a9'), 'a rule is matched percent-encoded');

    const others = robotsOf(body, 'NoSuchBot');
    assert.equal(others.ruleCount, 1, 'a repeated User-agent line does not repeat the rule');
    assert.ok(!others.isAllowed('https://e.com/all-bots/x') && others.isAllowed('https://e.com/shop/'));
    assert.equal(others.crawlDelayMs, 0);

    const empty = robotsOf('User-agent: *\nDisallow: /\n\nUser-agent: TestBot\nDisallow:\n', 'TestBot');
    assert.equal(empty.ruleCount, 0);
    assert.ok(empty.isAllowed('https://e.com/anything'), 'an empty Disallow in our group allows everything');

    // A crawl begun by an earlier version kept the file itself: it is parsed the same way.
    const kept = robotsRules({ state: 'ok', body: 'User-agent: *\nDisallow: /x\nCrawl-delay: 1' }, 'TestBot');
    assert.deepEqual(
      [kept.isAllowed('https://e.com/x/1'), kept.isAllowed('https://e.com/y'), kept.crawlDelayMs],
      [false, true, 1000],
    );
  });

  it('keeps each robots.txt rule once, and at most MAX_ROBOTS_RULES of at most MAX_ROBOTS_RULE_LENGTH characters', () => {
    const started = performance.now();
    // The reviewer's file: robots-parser stored every rule once per preceding User-agent line (36 million
    // here) and the worker died out of memory.
    const hostile = parseRobotsTxt('User-agent: *\n'.repeat(6000) + 'Disallow: /a\n'.repeat(6000), 'Bot/1.0');
    assert.equal(hostile.rules.length, MAX_ROBOTS_RULES);
    const repeated = parseRobotsTxt('User-agent: *\n'.repeat(3000) + 'Disallow: /a\n'.repeat(500), 'Bot/1.0');
    assert.equal(repeated.rules.length, 500);
    const long = parseRobotsTxt(
      `User-agent: *\nDisallow: /${'a'.repeat(MAX_ROBOTS_RULE_LENGTH)}\nDisallow: /${'b'.repeat(MAX_ROBOTS_RULE_LENGTH - 1)}\n`,
      'Bot',
    );
    assert.deepEqual(
      long.rules.map((r) => r.path.length),
      [MAX_ROBOTS_RULE_LENGTH],
    );
    // The other worst case: 512 KiB of many-star rules against a 2,000-character path, 11.9 s per link before.
    const rule = `Disallow: /${'*a'.repeat(100)}*b\n`;
    const stars = robotsOf(`User-agent: *\n${rule.repeat(Math.floor((512 * 1024) / rule.length))}`, 'Bot');
    assert.equal(stars.ruleCount, MAX_ROBOTS_RULES);
    const work: MatchWork = { steps: 0 };
    assert.ok(stars.isAllowed(`https://e.com/${'a'.repeat(2000)}`, work));
    // Each rule's match is linear: at most twice the path plus the rule, nothing like rule x path.
    assert.ok(work.steps <= MAX_ROBOTS_RULES * 2 * (2001 + rule.length), String(work.steps));
    assert.ok(!stars.isAllowed(`https://e.com/${'a'.repeat(2000)}b`));
    assert.ok(performance.now() - started < 20_000, 'a hang guard, not a speed test');
  });

  it("bounds a page's matching work: each distinct link once, MAX_LINKS_PER_PAGE of them, within MAX_MATCH_STEPS_PER_PAGE", () => {
    const crawl = { origin: 'https://e.com', settings: { includePaths: [], excludePaths: ['/skip/'] } };
    // 1,500 distinct pages, each linked three times (a tracking parameter and a fragment are the same page),
    // and links elsewhere, too long or excluded.
    const links = [
      'https://other.example/a',
      `https://e.com/${'x'.repeat(2048)}`,
      'https://e.com/skip/a',
      ...Array.from({ length: 1500 }, (_, i) => [
        `https://e.com/p${i}`,
        `https://e.com/p${i}?utm_source=news`,
        `https://e.com/p${i}#top`,
      ]).flat(),
    ];
    const asked: string[] = [];
    const followed = followedLinks(links, crawl, (url) => asked.push(url) > 0);
    assert.equal(new Set(asked).size, asked.length, 'robots.txt is asked once per distinct link');
    assert.equal(followed.length, MAX_LINKS_PER_PAGE - 1, 'the first distinct links, the excluded one left out');
    assert.equal(followed[0], 'https://e.com/p0');
    assert.deepEqual(followed, asked);

    // The worst a crawl's patterns (50 + 50 of 500 characters) and a site (1,000 many-star rules, links of
    // 2,000 characters) can do: 2.66 s per link for the patterns alone before. The work stops at the budget.
    const bad = `/*${'a'.repeat(497)}b`;
    const hostile = {
      origin: 'https://e.com',
      settings: { includePaths: [...Array<string>(49).fill(bad), '/'], excludePaths: Array<string>(50).fill(bad) },
    };
    const rule = `Disallow: /${'*a'.repeat(100)}*b\n`;
    const robots = robotsOf(`User-agent: *\n${rule.repeat(MAX_ROBOTS_RULES)}`, 'Bot');
    const long = Array.from({ length: 2500 }, (_, i) => `https://e.com/${'a'.repeat(1990)}${i}`);
    const started = performance.now();
    let steps = 0;
    let checked = 0;
    const kept = followedLinks(long, hostile, (url, work) => {
      checked++;
      const allowed = robots.isAllowed(url, work);
      steps = work.steps;
      return allowed;
    });
    assert.ok(checked > 0 && checked < 100, `${checked} links checked before the budget ran out`);
    assert.equal(kept.length, checked);
    // One link's work at most past the budget (its patterns and its rules, each linear).
    assert.ok(steps < MAX_MATCH_STEPS_PER_PAGE + 100 * 2 * (500 + 2000) + MAX_ROBOTS_RULES * 2 * (2000 + 210));
    assert.ok(performance.now() - started < 20_000, 'a hang guard, not a speed test');
  });

  it('takes links, canonical, base and robots meta from a page, and its main text without boilerplate', () => {
    const html = `<html lang="pt-BR"><head><title>Guide</title><base href="/docs/">
      <link rel="canonical" href="https://e.com/docs/guide"><meta name="robots" content="noindex, nofollow"></head>
      <body><nav><a href="intro">Intro</a> <a href="https://other.org/">Other</a> <a href="javascript:void(0)">x</a></nav>
      <article><h1>Guide</h1><p>${'Install the agent, then configure the collector. '.repeat(8)}</p>
      <p>Second paragraph about dashboards and alerts for the operations team.</p></article>
      <footer>Cookie banner and copyright</footer><script>track()</script></body></html>`;
    const page = parseHtmlPage(html, new URL('https://e.com/docs/guide?ref=1'));
    assert.equal(page.title, 'Guide');
    assert.equal(page.language, 'pt-BR');
    assert.deepEqual(page.links, ['https://e.com/docs/intro', 'https://other.org/']);
    assert.equal(page.canonical, 'https://e.com/docs/guide');
    assert.ok(page.noindex && page.nofollow);
    assert.match(page.text, /Install the agent/);
    assert.match(page.text, /\n\nSecond paragraph/, 'paragraphs stay apart');
    assert.doesNotMatch(page.text, /Cookie banner|track\(\)|Intro/);
  });

  it('reads a page nested far deeper than any real one as plain text of its body, without Readability or the call stack', () => {
    // 20,000 nested divs overflowed the recursive renderer; 2,500 unclosed h2/h3 pairs held Readability for minutes.
    const deep = parseHtmlPage(
      `<html><head><title>Deep</title></head><body>${'<div>'.repeat(20_000)}<p>deep text here</p></body></html>`,
      new URL('https://e.com/deep'),
    );
    assert.equal(deep.title, 'Deep');
    assert.match(deep.text, /deep text here/);
    const nested = parseHtmlPage(
      `<html><body>${'<h2>x<h3>y'.repeat(2_500)}<p>${'words '.repeat(2_000)}</p></body></html>`,
      new URL('https://e.com/nested'),
    );
    assert.match(nested.text, /words words/);
    assert.ok(nested.headings.length > 0);
  });

  it("records the main text's headings (h1-h6) where they start, nested as the page nests them", () => {
    const para = (s: string) => `<p>${`${s} `.repeat(12)}</p>`;
    const html = `<html><head><title>json — JSON encoder and decoder</title></head><body><div role="main">
      <h1>json — JSON encoder and decoder</h1>${para('Intro about JSON.')}
      <section><h2>Basic <code>Usage</code><a class="headerlink" href="#usage">¶</a></h2>${para('Use dumps and loads.')}
        <section><h3>Command line\uFDD2 options</h3>${para('Run python -m json.tool.')}</section></section>
      <section><h2></h2>${para('A section without a heading.')}</section>
      <section><h2>Encoders</h2>${para('Subclass JSONEncoder.')}</section></div></body></html>`;
    const page = parseHtmlPage(html, new URL('https://docs.example/json.html'));
    const levels = page.headings.map((h) => [h.level, h.text]);
    assert.deepEqual(levels.slice(-3), [
      [2, 'Basic Usage'],
      [3, 'Command line options'],
      [2, 'Encoders'],
    ]);
    for (const h of page.headings) assert.ok(page.text.startsWith(h.text, h.at), `${h.text} at ${h.at}`);
    assert.doesNotMatch(page.text, /[\uFDD0-\uFDD6]/, 'no mark is left in the text');
    assert.match(page.text, /Basic Usage\n\nUse dumps/, "the heading's permalink is left out");
  });
});
