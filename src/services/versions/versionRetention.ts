// The lifecycle of versions that are no longer current: kept for VERSION_RETENTION (so a restore needs no
// re-extraction), then purged (chunks, text, stored file) by purgeVersionWorkflow's durable timer; beyond
// MAX_VERSIONS_PER_ITEM kept versions the oldest non-current ones are purged at once. A version that is
// current, or still PROCESSING, is never purged.
import type { Duration } from '@temporalio/common';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/knex';
import * as knowledge from '../../db/repositories/knowledge';
import * as uploads from '../../db/repositories/uploads';
import * as versions from '../../db/repositories/versions';
import type { KnowledgeVersionRow } from '../../db/rows';
import type { TemporalDeps } from '../../temporal/client';
import { WorkflowIds } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import type { PurgeVersionInput, PurgeVersionOutcome } from '../../workflows/contracts';
import { purgeStoredFilesWorkflow } from '../../workflows/purgeStoredFiles';
import { purgeVersionWorkflow } from '../../workflows/purgeVersion';
import type { DbDeps } from '../deps';

/** How long a version that stopped being current keeps its content, and most kept versions per item. */
export type VersionRetention = Pick<Config['versions'], 'retention' | 'maxVersions'>;

export interface RetentionDeps {
  db: Db;
  temporal: TemporalDeps;
  versionRetention: VersionRetention;
}

/**
 * Makes `v` the item's current version inside the caller's transaction (which holds the item's row lock);
 * the version it replaces is recorded as superseded, which starts its retention.
 */
export async function switchToVersion(
  { db: trx }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
  from: number,
  v: KnowledgeVersionRow,
): Promise<void> {
  await knowledge.switchVersion(trx, workspaceId, knowledgeId, v);
  if (from !== v.number) await versions.markSuperseded(trx, workspaceId, knowledgeId, from);
}

/** Purges a version's content (the caller holds the item's lock); its stored file's key, unless the item uses it. */
async function purgeContent(trx: Tx, v: KnowledgeVersionRow, itemStorageKey: string | null): Promise<string[]> {
  await versions.purgeVersionContent(trx, v.workspace_id, v.knowledge_id, v.number);
  if (!v.storage_key || v.storage_key === itemStorageKey) return [];
  await uploads.releaseStoredBytes(trx, v.workspace_id, v.storage_key);
  return [v.storage_key];
}

/**
 * The retention purge's step (purgeVersionWorkflow), under the item's row lock: purges the version unless it
 * is current, PROCESSING, or was superseded again since (`again`). Repeating it after a purge answers the
 * stored file again (its deletion is idempotent).
 */
export async function purgeSupersededVersion(
  { db }: DbDeps,
  input: Omit<PurgeVersionInput, 'retention'>,
): Promise<PurgeVersionOutcome> {
  return db.transaction(async (trx) => {
    const item = await knowledge.findKnowledge(trx, input.workspaceId, input.knowledgeId, { forUpdate: true });
    const v = item && (await versions.findVersion(trx, input.workspaceId, input.knowledgeId, input.version));
    if (!item || !v) return { kind: 'gone' };
    if (v.purged_at) {
      return v.storage_key && v.storage_key !== item.storage_key
        ? { kind: 'purged', storageKey: v.storage_key }
        : { kind: 'purged' };
    }
    if (v.number === item.current_version || v.status === 'PROCESSING') return { kind: 'kept' };
    if (v.superseded_count !== input.generation) return { kind: 'again', generation: v.superseded_count };
    const [storageKey] = await purgeContent(trx, v, item.storage_key);
    return storageKey ? { kind: 'purged', storageKey } : { kind: 'purged' };
  });
}

/**
 * After an item's versions changed (a replacement recorded, a switch, a restore): purges at once the oldest
 * kept versions beyond the cap (their files through a purge job without delay), and starts the retention
 * purge of every kept version that is no longer current or failed (a purge already waiting is joined).
 * Idempotent.
 */
export async function afterVersionChange(deps: RetentionDeps, workspaceId: string, knowledgeId: string) {
  const { maxVersions, retention } = deps.versionRetention;
  const { capped, waiting } = await deps.db.transaction(async (trx) => {
    const item = await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forUpdate: true });
    if (!item) return { capped: [], waiting: [] };
    const kept = await versions.keptVersions(trx, workspaceId, knowledgeId);
    const purgeable = kept.filter((v) => v.number !== item.current_version && v.status !== 'PROCESSING');
    const over = purgeable.slice(0, Math.max(0, kept.length - maxVersions));
    const capped: Array<{ number: number; keys: string[] }> = [];
    for (const v of over) capped.push({ number: v.number, keys: await purgeContent(trx, v, item.storage_key) });
    // A version that stopped being current, or whose indexing failed (it never became current).
    const waiting = purgeable.filter((v) => !over.includes(v) && (v.superseded_count > 0 || v.status === 'FAILED'));
    return { capped, waiting };
  });
  for (const { number, keys } of capped) {
    if (keys.length === 0) continue;
    await startJob(deps.temporal, purgeStoredFilesWorkflow, {
      workflowId: WorkflowIds.purgeStoredFiles(workspaceId, `version-${knowledgeId}-${number}`),
      workspaceId,
      knowledgeId,
      args: [{ workspaceId, keys, delay: '0 seconds' }],
    });
  }
  for (const v of waiting) {
    await startJob(deps.temporal, purgeVersionWorkflow, {
      workflowId: WorkflowIds.purgeVersion(workspaceId, knowledgeId, v.number),
      workspaceId,
      knowledgeId,
      args: [
        {
          workspaceId,
          knowledgeId,
          version: v.number,
          generation: v.superseded_count,
          retention: retention as Duration,
        },
      ],
    });
  }
}
