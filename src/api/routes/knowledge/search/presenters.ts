// Search results and metadata search items as the API shows them.
import type { KnowledgeRow } from '../../../../db/rows';
import { EXCERPT_CHARS, type SearchResult } from '../../../../services/search/search';
import type { MetadataSearchItem, SearchResultBody } from './schema';
import { metadataOf } from '../presenters';

/** Semantic and title search results: title top-level, content an excerpt, score only for semantic search. */
export function presentSearchResult(result: SearchResult): SearchResultBody {
  const { row } = result;
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    url: row.url ?? row.content.slice(0, EXCERPT_CHARS),
    content: result.excerpt,
    metadata: metadataOf(row),
    attributes: row.attributes,
    ...(result.score !== undefined ? { score: result.score } : {}),
    ...(result.pageNumber !== undefined ? { pageNumber: result.pageNumber } : {}),
    ...(result.headings !== undefined ? { headings: result.headings } : {}),
    ...(result.explain !== undefined ? { explain: result.explain } : {}),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentMetadataSearchItem(
  row: KnowledgeRow,
  upload: { filename: string; mimetype: string } | undefined,
  chunks: Array<{ id: string; content: string }>,
): MetadataSearchItem {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    ...(row.content_truncated ? { contentTruncated: true as const } : {}),
    status: row.status as MetadataSearchItem['status'],
    metadata: metadataOf(row),
    attributes: row.attributes,
    uploadFileMetadata: upload ? { filename: upload.filename, mimetype: upload.mimetype } : null,
    coreKnowledgeItems: chunks.map((c) => ({ id: c.id, type: 'TEXT' as const, content: c.content })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
