// Website crawls. The crawl's state lives in the database (website_crawls, website_pages), so the workflow
// carries only counters and every step is idempotent: a page is fetched once per crawl (a retry after its
// transaction committed returns the recorded outcome), children have ids derived from the site and the
// page's canonical URL, and linked files have upload ids derived from the crawl and the page.
import type { Db, Tx } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import * as websites from '../db/repositories/websites';
import type { KnowledgeRow } from '../db/rows';
import { checkFileType } from '../extract/mime';
import type { BlobStore } from '../storage/blobStore';
import { knowledgeIdForUpload, uuidV5 } from '../temporal/constants';
import { fetchWebDocument, fetchPolicy, type WebDocument, type WebSettings } from '../web/document';
import { FetchError } from '../web/fetch';
import { fetchRobots as fetchRobotsFile, robotsRules, type RobotsRecord } from '../web/robots';
import { canonicalUrl, followedLinks } from '../web/urls';
import type { CrawlPageInput, CrawlPageResult } from '../workflows/activityContract';
import type { CrawlPageOutcome, CrawlProgress } from '../workflows/contracts';
import { deleteThroughOutbox } from './purgeOutbox';
import { isRecorded, requireWorkspace, storeFoundFile } from './foundFiles';
import {
  contentHash,
  KnowledgeGoneError,
  prepareChunks,
  writeChunks,
  type ChunkSettings,
  type WebExtraction,
} from './ingestion';

export interface CrawlDeps {
  db: Db;
  storage: BlobStore;
  web: WebSettings;
  ingestion: ChunkSettings;
  /** The stored-file quota of a workspace without its own (crawled files count against it). */
  defaultStorageQuotaBytes: number;
}

/** The frontier of one crawl is bounded: at most this many URLs per page allowed. */
const FRONTIER_PER_PAGE = 10;
const MAX_FRONTIER = 10_000;

/** The id of a crawled page's item: the same page of the same site is always the same item. */
export const crawledPageId = (siteId: string, canonical: string) => uuidV5(`website-page:${siteId}:${canonical}`);

type Crawl = websites.CrawlRow;

async function loadCrawl(db: Db, workspaceId: string, siteId: string, jobId: string) {
  const site = await knowledge.findKnowledge(db, workspaceId, siteId);
  const crawl = site ? await websites.findCrawl(db, workspaceId, jobId) : undefined;
  if (!site || !crawl) throw new KnowledgeGoneError();
  return { site, crawl };
}

async function progressOf(db: Db, workspaceId: string, siteId: string, generation: number): Promise<CrawlProgress> {
  return websites.progressOf(await websites.pageCounts(db, workspaceId, siteId, generation));
}

/** Fetches robots.txt and parses it once for the whole crawl: the crawl keeps only our user agent's rules. */
const fetchRobots = async (web: WebSettings, origin: string): Promise<RobotsRecord> =>
  (await fetchRobotsFile(web, origin)).record;

/** Fetches robots.txt for the start URL's origin and queues the start URL. Returns the Crawl-delay. */
export async function beginCrawl(
  deps: Pick<CrawlDeps, 'db' | 'web'>,
  input: { workspaceId: string; siteId: string; jobId: string },
): Promise<{ crawlDelayMs: number }> {
  const { db } = deps;
  const { crawl } = await loadCrawl(db, input.workspaceId, input.siteId, input.jobId);
  const origin = new URL(crawl.root_url).origin;
  const robots = await fetchRobots(deps.web, origin);
  await websites.updateCrawl(db, input.workspaceId, input.jobId, { origin, robots });
  const start = [{ url: canonicalUrl(crawl.root_url), depth: 0 }];
  await websites.addPendingPages(db, input.workspaceId, input.siteId, crawl.generation, start, 1);
  return { crawlDelayMs: robotsRules(robots, deps.web.userAgent).crawlDelayMs };
}

/** The next pending URLs, no more than the crawl's maxPages still allows. */
export async function nextCrawlPages(
  db: Db,
  input: { workspaceId: string; siteId: string; jobId: string; limit: number },
): Promise<{ urls: string[] }> {
  const { crawl } = await loadCrawl(db, input.workspaceId, input.siteId, input.jobId);
  const counts = await websites.pageCounts(db, input.workspaceId, input.siteId, crawl.generation);
  const budget = crawl.settings.maxPages - (counts.done + counts.failed + counts.skipped);
  const limit = Math.min(input.limit, budget);
  const rows = await websites.pendingPages(db, input.workspaceId, input.siteId, crawl.generation, limit);
  return { urls: rows.map((r) => r.url) };
}

