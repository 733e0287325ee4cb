// URL identity for crawling: one canonical form per page, so the same page reached by different links is
// crawled once; and the include/exclude path patterns of a crawl.

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
 * Whether a path pattern matches a URL's path and query. Patterns use robots.txt syntax: a prefix of the
 * path, where `*` matches any run of characters and a final `$` anchors the end ("/docs/", "/*.pdf$").
 */
export function matchesPathPattern(pattern: string, url: URL): boolean {
  const target = url.pathname + url.search;
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(target);
}

/** Whether the crawl's include and exclude patterns let a URL through (no include patterns: everything). */
export function passesPathFilters(url: URL, filters: { includePaths: string[]; excludePaths: string[] }): boolean {
  if (filters.includePaths.length > 0 && !filters.includePaths.some((p) => matchesPathPattern(p, url))) return false;
  return !filters.excludePaths.some((p) => matchesPathPattern(p, url));
}
