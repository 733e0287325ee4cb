// sitemap.xml discovery (sitemaps.org protocol): the page URLs a site lists in its sitemaps, found through
// robots.txt's Sitemap lines and /sitemap.xml, with sitemap index files followed one level at a time. A site's
// XML is hostile input: it is never given to an XML parser (so no entity is ever expanded, no DTD read, no
// external resource fetched); only the text of <loc> elements is taken, by a linear scan, with the five
// predefined entities and character references decoded. The files read are bounded in number and bytes, the
// URLs taken in number.
import { fetchResource, FetchError, type FetchPolicy } from './fetch';
import { MAX_CRAWL_URL_LENGTH } from './urls';

/** The sitemaps protocol caps one file at 50 MiB uncompressed; we read less. */
export const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;
/** The most sitemap files (index files included) read for one listing. */
export const MAX_SITEMAP_FILES = 20;
/** The most bytes of all the sitemap files of one listing. */
export const MAX_SITEMAP_TOTAL_BYTES = 32 * 1024 * 1024;

export interface ParsedSitemap {
  /** 'index' when the file lists other sitemaps. */
  kind: 'urlset' | 'index';
  /** The <loc> values, in document order. */
  locs: string[];
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; any other entity is left as written. */
function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name] ?? whole;
  });
}

/**
 * The <loc> values of a sitemap or sitemap index, at most `maxLocs`, in one pass of indexOf scans (O(file)).
 * A CDATA section inside <loc> is taken as its text.
 */
export function parseSitemap(xml: string, maxLocs: number): ParsedSitemap {
  const kind = xml.includes('<sitemapindex') ? 'index' : 'urlset';
  const locs: string[] = [];
  let at = 0;
  while (locs.length < maxLocs) {
    const open = xml.indexOf('<loc>', at);
    if (open < 0) break;
    const close = xml.indexOf('</loc>', open + 5);
    if (close < 0) break;
    let text = xml.slice(open + 5, close).trim();
    if (text.startsWith('<![CDATA[') && text.endsWith(']]>')) text = text.slice(9, -3).trim();
    else text = decodeXmlText(text);
    // A copy, not a slice: a slice would keep the whole file's string alive as long as the URL lives.
    if (text.length > 0 && text.length <= MAX_CRAWL_URL_LENGTH) locs.push(Buffer.from(text, 'utf8').toString('utf8'));
    at = close + 6;
  }
  return { kind, locs };
}

/**
 * The page URLs of a site's sitemaps on `origin`: the given sitemap URLs (robots.txt's) and /sitemap.xml,
 * index files followed, at most MAX_SITEMAP_FILES files and `maxUrls` URLs. Sitemaps or pages on another
 * origin are left out, and a sitemap that redirects to another origin is not requested there; a sitemap that
 * cannot be read is skipped (sitemaps only help discovery).
 */
export async function sitemapUrls(
  origin: string,
  declared: string[],
  maxUrls: number,
  /** Runs each request (under the crawl's politeness delay; it throws when the work is cancelled). */
  paced: <T>(request: () => Promise<T>) => Promise<T> = (request) => request(),
  /** No sitemap file is requested after this time (ms since the epoch). */
  deadline = Infinity,
  /** The outbound policy the requests go under (the crawl's: redirects stay on the origin). */
  policy: FetchPolicy,
): Promise<string[]> {
  const onSite: FetchPolicy = { ...policy, sameOriginRedirects: true };
  const sameOrigin = (raw: string) => URL.canParse(raw) && new URL(raw).origin === origin;
  const queue = [...declared.filter(sameOrigin), `${origin}/sitemap.xml`];
  const seen = new Set<string>();
  const pages = new Set<string>();
  let files = 0;
  let bytes = 0;
  while (
    queue.length > 0 &&
    files < MAX_SITEMAP_FILES &&
    pages.size < maxUrls &&
    bytes < MAX_SITEMAP_TOTAL_BYTES &&
    Date.now() < deadline
  ) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    files += 1;
    let xml: string;
    try {
      const res = await paced(() =>
        fetchResource(next, onSite, {
          accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
          maxBytes: () => Math.min(MAX_SITEMAP_BYTES, MAX_SITEMAP_TOTAL_BYTES - bytes),
        }),
      );
      bytes += res.body.length;
      if (res.url.origin !== origin) continue;
      xml = res.body.toString('utf8');
    } catch (err) {
      if (err instanceof FetchError) continue;
      throw err;
    }
    const parsed = parseSitemap(xml, maxUrls);
    for (const loc of parsed.locs.filter(sameOrigin)) {
      if (parsed.kind === 'index') queue.push(loc);
      else if (pages.size < maxUrls) pages.add(loc);
    }
  }
  return [...pages];
}
