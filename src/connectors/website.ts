// The website source kind: the pages of one site, crawled from a start URL under today's crawl rules (robots.txt,
// the outbound door's address policy, the politeness delay, size caps, the same-origin rule, the include and
// exclude path patterns of src/web/pattern.ts), plus the URLs its sitemaps list. Listing uses conditional GETs:
// a page's fingerprint records its ETag or Last-Modified (a hash of its text when it gives neither), and the
// next listing sends If-None-Match or If-Modified-Since; a 304 is unchanged and never re-extracted. The
// frontier is seeded with the start URL, the sitemap URLs and the pages of the last sync: a page whose links
// changed has itself changed and is fetched in full, so a page reachable only through unchanged pages is
// already among the last sync's. A 404 or 410 drops the page (the sync deletes it); any other failure of a
// known page keeps it as it was. A changed page's document is held for a while (ListedPages) so that the sync's
// fetch that follows the listing reads it instead of downloading the page again.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { fetchPolicy, fetchWebDocument, type WebDocument, type WebSettings } from '../web/document';
import { FetchError, parseWebUrl, type FetchPolicy } from '../web/fetch';
import { fetchRobots, robotsRules } from '../web/robots';
import { sitemapUrls } from '../web/sitemap';
import type { MatchWork } from '../web/pattern';
import { canonicalUrl, followedLinks, MAX_CRAWL_URL_LENGTH, MAX_MATCH_STEPS_PER_PAGE, pathFilter } from '../web/urls';
import { shiftedHeadings } from '../extract/headings';
import { HTTP_URL_PATTERN } from './git';
import {
  SourceUnavailableError,
  type FetchedDocument,
  type SourceContext,
  type SourceEntry,
  type SourceKind,
} from './kind';

const INVALID = 'Invalid field value';
/** As POST …/knowledge/website takes them. */
export const WEBSITE_SOURCE_MAX_PAGES = 1000;
export const WEBSITE_SOURCE_MAX_DEPTH = 10;
const MAX_PATTERNS = 50;
const MAX_PATTERN_LENGTH = 500;
/** A robots.txt Crawl-delay above this is capped (a site cannot stall a listing for hours per page). */
const MAX_DELAY_MS = 60_000;

const pathPatterns = (description: string) =>
  z
    .array(
      z
        .string({ error: INVALID })
        .min(1, { message: INVALID })
        .max(MAX_PATTERN_LENGTH, { message: INVALID })
        // A path: a leading slash, and (as every request string) no NUL, stated in the one pattern.
        // eslint-disable-next-line no-control-regex -- NUL is what the pattern refuses
        .regex(/^\/[^\u0000]*$/, { message: INVALID }),
      { error: INVALID },
    )
    .max(MAX_PATTERNS, { message: INVALID })
    .default([])
    .meta({ description });

const boundedInt = (min: number, max: number, fallback: number, description: string) =>
  z
    .number({ error: INVALID })
    .int({ message: INVALID })
    .min(min, { message: INVALID })
    .max(max, { message: INVALID })
    .default(fallback)
    .meta({ description });

const urlField = z
  .string({ error: 'Missing required field' })
  .min(1, { message: INVALID })
  .max(2048, { message: INVALID })
  .meta({
    description: 'The start URL: http(s), without credentials, query or fragment; the site is its origin',
    examples: ['https://docs.example.com/'],
  });

const websiteConfig = (url: z.ZodString) =>
  z
    .strictObject(
      {
        url,
        maxPages: boundedInt(1, WEBSITE_SOURCE_MAX_PAGES, 50, 'The most pages requested by one sync (default 50)'),
        maxDepth: boundedInt(0, WEBSITE_SOURCE_MAX_DEPTH, 3, 'The most links followed from the start URL (default 3)'),
        includePaths: pathPatterns(
          'Path patterns (robots.txt syntax: `*` any run, final `$` the end) a page must match one of (none: all)',
        ),
        excludePaths: pathPatterns('Path patterns no page may match'),
      },
      { error: INVALID },
    )
    .superRefine((value, ctx) => {
      try {
        parseWebUrl(value.url);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `config.url: ${(err as Error).message}` });
      }
    });

