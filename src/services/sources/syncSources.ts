// Sources that stay in sync, managed by the workspace credential: create (a root item whose children the
// source's documents become, its roles and attributes reaching them at read time), read, change, delete
// (with or without its items), "sync now" and the sync history. A source with a schedule has one Temporal
// schedule; syncs themselves run in syncSourceWorkflow (its steps: services/sources/sourceSyncSteps.ts).
import { randomUUID } from 'node:crypto';
import type { Duration } from '@temporalio/common';
import { SOURCE_KIND_NAMES, sourceKind } from '../../connectors/registry';
import type { Db, Tx } from '../../db/knex';
import * as knowledge from '../../db/repositories/knowledge';
import * as roles from '../../db/repositories/roles';
import * as sources from '../../db/repositories/syncedSources';
import * as versions from '../../db/repositories/versions';
import type { KnowledgeRow, SourceRow, SourceSyncRow, WorkspaceRow } from '../../db/rows';
import type { Attributes } from '../../domain/filter';
import { badRequest, notFound } from '../../errors';
import { isUuid } from '../../ids';
import { describeJob, startJob } from '../../temporal/jobs';
import { deleteSourceSchedule, upsertSourceSchedule } from '../../temporal/schedules';
import { SOURCE_SYNC_JOB_KIND } from '../../workflows/contracts';
import { syncSourceWorkflow } from '../../workflows/syncSource';
import type { DbDeps, Deps } from '../deps';
import { startCascadeDelete } from '../operations/deletes';
import { replaceKnowledgeAttributes } from '../knowledge/knowledge';
import { applyKnowledgeRoles } from '../access/roleSync';
import { ABANDONED_BY_SYNC } from '../versions/versions';
import { storedRules, type SourceRule } from '../../connectors/sourceRules';
import { checkSourceRoles, rulesJobId, startRulesJob } from './sourceRules';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import { boundReached } from '../operations/bounds';
import { versionAuthor, type AuthState } from '../../policies/credentials';
import { checkUrlAddress, FetchError } from '../../web/fetch';
import { urlRefusal } from './urlRefusal';

export const SyncSourceMessages = {
  notFound: 'Source not found',
  unknownKind: 'Unknown source kind',
  badConfig: 'Invalid source config',
  badSecrets: 'Invalid source secrets',
} as const;

type SourceDeps = Pick<Deps, 'db' | 'temporal' | 'config' | 'secrets' | 'ownComponents'>;

export interface ScheduleInput {
  intervalSeconds?: number;
  paused?: boolean;
}

export interface CreateSourceInput {
  kind: string;
  name?: string;
  config: Record<string, unknown>;
  secrets?: unknown;
  schedule?: ScheduleInput;
  roleIds?: string[];
  attributes?: Attributes;
  maxDeleteShare?: number;
  /** Checked by the API for the source's kind (src/connectors/sourceRules.ts rulesProblems). */
  rules?: SourceRule[];
}

export interface UpdateSourceInput {
  name?: string;
  config?: Record<string, unknown>;
  secrets?: Record<string, unknown> | null;
  schedule?: ScheduleInput | null;
  roleIds?: string[];
  attributes?: Attributes | null;
  maxDeleteShare?: number;
  rules?: SourceRule[];
}

/** The context a source's sealed secrets are bound to (a copy in another row does not open). */
export const sourceSecretsContext = (row: Pick<SourceRow, 'workspace_id' | 'id'>) =>
  `source:${row.workspace_id}:${row.id}`;

/** A source with what its presenter shows: its roles (its own, or on its root item without rules) and attributes. */
export interface SourceView {
  row: SourceRow;
  roleIds: string[];
  attributes: Attributes;
  lastSync: SourceSyncRow | undefined;
  rules: SourceRule[];
  /** The job applying the rules' last change (null: they never changed). */
  rulesJobId: string | null;
  /** A change's answer only: the change sent the config elsewhere and the stored secrets were dropped. */
  secretsDropped?: true;
}

const DEFAULT_INTERVAL_SECONDS = 6 * 3600;

