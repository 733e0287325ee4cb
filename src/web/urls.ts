// URL identity for crawling: one canonical form per page, so the same page reached by different links is
// crawled once; the include/exclude path patterns of a crawl; and which hosts may be connected to.
import { isIP } from 'node:net';
import { compilePathPattern, matchesPattern, type MatchWork } from './pattern';

/** Query parameters that only track where a visitor came from; they never change the page. */
const TRACKING = /^(utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid|_ga)$/i;

/**
 * The canonical form of a URL: no fragment, no credentials, lowercase scheme and host, no default port
 * (the URL parser does those three), tracking parameters removed and the remaining ones sorted.
 */
export function canonicalUrl(input: string | URL): string {
  const url = new URL(String(input));
  url.hash = '';
  url.username = '';
  url.password = '';
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING.test(k));
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  url.search = params.length > 0 ? new URLSearchParams(params).toString() : '';
  if (url.pathname === '') url.pathname = '/';
  return url.toString();
}

export const sameOrigin = (a: string | URL, b: string | URL): boolean =>
  new URL(String(a)).origin === new URL(String(b)).origin;

/**
 * The longest link a crawl follows, in characters; longer links are skipped. Real pages are not addressed
 * by such URLs, and each link is matched against every path pattern and robots.txt rule.
 */
export const MAX_CRAWL_URL_LENGTH = 2048;

/** The target of a path pattern: a URL's path and query. */
const patternTarget = (url: URL) => url.pathname + url.search;

/** Whether a path pattern (robots.txt syntax, see src/web/pattern.ts) matches a URL's path and query. */
export const matchesPathPattern = (pattern: string, url: URL): boolean =>
  matchesPattern(compilePathPattern(pattern), patternTarget(url));

/**
 * The crawl's include and exclude patterns as one test (no include patterns: everything is included), each
 * pattern compiled once: a link passes if it matches an include pattern and no exclude pattern.
 */
export function pathFilter(filters: {
  includePaths: string[];
  excludePaths: string[];
}): (url: URL, work?: MatchWork) => boolean {
  const include = filters.includePaths.map(compilePathPattern);
  const exclude = filters.excludePaths.map(compilePathPattern);
  return (url, work) => {
    const target = patternTarget(url);
    if (include.length > 0 && !include.some((p) => matchesPattern(p, target, work))) return false;
    return !exclude.some((p) => matchesPattern(p, target, work));
  };
}

/** The most distinct links of one page considered (the first ones in document order). */
export const MAX_LINKS_PER_PAGE = 1000;
/**
 * The most characters examined matching one page's links against the path patterns and robots.txt rules;
 * the links after that are not followed. A real page takes a few hundred thousand; the worst a site and a
 * crawl's patterns can do (every link of MAX_CRAWL_URL_LENGTH scanned by every pattern and rule) would be
 * about 4 x 10^9, minutes of a blocked event loop.
 */
export const MAX_MATCH_STEPS_PER_PAGE = 20_000_000;

/**
 * The links of a page the crawl follows, canonical and distinct: on the crawl's origin, within the length
 * cap, through its path filters and allowed by robots.txt. Each distinct link is matched once, at most
 * MAX_LINKS_PER_PAGE of them and within MAX_MATCH_STEPS_PER_PAGE.
 */
export function followedLinks(
  links: string[],
  crawl: { origin: string | null; settings: { includePaths: string[]; excludePaths: string[] } },
  allowedByRobots: (url: string, work: MatchWork) => boolean,
): string[] {
  const passes = pathFilter(crawl.settings);
  const distinct = new Set<string>();
  for (const link of links) {
    if (link.length > MAX_CRAWL_URL_LENGTH) continue;
    const url = new URL(link);
    if (url.origin !== crawl.origin) continue;
    const canonical = canonicalUrl(url); // sorted parameters may be re-encoded longer
    if (canonical.length <= MAX_CRAWL_URL_LENGTH) distinct.add(canonical);
    if (distinct.size >= MAX_LINKS_PER_PAGE) break;
  }
  const work: MatchWork = { steps: 0 };
  const followed: string[] = [];
  for (const url of distinct) {
    if (work.steps > MAX_MATCH_STEPS_PER_PAGE) break;
    if (passes(new URL(url), work) && allowedByRobots(url, work)) followed.push(url);
  }
  return followed;
}

/**
 * A host a connection may name: an IP literal, or a DNS name of at most 253 characters in labels of 1 to 63.
 * Longer names are not only unresolvable: TLS refuses them as a server name (SNI) when the connection is set
 * up, before any lookup, and that refusal must never be reached.
 */
export function isConnectableHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return true;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name.length > 0 && name.length <= 253 && name.split('.').every((l) => l.length > 0 && l.length <= 63);
}
