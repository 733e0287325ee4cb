// Knowledge from text and the web: STRING items, URL items (one page fetched) and WEBSITE items (a website
// source whose pages become its children), and recrawls. Each creates its item (BACKGROUND_START) and starts
// its workflow; an item whose workflow could not start is removed again, so nothing is left half-made.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/knex';
import * as knowledge from '../../db/repositories/knowledge';
import * as syncedSources from '../../db/repositories/syncedSources';
import { sourceKind } from '../../connectors/registry';
import type { AccessFilter } from '../../domain/access';
import { metadataLanguage } from '../../domain/language';
import { isScoped } from '../../policies/scopes';
import type { KnowledgeRow, WorkspaceRow } from '../../db/rows';
import { versionAuthor, type AuthState } from '../../policies/credentials';
import type { Attributes } from '../../domain/filter';
import type { DbDeps, Deps } from '../deps';
import { AppError, badRequest } from '../../errors';
import { WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import { fetchPolicy } from '../../web/document';
import { checkWebUrl, FetchError } from '../../web/fetch';
import { urlRefusal } from '../sources/urlRefusal';
import { INLINE_INGEST_MAX_BYTES, type CrawlProgress } from '../../workflows/contracts';
import { ingestSourceWorkflow } from '../../workflows/ingestSource';
import { contentHash } from './ingestion';
import { insertSource, removeSource, syncNow } from '../sources/syncSources';

export const SourceMessages = {
  notRecrawlable: 'Only WEBSITE items can be recrawled',
  noSettings: 'The website has no crawl settings to recrawl with',
} as const;

type SourceDeps = Pick<Deps, 'db' | 'temporal' | 'config' | 'secrets' | 'ownComponents'>;

/** The URL if the service may fetch it (form, scheme, and the host's addresses), else 400 with the reason. */
export async function checkFetchableUrl(deps: Pick<Deps, 'config' | 'ownComponents'>, raw: string): Promise<URL> {
  const { web } = deps.config;
  try {
    return await checkWebUrl(raw, { ...fetchPolicy(web, deps.ownComponents), resolve: web.resolve });
  } catch (err) {
    if (err instanceof FetchError) throw urlRefusal(err, 'url', 'CRAWL_ALLOW_PRIVATE_NETWORKS');
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
  auth: AuthState,
  input: {
    title: string;
    content: string;
    language?: string;
    metadata?: Record<string, unknown>;
    attributes?: Attributes;
    externalId?: string;
  },
): Promise<{ id: string; jobId: string }> {
  const { workspace } = auth;
  return createAndStart(
    deps,
    workspace.id,
    (trx) =>
      knowledge.insertKnowledge(trx, workspace.id, {
        type: 'STRING',
        title: input.title,
        content: input.content,
        status: 'BACKGROUND_START',
        // metadata.language stands for language when that is not sent (language wins when both are).
        language: input.language ?? metadataLanguage(input.metadata) ?? null,
        metadata: freeMetadata(input.metadata),
        attributes: input.attributes,
        externalId: input.externalId,
        contentHash: contentHash(input.content),
        contentBytes: Buffer.byteLength(input.content),
        createdBy: versionAuthor(auth),
      }),
    (row) =>
      startSource(deps, workspace.id, row.id, 'text', Buffer.byteLength(input.content) <= INLINE_INGEST_MAX_BYTES),
  );
}

/**
 * A URL or WEBSITE item before its first fetch: titled by its URL until its page's title is known. Its version 1
 * has no content yet: a URL item's fetch records the page's hash and size on it (ingestion.ts storeFetchedChunks).
 */
const webItem = (
  type: 'URL' | 'WEBSITE',
  url: string,
  auth: AuthState,
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
  createdBy: versionAuthor(auth),
});

export async function createUrlItem(
  deps: SourceDeps,
  auth: AuthState,
  input: { url: string; title?: string; language?: string; attributes?: Attributes; externalId?: string },
): Promise<{ id: string; jobId: string }> {
  const { workspace } = auth;
  const url = (await checkFetchableUrl(deps, input.url)).toString();
  return createAndStart(
    deps,
    workspace.id,
    (trx) => knowledge.insertKnowledge(trx, workspace.id, webItem('URL', url, auth, input)),
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
    knowledgeId,
  });
  return workflowId;
}

