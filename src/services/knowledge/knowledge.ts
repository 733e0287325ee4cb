// Knowledge reads scoped to the caller (list, get, metadata search, upload tracking) and the writes that answer
// synchronously: link creation, reserved-field updates, single delete.
import { metadataLanguage } from '../../domain/language';
import * as knowledge from '../../db/repositories/knowledge';
import type { MetadataFilter } from '../../db/repositories/knowledge';
import * as uploads from '../../db/repositories/uploads';
import type { KnowledgeRow, SourceVisibility, UploadFileMetadataRow } from '../../db/rows';
import { MAX_ATTRIBUTES, type Attributes, type ItemFilter } from '../../domain/filter';
import { badRequest, notFound, unprocessable } from '../../errors';
import { isUuid } from '../../ids';
import { versionAuthor, type AuthState } from '../../policies/credentials';
import { can } from '../../policies/authorize';
import { isScoped, knowledgeScope, tracksEveryUpload } from '../../policies/scopes';
import { accessFilter } from '../access/accessFilter';
import { embedChunkVectors, withLiveEmbeddings } from '../search/embeddingSpace';
import type { AccessFilter } from '../../domain/access';
import type { DbDeps, Deps } from '../deps';
import { WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import { titleVectorsWorkflow } from '../../workflows/titleVectors';
import { titleInVectors } from './titleVectors';
import type { Tx } from '../../db/knex';
import type { DeploymentTextScheme } from '../../domain/embeddingText';
import type { TemporalDeps } from '../../temporal/client';

export const KnowledgeMessages = {
  invalidId: 'Invalid knowledge ID format',
  notFound: 'Knowledge item not found',
  hasChildren: 'Item has children, remove them first',
  typeMismatch: 'Knowledge type mismatch',
  invalidUrl: 'Invalid URL format',
} as const;

/** 404 "Knowledge item not found", naming the path's knowledgeId (when the route has one). */
export const knowledgeNotFound = () => notFound(KnowledgeMessages.notFound, { pathParam: 'knowledgeId' });

/** The item if it exists and (with an access filter, the one lists and searches apply) the caller may see it. */
export async function findVisibleKnowledge(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  filter?: AccessFilter,
): Promise<KnowledgeRow | undefined> {
  if (!filter) return knowledge.findKnowledge(db, workspaceId, knowledgeId);
  return knowledge.findVisibleKnowledge(db, workspaceId, knowledgeId, filter);
}

/**
 * The item, or 400 for a malformed id and 404 when it is absent. With an access filter, an item the caller
 * may not see is absent too.
 */
export async function loadKnowledge(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  filter?: AccessFilter,
  /** May the 404 say that the id is an upload's (the caller may track every upload of the workspace)? */
  opts: { uploadHint?: boolean } = {},
): Promise<KnowledgeRow> {
  if (!isUuid(knowledgeId))
    throw badRequest(KnowledgeMessages.invalidId, {
      code: 'invalid_field',
      pathParam: 'knowledgeId',
      hint: "knowledgeId is an item's id, a UUID (3f2b8c1e-…): GET …/knowledge lists them, and GET …/knowledge?externalId=<yours> finds one by your own id.",
    });
  const row = await findVisibleKnowledge({ db }, workspaceId, knowledgeId, filter);
  if (!row) {
    // An upload's id sent as the item's (the two ids of an upload's answer): say so, to a caller that may track it.
    if (opts.uploadHint && (await uploads.findUpload(db, workspaceId, knowledgeId))) {
      throw notFound(KnowledgeMessages.notFound, {
        pathParam: 'knowledgeId',
        hint: `${knowledgeId} is an upload's id (uploadFileMetadataId), not an item's: GET /v1/workspaces/${workspaceId}/upload-file-metadata/${knowledgeId} names the item it became (knowledge.id).`,
      });
    }
    throw knowledgeNotFound();
  }
  return row;
}

/** The item the caller may see: 400 for a malformed id, 404 when absent or outside the caller's scope. */
export const loadVisibleKnowledge = ({ db }: DbDeps, auth: AuthState, knowledgeId: string): Promise<KnowledgeRow> =>
  loadKnowledge({ db }, auth.workspace.id, knowledgeId, knowledgeScope(auth), {
    uploadHint: tracksEveryUpload(auth),
  });

/** A page of the workspace items the caller may see, newest first; with a metadata filter, only exact matches. */
export async function listVisibleKnowledge(
  { db }: DbDeps,
  auth: AuthState,
  page: { offset: number; limit: number; metadata?: MetadataFilter; filter?: ItemFilter; externalId?: string },
): Promise<{ rows: KnowledgeRow[]; total: number }> {
  const { filter, ...rest } = page;
  return knowledge.listKnowledge(db, auth.workspace.id, {
    ...rest,
    access: await accessFilter({ db }, auth, { filter }),
  });
}

/** Items shown per metadata-search result (its first chunks). */
const CORE_ITEMS_PER_RESULT = 50;

/** The metadata search: a page of matching items the caller may see, with each one's upload and first chunks. */
export async function searchByMetadata(
  { db }: DbDeps,
  auth: AuthState,
  input: { metadata: MetadataFilter; page: number; limit: number },
) {
  const { rows, total } = await listVisibleKnowledge({ db }, auth, {
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
    metadata: input.metadata,
  });
  const ids = rows.map((r) => r.id);
  const [files, chunks] = await Promise.all([
    knowledge.uploadsOf(db, auth.workspace.id, ids),
    knowledge.chunksOf(db, auth.workspace.id, ids, CORE_ITEMS_PER_RESULT),
  ]);
  return { rows, total, files, chunks };
}

/**
 * An upload the caller may track, with its item when the caller may see it. Under RBAC a role-bound caller
 * sees an upload only once its item exists and is assigned to the role; an upload into a space only the
 * workspace credential sees (src/policies/rules.ts upload.track).
 */
export async function loadTrackedUpload(
  { db }: DbDeps,
  auth: AuthState,
  uploadId: string,
): Promise<{ upload: UploadFileMetadataRow; row: KnowledgeRow | undefined }> {
  const { workspace } = auth;
  if (!isUuid(uploadId)) {
    throw badRequest('Invalid upload file metadata ID format', {
      code: 'invalid_field',
      param: 'uploadFileMetadataId',
    });
  }
  const found = await uploads.findUpload(db, workspace.id, uploadId);
  const upload = found && can(auth, 'upload.track', { spaceId: found.space_id }) ? found : undefined;
  const scope = knowledgeScope(auth);
  const row = upload?.knowledge_id
    ? await findVisibleKnowledge({ db }, workspace.id, upload.knowledge_id, {
        ...scope,
        ...(upload.space_id ? { spaceId: upload.space_id } : {}),
      })
    : undefined;
  if (!upload || (isScoped(scope) && !row))
    throw notFound('Upload file metadata not found', { pathParam: 'uploadFileMetadataId' });
  return { upload, row };
}

export function parseHttpUrl(value: string): URL {
  const invalid = () =>
    unprocessable(KnowledgeMessages.invalidUrl, {
      param: 'url',
      hint: 'Send an absolute http(s) URL without spaces, such as https://example.com/page.',
    });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /\s/.test(value)) throw invalid();
  return url;
}

