// Website crawl activities. The crawl's state lives in the database (website_crawls, website_pages), so
// the workflow carries only counters and every activity is idempotent: a page is fetched once per crawl
// (a retry after its transaction committed returns the recorded outcome), children have ids derived from
// the site and the page's canonical URL, and linked files have upload ids derived from their content.
import { Context } from '@temporalio/activity';
import type { Db, Tx } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import * as uploads from '../db/repositories/uploads';
import * as websites from '../db/repositories/websites';
import * as workspacesRepo from '../db/repositories/workspaces';
import type { KnowledgeRow } from '../db/rows';
import { checkFileType } from '../extract/mime';
import { recordUploadWithinQuota } from '../services/storageQuota';
import type { BlobStore } from '../storage/blobStore';
import { uploadKey } from '../storage/keys';
import { knowledgeIdForUpload, uuidV5, WorkflowIds } from '../temporal/constants';
import { fetchWebDocument, fetchPolicy, type WebDocument, type WebSettings } from '../web/document';
import { fetchResource, FetchError } from '../web/fetch';
import { parseRobotsTxt, robotsRules, type RobotsRecord } from '../web/robots';
import { canonicalUrl, followedLinks } from '../web/urls';
import type { CrawlPageOutcome, CrawlProgress } from '../workflows/contracts';
import { gone, prepareChunks, writeChunks, type IngestionSettings } from './ingestion';
import { contentHash, type WebExtraction } from './sources';

export interface CrawlDeps {
  db: Db;
  storage: BlobStore;
  web: WebSettings;
  ingestion: IngestionSettings;
  /** The stored-file quota of a workspace without its own (crawled files count against it). */
  defaultStorageQuotaBytes: number;
}

/** Robots.txt larger than this is read up to here (RFC 9309 allows crawlers a limit of at least 500 KiB). */
const MAX_ROBOTS_BYTES = 512 * 1024;
/** The frontier of one crawl is bounded: at most this many URLs per page allowed. */
const FRONTIER_PER_PAGE = 10;
const MAX_FRONTIER = 10_000;

/** The id of a crawled page's item: the same page of the same site is always the same item. */
export const crawledPageId = (siteId: string, canonical: string) => uuidV5(`website-page:${siteId}:${canonical}`);

export interface CrawlPageInput {
  workspaceId: string;
  organizationId: string;
  siteId: string;
  jobId: string;
  url: string;
}

export interface CrawlPageResult {
  outcome: CrawlPageOutcome;
  progress: CrawlProgress;
}

