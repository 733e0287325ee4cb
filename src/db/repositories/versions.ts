// Knowledge versions (migration 0020): one row per content of an item. The item's current_version names the
// version whose chunks every read and search uses; switching it is one update inside the caller's transaction.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { KnowledgeVersionRow } from '../rows';

export type NewVersion = Pick<KnowledgeVersionRow, 'number' | 'status'> &
  Partial<
    Pick<
      KnowledgeVersionRow,
      'storage_key' | 'mimetype' | 'filename' | 'text' | 'size_bytes' | 'content_hash' | 'created_by' | 'job_id'
    >
  >;

export async function insertVersion(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  version: NewVersion,
): Promise<KnowledgeVersionRow> {
  const [row] = await db<KnowledgeVersionRow>('knowledge_versions')
    .insert({
      id: randomUUID(),
      workspace_id: workspaceId,
      knowledge_id: knowledgeId,
      ...version,
      completed_at: version.status === 'COMPLETED' ? db.fn.now() : null,
    } as never)
    .returning('*');
  return row!;
}

export async function findVersion(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  number: number,
  opts: { forUpdate?: boolean } = {},
): Promise<KnowledgeVersionRow | undefined> {
  const q = db<KnowledgeVersionRow>('knowledge_versions').where({
    workspace_id: workspaceId,
    knowledge_id: knowledgeId,
    number,
  });
  if (opts.forUpdate) void q.forUpdate();
  return q.first();
}

/** The item's versions, newest first. */
export async function listVersions(db: Tx, workspaceId: string, knowledgeId: string): Promise<KnowledgeVersionRow[]> {
  return db<KnowledgeVersionRow>('knowledge_versions')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .orderBy('number', 'desc');
}

/** The item's newest version (the one a replacement made last). */
export async function latestVersion(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
): Promise<KnowledgeVersionRow | undefined> {
  return db<KnowledgeVersionRow>('knowledge_versions')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .orderBy('number', 'desc')
    .first();
}

export async function updateVersion(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  number: number,
  patch: Partial<Pick<KnowledgeVersionRow, 'status' | 'error' | 'job_id' | 'text' | 'content_hash' | 'size_bytes'>>,
): Promise<number> {
  return db('knowledge_versions')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, number })
    .update({ ...patch, ...(patch.status === 'COMPLETED' ? { completed_at: db.fn.now() } : {}) });
}

/** Records a version still processing as FAILED with the reason (one that ended meanwhile is left as it is). */
export async function failProcessingVersion(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  number: number,
  error: string,
): Promise<number> {
  return db('knowledge_versions')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, number, status: 'PROCESSING' })
    .update({ status: 'FAILED', error });
}

/** Records every version a job brought that is still processing as FAILED with the reason. */
export async function failProcessingVersionsOfJob(
  db: Tx,
  workspaceId: string,
  jobId: string,
  error: string,
): Promise<number> {
  return db('knowledge_versions')
    .where({ workspace_id: workspaceId, job_id: jobId, status: 'PROCESSING' })
    .update({ status: 'FAILED', error });
}

/** Removes a version that never became current (a refetch that found the page unchanged). */
export async function deleteVersion(db: Tx, workspaceId: string, knowledgeId: string, number: number): Promise<number> {
  return db('knowledge_versions').where({ workspace_id: workspaceId, knowledge_id: knowledgeId, number }).delete();
}

/** Stored file keys of the items' versions (their blobs, to purge with the items). */
export async function versionStorageKeys(db: Tx, workspaceId: string, knowledgeIds: string[]): Promise<string[]> {
  if (knowledgeIds.length === 0) return [];
  const rows: Array<{ storage_key: string }> = await db('knowledge_versions')
    .distinct('storage_key')
    .where({ workspace_id: workspaceId })
    .whereIn('knowledge_id', knowledgeIds)
    .whereNotNull('storage_key');
  return rows.map((r) => r.storage_key);
}

/** Whether the version still has its chunks, every one embedded (a restore then needs no re-extraction). */
export async function hasEmbeddedChunks(db: Tx, workspaceId: string, knowledgeId: string, number: number) {
  const [row] = await db('knowledge_chunks')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, version: number })
    .select(db.raw('count(*)::int as n'), db.raw('count(embedding)::int as embedded'));
  const { n, embedded } = row as { n: number; embedded: number };
  return n > 0 && n === embedded;
}

/** The version stopped being current (a newer one, or a restored one, took its place). */
export async function markSuperseded(db: Tx, workspaceId: string, knowledgeId: string, number: number): Promise<void> {
  await db('knowledge_versions')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, number })
    .update({ superseded_at: db.fn.now(), superseded_count: db.raw('superseded_count + 1') });
}

/** The item's versions whose content is still kept, oldest first. */
export async function keptVersions(db: Tx, workspaceId: string, knowledgeId: string): Promise<KnowledgeVersionRow[]> {
  return db<KnowledgeVersionRow>('knowledge_versions')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .whereNull('purged_at')
    .orderBy('number', 'asc');
}

/** Drops a version's content: its chunks and its text go, and it is marked purged (its row stays). */
export async function purgeVersionContent(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  number: number,
): Promise<void> {
  await db('knowledge_chunks')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, version: number })
    .delete();
  await db('knowledge_versions')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, number })
    .update({ text: null, purged_at: db.fn.now() });
}