/** A link's one chunk: its title, description and URL, a line each (what keyword and semantic search read). */
export function linkChunkText(title: string, metadata: Record<string, unknown>, url: string): string {
  const description = typeof metadata.description === 'string' ? metadata.description : '';
  return [title, description, url].filter(Boolean).join('\n');
}

/** Stores the URL and metadata only (never fetched); its title and description are embedded so it is searchable. */
export async function createLink(
  deps: Pick<Deps, 'db' | 'embeddings' | 'config'>,
  auth: AuthState,
  input: { url: string; title?: string; metadata?: Record<string, unknown> },
): Promise<KnowledgeRow> {
  const workspaceId = auth.workspace.id;
  const url = parseHttpUrl(input.url).toString();
  const metadata = { ...(input.metadata ?? {}) };
  const title = input.title ?? (typeof metadata.title === 'string' && metadata.title ? metadata.title : url);
  const language = metadataLanguage(metadata) ?? null;
  delete metadata.title;
  const text = linkChunkText(title, metadata, url);
  const scheme = deps.config.embeddings.textScheme;
  return withLiveEmbeddings(deps.embeddings, async (provider) => {
    const [vectors] = await embedChunkVectors(scheme, (texts) => provider.embedDocuments(texts), [{ text, title }]);
    return deps.db.transaction(async (trx) => {
      const row = await knowledge.insertKnowledge(trx, workspaceId, {
        type: 'LINK',
        title,
        content: url,
        url,
        language,
        metadata,
        status: 'COMPLETED',
        createdBy: versionAuthor(auth), // a link has no content of its own: its version 1 has no hash, size 0
      });
      await knowledge.upsertChunks(trx, workspaceId, row.id, [{ index: 0, pageNumber: 1, text }], 1);
      await knowledge.setChunkEmbeddings(trx, workspaceId, row.id, [{ index: 0, ...vectors! }], provider, 1, scheme);
      return row;
    });
  });
}

