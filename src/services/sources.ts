// Knowledge from text and the web: STRING items, URL items (one page fetched) and WEBSITE items (a crawl
// with one child per page), and recrawls. Each creates its item (BACKGROUND_START) and starts its workflow;
// an item whose workflow could not start is removed again, so nothing is left half-made.
import { randomUUID } from 'node:crypto';
import type { Duration } from '@temporalio/common';
import type { Db } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import * as websites from '../db/repositories/websites';
import type { AccessFilter } from '../db/repositories/search';
import { isScoped } from '../policies/scopes';
import type { KnowledgeRow, WorkspaceRow } from '../db/rows';
import type { Attributes } from '../domain/filter';
import type { Deps } from './deps';
import { AppError, badRequest, notFound } from '../errors';
import { WorkflowIds } from '../temporal/constants';
import { describeJob, startJob } from '../temporal/jobs';
import { fetchPolicy } from '../web/document';
import { checkWebUrl, FetchError } from '../web/fetch';
import { crawlWebsiteWorkflow } from '../workflows/crawlWebsite';
import { INLINE_INGEST_MAX_BYTES, type CrawlProgress } from '../workflows/contracts';
import { ingestSourceWorkflow } from '../workflows/ingestSource';
import { contentHash } from './ingestion';
import { KnowledgeMessages } from './knowledge';

export const SourceMessages = {
  notRecrawlable: 'Only WEBSITE items can be recrawled',
} as const;

type SourceDeps = Pick<Deps, 'db' | 'temporal' | 'config'>;

/** The URL if the service may fetch it (form, scheme, and the host's addresses), else 400 with the reason. */
export async function checkFetchableUrl(deps: Pick<Deps, 'config'>, raw: string): Promise<URL> {
  const { web } = deps.config;
  try {
    return await checkWebUrl(raw, { ...fetchPolicy(web), resolve: web.resolve });
  } catch (err) {
    if (err instanceof FetchError) throw badRequest(err.message);
    throw err;
  }
}

/** Inserts the item (and what goes with it), starts its job; removes them again if the job cannot start. */
async function createAndStart(
  deps: SourceDeps,
  workspaceId: string,
  insert: (trx: Db) => Promise<KnowledgeRow>,
  start: (row: KnowledgeRow) => Promise<string>,
): Promise<{ id: string; jobId: string }> {
  const row = await deps.db.transaction((trx) => insert(trx as unknown as Db));
  try {
    return { id: row.id, jobId: await start(row) };
  } catch (err) {
    await websites.deleteSiteCrawls(deps.db, workspaceId, row.id);
    await knowledge.deleteKnowledgeRows(deps.db, workspaceId, [row.id]);
    throw err;
  }
}

/** A free metadata object without the fields the item keeps in columns. */
function freeMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> {
  const free = { ...(metadata ?? {}) };
  delete free.title;
  delete free.language;
  delete free.extraction;
  return free;
}

export async function createTextItem(
  deps: SourceDeps,
  workspace: WorkspaceRow,
  input: {
    title: string;
    content: string;
    language?: string;
    metadata?: Record<string, unknown>;
    attributes?: Attributes;
    externalId?: string;
  },
): Promise<{ id: string; jobId: string }> {
  return createAndStart(
    deps,
    workspace.id,
    (trx) =>
      knowledge.insertKnowledge(trx, workspace.id, {
        type: 'STRING',
        title: input.title,
        content: input.content,
        status: 'BACKGROUND_START',
        language: input.language ?? null,
        metadata: freeMetadata(input.metadata),
        attributes: input.attributes,
        externalId: input.externalId,
        contentHash: contentHash(input.content),
      }),
    (row) =>
      startSource(deps, workspace.id, row.id, 'text', Buffer.byteLength(input.content) <= INLINE_INGEST_MAX_BYTES),
  );
}

/** A URL or WEBSITE item before its first fetch: titled by its URL until its page's title is known. */
const webItem = (
  type: 'URL' | 'WEBSITE',
  url: string,
  input: { title?: string; language?: string; attributes?: Attributes; externalId?: string },
) => ({
  type,
  title: input.title ?? url,
  content: url,
  url,
  status: 'BACKGROUND_START',
  language: input.language ?? null,
  metadata: { extraction: { source: 'web', autoTitle: input.title === undefined } },
  attributes: input.attributes,
  externalId: input.externalId,
});

export async function createUrlItem(
  deps: SourceDeps,
  workspace: WorkspaceRow,
  input: { url: string; title?: string; language?: string; attributes?: Attributes; externalId?: string },
): Promise<{ id: string; jobId: string }> {
  const url = (await checkFetchableUrl(deps, input.url)).toString();
  return createAndStart(
    deps,
    workspace.id,
    (trx) => knowledge.insertKnowledge(trx, workspace.id, webItem('URL', url, input)),
    (row) => startSource(deps, workspace.id, row.id, 'url'),
  );
}

/** `inline`: a small text item, whose steps run as local activities (IngestSourceInput). */
async function startSource(
  deps: SourceDeps,
  workspaceId: string,
  knowledgeId: string,
  source: 'text' | 'url',
  inline = false,
) {
  const workflowId =
    source === 'text'
      ? WorkflowIds.ingestText(workspaceId, knowledgeId)
      : WorkflowIds.ingestUrl(workspaceId, knowledgeId);
  await startJob(deps.temporal, ingestSourceWorkflow, {
    workflowId,
    workspaceId,
    args: [{ workspaceId, knowledgeId, source, ...(inline ? { inline } : {}) }],
  });
  return workflowId;
}

