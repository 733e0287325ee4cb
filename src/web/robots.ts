// robots.txt as RFC 9309 reads it, parsed once per crawl when fetched: groups of User-agent lines followed
// by their rules; the rules of the groups naming our product token (case-insensitive, combined), else of
// the `*` groups; the longest matching rule wins and Allow wins a tie; `*` and a final `$` in rules, matched
// by the one path-pattern matcher (src/web/pattern.ts). A site's file is hostile input: each rule is stored
// once however many User-agent lines precede it, and the rules kept are capped in number and length. How the
// file was answered decides as RFC 9309 says: a 4xx (no robots.txt) allows everything; a server error or an
// unreachable server disallows everything (the crawl stops at its start URL with that reason).
import type { WebSettings } from './document';
import { fetchResource, FetchError, type FetchPolicy } from './fetch';
import { compilePathPattern, matchesPattern, type MatchWork } from './pattern';
import { MAX_CRAWL_URL_LENGTH } from './urls';

/** The most rules kept for our user agent; the file's later rules are ignored (as Google ignores past 500 KiB). */
export const MAX_ROBOTS_RULES = 1000;
/** A longer rule is ignored: it is longer than any link the crawl follows. */
export const MAX_ROBOTS_RULE_LENGTH = MAX_CRAWL_URL_LENGTH;

export interface RobotsRule {
  allow: boolean;
  /** The path pattern, percent-encoded as a URL's path is. */
  path: string;
}

/** robots.txt as a crawl keeps it (website_crawls.robots): the rules for our user agent, already parsed. */
export interface RobotsRecord {
  /** 'ok' with the rules, 'absent' (4xx), 'unreachable' (5xx or no answer). */
  state: 'ok' | 'absent' | 'unreachable';
  rules?: RobotsRule[];
  /** The Crawl-delay for our user agent, in milliseconds (0 when none). */
  crawlDelayMs?: number;
  /** Why it was unreachable (for the error message). */
  reason?: string;
  /** The file's text, as crawls begun before the rules were parsed at fetch time stored it. */
  body?: string;
}

export interface RobotsRules {
  /** Whether our rules allow a URL of the origin; the characters examined are added to `work`. */
  isAllowed(url: string, work?: MatchWork): boolean;
  /** The Crawl-delay for our user agent, in milliseconds (0 when none). */
  crawlDelayMs: number;
  /** How many rules apply to us. */
  ruleCount: number;
  /** Why everything is disallowed, when the file could not be read. */
  unreachableReason?: string;
}

/** The product token robots.txt groups are matched against, from the User-Agent ("KnowledgeWorkspaceBot/1.0" → "KnowledgeWorkspaceBot"). */
export const productToken = (userAgent: string) => userAgent.split(/[\s/]/)[0] ?? userAgent;

const upperEscapes = (path: string) => path.replace(/%[0-9a-fA-F]{2}/g, (e) => e.toUpperCase());

/** A rule's path in the form of a URL's path: non-ASCII characters percent-encoded, escapes upper case. */
function normalizedPath(path: string): string {
  try {
    return upperEscapes(encodeURI(path).replace(/%25/g, '%'));
  } catch {
    return path; // a lone surrogate: never in a URL's path, so the rule matches nothing it would not anyway
  }
}

interface Group {
  named: boolean;
  rules: RobotsRule[];
  crawlDelayMs: number;
}

/**
 * The rules of a robots.txt for a user agent, in one pass over the file: O(file) time, and at most
 * MAX_ROBOTS_RULES rules of at most MAX_ROBOTS_RULE_LENGTH characters kept.
 */
export function parseRobotsTxt(body: string, userAgent: string): { rules: RobotsRule[]; crawlDelayMs: number } {
  const token = productToken(userAgent).toLowerCase();
  const ours: Group = { named: false, rules: [], crawlDelayMs: 0 };
  const star: Group = { named: false, rules: [], crawlDelayMs: 0 };
  let groups: Group[] = []; // the groups the current User-agent lines name (ours, `*`, both or neither)
  let readingAgents = false;
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const hash = raw.indexOf('#');
    const line = hash < 0 ? raw : raw.slice(0, hash);
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // A User-agent line after rules starts a new group; consecutive ones name the same group.
      if (!readingAgents) groups = [];
      readingAgents = true;
      const agent = (value.split('/')[0] ?? '').trim().toLowerCase();
      const group = agent === token ? ours : agent === '*' ? star : undefined;
      if (group && !groups.includes(group)) {
        group.named = true;
        groups.push(group);
      }
    } else if (key === 'allow' || key === 'disallow') {
      readingAgents = false;
      const path = value && normalizedPath(value);
      if (!path || path.length > MAX_ROBOTS_RULE_LENGTH) continue;
      for (const group of groups) {
        if (group.rules.length < MAX_ROBOTS_RULES) group.rules.push({ allow: key === 'allow', path });
      }
    } else if (key === 'crawl-delay') {
      readingAgents = false;
      const ms = Math.round(Number(value) * 1000);
      for (const group of groups) if (Number.isFinite(ms) && ms > 0) group.crawlDelayMs = ms;
    }
    // Other records (Sitemap, Host, unknown ones) belong to no group and are ignored here.
  }
  const { rules, crawlDelayMs } = ours.named ? ours : star;
  return { rules, crawlDelayMs };
}

