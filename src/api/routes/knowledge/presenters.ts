import type { KnowledgeRow, KnowledgeVersionRow } from '../../../db/rows';
import type { Upserted } from '../../../services/knowledge/upserts';
import type { Knowledge, KnowledgeUpserted } from './schema';

/** The item's metadata as the API shows it: the free metadata plus title and language. */
export function metadataOf(row: KnowledgeRow): Knowledge['metadata'] {
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
    ...(row.content_truncated ? { contentTruncated: true as const } : {}),
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
