import type { KnowledgeRow } from '../../../db/rows';

/** The knowledge item as get-knowledge and the list answer it; title sits inside metadata. */
export function presentKnowledge(row: KnowledgeRow) {
  const metadata: Record<string, unknown> = { ...row.metadata, title: row.title };
  if (row.language) metadata.language = row.language;
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    status: row.status,
    ...(row.message_error ? { messageError: row.message_error } : {}),
    metadata,
    parentId: row.parent_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
