// Sources that stay in sync, their documents and their sync records (migration 0024). Every query is
// scoped by workspace.
import type { DocumentFacts } from '../../domain/sourceRules';
import type { Tx } from '../knex';
import type { SourceDocumentRow, SourceRow, SourceSyncRow } from '../rows';
import { deleteWorkspaceRow, updateWorkspaceRow } from './workspaceRows';

export type NewSource = Omit<
  SourceRow,
  'created_at' | 'updated_at' | 'running_sync_id' | 'workspace_id' | 'rules' | 'rules_version' | 'role_ids'
> &
  Partial<Pick<SourceRow, 'rules' | 'rules_version' | 'role_ids'>>;

/** The JSON columns of a source as knex writes them. */
const jsonColumns = (row: Partial<Pick<SourceRow, 'config' | 'rules' | 'role_ids'>>) => ({
  ...(row.config !== undefined ? { config: JSON.stringify(row.config) } : {}),
  ...(row.rules !== undefined ? { rules: JSON.stringify(row.rules) } : {}),
  ...(row.role_ids !== undefined ? { role_ids: row.role_ids === null ? null : JSON.stringify(row.role_ids) } : {}),
});

export async function countSources(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db('sources').where({ workspace_id: workspaceId }).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function insertSource(db: Tx, workspaceId: string, input: NewSource): Promise<SourceRow> {
  const [row] = await db<SourceRow>('sources')
    .insert({ ...input, workspace_id: workspaceId, ...(jsonColumns(input) as object) })
    .returning('*');
  return row!;
}

export async function listSources(db: Tx, workspaceId: string): Promise<SourceRow[]> {
  return db<SourceRow>('sources').where({ workspace_id: workspaceId }).orderBy('created_at').orderBy('id');
}

export async function findSource(
  db: Tx,
  workspaceId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SourceRow | undefined> {
  const q = db<SourceRow>('sources').where({ workspace_id: workspaceId, id });
  return (opts.forUpdate ? q.forUpdate() : q).first();
}

/** The source whose root item this is (its website source, for a WEBSITE item). */
export async function findSourceByRoot(db: Tx, workspaceId: string, rootId: string): Promise<SourceRow | undefined> {
  return db<SourceRow>('sources').where({ workspace_id: workspaceId, root_id: rootId }).first();
}

export async function updateSource(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: Partial<Omit<SourceRow, 'id' | 'workspace_id' | 'created_at' | 'updated_at'>>,
): Promise<SourceRow | undefined> {
  const { config, rules, role_ids, ...rest } = patch;
  return updateWorkspaceRow<SourceRow>(db, 'sources', workspaceId, id, {
    ...rest,
    ...jsonColumns({ config, rules, role_ids }),
  });
}

/** Releases the source if this sync holds it. */
export async function releaseSource(db: Tx, workspaceId: string, id: string, syncId: string): Promise<void> {
  await db('sources')
    .where({ workspace_id: workspaceId, id, running_sync_id: syncId })
    .update({ running_sync_id: null });
}

export async function deleteSource(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return deleteWorkspaceRow(db, 'sources', workspaceId, id);
}

// Sync records

export async function insertSyncIfAbsent(
  db: Tx,
  row: Pick<SourceSyncRow, 'id' | 'workspace_id' | 'source_id' | 'job_id' | 'trigger' | 'confirm_deletes'> &
    Partial<Pick<SourceSyncRow, 'status' | 'error' | 'finished_at'>>,
): Promise<void> {
  await db('source_syncs').insert(row).onConflict('id').ignore();
}

export async function findSync(db: Tx, workspaceId: string, id: string): Promise<SourceSyncRow | undefined> {
  return db<SourceSyncRow>('source_syncs').where({ workspace_id: workspaceId, id }).first();
}

/** The sync a job ran (a job id names one sync). */
export async function findSyncByJob(db: Tx, workspaceId: string, jobId: string): Promise<SourceSyncRow | undefined> {
  return db<SourceSyncRow>('source_syncs').where({ workspace_id: workspaceId, job_id: jobId }).first();
}

export async function listSyncs(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  limit: number,
): Promise<SourceSyncRow[]> {
  return db<SourceSyncRow>('source_syncs')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

export async function updateSync(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: Partial<Omit<SourceSyncRow, 'id' | 'workspace_id' | 'source_id' | 'failures' | 'skips'>> & {
    skips?: Array<{ key: string; reason: string }>;
  },
): Promise<void> {
  const { skips, ...rest } = patch;
  await db('source_syncs')
    .where({ workspace_id: workspaceId, id })
    .update({ ...rest, ...(skips !== undefined ? { skips: JSON.stringify(skips) } : {}) });
}

/** Ends a sync still running as FAILED with the reason; false when it had already ended. */
export async function failRunningSync(db: Tx, workspaceId: string, id: string, error: string): Promise<boolean> {
  const n = await db('source_syncs')
    .where({ workspace_id: workspaceId, id, status: 'RUNNING' })
    .update({ status: 'FAILED', error, finished_at: db.fn.now() });
  return n > 0;
}

/** Most documents a sync names in its failures, and in its skips. */
export const SYNC_LIST_MAX = 200;

/** Adds to a sync's counts (and to its failures and skips, keeping the first SYNC_LIST_MAX of each). */
export async function addToSync(
  db: Tx,
  workspaceId: string,
  id: string,
  counts: Partial<
    Record<'added' | 'updated' | 'unchanged' | 'deleted' | 'failed' | 'skipped' | 'chunks_embedded', number>
  >,
  lists: { failures?: Array<{ key: string; reason: string }>; skips?: Array<{ key: string; reason: string }> } = {},
): Promise<void> {
  const patch: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(counts)) if (v) patch[k] = db.raw('?? + ?', [k, v]);
  for (const column of ['failures', 'skips'] as const) {
    const added = lists[column] ?? [];
    if (added.length === 0) continue;
    patch[column] = db.raw(
      `(SELECT coalesce(jsonb_agg(f), '[]'::jsonb) FROM (
         SELECT f FROM jsonb_array_elements(?? || ?::jsonb) f LIMIT ?) x)`,
      [column, JSON.stringify(added), SYNC_LIST_MAX],
    );
  }
  if (Object.keys(patch).length === 0) return;
  await db('source_syncs').where({ workspace_id: workspaceId, id }).update(patch);
}

// Documents

export interface ListedDocument {
  key: string;
  fingerprint: string;
  filename: string;
  size?: number;
  /** What the source's rules may match of it (its path, and metadata, tags or owners when asked for). */
  facts?: DocumentFacts;
}

/** Records what a sync's listing said of each document (a re-run writes the same). */
export async function recordListed(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  syncId: string,
  entries: ListedDocument[],
): Promise<void> {
  if (entries.length === 0) return;
  await db('source_documents')
    .insert(
      entries.map((e) => ({
        workspace_id: workspaceId,
        source_id: sourceId,
        key: e.key,
        listed_sync_id: syncId,
        listed_fingerprint: e.fingerprint,
        listed_filename: e.filename,
        listed_size: e.size ?? null,
        listed_facts: e.facts ? JSON.stringify(e.facts) : null,
      })),
    )
    .onConflict(['source_id', 'key'])
    .merge(['listed_sync_id', 'listed_fingerprint', 'listed_filename', 'listed_size', 'listed_facts']);
}

/** The fingerprint each document had when last indexed. */
export async function indexedFingerprints(db: Tx, workspaceId: string, sourceId: string): Promise<Map<string, string>> {
  const rows = await db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .whereNotNull('fingerprint')
    .select('key', 'fingerprint');
  return new Map(rows.map((r: { key: string; fingerprint: string }) => [r.key, r.fingerprint]));
}

/**
 * Counts of a sync's listing: listed, unchanged (indexed at the listed fingerprint), skipped (a type the service
 * does not index, at the fingerprint it was skipped at: not fetched again), to delete, indexed.
 */
export async function listingCounts(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  syncId: string,
): Promise<{ seen: number; unchanged: number; skipped: number; vanished: number; indexed: number }> {
  const [row] = await db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .select(
      db.raw('count(*) FILTER (WHERE listed_sync_id = ?)::int AS seen', [syncId]),
      db.raw(
        `count(*) FILTER (WHERE listed_sync_id = ? AND knowledge_id IS NOT NULL AND skip_reason IS NULL
                          AND fingerprint = listed_fingerprint)::int AS unchanged`,
        [syncId],
      ),
      db.raw(
        `count(*) FILTER (WHERE listed_sync_id = ? AND skip_reason IS NOT NULL
                          AND fingerprint = listed_fingerprint)::int AS skipped`,
        [syncId],
      ),
      db.raw(
        'count(*) FILTER (WHERE listed_sync_id IS DISTINCT FROM ? AND knowledge_id IS NOT NULL)::int AS vanished',
        [syncId],
      ),
      db.raw('count(*) FILTER (WHERE knowledge_id IS NOT NULL)::int AS indexed'),
    );
  return row as { seen: number; unchanged: number; skipped: number; vanished: number; indexed: number };
}

/** The first `limit` documents of a sync's listing skipped at their listed fingerprint, with why, by key. */
export async function listedSkips(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  syncId: string,
  limit: number,
): Promise<Array<{ key: string; reason: string }>> {
  const rows = await db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId, listed_sync_id: syncId })
    .whereNotNull('skip_reason')
    .whereRaw('fingerprint = listed_fingerprint')
    .orderBy('key')
    .limit(limit)
    .select('key', 'skip_reason');
  return rows.map((r: { key: string; skip_reason: string }) => ({ key: r.key, reason: r.skip_reason }));
}