/** One page's crawl as it goes: what is known so far, recorded with its outcome. */
interface PageVisit {
  deps: CrawlDeps;
  input: CrawlPageInput;
  site: KnowledgeRow;
  crawl: Crawl;
  page: websites.PageRow;
  isRoot: boolean;
  canonical?: string;
  hash?: string;
}

/** Records the page's outcome (with `write`, in one transaction), if the site still exists. */
async function record(
  visit: PageVisit,
  outcome: CrawlPageOutcome,
  write?: (trx: Tx) => Promise<void>,
): Promise<CrawlPageResult> {
  const { db } = visit.deps;
  const { workspaceId, siteId } = visit.input;
  await db.transaction(async (trx) => {
    if (!(await knowledge.findKnowledge(trx, workspaceId, siteId, { forUpdate: true }))) {
      throw new KnowledgeGoneError();
    }
    if (write) await write(trx);
    await websites.finishPage(trx, workspaceId, visit.page.id, {
      ...(visit.hash !== undefined ? { content_hash: visit.hash } : {}),
      status: outcome.kind === 'failed' ? 'FAILED' : outcome.kind === 'skipped' ? 'SKIPPED' : 'DONE',
      reason: outcome.kind === 'failed' || outcome.kind === 'skipped' ? outcome.reason : null,
      knowledge_id: outcome.kind === 'page' || outcome.kind === 'file' ? outcome.knowledgeId : null,
      canonical_url: visit.canonical ?? null,
      outcome,
    });
  });
  return { outcome, progress: await progressOf(db, workspaceId, siteId, visit.crawl.generation) };
}

/** A page that cannot be crawled at all; at the start URL, the crawl ends. */
const unusable = (visit: PageVisit, kind: 'failed' | 'skipped', reason: string) =>
  record(visit, { kind, reason, ...(visit.isRoot ? { fatal: true } : {}) });

const disallowed = (visit: PageVisit, rules: ReturnType<typeof robotsRules>) =>
  unusable(visit, 'skipped', rules.unreachableReason ?? 'disallowed by robots.txt');

/**
 * The start URL moved (http to https, a www host): the site is where it moved to, with that origin's
 * robots.txt. Returns that origin's rules.
 */
async function followMovedSite(visit: PageVisit, doc: WebDocument) {
  const { deps, input } = visit;
  const robots = await fetchRobots(deps.web, doc.url.origin);
  await websites.updateCrawl(deps.db, input.workspaceId, input.jobId, { origin: doc.url.origin, robots });
  ({ crawl: visit.crawl } = await loadCrawl(deps.db, input.workspaceId, input.siteId, input.jobId));
  return robotsRules(robots, deps.web.userAgent);
}

/**
 * A linked file of an accepted type: stored and recorded as an upload, ingested as a FILE child. Unchanged
 * bytes keep their item; changed ones become a new item (the old one is removed with the vanished pages).
 */
async function crawledFile(visit: PageVisit, doc: Extract<WebDocument, { kind: 'file' }>): Promise<CrawlPageResult> {
  const { deps, input, page, site } = visit;
  const canonical = visit.canonical!;
  const hash = contentHash(doc.bytes);
  visit.hash = hash;
  const check = checkFileType(doc.bytes, doc.mime, doc.filename);
  if (!check.ok)
    return record(visit, { kind: 'skipped', reason: `the file is not a valid ${doc.mime}: ${check.reason}` });
  if (page.content_hash === hash && page.knowledge_id) {
    if (await knowledge.findKnowledge(deps.db, input.workspaceId, page.knowledge_id)) {
      const knowledgeId = page.knowledge_id;
      return record(visit, { kind: 'file', knowledgeId, uploadId: '', changed: false, sourceUrl: canonical });
    }
  }
  // One upload per crawl and page: never the key of an earlier upload whose bytes may be awaiting purge.
  const uploadId = uuidV5(`website-file:${input.jobId}:${page.url}`);
  if (!(await isRecorded(deps.db, input.workspaceId, uploadId))) {
    const workspace = await requireWorkspace(deps.db, input.workspaceId);
    const stored = await storeFoundFile(deps, workspace, {
      uploadId,
      organizationId: input.organizationId,
      filename: doc.filename,
      mime: check.mime,
      bytes: doc.bytes,
      title: doc.filename,
      language: site.language,
      spaceId: null,
      sourceVisibility: site.source_visibility,
    });
    if (!stored) return record(visit, { kind: 'skipped', reason: 'Storage quota exceeded' });
  }
  const knowledgeId = knowledgeIdForUpload(uploadId);
  return record(visit, { kind: 'file', knowledgeId, uploadId, changed: true, sourceUrl: canonical });
}

