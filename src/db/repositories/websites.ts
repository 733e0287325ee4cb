// Website crawls and the pages they find (migration 0008_web_sources). Every query takes the workspace.
import type { Tx } from '../knex';

export interface CrawlSettings {
  maxPages: number;
  maxDepth: number;
  includePaths: string[];
  excludePaths: string[];
}

export type CrawlState = 'RUNNING' | 'COMPLETED' | 'FAILED';
export type PageStatus = 'PENDING' | 'DONE' | 'FAILED' | 'SKIPPED';

export interface CrawlRow {
  job_id: string;
  workspace_id: string;
  site_id: string;
  generation: number;
  state: CrawlState;
  root_url: string;
  origin: string | null;
  settings: CrawlSettings;
  /** robots.txt as fetched for the origin, its rules for our user agent parsed (src/web/robots.ts RobotsRecord). */
  robots: {
    state: 'ok' | 'absent' | 'unreachable';
    rules?: Array<{ allow: boolean; path: string }>;
    crawlDelayMs?: number;
    reason?: string;
    body?: string;
  } | null;
  error: string | null;
  pages_done: number;
  pages_failed: number;
  pages_skipped: number;
  pages_discovered: number;
  started_at: Date;
  finished_at: Date | null;
}

export interface PageRow {
  id: string;
  workspace_id: string;
  site_id: string;
  url: string;
  generation: number;
  depth: number;
  status: PageStatus;
  reason: string | null;
  canonical_url: string | null;
  knowledge_id: string | null;
  content_hash: string | null;
  outcome: unknown;
  fetched_at: Date | null;
}

export interface PageCounts {
  pending: number;
  done: number;
  failed: number;
  skipped: number;
}

/** A crawl's progress as background-jobs and the crawl workflow report it. */
export function progressOf(c: PageCounts) {
  return {
    pagesDone: c.done,
    pagesDiscovered: c.pending + c.done + c.failed + c.skipped,
    pagesFailed: c.failed,
    pagesSkipped: c.skipped,
  };
}

export async function insertCrawl(
  db: Tx,
  row: Pick<CrawlRow, 'job_id' | 'workspace_id' | 'site_id' | 'generation' | 'root_url' | 'settings'>,
): Promise<void> {
  await db('website_crawls').insert({ ...row, settings: JSON.stringify(row.settings), state: 'RUNNING' });
}

export async function findCrawl(db: Tx, workspaceId: string, jobId: string): Promise<CrawlRow | undefined> {
  return db<CrawlRow>('website_crawls').where({ workspace_id: workspaceId, job_id: jobId }).first();
}

