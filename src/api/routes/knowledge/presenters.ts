import type { KnowledgeRow } from '../../../db/rows';
import type { SearchResult } from '../../../services/search';

/** The item's metadata as the API shows it: the free metadata plus title and language. */
function metadataOf(row: KnowledgeRow): Record<string, unknown> {
  const { extraction, ...free } = row.metadata as Record<string, unknown> & { extraction?: unknown };
  void extraction;
  const metadata: Record<string, unknown> = { ...free, title: row.title };
  if (row.language) metadata.language = row.language;
  return metadata;
}

/** get-knowledge and the list: title sits inside metadata. */
export function presentKnowledge(row: KnowledgeRow) {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    url: row.url,
    status: row.status,
    ...(row.message_error ? { messageError: row.message_error } : {}),
    metadata: metadataOf(row),
    parentId: row.parent_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Semantic and title search results: title top-level, content an excerpt, score only for semantic search. */
export function presentSearchResult(result: SearchResult) {
  const { row } = result;
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    url: row.url ?? row.content,
    content: result.excerpt,
    metadata: metadataOf(row),
    ...(result.score !== undefined ? { score: result.score } : {}),
    ...(result.pageNumber !== undefined ? { pageNumber: result.pageNumber } : {}),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The item as upload-file-metadata shows it (null until the ingestion workflow has created it). */
export function presentUploadItem(row: KnowledgeRow | undefined) {
  return row ? { id: row.id, status: row.status, metadata: { title: row.title, type: row.type } } : null;
}

export function presentMetadataSearchItem(
  row: KnowledgeRow,
  upload: { filename: string; mimetype: string } | undefined,
  chunks: Array<{ id: string; content: string }>,
) {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    status: row.status,
    metadata: metadataOf(row),
    uploadFileMetadata: upload ? { filename: upload.filename, mimetype: upload.mimetype } : null,
    coreKnowledgeItems: chunks.map((c) => ({ id: c.id, type: 'TEXT', content: c.content })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