/**
 * The next documents of this sync's listing that are new or changed and not yet done by it: those it has
 * already worked on (an outcome of this sync) first, so a retried step returns them again.
 */
export async function pendingDocuments(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  syncId: string,
  limit: number,
): Promise<SourceDocumentRow[]> {
  return (
    db<SourceDocumentRow>('source_documents')
      .where({ workspace_id: workspaceId, source_id: sourceId, listed_sync_id: syncId })
      // New (no item, and not skipped at this fingerprint) or changed.
      .andWhere((q) =>
        q
          .where((n) => n.whereNull('knowledge_id').whereNull('skip_reason'))
          .orWhereRaw('fingerprint IS DISTINCT FROM listed_fingerprint'),
      )
      .andWhereRaw(`NOT (coalesce(outcome->>'syncId', '') = ? AND coalesce((outcome->>'done')::boolean, false))`, [
        syncId,
      ])
      .orderByRaw(`(coalesce(outcome->>'syncId', '') = ?) DESC, id`, [syncId])
      .limit(limit)
  );
}

export async function findDocument(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  key: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SourceDocumentRow | undefined> {
  const q = db<SourceDocumentRow>('source_documents').where({ workspace_id: workspaceId, source_id: sourceId, key });
  return (opts.forUpdate ? q.forUpdate() : q).first();
}

export async function updateDocument(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  key: string,
  patch: Partial<Pick<SourceDocumentRow, 'fingerprint' | 'knowledge_id' | 'outcome' | 'skip_reason'>>,
): Promise<void> {
  const { outcome, ...rest } = patch;
  await db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId, key })
    .update({ ...rest, ...(outcome !== undefined ? { outcome: JSON.stringify(outcome) } : {}) });
}

/** Documents this sync did not list, up to `limit`, with the items they became. */
export async function vanishedDocuments(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  syncId: string,
  limit: number,
): Promise<Array<Pick<SourceDocumentRow, 'id' | 'key' | 'knowledge_id'>>> {
  return db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .andWhereRaw('listed_sync_id IS DISTINCT FROM ?', [syncId])
    .orderBy('id')
    .limit(limit)
    .select('id', 'key', 'knowledge_id');
}

export async function deleteDocuments(db: Tx, workspaceId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db('source_documents').where({ workspace_id: workspaceId }).whereIn('id', ids).delete();
}
