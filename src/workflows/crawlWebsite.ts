// Crawls a website into a WEBSITE item with one child per page. The frontier and every page's outcome live
// in the database (the activities keep them), so this workflow carries only counters: it asks for the next
// pending URLs (shallowest first, never more than maxPages), fetches them one at a time with a politeness
// delay between requests (a durable timer), indexes each new or changed page through the shared indexing
// path and each linked file through the file ingestion workflow, continues as new every `pagesPerRun`
// pages, and finally removes the children this crawl no longer found and completes the site.
import {
  ActivityFailure,
  ApplicationFailure,
  ChildWorkflowFailure,
  continueAsNew,
  defineQuery,
  executeChild,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Activities } from './activityContract';
import {
  IngestionFailureTypes,
  jobSearchAttributes,
  type CrawlPageOutcome,
  type CrawlProgress,
  type CrawlWebsiteInput,
  type CrawlWebsiteResult,
} from './contracts';
import { indexItem } from './indexing';
import { ingestFileWorkflow } from './ingestFile';
import { startPurge } from './purgeStoredFiles';

const crawl = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [IngestionFailureTypes.knowledgeGone, IngestionFailureTypes.extraction],
  },
});

/** The crawl's counters, for `temporal workflow query` and the Web UI's Queries tab. */
export const crawlProgressQuery = defineQuery<CrawlProgress>('crawlProgress');

const PAGES_PER_RUN = 100;
const BATCH = 10;
const REMOVE_BATCH = 500;
/** A robots.txt Crawl-delay above this is capped (a site cannot stall a crawl for hours per page). */
const MAX_DELAY_MS = 60_000;

const EMPTY: CrawlProgress = { pagesDone: 0, pagesDiscovered: 0, pagesFailed: 0, pagesSkipped: 0 };

const siteGone = (err: unknown) =>
  err instanceof ActivityFailure &&
  err.cause instanceof ApplicationFailure &&
  err.cause.type === IngestionFailureTypes.knowledgeGone;

export async function crawlWebsiteWorkflow(input: CrawlWebsiteInput): Promise<CrawlWebsiteResult> {
  const { workspaceId, siteId, jobId } = input;
  const ids = { workspaceId, siteId, jobId };
  let progress = input.carried?.progress ?? EMPTY;
  setHandler(crawlProgressQuery, () => progress);
  const show = (what: string) =>
    setCurrentDetails(
      `${what}: ${progress.pagesDone} pages indexed of ${progress.pagesDiscovered} discovered ` +
        `(${progress.pagesFailed} failed, ${progress.pagesSkipped} skipped)`,
    );

  try {
    let delayMs = input.carried?.delayMs;
    let lastFetchAt = input.carried?.lastFetchAt ?? 0;
    if (delayMs === undefined) {
      show('Reading robots.txt');
      const { crawlDelayMs } = await crawl.beginCrawl(ids);
      delayMs = Math.min(MAX_DELAY_MS, Math.max(input.politenessDelayMs, crawlDelayMs));
    }
    let pagesThisRun = 0;
    for (;;) {
      const { urls } = await crawl.nextCrawlPages({ ...ids, limit: BATCH });
      if (urls.length === 0) break;
      for (const url of urls) {
        const wait = lastFetchAt + delayMs - Date.now();
        if (wait > 0) await sleep(wait);
        const result = await crawl.crawlPage({ ...ids, organizationId: input.organizationId, url });
        // Counted from the page's answer, not from scheduling its activity: however long the activity took
        // to start, the site sees at least `delayMs` between two requests.
        lastFetchAt = Date.now();
        progress = result.progress;
        const { outcome } = result;
        if ((outcome.kind === 'failed' || outcome.kind === 'skipped') && outcome.fatal) {
          const error = `The start URL could not be crawled: ${outcome.reason}`;
          progress = await crawl.finishCrawl({ ...ids, error });
          show('Failed');
          return { siteId, status: 'BACKGROUND_ERROR', progress, removed: 0, error };
        }
        await index(input, outcome);
        pagesThisRun += 1;
        show('Crawling');
      }
      if (pagesThisRun >= (input.pagesPerRun ?? PAGES_PER_RUN) || workflowInfo().continueAsNewSuggested) {
        return await continueAsNew<typeof crawlWebsiteWorkflow>({
          ...input,
          carried: { progress, delayMs, lastFetchAt },
        });
      }
    }

    show('Removing pages no longer found');
    let removed = 0;
    for (let batch = 1; ; batch++) {
      // The removal records its files under its purge's id (the outbox), so a step run again answers them.
      const purgeId = `purge-files:${workspaceId}:${jobId}:${batch}`;
      const out = await crawl.removeVanishedPages({ ...ids, limit: REMOVE_BATCH, purgeId });
      removed += out.removed;
      await startPurge(workspaceId, purgeId, out.storageKeys, input.purgeDelay, siteId, true);
      if (!out.more) break;
    }
    progress = await crawl.finishCrawl(ids);
    show('Completed');
    return { siteId, status: 'COMPLETED', progress, removed };
  } catch (err) {
    if (siteGone(err)) return { siteId, status: 'SITE_DELETED', progress, removed: 0 };
    throw err;
  }
}

/**
 * Indexes what a page gave. A page or file that cannot be indexed ends BACKGROUND_ERROR (its own
 * messageError says why) and the crawl goes on with the next page.
 */
async function index(input: CrawlWebsiteInput, outcome: CrawlPageOutcome): Promise<void> {
  try {
    if (outcome.kind === 'page' && outcome.changed) {
      await indexItem(input.workspaceId, outcome.knowledgeId, async () => ({ chunkCount: outcome.chunkCount }));
    } else if (outcome.kind === 'file' && outcome.changed) {
      await executeChild(ingestFileWorkflow, {
        workflowId: `ingest:${input.workspaceId}:${outcome.uploadId}`,
        memo: { workspaceId: input.workspaceId },
        typedSearchAttributes: jobSearchAttributes({ workspaceId: input.workspaceId, jobKind: 'ingest' }),
        args: [
          {
            workspaceId: input.workspaceId,
            organizationId: input.organizationId,
            uploadId: outcome.uploadId,
            parentId: input.siteId,
            sourceUrl: outcome.sourceUrl,
          },
        ],
      });
    }
  } catch (err) {
    // indexItem has recorded BACKGROUND_ERROR on the page; a failed file ingestion did so on the file.
    if (err instanceof ApplicationFailure || err instanceof ChildWorkflowFailure) return;
    if (err instanceof WorkflowExecutionAlreadyStartedError) return; // its ingestion is already running
    throw err;
  }
}
