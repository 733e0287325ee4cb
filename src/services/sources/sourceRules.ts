// Permission-aware sync: a source's rules give each document the roles and attributes of the first rule it matches
// (src/connectors/sourceRules.ts), the source's own being the default. A source with rules keeps its documents'
// roles on the documents themselves (knowledge_roles.via_rule says which rule made each assignment) and none on
// its root item, whose roles would reach every document; a source without rules keeps them on the root, as
// before. Applying the rules to a document is one function, called inside the transaction of whatever changed
// it: a sync's new version, move or re-tag (services/sources/sourceSyncSteps.ts), or the rules job after a change of the
// rules (workflows/sourceRules.ts), which walks the source in batches without fetching or embedding anything.
// A document whose roles changed carries a knowledge.roles_changed event, sent in batches by the workflow that
// changed it.
import { sourceKind } from '../../connectors/registry';
import {
  assignmentFor,
  compileRules,
  factsRead,
  sameRoles,
  storedRules,
  type CompiledRules,
  type DocumentFacts,
  type SourceRule,
} from '../../connectors/sourceRules';
import type { Db } from '../../db/knex';
import { RoleMessages } from '../../domain/roles';
import { notFound } from '../../errors';
import * as knowledge from '../../db/repositories/knowledge';
import * as roles from '../../db/repositories/roles';
import * as rulesRepo from '../../db/repositories/sourceRules';
import * as sources from '../../db/repositories/syncedSources';
import type { SourceDocumentRow, SourceRow } from '../../db/rows';
import type { Attributes } from '../../domain/filter';
import { ruleLabel, type RolesEvent } from '../../domain/sourceRules';
import { uuidV5 } from '../../temporal/constants';
import { startJob } from '../../temporal/jobs';
import { SOURCE_RULES_JOB_KIND, type WebhookEventRecorded } from '../../workflows/contracts';
import { applySourceRulesWorkflow } from '../../workflows/sourceRules';
import type { DbDeps, Deps } from '../deps';
import { recordWebhookEvent, type WebhookDeliveryDeps } from '../webhooks/webhookDelivery';

/** Whether the source has rules (its documents' roles are then their own, not its root's). */
export const hasRules = (row: Pick<SourceRow, 'rules'>): boolean => storedRules(row.rules).length > 0;

/** The version a document's rules state should be at: the source's, or null for a source without rules. */
export const targetVersion = (row: Pick<SourceRow, 'rules' | 'rules_version'>): number | null =>
  hasRules(row) ? row.rules_version : null;

/** A rules job: one per source and rules version. */
export const rulesJobId = (workspaceId: string, sourceId: string, version: number) =>
  `${SOURCE_RULES_JOB_KIND}:${workspaceId}:${sourceId}:${version}`;

/** The source and version a rules job id names (undefined for any other id). */
export function parseRulesJobId(jobId: string): { workspaceId: string; sourceId: string; version: number } | undefined {
  const [kind, workspaceId, sourceId, version, ...rest] = jobId.split(':');
  if (kind !== SOURCE_RULES_JOB_KIND || !workspaceId || !sourceId || rest.length > 0) return undefined;
  const n = Number(version);
  return Number.isInteger(n) && n >= 0 ? { workspaceId, sourceId, version: n } : undefined;
}

/** What applying a source's rules needs, read once in the caller's transaction. */
export interface RulesContext {
  source: SourceRow;
  compiled: CompiledRules;
  /** The version documents are brought to (null: the source has no rules). */
  target: number | null;
  /** The roles a document no rule matches gets. */
  defaultRoleIds: string[];
  /** The roles on the root item now (the documents' roles while the source has no rules). */
  rootRoleIds: string[];
  rootAttributes: Attributes;
  /** Of the roles the rules name, those that still exist (a deleted role's id is passed over). */
  liveRoleIds: ReadonlySet<string>;
}

export async function rulesContext(
  { db }: DbDeps,
  workspaceId: string,
  sourceId: string,
): Promise<RulesContext | undefined> {
  const source = await sources.findSource(db, workspaceId, sourceId);
  if (!source) return undefined;
  return contextOf({ db }, source);
}

