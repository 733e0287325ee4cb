// Website crawl activities: the crawl itself is services/crawling.ts's (its state lives in the database,
// so every step is idempotent); the activities add the heartbeats and the failure types.
import { Context } from '@temporalio/activity';
import {
  beginCrawl,
  crawlPage,
  finishCrawl,
  nextCrawlPages,
  removeVanishedPages,
  type CrawlDeps,
} from '../services/crawling';
import type { CrawlPageInput, CrawlPageResult } from '../workflows/activityContract';
import type { CrawlProgress } from '../workflows/contracts';
import { classifyFailures } from './failures';

export function createCrawlActivities(deps: CrawlDeps) {
  return classifyFailures({
    /** Fetches robots.txt for the start URL's origin and queues the start URL. Returns the Crawl-delay. */
    async beginCrawl(input: { workspaceId: string; siteId: string; jobId: string }): Promise<{ crawlDelayMs: number }> {
      return beginCrawl(deps, input);
    },

    /** The next pending URLs, no more than the crawl's maxPages still allows. */
    async nextCrawlPages(input: {
      workspaceId: string;
      siteId: string;
      jobId: string;
      limit: number;
    }): Promise<{ urls: string[] }> {
      return nextCrawlPages(deps.db, input);
    },

    /** Fetches one page and records what it gave: an indexed page, a linked file, or why neither. */
    async crawlPage(input: CrawlPageInput): Promise<CrawlPageResult> {
      return crawlPage(deps, input, (stage) => Context.current().heartbeat(stage));
    },

    /** Removes up to `limit` children this crawl did not index; their stored file keys go to the purge. */
    async removeVanishedPages(input: {
      workspaceId: string;
      siteId: string;
      jobId: string;
      limit: number;
      purgeId?: string;
    }): Promise<{ removed: number; storageKeys: string[]; more: boolean }> {
      return removeVanishedPages(deps.db, input);
    },

    /** Ends the crawl: the site becomes COMPLETED (or BACKGROUND_ERROR with the reason) and the counts are kept. */
    async finishCrawl(input: {
      workspaceId: string;
      siteId: string;
      jobId: string;
      error?: string;
    }): Promise<CrawlProgress> {
      return finishCrawl(deps.db, input);
    },
  });
}