/** The value as the source kind reads it; otherwise 400 naming the field (config or secrets) of another kind. */
function parseWith(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  value: unknown,
  message: string,
  field: { param: 'config' | 'secrets'; kind: string },
) {
  const out = schema.safeParse(value);
  if (!out.success) {
    throw badRequest(message, {
      code: 'source_kind_mismatch',
      param: field.param,
      hint: `Send the ${field.param} of a ${field.kind} source (the source's kind).`,
    });
  }
  return out.data as Record<string, unknown>;
}

/**
 * The source's address as its sync will check it, refused now rather than at every sync: plain http for a kind
 * that sends a token (unless the deployment allows private networks), a host that resolves only to refused
 * addresses, the service's own components (src/web/ownComponents.ts). A host that does not resolve is kept.
 */
async function checkTarget(
  deps: SourceDeps,
  kind: NonNullable<ReturnType<typeof sourceKind>>,
  config: Record<string, unknown>,
): Promise<void> {
  const target = kind.target(config);
  if (!target) return;
  const { allowPrivateNetworks } = deps.config.web;
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw badRequest(SyncSourceMessages.badConfig, {
      code: 'invalid_field',
      param: target.param,
      hint: `${target.param} is not a URL a client can parse (its host or port): send https://host[:port] with a port of 1 to 65535.`,
    });
  }
  if (target.httpsOnly && url.protocol !== 'https:' && !allowPrivateNetworks) {
    throw badRequest(SyncSourceMessages.badConfig, {
      code: 'invalid_field',
      param: target.param,
      hint:
        `${target.param} must be an https URL: its credentials would travel in the clear over http. Plain http is ` +
        'accepted only where the operator set CRAWL_ALLOW_PRIVATE_NETWORKS=true (a local or test setup).',
    });
  }
  try {
    await checkUrlAddress(url, { allowPrivateNetworks, own: deps.ownComponents, resolve: deps.config.web.resolve });
  } catch (err) {
    // A name that does not resolve from the API may resolve from the workers (a repository on an internal DNS
    // zone), or later: the source is kept, and each sync checks its address again.
    if (err instanceof FetchError && err.code === 'DNS') return;
    if (err instanceof FetchError) throw urlRefusal(err, target.param, 'CRAWL_ALLOW_PRIVATE_NETWORKS');
    throw err;
  }
}

function registered(kind: string) {
  const k = sourceKind(kind);
  if (!k) {
    throw badRequest(SyncSourceMessages.unknownKind, {
      code: 'invalid_field',
      param: 'kind',
      hint: `The source kinds are ${SOURCE_KIND_NAMES.join(', ')}.`,
    });
  }
  return k;
}

export async function loadSource({ db }: DbDeps, workspaceId: string, id: string): Promise<SourceRow> {
  const row = isUuid(id) ? await sources.findSource(db, workspaceId, id) : undefined;
  if (!row) throw notFound(SyncSourceMessages.notFound, { pathParam: 'sourceId' });
  return row;
}

export async function viewSource({ db }: DbDeps, row: SourceRow): Promise<SourceView> {
  const [assigned, root, last] = await Promise.all([
    roles.knowledgeRoles(db, row.workspace_id, row.root_id),
    knowledge.findKnowledge(db, row.workspace_id, row.root_id),
    sources.listSyncs(db, row.workspace_id, row.id, 1),
  ]);
  const rules = storedRules(row.rules);
  return {
    row,
    roleIds: rules.length > 0 ? [...(row.role_ids ?? [])].sort() : assigned.map((r) => r.id).sort(),
    attributes: root?.attributes ?? {},
    lastSync: last[0],
    rules,
    rulesJobId: row.rules_version > 0 ? rulesJobId(row.workspace_id, row.id, row.rules_version) : null,
  };
}

async function schedule(deps: SourceDeps, row: SourceRow): Promise<void> {
  if (row.schedule_interval_seconds === null) {
    await deleteSourceSchedule(deps.temporal, row.workspace_id, row.id);
    return;
  }
  await upsertSourceSchedule(deps.temporal, {
    workspaceId: row.workspace_id,
    sourceId: row.id,
    everySeconds: row.schedule_interval_seconds,
    paused: row.paused,
    purgeDelay: deps.config.filePurgeDelay as Duration,
  });
}