export async function contextOf(
  { db }: DbDeps,
  source: SourceRow,
  rules = storedRules(source.rules),
): Promise<RulesContext> {
  const [rootRoles, root] = await Promise.all([
    roles.knowledgeRoles(db, source.workspace_id, source.root_id),
    knowledge.findKnowledge(db, source.workspace_id, source.root_id),
  ]);
  const rootRoleIds = rootRoles.map((r) => r.id).sort();
  const defaultRoleIds = rules.length > 0 ? [...(source.role_ids ?? [])].sort() : rootRoleIds;
  const named = [...new Set([...defaultRoleIds, ...rules.flatMap((r) => r.roleIds ?? [])])];
  return {
    source,
    compiled: compileRules(rules),
    target: rules.length > 0 ? source.rules_version : null,
    defaultRoleIds,
    rootRoleIds,
    rootAttributes: root?.attributes ?? {},
    liveRoleIds: new Set(await roles.existingRoleIds(db, source.workspace_id, named)),
  };
}

/**
 * Every role a source names (its own roleIds, each rule's) must be a role of the workspace: 404 "One or more
 * roles not found", naming the first unknown id by where it was sent (roleIds[1], rules[0].roleIds[0]). A change,
 * a new source and a dry run check alike.
 */
export async function checkSourceRoles(
  { db }: DbDeps,
  workspaceId: string,
  named: { roleIds?: readonly string[]; rules?: readonly SourceRule[] },
): Promise<void> {
  const sent: Array<[param: string, id: string]> = [
    ...(named.roleIds ?? []).map((id, i): [string, string] => [`roleIds[${i}]`, id]),
    ...(named.rules ?? []).flatMap((r, i) =>
      (r.roleIds ?? []).map((id, j): [string, string] => [`rules[${i}].roleIds[${j}]`, id]),
    ),
  ];
  if (sent.length === 0) return;
  // Ids compare as UUIDs: one sent in capitals names the same role.
  const ids = [...new Set(sent.map(([, id]) => id.toLowerCase()))];
  const live = new Set((await roles.existingRoleIds(db, workspaceId, ids)).map((id) => id.toLowerCase()));
  const unknown = sent.find(([, id]) => !live.has(id.toLowerCase()));
  if (!unknown) return;
  const [param, id] = unknown;
  throw notFound(RoleMessages.rolesNotFound, {
    param,
    hint:
      `No role of this workspace has the id ${id}: send ids from GET /v1/workspaces/${workspaceId}/role (a ` +
      "role's id, not its customerRoleId); a role being created appears once its job is done.",
  });
}

/** What the rules read of a document: the last listing's facts (a document listed before rules: its path). */
export function documentFacts(source: SourceRow, doc: SourceDocumentRow): DocumentFacts {
  const facts = doc.listed_facts ?? doc.facts;
  if (facts) return facts;
  const kind = sourceKind(source.kind);
  return { path: kind ? kind.documentPath(source.config, doc.key) : doc.key };
}

/** What the rules give a document now: its rule (null: the source has none), roles and attributes. */
export function targetOf(
  ctx: Pick<RulesContext, 'compiled' | 'target' | 'defaultRoleIds' | 'liveRoleIds'>,
  facts: DocumentFacts,
): { rule: number | null; roleIds: string[]; attributes: Attributes } {
  if (ctx.target === null) return { rule: null, roleIds: [], attributes: {} };
  const a = assignmentFor(ctx.compiled, facts, { roleIds: ctx.defaultRoleIds });
  return { rule: a.rule, roleIds: a.roleIds.filter((r) => ctx.liveRoleIds.has(r)), attributes: a.attributes };
}

/** The roles the source gives a document in the state recorded on it (its rule's, or its root's). */
export const givenRoles = (
  ctx: Pick<RulesContext, 'rootRoleIds'>,
  doc: Pick<SourceDocumentRow, 'rule' | 'rule_role_ids'>,
) => (doc.rule === null ? ctx.rootRoleIds : (doc.rule_role_ids ?? []));

const sameAttributes = (a: Attributes, b: Attributes) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
};

/** Why a document's roles changed, for its event: a sync, or a change of the rules. */
export type RolesCause = RolesEvent['cause'];

/** A document the rules are applied to, with the item it became. */
export interface RulesTarget {
  doc: SourceDocumentRow;
  knowledgeId: string;
}