/** A website source's config as the sources API takes it (its URL's form stated as a pattern). */
export const WebsiteConfigSchema = websiteConfig(urlField.regex(new RegExp(HTTP_URL_PATTERN), { message: INVALID }));
/**
 * As stored and read by a sync: a WEBSITE item's start URL (POST …/knowledge/website, which checks it when
 * the site is created) may also have a query or an internationalized host.
 */
export const StoredWebsiteConfigSchema = websiteConfig(urlField);
export type WebsiteConfig = z.infer<typeof WebsiteConfigSchema>;

// A fingerprint is `d<depth>;<kind>=<value>`: the depth the page was found at (the next listing seeds it there)
// and its validator: an ETag, a Last-Modified date, or the SHA-256 of its document.
type Validator = { kind: 'etag' | 'modified' | 'sha256'; value: string };

function fingerprintOf(depth: number, doc: WebDocument, bytes: Buffer): string {
  const validator: Validator = doc.etag
    ? { kind: 'etag', value: doc.etag }
    : doc.lastModified
      ? { kind: 'modified', value: doc.lastModified }
      : { kind: 'sha256', value: createHash('sha256').update(bytes).digest('hex') };
  return `d${depth};${validator.kind}=${validator.value}`;
}

function parseFingerprint(fingerprint: string): { depth: number; validator?: Validator } | undefined {
  const semi = fingerprint.indexOf(';');
  const eq = fingerprint.indexOf('=', semi);
  const depth = Number(fingerprint.slice(1, semi));
  if (!fingerprint.startsWith('d') || semi < 0 || eq < 0 || !Number.isInteger(depth)) return undefined;
  const kind = fingerprint.slice(semi + 1, eq);
  const value = fingerprint.slice(eq + 1);
  return kind === 'etag' || kind === 'modified' || kind === 'sha256'
    ? { depth, validator: { kind, value } }
    : { depth };
}

/** The conditional GET's headers for a page last seen with this fingerprint. */
function conditionalHeaders(fingerprint: string | undefined): Record<string, string> | undefined {
  const validator = fingerprint ? parseFingerprint(fingerprint)?.validator : undefined;
  if (validator?.kind === 'etag') return { 'if-none-match': validator.value };
  if (validator?.kind === 'modified') return { 'if-modified-since': validator.value };
  return undefined;
}

/** A file name from a page's title (it names the item), or from its URL. */
function pageFilename(title: string, url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? url.hostname;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const name = (title.trim() || last).replace(/[\u0000-\u001f/\\]/g, '_').slice(0, 200);
  return `${name}.txt`;
}

type Document = Omit<FetchedDocument, 'fingerprint'>;

/** What a fetched page gives the workspace: an HTML page's title and main text, or a linked file as it is. */
function documentOf(doc: WebDocument, key: string): Document | undefined {
  if (doc.kind === 'file') return { bytes: doc.bytes, filename: doc.filename, mimetype: doc.mime, url: key };
  const { page } = doc;
  if (page.noindex || !page.text.trim()) return undefined;
  const text = [page.title, page.text].filter(Boolean).join('\n\n');
  return {
    bytes: Buffer.from(text, 'utf8'),
    filename: pageFilename(page.title, doc.url),
    mimetype: 'text/plain',
    page: {
      url: key,
      finalUrl: doc.url.toString(),
      title: page.title,
      ...(page.excerpt ? { excerpt: page.excerpt } : {}),
      ...(page.language ? { language: page.language } : {}),
      // The stored text opens with the title: the headings move by what was put in front of the page's text.
      ...shiftedHeadings(page.headings, text.length - page.text.length),
    },
  };
}

/**
 * The pages a listing downloaded, held for the fetch that follows it (the sync's next activity), so that a
 * changed page is not downloaded twice; a fetch on another worker, or after they expired, downloads them.
 * Bounded in bytes and time. Each website kind has its own (the registry's one kind serves both activities).
 */
