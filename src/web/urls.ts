// URL identity for crawling: one canonical form per page, so the same page reached by different links is
// crawled once; the include/exclude path patterns of a crawl; and which hosts may be connected to.
import { isIP } from 'node:net';

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

/**
 * Whether a path pattern matches a URL's path and query. Patterns use robots.txt syntax: a prefix of the
 * path, where `*` matches any run of characters and a final `$` anchors the end ("/docs/", "/*.pdf$").
 * Matched without a regular expression, in O(pattern x path) time at worst: a pattern is user input, and
 * a backtracking regex of several stars against a long path takes exponential time.
 */
export function matchesPathPattern(pattern: string, url: URL): boolean {
  const anchored = pattern.endsWith('$');
  // Unanchored, the pattern matches a prefix: the same as the pattern followed by a star, anchored.
  return wildcardMatch(anchored ? pattern.slice(0, -1) : `${pattern}*`, url.pathname + url.search);
}

/**
 * Whether `text` as a whole matches `pattern`, where `*` matches any run of characters. Greedy, and on a
 * mismatch only the most recent star takes one more character: earlier stars never need to be revisited,
 * because the latest star can absorb anything they could.
 */
function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1; // the pattern position of the most recent star
  let resume = 0; // the text position that star matched up to
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Whether the crawl's include and exclude patterns let a URL through (no include patterns: everything). */
export function passesPathFilters(url: URL, filters: { includePaths: string[]; excludePaths: string[] }): boolean {
  if (filters.includePaths.length > 0 && !filters.includePaths.some((p) => matchesPathPattern(p, url))) return false;
  return !filters.excludePaths.some((p) => matchesPathPattern(p, url));
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
