// Upsert by external id: a creation (upload, text, URL, website) that names the client's own id for the item
// replaces the content of the workspace's item holding that id, as its next version, instead of making a
// second item; content whose hash is the current version's changes nothing. The unique index on
// (workspace, external id) settles concurrent first posts: one creates the item, the other gets 409.
import type { Db } from '../../db/knex';
import * as knowledge from '../../db/repositories/knowledge';
import * as versions from '../../db/repositories/versions';
import type { KnowledgeRow } from '../../db/rows';
import type { DbDeps, Deps } from '../deps';
import { badRequest, conflict, isUniqueViolation } from '../../errors';
import type { AuthState } from '../../policies/credentials';
import { authorize } from '../../policies/authorize';
import { RuleMessages } from '../../policies/rules';
import { contentHash } from './ingestion';
import {
  checkFetchableUrl,
  createTextItem,
  createUrlItem,
  createWebsite,
  recrawl,
  type WebsiteInput,
} from './textAndWebItems';
import { acceptUpload, discardUpload, type StagedUpload, type UploadInput, type UploadOutcome } from './uploads';
import { refetchUrl, replaceFile, replaceText, versionInProgress, versionStatus } from '../versions/versions';

/** Where each kind of item is created, for the message naming the one an external id needs. */
const CREATED_BY = {
  FILE: 'a file upload',
  STRING: 'a text',
  URL: 'a URL',
  WEBSITE: 'a website',
} as const;
type UpsertKind = keyof typeof CREATED_BY;

export const UpsertMessages = {
  otherKind: (type: string) =>
    `externalId belongs to a ${type} item: only ${CREATED_BY[type as UpsertKind] ?? 'the route that created it'} can replace it`,
  otherSpace: RuleMessages.otherSpace,
  otherUrl: 'externalId belongs to an item with another url: post its own url to fetch it again',
  unpack: 'externalId cannot be combined with unpack=true',
  racing: 'An item with this externalId is being created by another request; retry',
} as const;

export type Upserted<C> =
  | { kind: 'created'; created: C }
  /** A new version (a website: a recrawl) started; `version` is the new one (a website's: its current one). */
  | { kind: 'replaced'; row: KnowledgeRow; version: number; jobId: string; status: ReplacedStatus }
  /** The content's hash is the current version's: nothing was done. */
  | { kind: 'unchanged'; row: KnowledgeRow };

/** A new version's state as answered: PROCESSING (or, once a refetch has ended, COMPLETED or FAILED); a recrawl's BACKGROUND_START. */
export type ReplacedStatus = 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'BACKGROUND_START';

type UpsertDeps = Pick<Deps, 'db' | 'storage' | 'temporal' | 'config' | 'logger' | 'secrets' | 'ownComponents'>;

/**
 * The item holding the external id, if any, checked as the target of a post of `type` into `spaceId` (src/policies
 * decides who may reach it): 403 for a credential that may not, 409 for another space or another kind.
 */
export async function upsertTarget(
  { db }: DbDeps,
  auth: AuthState,
  externalId: string,
  type: UpsertKind,
  spaceId: string | null,
): Promise<KnowledgeRow | undefined> {
  const row = await knowledge.findByExternalId(db, auth.workspace.id, externalId);
  if (!row) return undefined;
  authorize(auth, 'knowledge.upsert', { item: { spaceId: row.space_id }, posted: { spaceId } });
  if (row.type !== type) throw conflict(UpsertMessages.otherKind(row.type));
  return row;
}

/**
 * Whether content of this hash is what the item already holds: its current version's (unless that one
 * failed). A newer version still processing is 409, as any replacement then.
 */
async function isUnchanged(db: Db, row: KnowledgeRow, hash: string): Promise<boolean> {
  const latest = await versions.latestVersion(db, row.workspace_id, row.id);
  if (latest && latest.number > row.current_version && latest.status === 'PROCESSING') {
    throw versionInProgress();
  }
  const current =
    latest?.number === row.current_version
      ? latest
      : await versions.findVersion(db, row.workspace_id, row.id, row.current_version);
  return current?.content_hash === hash && versionStatus(row, current) !== 'FAILED';
}

/** Creates the item; a concurrent post that claimed the external id first makes this one a 409. */
async function createClaiming<C>(create: () => Promise<C>): Promise<Upserted<C>> {
  try {
    return { kind: 'created', created: await create() };
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(UpsertMessages.racing) : err;
  }
}