/** What applying the rules writes for one document, and whether the roles the source gives it changed. */
interface Plan {
  target: RulesTarget;
  assignments: { add: string[]; remove: string[]; relabel: string[]; rule: number };
  /** The item's attributes when the rule's changed them. */
  attributes?: Attributes;
  patch: rulesRepo.DocumentRulesPatch;
  changed: boolean;
}

/** What the rules do to one document, from what its item holds now (no I/O). */
function plan(
  ctx: RulesContext,
  target: RulesTarget,
  held: { made: Map<string, number>; attributes: Attributes | undefined },
  cause: RolesCause | undefined,
): Plan {
  const { doc } = target;
  const facts = documentFacts(ctx.source, doc);
  const to = targetOf(ctx, facts);
  const rule = to.rule ?? 0;
  const wanted = new Set(to.roleIds);
  const made = [...held.made.keys()];
  const assignments = {
    add: to.roleIds.filter((r) => !held.made.has(r)),
    remove: made.filter((r) => !wanted.has(r)),
    relabel: made.filter((r) => wanted.has(r) && held.made.get(r) !== rule),
    rule,
  };
  const before = doc.rule_attributes ?? {};
  let attributes: Attributes | undefined;
  if (held.attributes && !sameAttributes(before, to.attributes)) {
    const next = { ...held.attributes };
    for (const [k, v] of Object.entries(before)) {
      if (next[k] !== v) continue; // set since by hand: kept
      delete next[k];
      if (Object.hasOwn(ctx.rootAttributes, k)) next[k] = ctx.rootAttributes[k]!;
    }
    attributes = { ...next, ...to.attributes };
  }
  const previous = givenRoles(ctx, doc);
  const now = to.rule === null ? ctx.rootRoleIds : to.roleIds;
  const changed = !sameRoles(previous, now);
  const patch: rulesRepo.DocumentRulesPatch = {
    facts,
    rule: to.rule,
    rules_version: ctx.target,
    rule_role_ids: to.rule === null ? null : to.roleIds,
    rule_attributes: to.rule === null ? null : to.attributes,
  };
  if (cause && changed) {
    // An event not yet sent keeps the roles it started from; changed back to them, there is nothing to tell.
    const pending = doc.roles_event && doc.roles_event_key === null ? doc.roles_event : undefined;
    const from = pending?.previousRoleIds ?? previous;
    if (sameRoles(from, now)) {
      if (pending) patch.roles_event = null;
    } else {
      patch.roles_event = {
        knowledgeId: target.knowledgeId,
        key: doc.key,
        rule: to.rule,
        roleIds: now,
        previousRoleIds: [...from].sort(),
        cause,
      };
    }
  }
  return { target, assignments, ...(attributes ? { attributes } : {}), patch, changed };
}

/**
 * Applies the source's rules to documents and their items, inside the caller's transaction (which holds the items'
 * rows first, then the documents', as every writer here does): each rule's role assignments replace those an
 * earlier rule made (hand-made ones stay), its attributes replace those an earlier rule set, and each document
 * records what it was given. With a cause, a change of the roles the source gives a document leaves a
 * knowledge.roles_changed pending (a new document has none). A batch is a few statements whatever its size.
 * Answers how many documents' roles changed.
 */
export async function applyRules(
  { db: trx }: DbDeps,
  ctx: RulesContext,
  targets: RulesTarget[],
  cause?: RolesCause,
): Promise<number> {
  if (targets.length === 0) return 0;
  const workspaceId = ctx.source.workspace_id;
  const ids = targets.map((t) => t.knowledgeId);
  const [made, items] = await Promise.all([
    rulesRepo.ruleAssignments(trx, workspaceId, ids),
    rulesRepo.itemAttributes(trx, workspaceId, ids),
  ]);
  const byItem = new Map<string, Map<string, number>>();
  for (const m of made) {
    if (!byItem.has(m.knowledge_id)) byItem.set(m.knowledge_id, new Map());
    byItem.get(m.knowledge_id)!.set(m.role_id, m.via_rule);
  }
  const plans = targets.map((t) =>
    plan(ctx, t, { made: byItem.get(t.knowledgeId) ?? new Map(), attributes: items.get(t.knowledgeId) }, cause),
  );
  const rows = (pick: (p: Plan) => string[], rule?: boolean) =>
    plans.flatMap((p) =>
      pick(p).map((roleId) => ({
        knowledgeId: p.target.knowledgeId,
        roleId,
        ...(rule ? { rule: p.assignments.rule } : {}),
      })),
    );
  await rulesRepo.writeRuleAssignments(trx, workspaceId, {
    add: rows((p) => p.assignments.add, true) as Array<{ knowledgeId: string; roleId: string; rule: number }>,
    remove: rows((p) => p.assignments.remove),
    relabel: rows((p) => p.assignments.relabel, true) as Array<{ knowledgeId: string; roleId: string; rule: number }>,
  });
  await rulesRepo.setItemsAttributes(
    trx,
    workspaceId,
    plans.flatMap((p) => (p.attributes ? [{ id: p.target.knowledgeId, attributes: p.attributes }] : [])),
  );
  await rulesRepo.updateDocumentsRules(
    trx,
    workspaceId,
    plans.map((p) => ({ id: String(p.target.doc.id), patch: p.patch })),
  );
  return plans.filter((p) => p.changed).length;
}