/** What a website's pages are crawled under: its website source's config besides the start URL. */
export interface CrawlSettings {
  maxPages: number;
  maxDepth: number;
  includePaths: string[];
  excludePaths: string[];
}

export interface WebsiteInput extends CrawlSettings {
  url: string;
  title?: string;
  language?: string;
  attributes?: Attributes;
  externalId?: string;
}

/**
 * A WEBSITE item is the root of a website source (src/connectors/website.ts) with the same id: its pages
 * become its URL children (linked files its FILE children), synced by the source engine. Creating the site
 * starts its first sync; the job id answered is the sync's.
 */
export async function createWebsite(
  deps: SourceDeps,
  auth: AuthState,
  input: WebsiteInput,
): Promise<{ id: string; jobId: string }> {
  const { workspace } = auth;
  const url = (await checkFetchableUrl(deps, input.url)).toString();
  const siteId = randomUUID();
  const config = sourceKind('website')!.storedConfig.parse({
    url,
    maxPages: input.maxPages,
    maxDepth: input.maxDepth,
    includePaths: input.includePaths,
    excludePaths: input.excludePaths,
  });
  const { row } = await insertSource(
    deps,
    workspace,
    { kind: 'website', id: siteId, name: (input.title ?? url).slice(0, 200), config, attributes: input.attributes },
    { id: siteId, ...webItem('WEBSITE', url, auth, input) },
  );
  try {
    const { sync } = await syncNow(deps, workspace, row.id, false);
    return { id: siteId, jobId: sync.job_id };
  } catch (err) {
    await removeSource(deps, row);
    throw err;
  }
}

/**
 * Syncs a site again with its settings (its website source's "sync now"): changed pages are re-indexed,
 * vanished ones removed, new ones added. While a sync of the site is running, its job id is returned and no
 * second one starts. `confirmDeletes` lifts the deletion guard for this sync.
 */
export async function recrawl(
  deps: SourceDeps,
  workspace: WorkspaceRow,
  item: KnowledgeRow,
  confirmDeletes = false,
): Promise<string> {
  if (item.type !== 'WEBSITE') {
    throw badRequest(SourceMessages.notRecrawlable, {
      code: 'not_recrawlable',
      param: 'knowledgeId',
      hint: `The item is a ${item.type}: recrawl its site's WEBSITE item${item.type === 'URL' ? ', or refetch it (POST …/refetch)' : ''}.`,
    });
  }
  const source = await syncedSources.findSourceByRoot(deps.db, workspace.id, item.id);
  if (!source) throw new AppError(409, SourceMessages.noSettings);
  return (await syncNow(deps, workspace, source.id, confirmDeletes)).sync.job_id;
}

/** The root item of the source a sync job syncs (undefined for any other job). */
export async function jobSourceRoot({ db }: DbDeps, workspaceId: string, jobId: string): Promise<string | undefined> {
  const sync = await syncedSources.findSyncByJob(db, workspaceId, jobId);
  const source = sync ? await syncedSources.findSource(db, workspaceId, sync.source_id) : undefined;
  return source?.root_id;
}

/**
 * A website sync's progress (a WEBSITE item's crawl, or a website source's sync): pages listed so far, and
 * indexed or failed once the sync has worked on them. Undefined for other jobs; with a narrowing scope
 * (src/policies knowledgeScope), only when the scope reaches the site.
 */
export async function crawlProgress(
  { db }: DbDeps,
  workspaceId: string,
  jobId: string,
  access: AccessFilter = {},
): Promise<CrawlProgress | undefined> {
  const sync = await syncedSources.findSyncByJob(db, workspaceId, jobId);
  const source = sync ? await syncedSources.findSource(db, workspaceId, sync.source_id) : undefined;
  if (!sync || source?.kind !== 'website') return undefined;
  if (isScoped(access) && !(await knowledge.findVisibleKnowledge(db, workspaceId, source.root_id, access))) {
    return undefined;
  }
  return {
    pagesDone: sync.added + sync.updated + sync.unchanged,
    pagesDiscovered: sync.seen,
    pagesFailed: sync.failed,
    pagesSkipped: 0,
  };
}