/**
 * An HTML page: its links are queued first (a page that is not indexed, noindex or without text, may still
 * lead to others), then its text is stored as the page's URL child, unless unchanged since the last crawl.
 */
async function crawledHtmlPage(
  visit: PageVisit,
  doc: Extract<WebDocument, { kind: 'html' }>,
  rules: ReturnType<typeof robotsRules>,
): Promise<CrawlPageResult> {
  const { deps, input, page, crawl, site } = visit;
  const canonical = visit.canonical!;
  const { page: html } = doc;
  const links =
    html.nofollow || page.depth >= crawl.settings.maxDepth
      ? []
      : followedLinks(html.links, crawl, rules.isAllowed).map((url) => ({ url, depth: page.depth + 1 }));
  const cap = Math.min(MAX_FRONTIER, Math.max(100, crawl.settings.maxPages * FRONTIER_PER_PAGE));
  const addLinks = (trx: Tx) =>
    websites.addPendingPages(trx, input.workspaceId, input.siteId, crawl.generation, links, cap).then(() => {});

  if (html.noindex) {
    return record(visit, { kind: 'skipped', reason: 'the page asks not to be indexed (noindex)' }, addLinks);
  }
  const body = [html.title, html.text].filter(Boolean).join('\n\n');
  if (!html.text.trim()) return record(visit, { kind: 'skipped', reason: 'the page has no text' }, addLinks);

  const knowledgeId = crawledPageId(input.siteId, canonical);
  const hash = contentHash(body);
  visit.hash = hash;
  const existing = await knowledge.findKnowledge(deps.db, input.workspaceId, knowledgeId);
  const known = existing?.metadata.extraction as WebExtraction | undefined;
  if (existing && existing.status === 'COMPLETED' && known?.contentHash === hash) {
    return record(visit, { kind: 'page', knowledgeId, changed: false, chunkCount: 0 }, addLinks);
  }
  const chunks = prepareChunks([{ pageNumber: 1, text: body }], deps.ingestion, 'the page has no text');
  const extraction: WebExtraction = {
    source: 'web',
    finalUrl: doc.url.toString(),
    contentType: 'text/html',
    contentHash: hash,
    fetchedAt: new Date().toISOString(),
  };
  const fields = {
    title: (html.title || canonical).slice(0, 1000),
    content: canonical,
    url: canonical,
    status: 'BACKGROUND_START',
    message_error: null,
    metadata: { ...(html.excerpt ? { description: html.excerpt.slice(0, 1000) } : {}), extraction },
  };
  const outcome: CrawlPageOutcome = { kind: 'page', knowledgeId, changed: true, chunkCount: chunks.length };
  return record(visit, outcome, async (trx) => {
    if (existing) {
      await knowledge.updateKnowledgeFields(trx, input.workspaceId, knowledgeId, fields);
    } else {
      await knowledge.insertKnowledge(trx, input.workspaceId, {
        ...fields,
        id: knowledgeId,
        parentId: input.siteId,
        type: 'URL',
        language: site.language ?? html.language ?? null,
      });
    }
    await writeChunks(trx, input.workspaceId, knowledgeId, chunks);
    await addLinks(trx);
  });
}

/**
 * Fetches one page and records what it gave: an indexed page, a linked file, or why neither.
 * `heartbeat` hears of each stage (fetching, indexing).
 */
