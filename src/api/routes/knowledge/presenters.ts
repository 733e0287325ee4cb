import type { KnowledgeRow, KnowledgeVersionRow } from '../../../db/rows';
import type { SearchResult } from '../../../services/search/search';
import { versionStatus } from '../../../services/versions/versions';
import type { Upserted } from '../../../services/knowledge/upserts';
import type {
  Knowledge,
  KnowledgeUpserted,
  KnowledgeVersion,
  MetadataSearchItem,
  SearchResultBody,
  UploadItem,
} from './schema';

/** The item's metadata as the API shows it: the free metadata plus title and language. */
function metadataOf(row: KnowledgeRow): Knowledge['metadata'] {
  const { extraction, ...free } = row.metadata as Record<string, unknown> & { extraction?: unknown };
  void extraction;
  const metadata: Knowledge['metadata'] = { ...free, title: row.title };
  if (row.language) metadata.language = row.language;
  return metadata;
}

/** get-knowledge and the list: title sits inside metadata. */
export function presentKnowledge(row: KnowledgeRow): Knowledge {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    url: row.url,
    status: row.status as Knowledge['status'],
    ...(row.message_error ? { messageError: row.message_error } : {}),
    metadata: metadataOf(row),
    attributes: row.attributes,
    parentId: row.parent_id,
    externalId: row.external_id,
    version: row.current_version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The single item, with its newest version when that is not the current one and has not completed
 * (services/versions/versions.ts pendingVersion): a replacement still processing, or one that failed.
 */
export function presentKnowledgeItem(row: KnowledgeRow, pending: KnowledgeVersionRow | undefined): Knowledge {
  const body = presentKnowledge(row);
  if (!pending || pending.status === 'COMPLETED') return body;
  const { createdAt, updatedAt, ...rest } = body;
  return {
    ...rest,
    pendingVersion: {
      number: pending.number,
      status: pending.status,
      ...(pending.error ? { messageError: pending.error } : {}),
    },
    createdAt,
    updatedAt,
  };
}

/** One entry of GET …/knowledge/{id}/versions; its content hash only with `showHash` (src/policies decides). */
export function presentVersion(row: KnowledgeVersionRow, item: KnowledgeRow, showHash: boolean): KnowledgeVersion {
  const status = versionStatus(item, row);
  return {
    number: row.number,
    current: row.number === item.current_version,
    status,
    size: Number(row.size_bytes),
    ...(showHash ? { hash: row.content_hash } : {}),
    createdBy: row.created_by as KnowledgeVersion['createdBy'],
    ...(status === 'FAILED' && (row.error ?? item.message_error)
      ? { messageError: (row.error ?? item.message_error)! }
      : {}),
    createdAt: row.created_at.toISOString(),
    ...(row.purged_at ? { purgedAt: row.purged_at.toISOString() } : {}),
  };
}

/** Semantic and title search results: title top-level, content an excerpt, score only for semantic search. */
export function presentSearchResult(result: SearchResult): SearchResultBody {
  const { row } = result;
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    url: row.url ?? row.content,
    content: result.excerpt,
    metadata: metadataOf(row),
    attributes: row.attributes,
    ...(result.score !== undefined ? { score: result.score } : {}),
    ...(result.pageNumber !== undefined ? { pageNumber: result.pageNumber } : {}),
    ...(result.explain !== undefined ? { explain: result.explain } : {}),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The item as upload-file-metadata shows it (null until the ingestion workflow has created it). */
export function presentUploadItem(row: KnowledgeRow): UploadItem;
export function presentUploadItem(row: KnowledgeRow | undefined): UploadItem | null;
export function presentUploadItem(row: KnowledgeRow | undefined): UploadItem | null {
  return row
    ? { id: row.id, status: row.status as UploadItem['status'], metadata: { title: row.title, type: row.type } }
    : null;
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
    status: row.status as MetadataSearchItem['status'],
    metadata: metadataOf(row),
    attributes: row.attributes,
    uploadFileMetadata: upload ? { filename: upload.filename, mimetype: upload.mimetype } : null,
    coreKnowledgeItems: chunks.map((c) => ({ id: c.id, type: 'TEXT' as const, content: c.content })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A creation that replaced an existing item (202) or found its content unchanged (200); a refetch. */
export function presentUpserted(out: Exclude<Upserted<unknown>, { kind: 'created' }>): KnowledgeUpserted {
  const { row } = out;
  const item = { id: row.id, knowledgeId: row.id, externalId: row.external_id };
  if (out.kind === 'unchanged') {
    return {
      ...item,
      unchanged: true,
      version: row.current_version,
      status: row.status as KnowledgeUpserted['status'],
    };
  }
  return { ...item, unchanged: false, version: out.version, status: out.status, jobId: out.jobId };
}
