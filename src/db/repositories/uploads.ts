import type { Tx } from '../knex';
import type { UploadFileMetadataRow } from '../rows';

export async function insertUpload(
  db: Tx,
  row: Omit<UploadFileMetadataRow, 'created_at' | 'updated_at' | 'knowledge_id'>,
): Promise<UploadFileMetadataRow> {
  const [inserted] = await db<UploadFileMetadataRow>('upload_file_metadata').insert(row).returning('*');
  return inserted!;
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