export async function latestCrawl(
  db: Tx,
  workspaceId: string,
  siteId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CrawlRow | undefined> {
  const q = db<CrawlRow>('website_crawls')
    .where({ workspace_id: workspaceId, site_id: siteId })
    .orderBy('generation', 'desc')
    .first();
  if (opts.forUpdate) void q.forUpdate();
  return q;
}

export async function updateCrawl(
  db: Tx,
  workspaceId: string,
  jobId: string,
  patch: Partial<Omit<CrawlRow, 'job_id' | 'workspace_id' | 'site_id' | 'settings' | 'robots'>> & {
    robots?: CrawlRow['robots'];
  },
): Promise<void> {
  const { robots, ...rest } = patch;
  await db('website_crawls')
    .where({ workspace_id: workspaceId, job_id: jobId })
    .update({ ...rest, ...(robots !== undefined ? { robots: JSON.stringify(robots) } : {}) });
}

/**
 * Records URLs found by this generation's crawl as pending: new ones are added and ones last seen by an
 * earlier crawl are taken into this one (keeping the item and content hash they had, to tell an unchanged
 * page); URLs this crawl already knows stay as they are. At most `cap`
 * URLs per generation (the frontier is bounded). Returns how many were added.
 */
export async function addPendingPages(
  db: Tx,
  workspaceId: string,
  siteId: string,
  generation: number,
  pages: Array<{ url: string; depth: number }>,
  cap: number,
): Promise<number> {
  if (pages.length === 0) return 0;
  const [known] = await db('website_pages')
    .where({ workspace_id: workspaceId, site_id: siteId, generation })
    .count<{ count: string }[]>({ count: '*' });
  const room = cap - Number(known?.count ?? 0);
  if (room <= 0) return 0;
  const unique = new Map<string, number>();
  for (const p of pages) unique.set(p.url, Math.min(p.depth, unique.get(p.url) ?? p.depth));
  const rows = [...unique].slice(0, room).map(([url, depth]) => ({
    workspace_id: workspaceId,
    site_id: siteId,
    url,
    depth,
    generation,
    status: 'PENDING',
  }));
  const added = await db('website_pages')
    .insert(rows)
    .onConflict(['site_id', 'url'])
    .merge({
      generation: db.raw('EXCLUDED.generation'),
      depth: db.raw('EXCLUDED.depth'),
      status: 'PENDING',
      reason: null,
      outcome: null,
      canonical_url: null,
    })
    .where('website_pages.generation', '<', generation)
    .returning('id');
  return added.length;
}

/** This generation's pending pages, shallowest and earliest found first. */
export async function pendingPages(
  db: Tx,
  workspaceId: string,
  siteId: string,
  generation: number,
  limit: number,
): Promise<PageRow[]> {
  if (limit <= 0) return [];
  return db<PageRow>('website_pages')
    .where({ workspace_id: workspaceId, site_id: siteId, generation, status: 'PENDING' })
    .orderBy([{ column: 'depth' }, { column: 'id' }])
    .limit(limit);
}

export async function findPage(
  db: Tx,
  workspaceId: string,
  siteId: string,
  url: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PageRow | undefined> {
  const q = db<PageRow>('website_pages').where({ workspace_id: workspaceId, site_id: siteId, url }).first();
  if (opts.forUpdate) void q.forUpdate();
  return q;
}

export async function finishPage(
  db: Tx,
  workspaceId: string,
  pageId: string,
  patch: {
    status: Exclude<PageStatus, 'PENDING'>;
    reason?: string | null;
    canonical_url?: string | null;
    knowledge_id?: string | null;
    content_hash?: string | null;
    outcome: unknown;
  },
): Promise<void> {
  await db('website_pages')
    .where({ workspace_id: workspaceId, id: pageId })
    .update({ ...patch, outcome: JSON.stringify(patch.outcome), fetched_at: db.fn.now() });
}

/** The page of this generation already indexed under a canonical URL, other than `exceptId`. */
export async function pageWithCanonical(
  db: Tx,
  workspaceId: string,
  siteId: string,
  generation: number,
  canonicalUrl: string,
  exceptId: string,
): Promise<PageRow | undefined> {
  return db<PageRow>('website_pages')
    .where({ workspace_id: workspaceId, site_id: siteId, generation, status: 'DONE', canonical_url: canonicalUrl })
    .whereNot('id', exceptId)
    .first();
}

export async function pageCounts(db: Tx, workspaceId: string, siteId: string, generation: number): Promise<PageCounts> {
  const rows: Array<{ status: PageStatus; n: string }> = await db('website_pages')
    .where({ workspace_id: workspaceId, site_id: siteId, generation })
    .groupBy('status')
    .select('status', db.raw('count(*) as n'));
  const counts: PageCounts = { pending: 0, done: 0, failed: 0, skipped: 0 };
  for (const r of rows) counts[r.status.toLowerCase() as keyof PageCounts] = Number(r.n);
  return counts;
}

/**
 * Up to `limit` children of the site that this generation's crawl did not index: pages that vanished,
 * failed or changed identity (a changed linked file is a new item).
 */
export async function vanishedChildren(
  db: Tx,
  workspaceId: string,
  siteId: string,
  generation: number,
  limit: number,
): Promise<string[]> {
  return db('knowledge as k')
    .where({ 'k.workspace_id': workspaceId, 'k.parent_id': siteId })
    .whereNotExists(
      db('website_pages as p')
        .whereRaw('p.knowledge_id = k.id')
        .andWhere({ 'p.site_id': siteId, 'p.generation': generation, 'p.status': 'DONE' }),
    )
    .limit(limit)
    .pluck('k.id');
}

/** Forgets URLs no crawl since `generation` has found. */
export async function deleteStalePages(db: Tx, workspaceId: string, siteId: string, generation: number): Promise<void> {
  await db('website_pages')
    .where({ workspace_id: workspaceId, site_id: siteId })
    .andWhere('generation', '<', generation)
    .delete();
}

/** The crawl's start page (depth 0). */
export async function startPage(
  db: Tx,
  workspaceId: string,
  siteId: string,
  generation: number,
): Promise<PageRow | undefined> {
  return db<PageRow>('website_pages')
    .where({ workspace_id: workspaceId, site_id: siteId, generation, depth: 0 })
    .first();
}

/** Removes a site's crawls (undoing a site whose first crawl could not start). */
export async function deleteSiteCrawls(db: Tx, workspaceId: string, siteId: string): Promise<void> {
  await db('website_crawls').where({ workspace_id: workspaceId, site_id: siteId }).delete();
}

/** Removes one crawl (undoing a recrawl that could not start). */
export async function deleteCrawl(db: Tx, workspaceId: string, jobId: string): Promise<void> {
  await db('website_crawls').where({ workspace_id: workspaceId, job_id: jobId }).delete();
}
