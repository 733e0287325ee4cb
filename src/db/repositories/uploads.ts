import type { Tx } from '../knex';
import type { UploadFileMetadataRow } from '../rows';

export async function insertUpload(
  db: Tx,
  row: Omit<
    UploadFileMetadataRow,
    'created_at' | 'updated_at' | 'knowledge_id' | 'attributes' | 'content_hash' | 'created_by'
  > &
    Partial<Pick<UploadFileMetadataRow, 'content_hash' | 'created_by'>>,
): Promise<UploadFileMetadataRow> {
  const [inserted] = await db<UploadFileMetadataRow>('upload_file_metadata').insert(row).returning('*');
  return inserted!;
}

/** Completes a staged upload's record with what is known once the whole request has been read. */
export async function completeUpload(
  db: Tx,
  workspaceId: string,
  id: string,
  fields: Pick<
    UploadFileMetadataRow,
    'size_bytes' | 'title' | 'description' | 'language' | 'requested_status' | 'space_id' | 'source_visibility'
  > & { attributes?: UploadFileMetadataRow['attributes']; content_hash?: string; created_by?: string },
): Promise<void> {
  const { attributes, ...rest } = fields;
  await db('upload_file_metadata')
    .where({ workspace_id: workspaceId, id })
    .update({ ...rest, attributes: JSON.stringify(attributes ?? {}), updated_at: db.fn.now() });
}

export async function findUpload(db: Tx, workspaceId: string, id: string): Promise<UploadFileMetadataRow | undefined> {
  return db<UploadFileMetadataRow>('upload_file_metadata').where({ workspace_id: workspaceId, id }).first();
}

export async function deleteUpload(db: Tx, workspaceId: string, id: string): Promise<void> {
  await db('upload_file_metadata').where({ workspace_id: workspaceId, id }).delete();
}

export async function linkUploadKnowledge(db: Tx, workspaceId: string, id: string, knowledgeId: string): Promise<void> {
  await db('upload_file_metadata')
    .where({ workspace_id: workspaceId, id })
    .update({ knowledge_id: knowledgeId, updated_at: db.fn.now() });
}

/** Bytes the workspace's stored files take (uploads whose item still exists or is still being created). */
export async function storageUsedBytes(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db('upload_file_metadata')
    .where({ workspace_id: workspaceId })
    .sum<{ total: string | number | null }[]>({ total: 'size_bytes' });
  return Number(row?.total ?? 0);
}

/**
 * Uploads older than `createdBefore` that never became a knowledge item, across all workspaces (a
 * maintenance query: the orphan reaper checks each one's workflow before it removes anything).
 */
export async function findUnlinkedUploads(
  db: Tx,
  createdBefore: Date,
  limit: number,
): Promise<Pick<UploadFileMetadataRow, 'id' | 'workspace_id' | 'storage_key' | 'size_bytes' | 'workflow_id'>[]> {
  return db<UploadFileMetadataRow>('upload_file_metadata')
    .whereNull('knowledge_id')
    .where('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .select('id', 'workspace_id', 'storage_key', 'size_bytes', 'workflow_id');
}

/** A purged file no longer counts against the quota (its upload row stays, at zero bytes). */
export async function releaseStoredBytes(db: Tx, workspaceId: string, storageKey: string): Promise<void> {
  await db('upload_file_metadata')
    .where({ workspace_id: workspaceId, storage_key: storageKey })
    .update({ size_bytes: 0 });
}