/**
 * Applies the rules to documents by id, each after its item's lock (items first, then documents, in id order);
 * those without an item, or whose item is gone, are passed over. Answers how many changed roles.
 */
export async function applyRulesToDocuments(
  { db: trx }: DbDeps,
  ctx: RulesContext,
  docs: SourceDocumentRow[],
  cause: RolesCause,
): Promise<number> {
  const workspaceId = ctx.source.workspace_id;
  const items = new Set(
    (
      await rulesRepo.lockItems(
        trx,
        workspaceId,
        docs.flatMap((d) => (d.knowledge_id ? [d.knowledge_id] : [])),
      )
    ).map((r) => r.id),
  );
  const locked = await rulesRepo.lockDocuments(
    trx,
    workspaceId,
    docs.map((d) => d.id),
  );
  const targets = locked.flatMap((doc) =>
    doc.knowledge_id && items.has(doc.knowledge_id) ? [{ doc, knowledgeId: doc.knowledge_id }] : [],
  );
  return applyRules({ db: trx }, ctx, targets, cause);
}

// The rules job (workflows/sourceRules.ts)

export interface RulesJobIds {
  workspaceId: string;
  sourceId: string;
  rulesVersion: number;
}

/**
 * One batch of the rules job: the next documents not yet at the source's rules version get them (in one
 * transaction). `superseded`: the rules changed again, and the newer job applies them.
 */
export async function applySourceRulesBatch(
  { db }: DbDeps,
  input: RulesJobIds & { limit: number },
): Promise<{ applied: number; changed: number; more: boolean; superseded?: boolean }> {
  return db.transaction(async (trx) => {
    const ctx = await rulesContext({ db: trx }, input.workspaceId, input.sourceId);
    if (!ctx) return { applied: 0, changed: 0, more: false };
    if (ctx.source.rules_version > input.rulesVersion) return { applied: 0, changed: 0, more: false, superseded: true };
    const docs = await rulesRepo.documentsToApply(trx, input.workspaceId, input.sourceId, ctx.target, {
      limit: input.limit,
    });
    const changed = await applyRulesToDocuments({ db: trx }, ctx, docs, { rulesVersion: input.rulesVersion });
    return { applied: docs.length, changed, more: docs.length === input.limit };
  });
}

/**
 * The rules job's end: a source that has rules keeps no roles on its root item once every document holds its own
 * (until then the root's roles went on reaching them, so nothing was hidden meanwhile).
 */
export async function finishSourceRules({ db }: DbDeps, input: RulesJobIds): Promise<void> {
  await db.transaction(async (trx) => {
    const source = await sources.findSource(trx, input.workspaceId, input.sourceId, { forUpdate: true });
    if (!source || source.rules_version !== input.rulesVersion || !hasRules(source)) return;
    const rootRoles = await roles.knowledgeRoles(trx, input.workspaceId, source.root_id);
    const own = rootRoles.map((r) => r.id);
    if (own.length > 0) await roles.changeKnowledgeRoles(trx, input.workspaceId, source.root_id, own, 'unassign');
  });
}

/** How many documents an event tells of, at most. */
export const ROLES_EVENT_BATCH = 100;

/**
 * Records the next knowledge.roles_changed of the source (up to ROLES_EVENT_BATCH documents, claimed under
 * `batchKey`): one event, its deliveries recorded; run again with the same key, the same documents and event.
 */