/** The item a source's documents become children of: a FOLDER made for it, or a WEBSITE item (its site). */
export type SourceRoot = Parameters<typeof knowledge.insertKnowledge>[2] & { id: string };

export async function createSource(deps: SourceDeps, auth: AuthState, input: CreateSourceInput): Promise<SourceView> {
  const { workspace } = auth;
  const kind = registered(input.kind);
  const config = parseWith(kind.config, input.config, SyncSourceMessages.badConfig, {
    param: 'config',
    kind: input.kind,
  });
  const secrets =
    input.secrets === undefined
      ? undefined
      : parseWith(kind.secrets ?? NO_SECRETS, input.secrets, SyncSourceMessages.badSecrets, {
          param: 'secrets',
          kind: input.kind,
        });
  await checkTarget(deps, kind, config);
  const id = randomUUID();
  const name = input.name ?? `${input.kind} source`;
  const root: SourceRoot = {
    id: randomUUID(),
    type: 'FOLDER',
    title: name,
    content: name,
    status: 'COMPLETED',
    metadata: { source: { id, kind: input.kind } },
    attributes: input.attributes,
    createdBy: versionAuthor(auth),
  };
  return insertSource(deps, workspace, { ...input, id, name, config, secrets }, root);
}

/**
 * Inserts the source with its root item (and the root's roles) in one transaction, then its schedule; removes
 * them again when the schedule cannot be made. A workspace holds at most WORKSPACE_MAX_SOURCES sources (counted
 * under a per-workspace lock, so concurrent creations hold the bound).
 */
export async function insertSource(
  deps: SourceDeps,
  workspace: WorkspaceRow,
  input: CreateSourceInput & { id: string; name: string; secrets?: Record<string, unknown> },
  rootItem: SourceRoot,
): Promise<SourceView> {
  const { id, name, config, secrets } = input;
  const rules = input.rules ?? [];
  await checkSourceRoles(deps, workspace.id, { roleIds: input.roleIds, rules });
  const roleIds = [...new Set(input.roleIds ?? [])].sort();
  const row = await deps.db.transaction(async (trx) => {
    await lockWorkspaceScope(trx, 'sources', workspace.id);
    const max = deps.config.bounds.workspaceSources;
    if ((await sources.countSources(trx, workspace.id)) >= max) throw boundReached('workspaceSources', max);
    const root = await knowledge.insertKnowledge(trx, workspace.id, rootItem);
    // With rules, the documents hold their roles themselves: the root's would reach every one of them.
    if (roleIds.length > 0 && rules.length === 0) {
      await applyKnowledgeRoles({ db: trx as unknown as Db }, workspace.id, root.id, roleIds, 'assign');
    }
    return sources.insertSource(trx, workspace.id, {
      ...(rules.length > 0 ? { rules, rules_version: 1, role_ids: roleIds } : {}),
      id,
      kind: input.kind,
      name,
      config,
      secrets_sealed: secrets
        ? deps.secrets.seal(JSON.stringify(secrets), sourceSecretsContext({ workspace_id: workspace.id, id }))
        : null,
      root_id: root.id,
      schedule_interval_seconds: input.schedule ? (input.schedule.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS) : null,
      paused: input.schedule?.paused ?? false,
      max_delete_share: input.maxDeleteShare ?? 0.5,
    });
  });
  try {
    await schedule(deps, row);
  } catch (err) {
    await removeSource(deps, row);
    throw err;
  }
  // rulesJobId names a job that ran: created with rules, the source's rules job starts at once. It finds no
  // document yet (the syncs apply the rules as they write), completes, and background-jobs shows it so.
  if (rules.length > 0) await startRulesJob(deps, row);
  return viewSource(deps, row);
}

/** Undoes insertSource: the source and its root item (which has no children yet). */
export async function removeSource(deps: Pick<Deps, 'db'>, row: SourceRow): Promise<void> {
  await sources.deleteSource(deps.db, row.workspace_id, row.id);
  await knowledge.deleteKnowledgeRows(deps.db, row.workspace_id, [row.root_id]);
}

const NO_SECRETS = { safeParse: () => ({ success: false }) };