export async function crawlPage(
  deps: CrawlDeps,
  input: CrawlPageInput,
  heartbeat: (stage: string) => void,
): Promise<CrawlPageResult> {
  const { site, crawl } = await loadCrawl(deps.db, input.workspaceId, input.siteId, input.jobId);
  const page = await websites.findPage(deps.db, input.workspaceId, input.siteId, input.url);
  if (!page || page.generation !== crawl.generation) {
    const progress = await progressOf(deps.db, input.workspaceId, input.siteId, crawl.generation);
    return { outcome: { kind: 'skipped', reason: 'not part of this crawl' }, progress };
  }
  if (page.status !== 'PENDING') {
    // Already crawled (this is a retry): the recorded outcome.
    const progress = await progressOf(deps.db, input.workspaceId, input.siteId, crawl.generation);
    return { outcome: page.outcome as CrawlPageOutcome, progress };
  }
  const visit: PageVisit = { deps, input, site, crawl, page, isRoot: page.depth === 0 };

  let rules = robotsRules(crawl.robots ?? { state: 'absent' }, deps.web.userAgent);
  if (!rules.isAllowed(input.url)) return disallowed(visit, rules);

  heartbeat('fetching');
  let doc: WebDocument;
  try {
    doc = await fetchWebDocument(input.url, deps.web, fetchPolicy(deps.web));
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    return unusable(visit, err.code === 'UNSUPPORTED_TYPE' ? 'skipped' : 'failed', err.message);
  }
  heartbeat('indexing');

  if (doc.url.origin !== visit.crawl.origin) {
    if (!visit.isRoot)
      return record(visit, { kind: 'skipped', reason: `redirected off the site to ${doc.url.origin}` });
    rules = await followMovedSite(visit, doc);
    if (!rules.isAllowed(doc.url.toString())) return disallowed(visit, rules);
  }
  const declared = doc.kind === 'html' ? doc.page.canonical : undefined;
  const origin = visit.crawl.origin;
  visit.canonical = canonicalUrl(declared && new URL(declared).origin === origin ? declared : doc.url);
  const duplicate = await websites.pageWithCanonical(
    deps.db,
    input.workspaceId,
    input.siteId,
    visit.crawl.generation,
    visit.canonical,
    page.id,
  );
  if (duplicate) return record(visit, { kind: 'skipped', reason: `duplicate of ${duplicate.url}` });

  return doc.kind === 'file' ? crawledFile(visit, doc) : crawledHtmlPage(visit, doc, rules);
}

/**
 * Removes up to `limit` children this crawl did not index (vanished, failed or replaced pages).
 * Returns their stored file keys (the workflow schedules the purge) and whether any may be left.
 */
export async function removeVanishedPages(
  db: Db,
  input: { workspaceId: string; siteId: string; jobId: string; limit: number; purgeId?: string },
): Promise<{ removed: number; storageKeys: string[]; more: boolean }> {
  const { workspaceId, siteId, limit } = input;
  const { crawl } = await loadCrawl(db, workspaceId, siteId, input.jobId);
  const replay = (storageKeys: string[]) => ({ removed: 0, storageKeys, more: true });
  return deleteThroughOutbox(db, workspaceId, input.purgeId, replay, async (trx) => {
    const ids = await websites.vanishedChildren(trx, workspaceId, siteId, crawl.generation, limit);
    const storageKeys = await knowledge.deleteKnowledgeRows(trx, workspaceId, ids);
    if (ids.length < limit) await websites.deleteStalePages(trx, workspaceId, siteId, crawl.generation);
    return { removed: ids.length, storageKeys, more: ids.length === limit };
  });
}

/** Ends the crawl: the site becomes COMPLETED (or BACKGROUND_ERROR with the reason) and the counts are kept. */
export async function finishCrawl(
  db: Db,
  input: { workspaceId: string; siteId: string; jobId: string; error?: string },
): Promise<CrawlProgress> {
  const { site, crawl } = await loadCrawl(db, input.workspaceId, input.siteId, input.jobId);
  const progress = await progressOf(db, input.workspaceId, input.siteId, crawl.generation);
  // A site created without a title takes its start page's.
  const auto = (site.metadata.extraction as WebExtraction | undefined)?.autoTitle;
  const root = auto ? await websites.startPage(db, input.workspaceId, input.siteId, crawl.generation) : undefined;
  const start = root?.knowledge_id
    ? await knowledge.findKnowledge(db, input.workspaceId, root.knowledge_id)
    : undefined;
  await db.transaction(async (trx) => {
    await websites.updateCrawl(trx, input.workspaceId, input.jobId, {
      state: input.error ? 'FAILED' : 'COMPLETED',
      error: input.error ?? null,
      pages_done: progress.pagesDone,
      pages_failed: progress.pagesFailed,
      pages_skipped: progress.pagesSkipped,
      pages_discovered: progress.pagesDiscovered,
      finished_at: new Date(),
    });
    await knowledge.updateKnowledgeFields(trx, input.workspaceId, input.siteId, {
      status: input.error ? 'BACKGROUND_ERROR' : 'COMPLETED',
      message_error: input.error ? input.error.slice(0, 2000) : null,
      ...(start ? { title: start.title } : {}),
    });
  });
  return progress;
}