export function robotsRules(record: RobotsRecord, userAgent: string): RobotsRules {
  if (record.state === 'absent') return { isAllowed: () => true, crawlDelayMs: 0, ruleCount: 0 };
  if (record.state === 'unreachable') {
    return {
      isAllowed: () => false,
      crawlDelayMs: 0,
      ruleCount: 0,
      unreachableReason: record.reason ?? 'robots.txt could not be read',
    };
  }
  const parsed = record.rules
    ? { rules: record.rules, crawlDelayMs: record.crawlDelayMs ?? 0 }
    : parseRobotsTxt(record.body ?? '', userAgent);
  // The most specific (longest) rule first, Allow before Disallow when as long: the first match decides.
  const ordered = [...parsed.rules]
    .sort((a, b) => b.path.length - a.path.length || Number(b.allow) - Number(a.allow))
    .map((rule) => ({ allow: rule.allow, pattern: compilePathPattern(rule.path) }));
  return {
    isAllowed: (raw, work) => {
      const url = new URL(raw);
      const target = upperEscapes(url.pathname + url.search);
      return ordered.find((rule) => matchesPattern(rule.pattern, target, work))?.allow ?? true;
    },
    crawlDelayMs: parsed.crawlDelayMs,
    ruleCount: ordered.length,
  };
}

/** Robots.txt larger than this is read up to here (RFC 9309 allows crawlers a limit of at least 500 KiB). */
const MAX_ROBOTS_BYTES = 512 * 1024;
/** The most Sitemap lines of a robots.txt taken. */
export const MAX_ROBOTS_SITEMAPS = 20;

/** The absolute URLs of a robots.txt's Sitemap lines (they belong to no group), at most MAX_ROBOTS_SITEMAPS. */
export function robotsSitemaps(body: string): string[] {
  const found: string[] = [];
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const hash = raw.indexOf('#');
    const line = hash < 0 ? raw : raw.slice(0, hash);
    const colon = line.indexOf(':');
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'sitemap') continue;
    const value = line.slice(colon + 1).trim();
    if (value.length > MAX_CRAWL_URL_LENGTH || !URL.canParse(value)) continue;
    found.push(value);
    if (found.length >= MAX_ROBOTS_SITEMAPS) break;
  }
  return found;
}

/**
 * Fetches an origin's robots.txt and parses it once: our user agent's rules, and the sitemaps it names. A 4xx
 * is no file (everything allowed); a server error or no answer is 'unreachable'. A redirect to another origin
 * is not requested (the crawl stays on its site) and counts as no file, as RFC 9309 lets a crawler treat a
 * robots.txt it does not follow.
 */
export async function fetchRobots(
  web: WebSettings,
  origin: string,
  policy: FetchPolicy,
): Promise<{ record: RobotsRecord; sitemaps: string[] }> {
  try {
    const res = await fetchResource(
      `${origin}/robots.txt`,
      { ...policy, sameOriginRedirects: true },
      {
        accept: 'text/plain',
        maxBytes: () => MAX_ROBOTS_BYTES,
      },
    );
    const body = res.body.toString('utf8');
    return { record: { state: 'ok', ...parseRobotsTxt(body, web.userAgent) }, sitemaps: robotsSitemaps(body) };
  } catch (err) {
    if (err instanceof FetchError && err.code === 'TOO_LARGE') {
      return { record: { state: 'ok', rules: [], crawlDelayMs: 0 }, sitemaps: [] };
    }
    const noFile = err instanceof FetchError && err.status !== undefined && err.status >= 400 && err.status < 500;
    if (noFile || (err instanceof FetchError && err.code === 'OFF_ORIGIN_REDIRECT')) {
      return { record: { state: 'absent' }, sitemaps: [] };
    }
    const why = err instanceof Error ? err.message : String(err);
    return { record: { state: 'unreachable', reason: `robots.txt could not be fetched (${why})` }, sitemaps: [] };
  }
}