export async function updateSource(
  deps: SourceDeps,
  workspace: WorkspaceRow,
  id: string,
  input: UpdateSourceInput,
): Promise<SourceView> {
  const current = await loadSource(deps, workspace.id, id);
  const kind = registered(current.kind);
  const patch: Parameters<typeof sources.updateSource>[3] = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.config !== undefined) {
    patch.config = parseWith(kind.config, input.config, SyncSourceMessages.badConfig, {
      param: 'config',
      kind: current.kind,
    });
    await checkTarget(deps, kind, patch.config);
    // The stored secrets go only where they went before: a config that sends them elsewhere drops them,
    // unless new secrets come with it.
    if (input.secrets === undefined && kind.destination(patch.config) !== kind.destination(current.config)) {
      patch.secrets_sealed = null;
    }
  }
  if (input.secrets !== undefined) {
    patch.secrets_sealed =
      input.secrets === null
        ? null
        : deps.secrets.seal(
            JSON.stringify(
              parseWith(kind.secrets ?? NO_SECRETS, input.secrets, SyncSourceMessages.badSecrets, {
                param: 'secrets',
                kind: current.kind,
              }),
            ),
            sourceSecretsContext(current),
          );
  }
  if (input.schedule !== undefined) {
    patch.schedule_interval_seconds =
      input.schedule === null
        ? null
        : (input.schedule.intervalSeconds ?? current.schedule_interval_seconds ?? DEFAULT_INTERVAL_SECONDS);
    if (input.schedule?.paused !== undefined) patch.paused = input.schedule.paused;
  }
  if (input.maxDeleteShare !== undefined) patch.max_delete_share = input.maxDeleteShare;
  await checkSourceRoles(deps, workspace.id, input);
  const roleIds = input.roleIds === undefined ? undefined : [...new Set(input.roleIds)].sort();
  const row = await deps.db.transaction(async (trx) => {
    const locked = await sources.findSource(trx, workspace.id, id, { forUpdate: true });
    if (!locked) throw notFound(SyncSourceMessages.notFound, { pathParam: 'sourceId' });
    const rootRoles = (await roles.knowledgeRoles(trx, workspace.id, locked.root_id)).map((r) => r.id);
    const access = rulesChange(locked, rootRoles, input.rules, roleIds);
    const updated = await sources.updateSource(trx, workspace.id, id, { ...patch, ...access.patch });
    if (!updated) throw notFound(SyncSourceMessages.notFound, { pathParam: 'sourceId' });
    if (access.rootRoleIds) {
      const wanted = access.rootRoleIds;
      const drop = rootRoles.filter((r) => !wanted.includes(r));
      if (drop.length > 0)
        await applyKnowledgeRoles({ db: trx as unknown as Db }, workspace.id, updated.root_id, drop, 'unassign');
      // A stored role being deleted meanwhile (not one this request names: checkSourceRoles refused that) is not
      // given: its delete takes its assignments, and it fails no other role's.
      const live = await roles.existingRoleIds(trx, workspace.id, wanted);
      if (live.length > 0)
        await applyKnowledgeRoles({ db: trx as unknown as Db }, workspace.id, updated.root_id, live, 'assign');
    }
    if (patch.config) await showSiteUrl(trx, updated);
    return updated;
  });
  if (input.attributes !== undefined) {
    const root = await knowledge.findKnowledge(deps.db, workspace.id, row.root_id);
    if (root) await replaceKnowledgeAttributes(deps, root, input.attributes);
  }
  if (input.schedule !== undefined) await schedule(deps, row);
  if (row.rules_version !== current.rules_version) await startRulesJob(deps, row);
  const dropped = input.secrets === undefined && patch.secrets_sealed === null && current.secrets_sealed !== null;
  const view = await viewSource(deps, row);
  return dropped ? { ...view, secretsDropped: true } : view;
}

/**
 * What a change of the source's rules or roles writes, given the source as locked and its root's roles: the new
 * rules and default roles with the next rules version (the rules job then brings every document to it), and the
 * root item's roles when they are the documents' (a source without rules). A source that gains rules keeps its
 * root's roles until the job has given every document its own (finishSourceRules), so none is hidden meanwhile.
 */