export async function recordRolesChanged(
  deps: Pick<WebhookDeliveryDeps, 'db' | 'webhooks'>,
  input: { workspaceId: string; sourceId: string; batchKey: string; timestamp: string },
): Promise<WebhookEventRecorded & { documents: number; more: boolean }> {
  return deps.db.transaction(async (trx) => {
    const claimed = await rulesRepo.claimRolesEvents(
      trx,
      input.workspaceId,
      input.sourceId,
      input.batchKey,
      ROLES_EVENT_BATCH,
    );
    const more = await rulesRepo.hasPendingRolesEvents(trx, input.workspaceId, input.sourceId);
    if (claimed.length === 0) {
      return { deliveryIds: [], retry: retryOf(deps), documents: 0, more };
    }
    const events = claimed.map((c) => c.roles_event);
    const recorded = await recordWebhookEvent(
      { db: trx as unknown as Db, webhooks: deps.webhooks },
      {
        workspaceId: input.workspaceId,
        type: 'knowledge.roles_changed',
        timestamp: input.timestamp,
        data: {
          sourceId: input.sourceId,
          cause: events[0]!.cause,
          documents: events.map(({ knowledgeId, key, rule, roleIds, previousRoleIds }) => ({
            knowledgeId,
            key,
            rule,
            roleIds,
            previousRoleIds,
          })),
        },
      },
      uuidV5(`webhook-event:knowledge.roles_changed:${input.sourceId}:${input.batchKey}`),
    );
    return { ...recorded, documents: events.length, more };
  });
}

const retryOf = (deps: Pick<WebhookDeliveryDeps, 'webhooks'>) => ({
  initialInterval: deps.webhooks.retryInitialInterval,
  maximumInterval: deps.webhooks.retryMaxInterval,
  maximumAttempts: deps.webhooks.maxAttempts,
});

/** Starts the job that applies the source's rules at its version to every document (joined if it runs). */
export async function startRulesJob(deps: Pick<Deps, 'temporal'>, source: SourceRow): Promise<string> {
  const jobId = rulesJobId(source.workspace_id, source.id, source.rules_version);
  await startJob(deps.temporal, applySourceRulesWorkflow, {
    workflowId: jobId,
    workspaceId: source.workspace_id,
    kind: SOURCE_RULES_JOB_KIND,
    args: [{ workspaceId: source.workspace_id, sourceId: source.id, rulesVersion: source.rules_version }],
    memo: { sourceId: source.id },
    knowledgeId: source.root_id,
  });
  return jobId;
}

/** A rules job's progress: the source's documents at the job's rules version, of all (undefined: not a rules job). */
export async function rulesJobProgress(
  { db }: DbDeps,
  workspaceId: string,
  jobId: string,
): Promise<{ documentsDone: number; documentsTotal: number } | undefined> {
  const ids = parseRulesJobId(jobId);
  if (!ids || ids.workspaceId !== workspaceId) return undefined;
  const source = await sources.findSource(db, workspaceId, ids.sourceId);
  if (!source) return undefined;
  const target = hasRules(source) ? ids.version : null;
  const { done, total } = await rulesRepo.appliedCounts(db, workspaceId, ids.sourceId, target);
  return { documentsDone: done, documentsTotal: total };
}

// What the API shows of the rules (workspace credentials only: role-bound tokens see their effect, not them)

export interface RuleCount {
  rule: number;
  documents: number;
}

export interface SourceRulesView {
  source: SourceRow;
  rules: SourceRule[];
  defaultRoleIds: string[];
  counts: { byRule: Map<number, number>; pending: number; total: number };
  unreached: Awaited<ReturnType<typeof rulesRepo.itemsWithoutRole>>;
  jobId: string | null;
}

/** The rules with how many documents each gives roles, and the source's items no role reaches. */
export async function viewSourceRules(
  { db }: DbDeps,
  source: SourceRow,
  unreachedLimit = 50,
): Promise<SourceRulesView> {
  const rules = storedRules(source.rules);
  const target = targetVersion(source);
  const [ctx, counts, unreached] = await Promise.all([
    contextOf({ db }, source, rules),
    rulesRepo.ruleCounts(db, source.workspace_id, source.id, target),
    rulesRepo.itemsWithoutRole(db, source.workspace_id, source.root_id, unreachedLimit),
  ]);
  return {
    source,
    rules,
    defaultRoleIds: ctx.defaultRoleIds,
    counts,
    unreached,
    jobId: source.rules_version > 0 ? rulesJobId(source.workspace_id, source.id, source.rules_version) : null,
  };
}

