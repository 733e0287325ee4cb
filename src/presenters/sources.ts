// The only place source and sync rows become JSON (never the source's secrets).
import type { SourceSyncRow } from '../db/rows';
import type { SourceView } from '../services/syncSources';

export function presentSync(row: SourceSyncRow) {
  return {
    id: row.id,
    sourceId: row.source_id,
    jobId: row.job_id,
    trigger: row.trigger,
    status: row.status,
    error: row.error,
    seen: row.seen,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    deleted: row.deleted,
    failed: row.failed,
    chunksEmbedded: row.chunks_embedded,
    failures: row.failures,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

export function presentSource(view: SourceView) {
  const { row } = view;
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind,
    name: row.name,
    config: row.config,
    hasSecrets: row.secrets_sealed !== null,
    rootId: row.root_id,
    schedule:
      row.schedule_interval_seconds === null
        ? null
        : { intervalSeconds: row.schedule_interval_seconds, paused: row.paused },
    roleIds: view.roleIds,
    attributes: view.attributes,
    maxDeleteShare: row.max_delete_share,
    lastSync: view.lastSync ? presentSync(view.lastSync) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