/** POST …/knowledge/file: a new item, or (externalId of a FILE item) its next version. */
export async function upsertUpload(
  deps: UpsertDeps,
  auth: AuthState,
  staged: StagedUpload,
  input: UploadInput,
): Promise<Upserted<UploadOutcome>> {
  const { workspace } = auth;
  const { externalId } = input;
  if (externalId === undefined) return { kind: 'created', created: await acceptUpload(deps, auth, staged, input) };
  let row: KnowledgeRow | undefined;
  try {
    if (input.unpack) {
      throw badRequest(UpsertMessages.unpack, {
        code: 'invalid_field',
        param: 'unpack',
        hint: 'Leave unpack out to replace the item named by externalId, or externalId out to unpack the archive.',
      });
    }
    row = await upsertTarget(deps, auth, externalId, 'FILE', input.spaceId ?? null);
    if (row && (await isUnchanged(deps.db, row, staged.sha256))) {
      await discardUpload(deps, workspace, staged);
      return { kind: 'unchanged', row };
    }
  } catch (err) {
    await discardUpload(deps, workspace, staged);
    throw err;
  }
  if (!row) return createClaiming(() => acceptUpload(deps, auth, staged, input));
  const started = await replaceFile(deps, auth, row, staged);
  return { kind: 'replaced', row, version: started.version, jobId: started.jobId, status: 'PROCESSING' };
}

/** POST …/knowledge/text: a new STRING item, or (externalId of one) its next version. */
export async function upsertText(
  deps: UpsertDeps,
  auth: AuthState,
  input: Parameters<typeof createTextItem>[2],
): Promise<Upserted<{ id: string; jobId: string }>> {
  const { externalId } = input;
  const row = externalId === undefined ? undefined : await upsertTarget(deps, auth, externalId, 'STRING', null);
  if (!row) return createClaiming(() => createTextItem(deps, auth, input));
  if (await isUnchanged(deps.db, row, contentHash(input.content))) return { kind: 'unchanged', row };
  const started = await replaceText(deps, auth, row, input.content);
  return { kind: 'replaced', row, version: started.version, jobId: started.jobId, status: 'PROCESSING' };
}

/** The URL or WEBSITE item the post's externalId names, if any; its url must be the post's (409 otherwise). */
async function webTarget(
  deps: UpsertDeps,
  auth: AuthState,
  input: { url: string; externalId?: string },
  type: 'URL' | 'WEBSITE',
): Promise<KnowledgeRow | undefined> {
  if (input.externalId === undefined) return undefined;
  const row = await upsertTarget(deps, auth, input.externalId, type, null);
  if (row && (await checkFetchableUrl(deps, input.url)).toString() !== row.url) {
    throw conflict(UpsertMessages.otherUrl);
  }
  return row;
}

/**
 * POST …/knowledge/url: a new URL item, or (externalId of one, with its url) its page fetched again as its next
 * version, as refetch answers.
 */
export async function upsertUrl(
  deps: UpsertDeps,
  auth: AuthState,
  input: Parameters<typeof createUrlItem>[2],
): Promise<Upserted<{ id: string; jobId: string }>> {
  const row = await webTarget(deps, auth, input, 'URL');
  return row ? refetch(deps, auth, row) : createClaiming(() => createUrlItem(deps, auth, input));
}

/** POST …/knowledge/website: a new site, or (externalId of one, with its url) a recrawl of it. */
export async function upsertWebsite(
  deps: UpsertDeps,
  auth: AuthState,
  input: WebsiteInput,
): Promise<Upserted<{ id: string; jobId: string }>> {
  const row = await webTarget(deps, auth, input, 'WEBSITE');
  if (!row) return createClaiming(() => createWebsite(deps, auth, input));
  const jobId = await recrawl(deps, auth.workspace, row);
  return { kind: 'replaced', row, version: row.current_version, jobId, status: 'BACKGROUND_START' };
}

/**
 * POST …/knowledge/{id}/refetch: the URL item's page read again as its next version, waiting (up to
 * SYNC_UPLOAD_TIMEOUT_MS, as a synchronous upload) for the fetch to tell whether the page changed.
 */
export async function refetch(deps: UpsertDeps, auth: AuthState, row: KnowledgeRow): Promise<Upserted<never>> {
  const started = await refetchUrl(deps, auth, row);
  const result = await waitForJob(deps, started.jobId);
  if (result?.unchanged) return { kind: 'unchanged', row };
  const v = await versions.findVersion(deps.db, row.workspace_id, row.id, started.version);
  const status = v?.status ?? 'PROCESSING';
  return { kind: 'replaced', row, version: started.version, jobId: started.jobId, status };
}

/** The job's result, or undefined when it is still running at the sync timeout (or failed: see the version). */
async function waitForJob(deps: UpsertDeps, jobId: string): Promise<{ unchanged?: boolean } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), deps.config.limits.syncUploadTimeoutMs);
  });
  try {
    const handle = deps.temporal.client.workflow.getHandle(jobId);
    return await Promise.race([handle.result() as Promise<{ unchanged?: boolean }>, timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