/**
 * Updates the reserved fields of an item the caller has loaded (loadKnowledge). A new title, under a scheme
 * whose vectors carry it (header-mix, title, title-heading), starts the refresh of those vectors as a
 * background job (services/knowledge/titleVectors.ts), answered as its id; a link's chunk, which is its title,
 * description and URL, takes the new title at once and is embedded again by the job under every scheme. The job starts before the change
 * commits, so a failed start changes nothing; its activity waits on the item's row lock and computes from the
 * committed title.
 */
export async function updateReservedField(
  deps: Pick<Deps, 'db' | 'temporal' | 'config'>,
  row: KnowledgeRow,
  input: { type: string; title: string; language?: string; sourceVisibility?: SourceVisibility },
): Promise<{ jobId?: string }> {
  if (row.type !== input.type) {
    throw unprocessable(KnowledgeMessages.typeMismatch, {
      code: 'knowledge_type_mismatch',
      param: 'type',
      hint: `The item's type is ${row.type}: send type ${row.type}.`,
    });
  }
  const { workspace_id: workspaceId, id: knowledgeId } = row;
  return deps.db.transaction(async (trx) => {
    const current = await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true });
    if (!current) throw knowledgeNotFound();
    const stamp = await knowledge.updateKnowledgeFields(trx, workspaceId, knowledgeId, {
      title: input.title,
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.sourceVisibility !== undefined ? { source_visibility: input.sourceVisibility } : {}),
    });
    if (!stamp || current.title === input.title) return {};
    const jobId = await followTitleChange(
      { temporal: deps.temporal, textScheme: deps.config.embeddings.textScheme },
      trx,
      current,
      { title: input.title, stamp },
    );
    return jobId ? { jobId } : {};
  });
}

/**
 * In the transaction of a change of an item's title (`current`: the item locked FOR UPDATE before the change;
 * `stamp`: the change's updated_at, as updateKnowledgeFields answers it): a link's chunk text takes the new title, a
 * re-embed under way builds the item's next vectors again, and the title-vectors job starts (before the commit, so
 * a failed start changes nothing; its first read waits for the commit). Nothing when no vector carries the title
 * (the `chunk` scheme, not a link). The job's id.
 */
