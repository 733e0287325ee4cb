// A version as the list of an item's versions shows it.
import type { KnowledgeRow, KnowledgeVersionRow } from '../../../../db/rows';
import { versionStatus } from '../../../../services/versions/versions';
import type { KnowledgeVersion } from './schema';

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
