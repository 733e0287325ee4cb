// robots.txt through robots-parser (RFC 9309 matching, wildcards, Crawl-delay). Its rules are matched with a
// table of match lengths, O(rule x path) and no regex, so a hostile robots.txt cannot stall the crawler. How
// the file was answered decides the rules as RFC 9309 says: a 4xx (no robots.txt) allows everything; a server
// error or an unreachable server disallows everything (the crawl stops at its start URL with that reason).
import robotsParser from 'robots-parser';

export interface RobotsRecord {
  /** 'ok' with the file's text, 'absent' (4xx), 'unreachable' (5xx or no answer). */
  state: 'ok' | 'absent' | 'unreachable';
  body?: string;
  /** Why it was unreachable (for the error message). */
  reason?: string;
}

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** The Crawl-delay for our user agent, in milliseconds (0 when none). */
  crawlDelayMs: number;
  /** Why everything is disallowed, when the file could not be read. */
  unreachableReason?: string;
}

/** The product token robots.txt groups are matched against, from the User-Agent ("KnowledgeWorkspaceBot/1.0" → "KnowledgeWorkspaceBot"). */
export const productToken = (userAgent: string) => userAgent.split(/[\s/]/)[0] ?? userAgent;

export function robotsRules(origin: string, record: RobotsRecord, userAgent: string): RobotsRules {
  if (record.state === 'absent') return { isAllowed: () => true, crawlDelayMs: 0 };
  if (record.state === 'unreachable') {
    return {
      isAllowed: () => false,
      crawlDelayMs: 0,
      unreachableReason: record.reason ?? 'robots.txt could not be read',
    };
  }
  const agent = productToken(userAgent);
  const robots = robotsParser(`${origin}/robots.txt`, record.body ?? '');
  const delay = robots.getCrawlDelay(agent);
  return {
    isAllowed: (url) => robots.isAllowed(url, agent) !== false,
    crawlDelayMs: typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? Math.round(delay * 1000) : 0,
  };
}
