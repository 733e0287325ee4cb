// The item an upload made, as its tracking shows it.
import type { KnowledgeRow } from '../../../../db/rows';
import type { UploadItem } from './schema';

/** The item as upload-file-metadata shows it (null until the ingestion workflow has created it). */
export function presentUploadItem(row: KnowledgeRow): UploadItem;
export function presentUploadItem(row: KnowledgeRow | undefined): UploadItem | null;
export function presentUploadItem(row: KnowledgeRow | undefined): UploadItem | null {
  return row
    ? { id: row.id, status: row.status as UploadItem['status'], metadata: { title: row.title, type: row.type } }
    : null;
}