export class ListedPages {
  private readonly pages = new Map<string, { doc: Document; at: number }>();
  private bytes = 0;

  constructor(private readonly limits = { maxBytes: 64 * 1024 * 1024, maxAgeMs: 10 * 60_000 }) {}

  /** A page as one listing saw it: the start URL, the page's key and its fingerprint. */
  static key(start: string, key: string, fingerprint: string): string {
    return `${start}\n${key}\n${fingerprint}`;
  }

  hold(id: string, doc: Document): void {
    const now = Date.now();
    this.take(id); // a page held again replaces the first (and its bytes with it)
    for (const [k, v] of this.pages) {
      if (now - v.at < this.limits.maxAgeMs && this.bytes + doc.bytes.length <= this.limits.maxBytes) break;
      this.pages.delete(k);
      this.bytes -= v.doc.bytes.length;
    }
    if (doc.bytes.length > this.limits.maxBytes) return;
    this.pages.set(id, { doc, at: now });
    this.bytes += doc.bytes.length;
  }

  /** The held page, once: it is let go either way. */
  take(id: string): Document | undefined {
    const found = this.pages.get(id);
    if (!found) return undefined;
    this.pages.delete(id);
    this.bytes -= found.doc.bytes.length;
    return Date.now() - found.at < this.limits.maxAgeMs ? found.doc : undefined;
  }
}

/** URLs to visit by depth (the shallowest first), each once, at most `cap` in all. */
class Frontier {
  private readonly byDepth: string[][];
  private readonly seen = new Set<string>();
  constructor(
    private readonly maxDepth: number,
    private readonly cap: number,
  ) {
    this.byDepth = Array.from({ length: maxDepth + 1 }, () => []);
  }
  add(url: string, depth: number): void {
    if (this.seen.has(url) || this.seen.size >= this.cap) return;
    this.seen.add(url);
    this.byDepth[Math.min(Math.max(depth, 0), this.maxDepth)]!.push(url);
  }
  /** Marks a URL as visited (a redirect's target) without queueing it. */
  visited(url: string): void {
    this.seen.add(url);
  }
  next(): { url: string; depth: number } | undefined {
    for (let depth = 0; depth < this.byDepth.length; depth++) {
      const url = this.byDepth[depth]!.shift();
      if (url !== undefined) return { url, depth };
    }
    return undefined;
  }
}

/**
 * The pages' fetch policy: the crawl settings' (timeout, user agent), under the sync's address policy, and the
 * crawl's same-origin rule checked on every redirect before it is requested.
 */
const pagePolicy = (ctx: SourceContext, web: WebSettings): FetchPolicy => ({
  ...fetchPolicy(web, ctx.addressPolicy.own),
  ...ctx.addressPolicy,
  sameOriginRedirects: true,
});

/** Why the start URL cannot be crawled when it redirects to another site. */
const offSite = (target: string) => `it redirects to another site (${target}): use that URL`;

