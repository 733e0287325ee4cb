// The purge outbox's one rule for every delete that frees stored files (a cascade batch, a source sync's
// removal of what vanished): the keys are recorded in the delete's own transaction under the purge's id, with
// the step's answer, so a step whose result was lost after its commit answers it again and the purge still
// deletes them.
import type { Tx } from '../../db/knex';
import * as purgeOutbox from '../../db/repositories/purgeOutbox';
import type { DbDeps } from '../deps';

/**
 * Runs `remove` in one transaction and records the stored files it freed, with the rest of its answer, for the
 * purge `purgeId`; when that purge already has a record (the step ran before and its result was lost), answers
 * it as recorded instead of deleting more (`replay(keys)` for a record without the answer, from an earlier
 * release). Without a purge id it is a plain transaction.
 */
export async function deleteThroughOutbox<T extends { storageKeys: string[] }>(
  { db }: DbDeps,
  workspaceId: string,
  purgeId: string | undefined,
  replay: (recorded: string[]) => T,
  remove: (trx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (trx) => {
    const recorded = purgeId ? await purgeOutbox.findRecordedStep(trx, workspaceId, purgeId) : undefined;
    if (recorded)
      return recorded.result ? ({ ...recorded.result, storageKeys: recorded.keys } as T) : replay(recorded.keys);
    const out = await remove(trx);
    if (purgeId && out.storageKeys.length > 0) {
      const { storageKeys, ...answer } = out;
      await purgeOutbox.recordPurge(trx, workspaceId, purgeId, storageKeys, answer);
    }
    return out;
  });
}

/**
 * The sweeper: starts the purge of every row older than `cutoff` (its deleting workflow failed or was
 * terminated between the delete and the purge's start). `start` starts the purge under the row's id and says
 * what it found: started, a purge under that id still running (skipped), or one that already ran to completion
 * (its row is cleared here: its files are deleted, so no sweep looks at it again).
 */
export async function sweepPurgeOutbox(
  { db }: DbDeps,
  cutoff: Date,
  batch: number,
  start: (row: { workspaceId: string; purgeId: string; keys: string[] }) => Promise<'started' | 'running' | 'ran'>,
): Promise<{ started: number; skipped: number; cleared: number }> {
  const result = { started: 0, skipped: 0, cleared: 0 };
  for (const row of await purgeOutbox.findStalePurges(db, cutoff, batch)) {
    const found = await start({ workspaceId: row.workspace_id, purgeId: row.purge_id, keys: row.storage_keys });
    if (found === 'ran') await purgeOutbox.clearPurge(db, row.workspace_id, row.purge_id);
    result[found === 'started' ? 'started' : found === 'ran' ? 'cleared' : 'skipped'] += 1;
  }
  return result;
}