export async function followTitleChange(
  deps: { temporal: TemporalDeps; textScheme?: DeploymentTextScheme },
  trx: Tx,
  current: KnowledgeRow,
  change: { title: string; stamp: string },
): Promise<string | undefined> {
  const { workspace_id: workspaceId, id: knowledgeId } = current;
  // A link's chunk is its title, description and URL: its text follows the title now, its vectors with the job.
  const link = current.type === 'LINK';
  if (link) {
    const text = linkChunkText(change.title, current.metadata, current.url ?? current.content);
    await knowledge.setLinkChunkText(trx, workspaceId, knowledgeId, current.current_version, text);
  }
  if (!link && !titleInVectors(deps)) return undefined;
  // A re-embed building its next vectors builds this item's again (with the new title: setNextVectors checks it),
  // so none carrying the old one is switched live before the job reaches it.
  await knowledge.forgetNextVectors(trx, workspaceId, knowledgeId);
  const jobId = WorkflowIds.titleVectors(workspaceId, knowledgeId, change.stamp);
  await startJob(deps.temporal, titleVectorsWorkflow, {
    workflowId: jobId,
    workspaceId,
    knowledgeId,
    args: [{ workspaceId, knowledgeId, title: change.title }],
  });
  return jobId;
}

/**
 * Synchronous single delete; refuses items with children. Returns the stored file keys to purge later: the
 * item's and every version's (a replaced file's earlier contents are erased with it).
 */
export async function deleteSingleKnowledge(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
): Promise<string[]> {
  return db.transaction(async (trx) => {
    const row = await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true });
    if (!row) throw knowledgeNotFound();
    if (await knowledge.hasChildren(trx, workspaceId, knowledgeId)) {
      throw badRequest(KnowledgeMessages.hasChildren, {
        param: 'knowledgeId',
        hint: 'DELETE …/knowledge/{knowledgeId}/children removes the item with all its descendants (a background job).',
      });
    }
    return knowledge.deleteKnowledgeRows(trx, workspaceId, [knowledgeId]);
  });
}

/** An item written as given, with no ingestion: the admin CLI's seeding of hierarchies. */
export function seedKnowledge(
  { db }: DbDeps,
  workspaceId: string,
  input: {
    type: string;
    title: string;
    content: string;
    parentId: string | null;
    sourceVisibility?: SourceVisibility;
  },
): Promise<KnowledgeRow> {
  // No credential seeds: the items' version 1 has no createdBy.
  return knowledge.insertKnowledge(db, workspaceId, { ...input, createdBy: null });
}

/** What RAG may show of an item: none, source (page:title) or download (page:title:id). */
export async function setSourceVisibility(
  { db }: DbDeps,
  workspaceId: string,
  id: string,
  visibility: SourceVisibility,
): Promise<void> {
  const stamp = await knowledge.updateKnowledgeFields(db, workspaceId, id, { source_visibility: visibility });
  if (stamp === undefined) throw notFound(`knowledge ${id} not found`);
}

/** PATCH: replaces the item's attributes (null clears them); a parent's change reaches its children. */
export async function replaceKnowledgeAttributes(
  { db }: DbDeps,
  row: KnowledgeRow,
  attributes: Attributes | null,
): Promise<KnowledgeRow> {
  return db.transaction((trx) => writeKnowledgeAttributes({ db: trx }, row, attributes));
}

/** replaceKnowledgeAttributes inside the caller's transaction (a text replacement's PATCH: both or neither). */
export async function writeKnowledgeAttributes(
  { db: trx }: DbDeps,
  row: KnowledgeRow,
  attributes: Attributes | null,
): Promise<KnowledgeRow> {
  const current = await knowledge.findKnowledge(trx, row.workspace_id, row.id, { forUpdate: true });
  if (!current) throw knowledgeNotFound();
  const { childrenOverLimit } = await knowledge.replaceAttributes(
    trx,
    row.workspace_id,
    row.id,
    current.attributes,
    attributes ?? {},
    MAX_ATTRIBUTES,
  );
  // Nothing is written: the transaction rolls back.
  if (childrenOverLimit > 0)
    throw badRequest(
      `attributes: ${childrenOverLimit} of this item's children would carry more than ${MAX_ATTRIBUTES} keys (the values they set themselves and these)`,
    );
  return (await knowledge.findKnowledge(trx, row.workspace_id, row.id))!;
}