function rulesChange(
  source: SourceRow,
  rootRoles: string[],
  rules: SourceRule[] | undefined,
  roleIds: string[] | undefined,
): { patch: Partial<SourceRow>; rootRoleIds?: string[] } {
  const had = storedRules(source.rules).length > 0;
  const next = rules ?? storedRules(source.rules);
  if (next.length === 0) {
    // No rules (any more): the root holds the source's roles, which reach every document.
    const own = roleIds ?? (had ? (source.role_ids ?? []) : undefined);
    if (!had) return { patch: {}, ...(own ? { rootRoleIds: own } : {}) };
    return { patch: { rules: [], role_ids: null, rules_version: source.rules_version + 1 }, rootRoleIds: own ?? [] };
  }
  if (rules === undefined && roleIds === undefined) return { patch: {} };
  return {
    patch: {
      rules: next,
      role_ids: roleIds ?? (had ? (source.role_ids ?? []) : rootRoles),
      rules_version: source.rules_version + 1,
    },
  };
}

/** Deletes the source and its schedule; with deleteItems, its root item and every item it brought too. */
export async function deleteSource(
  deps: Deps,
  workspace: WorkspaceRow,
  id: string,
  deleteItems: boolean,
): Promise<{ jobId?: string }> {
  const row = await loadSource(deps, workspace.id, id);
  await deleteSourceSchedule(deps.temporal, workspace.id, id);
  await sources.deleteSource(deps.db, workspace.id, id);
  if (!deleteItems) return {};
  return { jobId: await startCascadeDelete(deps, workspace.id, row.root_id) };
}

/** The source's root when it is a WEBSITE item (the site a website source syncs), else undefined. */
export async function siteOf(
  { db: trx }: DbDeps,
  source: SourceRow,
  opts: { forUpdate?: boolean } = {},
): Promise<KnowledgeRow | undefined> {
  const root = await knowledge.findKnowledge(trx, source.workspace_id, source.root_id, opts);
  return root?.type === 'WEBSITE' ? root : undefined;
}

/** A WEBSITE item shows its source's start URL (as its url and content). */
async function showSiteUrl(trx: Tx, source: SourceRow): Promise<void> {
  const url = (source.config as { url?: unknown }).url;
  const root = await siteOf({ db: trx }, source);
  if (!root || typeof url !== 'string' || root.url === url) return;
  await knowledge.updateKnowledgeFields(trx, source.workspace_id, root.id, { url, content: url });
}

/**
 * A WEBSITE item is its website source's root and shows its sync as other items show their ingestion:
 * BACKGROUND_START while a sync runs (a sync started by hand is shown so before its workflow begins).
 */
export async function showSiteSyncing({ db: trx }: DbDeps, source: SourceRow): Promise<void> {
  const root = await siteOf({ db: trx }, source);
  if (!root || root.status === 'BACKGROUND_START') return;
  await knowledge.updateKnowledgeFields(trx, source.workspace_id, root.id, {
    status: 'BACKGROUND_START',
    message_error: null,
  });
}

export const syncJobId = (workspaceId: string, sourceId: string, syncId: string) =>
  `${SOURCE_SYNC_JOB_KIND}:${workspaceId}:${sourceId}:${syncId}`;

/**
 * "Sync now": starts a sync of the source, or answers the one running (a sync holds its source until it
 * ends). `confirmDeletes` lifts the deletion guard for this sync.
 */