export function createCrawlActivities(deps: CrawlDeps) {
  const { db } = deps;
  const policy = fetchPolicy(deps.web);

  async function loadCrawl(workspaceId: string, siteId: string, jobId: string) {
    const site = await knowledge.findKnowledge(db, workspaceId, siteId);
    const crawl = site ? await websites.findCrawl(db, workspaceId, jobId) : undefined;
    if (!site || !crawl) throw gone();
    return { site, crawl };
  }

  /** Fetches robots.txt and parses it once for the whole crawl: the crawl keeps only our user agent's rules. */
  async function fetchRobots(origin: string): Promise<RobotsRecord> {
    try {
      const res = await fetchResource(`${origin}/robots.txt`, policy, {
        accept: 'text/plain',
        maxBytes: () => MAX_ROBOTS_BYTES,
      });
      return { state: 'ok', ...parseRobotsTxt(res.body.toString('utf8'), deps.web.userAgent) };
    } catch (err) {
      if (err instanceof FetchError && err.code === 'TOO_LARGE') return { state: 'ok', rules: [], crawlDelayMs: 0 };
      if (err instanceof FetchError && err.status !== undefined && err.status >= 400 && err.status < 500) {
        return { state: 'absent' };
      }
      const why = err instanceof Error ? err.message : String(err);
      return { state: 'unreachable', reason: `robots.txt could not be fetched (${why})` };
    }
  }

  async function progressOf(workspaceId: string, siteId: string, generation: number): Promise<CrawlProgress> {
    return websites.progressOf(await websites.pageCounts(db, workspaceId, siteId, generation));
  }

  return {
    /** Fetches robots.txt for the start URL's origin and queues the start URL. Returns the Crawl-delay. */
    async beginCrawl(input: { workspaceId: string; siteId: string; jobId: string }): Promise<{ crawlDelayMs: number }> {
      const { crawl } = await loadCrawl(input.workspaceId, input.siteId, input.jobId);
      const origin = new URL(crawl.root_url).origin;
      const robots = await fetchRobots(origin);
      await websites.updateCrawl(db, input.workspaceId, input.jobId, { origin, robots });
      await websites.addPendingPages(
        db,
        input.workspaceId,
        input.siteId,
        crawl.generation,
        [{ url: canonicalUrl(crawl.root_url), depth: 0 }],
        1,
      );
      return { crawlDelayMs: robotsRules(robots, deps.web.userAgent).crawlDelayMs };
    },

    /** The next pending URLs, no more than the crawl's maxPages still allows. */
    async nextCrawlPages(input: {
      workspaceId: string;
      siteId: string;
      jobId: string;
      limit: number;
    }): Promise<{ urls: string[] }> {
      const { crawl } = await loadCrawl(input.workspaceId, input.siteId, input.jobId);
      const counts = await websites.pageCounts(db, input.workspaceId, input.siteId, crawl.generation);
      const budget = crawl.settings.maxPages - (counts.done + counts.failed + counts.skipped);
      const rows = await websites.pendingPages(
        db,
        input.workspaceId,
        input.siteId,
        crawl.generation,
        Math.min(input.limit, budget),
      );
      return { urls: rows.map((r) => r.url) };
    },

    /** Fetches one page and records what it gave: an indexed page, a linked file, or why neither. */
    async crawlPage(input: CrawlPageInput): Promise<CrawlPageResult> {
      const loaded = await loadCrawl(input.workspaceId, input.siteId, input.jobId);
      const { site } = loaded;
      let { crawl } = loaded;
      const page = await websites.findPage(db, input.workspaceId, input.siteId, input.url);
      if (!page || page.generation !== crawl.generation) {
        return {
          outcome: { kind: 'skipped', reason: 'not part of this crawl' },
          progress: await progressOf(input.workspaceId, input.siteId, crawl.generation),
        };
      }
      if (page.status !== 'PENDING') {
        // Already crawled (this is a retry): the recorded outcome.
        const outcome = page.outcome as CrawlPageOutcome;
        return { outcome, progress: await progressOf(input.workspaceId, input.siteId, crawl.generation) };
      }
      const isRoot = page.depth === 0;
      /** What is known of the page so far, recorded with its outcome. */
      const facts: { canonical?: string; hash?: string } = {};
      const record = async (outcome: CrawlPageOutcome, write?: (trx: Tx) => Promise<void>) => {
        await db.transaction(async (trx) => {
          if (!(await knowledge.findKnowledge(trx, input.workspaceId, input.siteId, { forUpdate: true }))) {
            throw gone();
          }
          if (write) await write(trx);
          await websites.finishPage(trx, input.workspaceId, page.id, {
            ...(facts.hash !== undefined ? { content_hash: facts.hash } : {}),
            status: outcome.kind === 'failed' ? 'FAILED' : outcome.kind === 'skipped' ? 'SKIPPED' : 'DONE',
            reason: outcome.kind === 'failed' || outcome.kind === 'skipped' ? outcome.reason : null,
            knowledge_id: outcome.kind === 'page' || outcome.kind === 'file' ? outcome.knowledgeId : null,
            canonical_url: facts.canonical ?? null,
            outcome,
          });
        });
        return { outcome, progress: await progressOf(input.workspaceId, input.siteId, crawl.generation) };
      };
      /** A page that cannot be crawled at all; at the start URL, the crawl ends. */
      const unusable = (kind: 'failed' | 'skipped', reason: string) =>
        record({ kind, reason, ...(isRoot ? { fatal: true } : {}) });

      let rules = robotsRules(crawl.robots ?? { state: 'absent' }, deps.web.userAgent);
      if (!rules.isAllowed(input.url)) {
        return unusable('skipped', rules.unreachableReason ?? 'disallowed by robots.txt');
      }

      Context.current().heartbeat('fetching');
      let doc: WebDocument;
      try {
        doc = await fetchWebDocument(input.url, deps.web, policy);
      } catch (err) {
        if (!(err instanceof FetchError)) throw err;
        return unusable(err.code === 'UNSUPPORTED_TYPE' ? 'skipped' : 'failed', err.message);
      }
      Context.current().heartbeat('indexing');

      if (doc.url.origin !== crawl.origin) {
        if (!isRoot) return record({ kind: 'skipped', reason: `redirected off the site to ${doc.url.origin}` });
        // The start URL moved (http to https, a www host): the site is where it moved to.
        const robots = await fetchRobots(doc.url.origin);
        await websites.updateCrawl(db, input.workspaceId, input.jobId, { origin: doc.url.origin, robots });
        ({ crawl } = await loadCrawl(input.workspaceId, input.siteId, input.jobId));
        rules = robotsRules(robots, deps.web.userAgent);
        if (!rules.isAllowed(doc.url.toString())) {
          return unusable('skipped', rules.unreachableReason ?? 'disallowed by robots.txt');
        }
      }
      const declared = doc.kind === 'html' ? doc.page.canonical : undefined;
      const canonical = canonicalUrl(declared && new URL(declared).origin === crawl.origin ? declared : doc.url);
      facts.canonical = canonical;
      const duplicate = await websites.pageWithCanonical(
        db,
        input.workspaceId,
        input.siteId,
        crawl.generation,
        canonical,
        page.id,
      );
      if (duplicate) return record({ kind: 'skipped', reason: `duplicate of ${duplicate.url}` });

      if (doc.kind === 'file') {
        facts.hash = contentHash(doc.bytes);
        return record(await crawledFile(input, site, page, canonical, facts.hash, doc));
      }

      // Links first: a page that is not indexed (noindex, no text) may still lead to others.
      const { page: html } = doc;
      const links =
        html.nofollow || page.depth >= crawl.settings.maxDepth
          ? []
          : followedLinks(html.links, crawl, rules.isAllowed).map((url) => ({ url, depth: page.depth + 1 }));
      const cap = Math.min(MAX_FRONTIER, Math.max(100, crawl.settings.maxPages * FRONTIER_PER_PAGE));
      const addLinks = (trx: Tx) =>
        websites.addPendingPages(trx, input.workspaceId, input.siteId, crawl.generation, links, cap).then(() => {});

      if (html.noindex)
        return record({ kind: 'skipped', reason: 'the page asks not to be indexed (noindex)' }, addLinks);
      const body = [html.title, html.text].filter(Boolean).join('\n\n');
      if (!html.text.trim()) return record({ kind: 'skipped', reason: 'the page has no text' }, addLinks);

      const knowledgeId = crawledPageId(input.siteId, canonical);
      const hash = contentHash(body);
      facts.hash = hash;
      const existing = await knowledge.findKnowledge(db, input.workspaceId, knowledgeId);
      const known = existing?.metadata.extraction as WebExtraction | undefined;
      if (existing && existing.status === 'COMPLETED' && known?.contentHash === hash) {
        return record({ kind: 'page', knowledgeId, changed: false, chunkCount: 0 }, addLinks);
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
      return record({ kind: 'page', knowledgeId, changed: true, chunkCount: chunks.length }, async (trx) => {
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
    },

    /**
     * Removes up to `limit` children this crawl did not index (vanished, failed or replaced pages).
     * Returns their stored file keys (the workflow schedules the purge) and whether any may be left.
     */
    async removeVanishedPages(input: {
      workspaceId: string;
      siteId: string;
      jobId: string;
      limit: number;
    }): Promise<{ removed: number; storageKeys: string[]; more: boolean }> {
      const { crawl } = await loadCrawl(input.workspaceId, input.siteId, input.jobId);
      return db.transaction(async (trx) => {
        const ids = await websites.vanishedChildren(
          trx,
          input.workspaceId,
          input.siteId,
          crawl.generation,
          input.limit,
        );
        const storageKeys = await knowledge.deleteKnowledgeRows(trx, input.workspaceId, ids);
        if (ids.length < input.limit)
          await websites.deleteStalePages(trx, input.workspaceId, input.siteId, crawl.generation);
        return { removed: ids.length, storageKeys, more: ids.length === input.limit };
      });
    },

    /** Ends the crawl: the site becomes COMPLETED (or BACKGROUND_ERROR with the reason) and the counts are kept. */
    async finishCrawl(input: {
      workspaceId: string;
      siteId: string;
      jobId: string;
      error?: string;
    }): Promise<CrawlProgress> {
      const { site, crawl } = await loadCrawl(input.workspaceId, input.siteId, input.jobId);
      const progress = await progressOf(input.workspaceId, input.siteId, crawl.generation);
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
    },
  };

  /**
   * A linked file of an accepted type: stored and recorded as an upload, ingested as a FILE child. Unchanged
   * bytes keep their item; changed ones become a new item (the old one is removed with the vanished pages).
   */
  async function crawledFile(
    input: CrawlPageInput,
    site: KnowledgeRow,
    page: websites.PageRow,
    canonical: string,
    hash: string,
    doc: Extract<WebDocument, { kind: 'file' }>,
  ): Promise<CrawlPageOutcome> {
    const check = checkFileType(doc.bytes, doc.mime, doc.filename);
    if (!check.ok) return { kind: 'skipped', reason: `the file is not a valid ${doc.mime}: ${check.reason}` };
    if (page.content_hash === hash && page.knowledge_id) {
      if (await knowledge.findKnowledge(db, input.workspaceId, page.knowledge_id)) {
        return { kind: 'file', knowledgeId: page.knowledge_id, uploadId: '', changed: false, sourceUrl: canonical };
      }
    }
    // One upload per crawl and page: never the key of an earlier upload whose bytes may be awaiting purge.
    const uploadId = uuidV5(`website-file:${input.jobId}:${page.url}`);
    const knowledgeId = knowledgeIdForUpload(uploadId);
    if (!(await uploads.findUpload(db, input.workspaceId, uploadId))) {
      const workspace = await workspacesRepo.findWorkspace(db, input.workspaceId);
      if (!workspace) throw gone();
      const key = uploadKey(input.organizationId, input.workspaceId, uploadId, doc.filename);
      await deps.storage.put(key, doc.bytes, check.mime);
      const recorded = await recordUploadWithinQuota(db, workspace, deps.defaultStorageQuotaBytes, {
        id: uploadId,
        workspace_id: input.workspaceId,
        organization_id: input.organizationId,
        filename: doc.filename,
        mimetype: check.mime,
        size_bytes: doc.bytes.length,
        storage_key: key,
        title: doc.filename,
        description: null,
        language: site.language,
        requested_status: 'BACKGROUND_START',
        workflow_id: WorkflowIds.ingestFile(input.workspaceId, uploadId),
        space_id: null,
        source_visibility: site.source_visibility,
      });
      if (!recorded) {
        await deps.storage.delete([key]);
        return { kind: 'skipped', reason: 'Storage quota exceeded' };
      }
    }
    return { kind: 'file', knowledgeId, uploadId, changed: true, sourceUrl: canonical };
  }
}