function webOf(ctx: SourceContext): WebSettings {
  if (!ctx.web) throw new SourceUnavailableError('This worker has no crawl settings for website sources');
  return ctx.web;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/**
 * How long one listing fetches pages: it runs as one activity of bounded duration, and 1,000 pages at the default
 * politeness delay take longer. The pages of the last sync it did not reach in time are kept as they were
 * (listed at their last fingerprint, so nothing is deleted for want of time) and checked by a later sync.
 */
export const WEBSITE_LIST_BUDGET_MS = 10 * 60_000;
/** The longest wait without a heartbeat (the activity's heartbeat timeout is a minute). */
const HEARTBEAT_EVERY_MS = 10_000;

/** Why a listing could not start: the site's item shows it (a WEBSITE item's messageError). */
const startUrlFailure = (reason: string) => `The start URL could not be crawled: ${reason}`;

async function* listWebsite(
  ctx: SourceContext,
  config: WebsiteConfig,
  budgetMs: number,
  listedPages: ListedPages,
): AsyncIterable<SourceEntry> {
  const startedAt = Date.now();
  const web = webOf(ctx);
  const policy = pagePolicy(ctx, web);
  const start = canonicalUrl(parseWebUrl(config.url));
  const origin = new URL(start).origin;
  const { record, sitemaps } = await fetchRobots(web, origin, policy);
  const rules = robotsRules(record, web.userAgent);
  if (rules.unreachableReason) throw new SourceUnavailableError(startUrlFailure(rules.unreachableReason));
  if (!rules.isAllowed(start)) throw new SourceUnavailableError(startUrlFailure('disallowed by robots.txt'));
  const passes = pathFilter(config);
  const admitted = (url: string, work?: MatchWork) => {
    const parsed = new URL(url);
    return parsed.origin === origin && passes(parsed, work) && rules.isAllowed(url, work);
  };
  const delayMs = Math.min(MAX_DELAY_MS, Math.max(web.politenessDelayMs, rules.crawlDelayMs));
  // The delay is counted from a request's answer, not from its start: however long the request took, the site
  // sees at least `delayMs` between two requests.
  let lastAnswerAt = 0;
  const paced = async <T>(request: () => Promise<T>): Promise<T> => {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    ctx.heartbeat(); // a request may follow another without a wait, each up to the fetch timeout
    for (let wait = lastAnswerAt + delayMs - Date.now(); wait > 0; wait = lastAnswerAt + delayMs - Date.now()) {
      await sleep(Math.min(wait, HEARTBEAT_EVERY_MS), ctx.signal);
      ctx.heartbeat();
    }
    try {
      return await request();
    } finally {
      lastAnswerAt = Date.now();
    }
  };

  const cap = Math.min(10_000, Math.max(100, config.maxPages * 10));
  const frontier = new Frontier(config.maxDepth, cap);
  frontier.add(start, 0);
  // Seeding matches up to thousands of URLs against the site's robots rules and the path patterns: the work is
  // bounded as one page's links are. Known pages past the bound are kept as they were (a later sync checks
  // them); sitemap URLs past it are left out.
  const seedWork: MatchWork = { steps: 0 };
  const unchecked: string[] = [];
  for (const [key, fingerprint] of ctx.previous) {
    if (!URL.canParse(key)) continue;
    if (seedWork.steps > MAX_MATCH_STEPS_PER_PAGE) unchecked.push(key);
    else if (admitted(key, seedWork)) frontier.add(key, parseFingerprint(fingerprint)?.depth ?? config.maxDepth);
  }
  const sitemapDeadline = startedAt + budgetMs / 3;
  for (const url of await sitemapUrls(origin, sitemaps, cap, paced, sitemapDeadline, policy)) {
    if (seedWork.steps > MAX_MATCH_STEPS_PER_PAGE) break;
    const canonical = canonicalUrl(url);
    if (canonical.length <= MAX_CRAWL_URL_LENGTH && admitted(canonical, seedWork)) frontier.add(canonical, 1);
  }

  const listed = new Set<string>();
  /** A known page listed at its last fingerprint (unchanged, or kept through a failure or for want of time). */
  const keptAsItWas = (url: string): SourceEntry | undefined => {
    const previous = ctx.previous.get(url);
    if (previous === undefined || listed.has(url)) return undefined;
    listed.add(url);
    return { key: url, fingerprint: previous, filename: pageFilename('', new URL(url)) };
  };
  for (let requests = 0; requests < config.maxPages && Date.now() - startedAt < budgetMs; requests++) {
    const next = frontier.next();
    if (!next) break;
    const previous = ctx.previous.get(next.url);
    let doc: WebDocument;
    try {
      doc = await paced(() => {
        ctx.heartbeat({ url: next.url });
        return fetchWebDocument(next.url, web, policy, conditionalHeaders(previous));
      });
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      if (err.status === 304 && previous !== undefined) {
        const entry = keptAsItWas(next.url);
        if (entry) yield entry;
        continue;
      }
      if (err.code === 'OFF_ORIGIN_REDIRECT') {
        if (next.url === start) throw new SourceUnavailableError(startUrlFailure(offSite(err.redirectOrigin ?? '')));
        continue; // a page that now leaves the site is no longer one of its pages
      }
      if (next.url === start) throw new SourceUnavailableError(startUrlFailure(err.message));
      if (err.status === 404 || err.status === 410 || err.code === 'UNSUPPORTED_TYPE') continue; // gone
      const entry = keptAsItWas(next.url); // a page that fails this time is kept as it was
      if (entry) yield entry;
      continue;
    }
    if (doc.url.origin !== origin) continue; // never reached: redirects stay on the origin (pagePolicy)
    const key = canonicalUrl(doc.url);
    if (key.length > MAX_CRAWL_URL_LENGTH) continue;
    frontier.visited(key);
    if (listed.has(key) || (key !== next.url && !admitted(key))) continue;
    if (doc.kind === 'html' && !doc.page.nofollow && next.depth < config.maxDepth) {
      for (const url of followedLinks(doc.page.links, { origin, settings: config }, rules.isAllowed)) {
        frontier.add(url, next.depth + 1);
      }
    }
    const document = documentOf(doc, key);
    if (!document) continue;
    const fingerprint = fingerprintOf(next.depth, doc, document.bytes);
    listed.add(key);
    listedPages.hold(ListedPages.key(start, key, fingerprint), document);
    yield { key, fingerprint, filename: document.filename, size: document.bytes.length };
  }
  // Out of pages or of time: the known pages not reached are kept as they were (never deleted for want of a
  // request), and so are those the seeding's bound left unchecked.
  for (let left = frontier.next(); left; left = frontier.next()) {
    const entry = keptAsItWas(left.url);
    if (entry) yield entry;
  }
  for (const key of unchecked) {
    const entry = keptAsItWas(key);
    if (entry) yield entry;
  }
}

async function fetchWebsitePage(
  ctx: SourceContext,
  config: WebsiteConfig,
  entry: SourceEntry,
  listedPages: ListedPages,
): Promise<FetchedDocument> {
  const start = canonicalUrl(parseWebUrl(config.url));
  const listed = listedPages.take(ListedPages.key(start, entry.key, entry.fingerprint));
  if (listed) return { ...listed, fingerprint: entry.fingerprint };
  const web = webOf(ctx);
  const policy = pagePolicy(ctx, web);
  let doc: WebDocument;
  try {
    doc = await fetchWebDocument(entry.key, web, policy);
  } catch (err) {
    if (err instanceof FetchError && err.code === 'OFF_ORIGIN_REDIRECT') {
      throw new Error(`The page now redirects to another site (${err.redirectOrigin})`);
    }
    throw err;
  }
  const document = documentOf(doc, entry.key);
  if (!document) throw new Error('The page no longer has text to index (empty or noindex)');
  const depth = parseFingerprint(entry.fingerprint)?.depth ?? 0;
  return { ...document, fingerprint: fingerprintOf(depth, doc, document.bytes) };
}

/** A page's path for the source's rules: its URL's path without the leading "/", as the URL writes it. */
export const pagePath = (key: string): string => (URL.canParse(key) ? new URL(key).pathname.replace(/^\//, '') : key);

async function* withPaths(entries: AsyncIterable<SourceEntry>): AsyncIterable<SourceEntry> {
  for await (const entry of entries) yield { ...entry, facts: { path: pagePath(entry.key) } };
}

/**
 * The website kind; `listBudgetMs` bounds a listing's fetching (WEBSITE_LIST_BUDGET_MS by default), and
 * `listedPages` holds what its listings downloaded for its fetches (a new one by default).
 */
export function createWebsiteKind(
  options: { listBudgetMs?: number; listedPages?: ListedPages } = {},
): SourceKind<WebsiteConfig, unknown> {
  const listedPages = options.listedPages ?? new ListedPages();
  return {
    kind: 'website',
    list: (ctx, config) =>
      withPaths(listWebsite(ctx, config, options.listBudgetMs ?? WEBSITE_LIST_BUDGET_MS, listedPages)),
    fetch: (ctx, config, _secrets, entry) => fetchWebsitePage(ctx, config, entry, listedPages),
  };
}

export const websiteKind = createWebsiteKind();