export async function syncNow(
  deps: SourceDeps,
  workspace: WorkspaceRow,
  id: string,
  confirmDeletes: boolean,
): Promise<{ sync: SourceSyncRow; started: boolean }> {
  const row = await loadSource(deps, workspace.id, id);
  const running = await runningSync(deps, row);
  if (running) return { sync: running, started: false };
  const syncId = randomUUID();
  const jobId = syncJobId(workspace.id, id, syncId);
  // The new sync holds the source from here (before its workflow begins), under the source's row lock: a second
  // "sync now" meanwhile joins it, and a scheduled sync that begins meanwhile is skipped.
  const joined = await deps.db.transaction(async (trx) => {
    const locked = await sources.findSource(trx, workspace.id, id, { forUpdate: true });
    if (!locked) throw notFound(SyncSourceMessages.notFound, { pathParam: 'sourceId' });
    if (locked.running_sync_id && locked.running_sync_id !== row.running_sync_id) {
      return sources.findSync(trx, workspace.id, locked.running_sync_id);
    }
    await sources.insertSyncIfAbsent(trx, {
      id: syncId,
      workspace_id: workspace.id,
      source_id: id,
      job_id: jobId,
      trigger: 'manual',
      confirm_deletes: confirmDeletes,
    });
    await sources.updateSource(trx, workspace.id, id, { running_sync_id: syncId });
    await showSiteSyncing({ db: trx }, row);
    return undefined;
  });
  if (joined) return { sync: joined, started: false };
  try {
    await startJob(deps.temporal, syncSourceWorkflow, {
      workflowId: jobId,
      workspaceId: workspace.id,
      kind: SOURCE_SYNC_JOB_KIND,
      args: [
        {
          workspaceId: workspace.id,
          sourceId: id,
          syncId,
          ...(confirmDeletes ? { confirmDeletes } : {}),
          purgeDelay: deps.config.filePurgeDelay as Duration,
        },
      ],
      memo: { sourceId: id },
      knowledgeId: row.root_id,
    });
  } catch (err) {
    await deps.db.transaction(async (trx) => {
      await sources.updateSync(trx, workspace.id, syncId, {
        status: 'FAILED',
        error: 'The sync could not be started',
        finished_at: new Date(),
      });
      await sources.releaseSource(trx, workspace.id, id, syncId);
    });
    throw err;
  }
  return { sync: (await sources.findSync(deps.db, workspace.id, syncId))!, started: true };
}

/**
 * The sync that holds the source while its job runs; a sync whose job ended without finishing it (terminated,
 * timed out) is recorded FAILED and releases the source.
 */
async function runningSync(deps: SourceDeps, row: SourceRow): Promise<SourceSyncRow | undefined> {
  if (!row.running_sync_id) return undefined;
  const running = await sources.findSync(deps.db, row.workspace_id, row.running_sync_id);
  if (running && running.status === 'RUNNING') {
    const job = await describeJob(deps.temporal, row.workspace_id, running.job_id);
    if (job.status === 'RUNNING') return running;
    // A sync recorded a moment ago whose job is not found yet: its "sync now" is still starting it.
    if (job.status === 'NOT_FOUND' && Date.now() - running.started_at.getTime() < STARTING_GRACE_MS) return running;
    await deps.db.transaction(async (trx) => {
      // Unless it finished meanwhile (its last step committed after the job was described).
      if (await sources.failRunningSync(trx, row.workspace_id, running.id, `The sync ended ${job.status}`)) {
        await failUnfinishedVersions({ db: trx }, row.workspace_id, row.id, running.id);
      }
    });
  }
  return undefined;
}

/** How long a sync's job may take to appear after the sync is recorded (its start is one call to Temporal). */
const STARTING_GRACE_MS = 60_000;

/**
 * The versions a sync recorded and did not see indexed (it failed, or its job ended) are FAILED: the item keeps
 * its current version, and the next sync or a replacement is not refused as "still processing". Versions are
 * found by the sync's job, which every version a sync records carries. (An indexing that was still finishing
 * when the sync ended may yet complete its version, which then becomes current as it would have.)
 */
export async function failUnfinishedVersions(
  { db: trx }: DbDeps,
  workspaceId: string,
  sourceId: string,
  syncId: string,
): Promise<void> {
  const jobId = syncJobId(workspaceId, sourceId, syncId);
  await versions.failProcessingVersionsOfJob(trx, workspaceId, jobId, ABANDONED_BY_SYNC);
}

export async function listSourceSyncs(
  { db }: DbDeps,
  workspaceId: string,
  id: string,
  limit: number,
): Promise<SourceSyncRow[]> {
  await loadSource({ db }, workspaceId, id);
  return sources.listSyncs(db, workspaceId, id, limit);
}

export async function listSourceViews({ db }: DbDeps, workspaceId: string): Promise<SourceView[]> {
  return Promise.all((await sources.listSources(db, workspaceId)).map((r) => viewSource({ db }, r)));
}