export interface RolesChange {
  knowledgeId: string;
  key: string;
  path: string;
  from: { rule: number | null; roleIds: string[] };
  to: { rule: number | null; roleIds: string[] };
}

export interface RulesPreview {
  documents: number;
  changing: number;
  byRule: Map<number, number>;
  changes: RolesChange[];
  truncated: boolean;
}

const PREVIEW_PAGE = 1000;

/**
 * A dry run: which of the source's documents would get other roles under `rules` (and `roleIds` as the default),
 * from the facts the last sync recorded, compared with the roles the source gives them now. Nothing is written.
 */
export async function previewSourceRules(
  { db }: DbDeps,
  source: SourceRow,
  proposed: { rules?: SourceRule[]; roleIds?: string[] },
  limit: number,
): Promise<RulesPreview> {
  await checkSourceRoles({ db }, source.workspace_id, proposed);
  const now = await contextOf({ db }, source);
  const rules = proposed.rules ?? storedRules(source.rules);
  const defaultRoleIds = [...new Set(proposed.roleIds ?? now.defaultRoleIds)].sort();
  const next = await contextOf(
    { db },
    { ...source, rules, rules_version: source.rules_version + 1, role_ids: defaultRoleIds },
    rules,
  );
  // Without rules, the source's roles go back on its root item.
  if (rules.length === 0) Object.assign(next, { rootRoleIds: defaultRoleIds, defaultRoleIds });
  const out: RulesPreview = { documents: 0, changing: 0, byRule: new Map(), changes: [], truncated: false };
  for (let afterId: string | undefined; ;) {
    const page = await rulesRepo.documentsPage(db, source.workspace_id, source.id, afterId, PREVIEW_PAGE);
    for (const doc of page) {
      out.documents += 1;
      const facts = documentFacts(source, doc);
      const to = targetOf(next, facts);
      if (to.rule !== null) out.byRule.set(to.rule, (out.byRule.get(to.rule) ?? 0) + 1);
      const fromRoles = givenRoles(now, doc);
      const toRoles = to.rule === null ? next.rootRoleIds : to.roleIds;
      if (sameRoles(fromRoles, toRoles)) continue;
      out.changing += 1;
      if (out.changes.length >= limit) {
        out.truncated = true;
        continue;
      }
      out.changes.push({
        knowledgeId: doc.knowledge_id!,
        key: doc.key,
        path: facts.path,
        from: { rule: doc.rule, roleIds: [...fromRoles].sort() },
        to: { rule: to.rule, roleIds: [...toRoles].sort() },
      });
    }
    if (page.length < PREVIEW_PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return out;
}

/** The rule a source gave an item its roles by ("why not?" and "who sees this" name it). */
export interface ItemRule {
  sourceId: string;
  sourceName: string;
  /** 0: the source's default; null: the source has no rules (its root's roles reach the item). */
  rule: number | null;
  label: string;
  roleIds: string[];
}

export async function ruleOfItem(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
): Promise<ItemRule | undefined> {
  const doc = await rulesRepo.documentOfItem(db, workspaceId, knowledgeId);
  const source = doc ? await sources.findSource(db, workspaceId, doc.source_id) : undefined;
  if (!doc || !source) return undefined;
  const rule = hasRules(source) ? (doc.rule ?? null) : null;
  return {
    sourceId: source.id,
    sourceName: source.name,
    rule,
    label: rule === null ? "the source's roles (on its root item)" : ruleLabel(rule),
    roleIds: rule === null ? [] : [...(doc.rule_role_ids ?? [])].sort(),
  };
}

/** Whether the item is the root of a source with rules (roles assigned to it would reach every document). */
export async function isRootOfRuledSource({ db }: DbDeps, workspaceId: string, knowledgeId: string): Promise<boolean> {
  const source = await sources.findSourceByRoot(db, workspaceId, knowledgeId);
  return source !== undefined && hasRules(source);
}

/** The facts beyond the path a listing of the source records for its rules. */
export const listedFacts = (source: SourceRow) => factsRead(storedRules(source.rules));
