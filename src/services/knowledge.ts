// Knowledge writes that answer synchronously: link creation, reserved-field updates, single delete.
import type { Db } from '../db/knex';
import * as knowledge from '../db/repositories/knowledge';
import type { KnowledgeRow, SourceVisibility } from '../db/rows';
import type { EmbeddingProvider } from '../embeddings/provider';
import { badRequest, notFound, unprocessable } from '../errors';
import { isUuid } from '../ids';
import { applyAccessFilter, type AccessFilter } from '../db/repositories/search';

export const KnowledgeMessages = {
  invalidId: 'Invalid knowledge ID format',
  notFound: 'Knowledge item not found',
  hasChildren: 'Item has children, remove them first',
  typeMismatch: 'Knowledge type mismatch',
  invalidUrl: 'Invalid URL format',
} as const;

/** The item if it exists and (with an access filter, the one lists and searches apply) the caller may see it. */
export async function findVisibleKnowledge(
  db: Db,
  workspaceId: string,
  knowledgeId: string,
  filter?: AccessFilter,
): Promise<KnowledgeRow | undefined> {
  if (!filter) return knowledge.findKnowledge(db, workspaceId, knowledgeId);
  return (await applyAccessFilter(
    db('knowledge as k').where({ 'k.workspace_id': workspaceId, 'k.id': knowledgeId }).select('k.*'),
    db,
    filter,
  ).first()) as KnowledgeRow | undefined;
}

/**
 * The item, or 400 for a malformed id and 404 when it is absent. With an access filter, an item the caller
 * may not see is absent too.
 */
export async function loadKnowledge(
  db: Db,
  workspaceId: string,
  knowledgeId: string,
  filter?: AccessFilter,
): Promise<KnowledgeRow> {
  if (!isUuid(knowledgeId)) throw badRequest(KnowledgeMessages.invalidId);
  const row = await findVisibleKnowledge(db, workspaceId, knowledgeId, filter);
  if (!row) throw notFound(KnowledgeMessages.notFound);
  return row;
}

export function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw unprocessable(KnowledgeMessages.invalidUrl);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /\s/.test(value)) {
    throw unprocessable(KnowledgeMessages.invalidUrl);
  }
  return url;
}

/** Stores the URL and metadata only (never fetched); its title and description are embedded so it is searchable. */
export async function createLink(
  deps: { db: Db; embeddings: EmbeddingProvider },
  workspaceId: string,
  input: { url: string; title?: string; metadata?: Record<string, unknown> },
): Promise<KnowledgeRow> {
  const url = parseHttpUrl(input.url).toString();
  const metadata = { ...(input.metadata ?? {}) };
  const title = input.title ?? (typeof metadata.title === 'string' && metadata.title ? metadata.title : url);
  const language = typeof metadata.language === 'string' ? metadata.language : null;
  delete metadata.title;
  const description = typeof metadata.description === 'string' ? metadata.description : '';
  const text = [title, description, url].filter(Boolean).join('\n');
  const [vector] = await deps.embeddings.embedDocuments([text]);
  return deps.db.transaction(async (trx) => {
    const row = await knowledge.insertKnowledge(trx, workspaceId, {
      type: 'LINK',
      title,
      content: url,
      url,
      language,
      metadata,
      status: 'COMPLETED',
    });
    await knowledge.upsertChunks(trx, workspaceId, row.id, [{ index: 0, pageNumber: 1, text }]);
    await knowledge.setChunkEmbeddings(trx, workspaceId, row.id, [{ index: 0, vector: vector! }], deps.embeddings);
    return row;
  });
}

/** Updates the reserved fields of an item the caller has loaded (loadKnowledge). */
export async function updateReservedField(
  db: Db,
  row: KnowledgeRow,
  input: { type: string; title: string; language?: string; sourceVisibility?: SourceVisibility },
): Promise<void> {
  if (row.type !== input.type) throw unprocessable(KnowledgeMessages.typeMismatch);
  await knowledge.updateKnowledgeFields(db, row.workspace_id, row.id, {
    title: input.title,
    ...(input.language !== undefined ? { language: input.language } : {}),
    ...(input.sourceVisibility !== undefined ? { source_visibility: input.sourceVisibility } : {}),
  });
}

/** Synchronous single delete; refuses items with children. Returns the stored file key to purge later. */
export async function deleteSingleKnowledge(db: Db, workspaceId: string, knowledgeId: string): Promise<string | null> {
  return db.transaction(async (trx) => {
    const row = await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true });
    if (!row) throw notFound(KnowledgeMessages.notFound);
    if (await knowledge.hasChildren(trx, workspaceId, knowledgeId)) throw badRequest(KnowledgeMessages.hasChildren);
    await knowledge.deleteKnowledgeRows(trx, workspaceId, [knowledgeId]);
    return row.storage_key;
  });
}

/** An item written as given, with no ingestion: the admin CLI's seeding of hierarchies. */
export function seedKnowledge(
  db: Db,
  workspaceId: string,
  input: {
    type: string;
    title: string;
    content: string;
    parentId: string | null;
    sourceVisibility?: SourceVisibility;
  },
): Promise<KnowledgeRow> {
  return knowledge.insertKnowledge(db, workspaceId, input);
}

/** What RAG may show of an item: none, source (page:title) or download (page:title:id). */
export async function setSourceVisibility(
  db: Db,
  workspaceId: string,
  id: string,
  visibility: SourceVisibility,
): Promise<void> {
  const n = await knowledge.updateKnowledgeFields(db, workspaceId, id, { source_visibility: visibility });
  if (n === 0) throw notFound(`knowledge ${id} not found`);
}