export interface WebsiteInput extends websites.CrawlSettings {
  url: string;
  title?: string;
  language?: string;
  attributes?: Attributes;
  externalId?: string;
}

export async function createWebsite(
  deps: SourceDeps,
  workspace: WorkspaceRow,
  input: WebsiteInput,
): Promise<{ id: string; jobId: string }> {
  const url = (await checkFetchableUrl(deps, input.url)).toString();
  const siteId = randomUUID();
  const jobId = WorkflowIds.crawlWebsite(workspace.id, siteId, 1);
  return createAndStart(
    deps,
    workspace.id,
    async (trx) => {
      const row = await knowledge.insertKnowledge(trx, workspace.id, { id: siteId, ...webItem('WEBSITE', url, input) });
      await websites.insertCrawl(trx, {
        job_id: jobId,
        workspace_id: workspace.id,
        site_id: siteId,
        generation: 1,
        root_url: url,
        settings: {
          maxPages: input.maxPages,
          maxDepth: input.maxDepth,
          includePaths: input.includePaths,
          excludePaths: input.excludePaths,
        },
      });
      return row;
    },
    () => startCrawl(deps, workspace, siteId, jobId),
  );
}

async function startCrawl(deps: SourceDeps, workspace: WorkspaceRow, siteId: string, jobId: string) {
  await startJob(deps.temporal, crawlWebsiteWorkflow, {
    workflowId: jobId,
    workspaceId: workspace.id,
    args: [
      {
        workspaceId: workspace.id,
        organizationId: workspace.organization_id,
        siteId,
        jobId,
        politenessDelayMs: deps.config.web.politenessDelayMs,
        purgeDelay: deps.config.filePurgeDelay as Duration,
      },
    ],
    memo: { siteId },
    knowledgeId: siteId,
  });
  return jobId;
}

/**
 * Crawls a site again with its settings: changed pages are re-indexed, vanished ones removed, new ones
 * added. While a crawl of the site is running, its job id is returned and no second crawl starts.
 */
export async function recrawl(deps: SourceDeps, workspace: WorkspaceRow, item: KnowledgeRow): Promise<string> {
  if (item.type !== 'WEBSITE') throw badRequest(SourceMessages.notRecrawlable);
  const next = await deps.db.transaction(async (trx) => {
    const site = await knowledge.findKnowledge(trx, workspace.id, item.id, { forUpdate: true });
    if (!site) throw notFound(KnowledgeMessages.notFound);
    const latest = await websites.latestCrawl(trx, workspace.id, item.id);
    if (!latest) throw new AppError(409, 'The website has no crawl settings to recrawl with');
    if (latest.state === 'RUNNING') {
      const job = await describeJob(deps.temporal, workspace.id, latest.job_id);
      if (job.status === 'RUNNING') return { jobId: latest.job_id, started: false };
      await websites.updateCrawl(trx, workspace.id, latest.job_id, {
        state: 'FAILED',
        error: `The crawl ended ${job.status}`,
        finished_at: new Date(),
      });
    }
    const generation = latest.generation + 1;
    const jobId = WorkflowIds.crawlWebsite(workspace.id, item.id, generation);
    await websites.insertCrawl(trx, {
      job_id: jobId,
      workspace_id: workspace.id,
      site_id: item.id,
      generation,
      root_url: latest.root_url,
      settings: latest.settings,
    });
    await knowledge.updateKnowledgeFields(trx, workspace.id, item.id, {
      status: 'BACKGROUND_START',
      message_error: null,
    });
    return { jobId, started: true, previous: { status: site.status, message_error: site.message_error } };
  });
  if (!next.started) return next.jobId;
  try {
    await startCrawl(deps, workspace, item.id, next.jobId);
  } catch (err) {
    await websites.deleteCrawl(deps.db, workspace.id, next.jobId);
    if (next.previous) await knowledge.updateKnowledgeFields(deps.db, workspace.id, item.id, next.previous);
    throw err;
  }
  return next.jobId;
}

/** A crawl job's progress: live while it runs, as recorded once it has ended. Undefined for other jobs. */
/** A crawl's progress; with a narrowing scope (src/policies knowledgeScope), only when the scope reaches the site. */
export async function crawlProgress(
  db: Db,
  workspaceId: string,
  jobId: string,
  access: AccessFilter = {},
): Promise<CrawlProgress | undefined> {
  const crawl = await websites.findCrawl(db, workspaceId, jobId);
  if (!crawl) return undefined;
  if (isScoped(access) && !(await knowledge.findVisibleKnowledge(db, workspaceId, crawl.site_id, access))) {
    return undefined;
  }
  if (crawl.state !== 'RUNNING') {
    return {
      pagesDone: crawl.pages_done,
      pagesDiscovered: crawl.pages_discovered,
      pagesFailed: crawl.pages_failed,
      pagesSkipped: crawl.pages_skipped,
    };
  }
  return websites.progressOf(await websites.pageCounts(db, workspaceId, crawl.site_id, crawl.generation));
}
