// The only place source and sync rows become JSON (never the source's secrets).
import type { SourceSyncRow } from '../db/rows';
import type { RulesPreview, SourceRulesView } from '../services/sources/sourceRules';
import type { SourceView } from '../services/sources/syncSources';

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
    skipped: row.skipped,
    skips: row.skips,
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
    rules: view.rules,
    rulesJobId: view.rulesJobId,
    lastSync: view.lastSync ? presentSync(view.lastSync) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(view.secretsDropped ? { secretsDropped: true as const } : {}),
  };
}

/** A source's rules with the documents each gives roles to, and the items no role reaches. */
export function presentSourceRules(view: SourceRulesView, rbacActive: boolean) {
  const { source, rules, counts } = view;
  return {
    sourceId: source.id,
    rulesVersion: source.rules_version,
    rbacStatus: rbacActive ? ('ACTIVE' as const) : ('INACTIVE' as const),
    rules: rules.map((r, i) => ({
      rule: i + 1,
      match: r.match,
      roleIds: [...(r.roleIds ?? view.defaultRoleIds)].sort(),
      attributes: r.attributes ?? {},
      documents: counts.byRule.get(i + 1) ?? 0,
    })),
    default: {
      rule: 0 as const,
      roleIds: view.defaultRoleIds,
      documents: rules.length > 0 ? (counts.byRule.get(0) ?? 0) : counts.total - counts.pending,
    },
    documents: counts.total,
    pending: counts.pending,
    jobId: view.jobId,
    unreached: {
      count: view.unreached.count,
      documents: view.unreached.items.map((i) => ({ knowledgeId: i.id, title: i.title, key: i.key })),
    },
  };
}

/** A dry run of rules: the counts, and the documents whose roles would change. */
export function presentRulesPreview(preview: RulesPreview) {
  return {
    documents: preview.documents,
    changing: preview.changing,
    rules: [...preview.byRule.entries()].sort(([a], [b]) => a - b).map(([rule, documents]) => ({ rule, documents })),
    changes: preview.changes,
    truncated: preview.truncated,
  };
}
