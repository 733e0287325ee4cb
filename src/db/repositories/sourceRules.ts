// The queries of a source's rules (migration 0032_source_rules): the documents a rules job or a sync applies them
// to, the role assignments a rule made (knowledge_roles.via_rule), the counts the console shows, and the outbox of
// knowledge.roles_changed events. Every query is scoped by workspace.
import type { Attributes } from '../../domain/filter';
import type { DocumentFacts, RolesEvent } from '../../domain/sourceRules';
import type { Tx } from '../knex';
import type { SourceDocumentRow } from '../rows';

/** The version a document's rules state should be at: the source's, or null for a source without rules. */
const versionClause = 'source_documents.rules_version IS DISTINCT FROM ?::int';

/**
 * The next documents (with an item) whose rules state is not at `target`, after `afterId`, in id order: the rules
 * job's batches. `facts` narrows to documents whose listed facts moved since the rules were applied to them.
 */
export async function documentsToApply(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  target: number | null,
  opts: { limit: number; afterId?: string; listedBy?: string; factsChanged?: boolean },
): Promise<SourceDocumentRow[]> {
  const q = db<SourceDocumentRow>('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .whereNotNull('knowledge_id');
  if (opts.afterId) void q.andWhere('id', '>', opts.afterId);
  if (opts.listedBy) {
    // A sync's unchanged documents: listed by it at the fingerprint already indexed.
    void q.andWhere('listed_sync_id', opts.listedBy).andWhereRaw('fingerprint = listed_fingerprint');
  }
  void q.andWhere((w) => {
    void w.whereRaw(versionClause, [target]);
    if (opts.factsChanged && target !== null) void w.orWhereRaw('listed_facts IS DISTINCT FROM facts');
  });
  return q.orderBy('id').limit(opts.limit);
}

/** The documents by id (not locked). */
export async function documentsById(db: Tx, workspaceId: string, ids: string[]): Promise<SourceDocumentRow[]> {
  if (ids.length === 0) return [];
  return db<SourceDocumentRow>('source_documents')
    .where({ workspace_id: workspaceId })
    .whereIn('id', ids)
    .orderBy('id');
}

/** The documents by id, locked for the caller's transaction (in id order). */
export async function lockDocuments(db: Tx, workspaceId: string, ids: string[]): Promise<SourceDocumentRow[]> {
  if (ids.length === 0) return [];
  return db<SourceDocumentRow>('source_documents')
    .where({ workspace_id: workspaceId })
    .whereIn('id', ids)
    .orderBy('id')
    .forUpdate();
}

/** The document an item came from (with its source's id), if a source brought it. */
export async function documentOfItem(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
): Promise<SourceDocumentRow | undefined> {
  return db<SourceDocumentRow>('source_documents')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .first();
}

export interface DocumentRulesPatch {
  facts?: DocumentFacts | null;
  rule?: number | null;
  rules_version?: number | null;
  rule_role_ids?: string[] | null;
  rule_attributes?: Attributes | null;
  roles_event?: RolesEvent | null;
  roles_event_key?: string | null;
}

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

/**
 * What the rules gave each document, in one statement; a patch's roles_event undefined keeps the document's, null
 * drops a pending one, an event is pending (its key cleared).
 */
export async function updateDocumentsRules(
  db: Tx,
  workspaceId: string,
  rows: Array<{ id: string; patch: DocumentRulesPatch }>,
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(() => '(?::bigint, ?::jsonb, ?::int, ?::int, ?::jsonb, ?::jsonb, ?::boolean, ?::jsonb)');
  await db.raw(
    `UPDATE source_documents d
        SET facts = v.facts, rule = v.rule, rules_version = v.rules_version, rule_role_ids = v.rule_role_ids,
            rule_attributes = v.rule_attributes,
            roles_event = CASE WHEN v.set_event THEN v.event ELSE d.roles_event END,
            roles_event_key = CASE WHEN v.set_event THEN NULL ELSE d.roles_event_key END
       FROM (VALUES ${values.join(', ')})
         v(id, facts, rule, rules_version, rule_role_ids, rule_attributes, set_event, event)
      WHERE d.workspace_id = ? AND d.id = v.id`,
    [
      ...rows.flatMap(({ id, patch }) => [
        id,
        json(patch.facts ?? null),
        patch.rule ?? null,
        patch.rules_version ?? null,
        json(patch.rule_role_ids ?? null),
        json(patch.rule_attributes ?? null),
        patch.roles_event !== undefined,
        json(patch.roles_event ?? null),
      ]),
      workspaceId,
    ],
  );
}

/** The roles a source's rules assigned to the items, with the rule that did (not those assigned by hand). */
export async function ruleAssignments(
  db: Tx,
  workspaceId: string,
  knowledgeIds: string[],
): Promise<Array<{ knowledge_id: string; role_id: string; via_rule: number }>> {
  if (knowledgeIds.length === 0) return [];
  return db('knowledge_roles')
    .where({ workspace_id: workspaceId })
    .whereIn('knowledge_id', knowledgeIds)
    .whereNotNull('via_rule')
    .select('knowledge_id', 'role_id', 'via_rule');
}

/** The items' attributes by id. */
export async function itemAttributes(db: Tx, workspaceId: string, ids: string[]): Promise<Map<string, Attributes>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ id: string; attributes: Attributes }> = await db('knowledge')
    .where({ workspace_id: workspaceId })
    .whereIn('id', ids)
    .select('id', 'attributes');
  return new Map(rows.map((r) => [r.id, r.attributes ?? {}]));
}

type Assignment = { knowledgeId: string; roleId: string };

/** (knowledge_id, role_id) pairs as a VALUES list and its bindings. */
const pairsOf = (rows: Assignment[]) => ({
  sql: rows.map(() => '(?::uuid, ?::uuid)').join(', '),
  bindings: rows.flatMap((r) => [r.knowledgeId, r.roleId]),
});

/**
 * The rules' assignments, in three statements: `add` with the rule that gives each (a role already assigned by hand
 * stays the hand's), `remove` those a rule made that no rule gives now, `relabel` the rule-made ones another rule
 * gives now.
 */
export async function writeRuleAssignments(
  db: Tx,
  workspaceId: string,
  change: {
    add: Array<Assignment & { rule: number }>;
    remove: Assignment[];
    relabel: Array<Assignment & { rule: number }>;
  },
): Promise<void> {
  if (change.add.length > 0) {
    await db('knowledge_roles')
      .insert(
        change.add.map((a) => ({
          knowledge_id: a.knowledgeId,
          role_id: a.roleId,
          workspace_id: workspaceId,
          via_rule: a.rule,
        })),
      )
      .onConflict(['knowledge_id', 'role_id'])
      .ignore();
  }
  if (change.remove.length > 0) {
    const { sql, bindings } = pairsOf(change.remove);
    await db('knowledge_roles')
      .where({ workspace_id: workspaceId })
      .whereNotNull('via_rule')
      .whereRaw(`(knowledge_id, role_id) IN (${sql})`, bindings)
      .delete();
  }
  if (change.relabel.length > 0) {
    await db.raw(
      `UPDATE knowledge_roles kr SET via_rule = v.rule
         FROM (VALUES ${change.relabel.map(() => '(?::uuid, ?::uuid, ?::smallint)').join(', ')}) v(knowledge_id, role_id, rule)
        WHERE kr.workspace_id = ? AND kr.knowledge_id = v.knowledge_id AND kr.role_id = v.role_id
          AND kr.via_rule IS NOT NULL`,
      [...change.relabel.flatMap((r) => [r.knowledgeId, r.roleId, r.rule]), workspaceId],
    );
  }
}

/** The items' new attributes (one statement). */
export async function setItemsAttributes(
  db: Tx,
  workspaceId: string,
  items: Array<{ id: string; attributes: Attributes }>,
): Promise<void> {
  if (items.length === 0) return;
  await db.raw(
    `UPDATE knowledge k SET attributes = v.attributes, updated_at = now()
       FROM (VALUES ${items.map(() => '(?::uuid, ?::jsonb)').join(', ')}) v(id, attributes)
      WHERE k.workspace_id = ? AND k.id = v.id`,
    [...items.flatMap((i) => [i.id, JSON.stringify(i.attributes)]), workspaceId],
  );
}

/** Locks the items (in id order) before their documents: the order a version's transaction takes them in. */
export async function lockItems(db: Tx, workspaceId: string, ids: string[]): Promise<Array<{ id: string }>> {
  if (ids.length === 0) return [];
  return db('knowledge').where({ workspace_id: workspaceId }).whereIn('id', ids).orderBy('id').forUpdate().select('id');
}

/** Of a source's documents with an item: how many each rule gives roles (rule -> count) at the version, and the rest. */
export async function ruleCounts(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  target: number | null,
): Promise<{ byRule: Map<number, number>; pending: number; total: number }> {
  const rows: Array<{ rule: number | null; current: boolean; n: number }> = await db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .whereNotNull('knowledge_id')
    .select('rule', db.raw(`NOT (${versionClause}) AS current`, [target]), db.raw('count(*)::int AS n'))
    .groupBy('rule', 'current');
  const byRule = new Map<number, number>();
  let pending = 0;
  let total = 0;
  for (const r of rows) {
    total += r.n;
    if (!r.current) pending += r.n;
    else if (r.rule !== null) byRule.set(r.rule, (byRule.get(r.rule) ?? 0) + r.n);
  }
  return { byRule, pending, total };
}

/**
 * The source's items no role reaches (none assigned to them or to their parent, the root): under ACTIVE RBAC
 * every role-bound token misses them. The first `limit`, and how many in all.
 */
export async function itemsWithoutRole(
  db: Tx,
  workspaceId: string,
  rootId: string,
  limit: number,
): Promise<{ count: number; items: Array<{ id: string; title: string; key: string | null }> }> {
  const base = db('knowledge as k')
    .where({ 'k.workspace_id': workspaceId, 'k.parent_id': rootId })
    .whereNotExists(db('knowledge_roles as kr').whereRaw('kr.knowledge_id IN (k.id, k.parent_id)'));
  const [counted] = await base.clone().count<Array<{ count: string }>>('* as count');
  const items = await base
    .clone()
    .leftJoin('source_documents as d', function () {
      this.on('d.knowledge_id', 'k.id').andOn('d.workspace_id', 'k.workspace_id');
    })
    .orderBy('k.title')
    .orderBy('k.id')
    .limit(limit)
    .select('k.id', 'k.title', 'd.key');
  return { count: Number(counted?.count ?? 0), items };
}

/** The source's documents with an item, in id order after `afterId`: a preview reads them all in pages. */
export async function documentsPage(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  afterId: string | undefined,
  limit: number,
): Promise<SourceDocumentRow[]> {
  const q = db<SourceDocumentRow>('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .whereNotNull('knowledge_id');
  if (afterId) void q.andWhere('id', '>', afterId);
  return q.orderBy('id').limit(limit);
}

// The knowledge.roles_changed outbox: a document's pending event (roles_event, its key null) is claimed by one
// batch (its key set), which is sent as one event; a batch run again finds its documents by the key. A later
// change of the document's roles writes a new pending event over the sent one.

/** The documents a batch claimed: those already under its key (a run again), else up to `limit` pending ones. */
export async function claimRolesEvents(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  batchKey: string,
  limit: number,
): Promise<Array<{ roles_event: RolesEvent }>> {
  const claimed = () =>
    db('source_documents')
      .where({ workspace_id: workspaceId, source_id: sourceId, roles_event_key: batchKey })
      .whereNotNull('roles_event')
      .orderBy('id')
      .select('roles_event');
  const again = await claimed();
  if (again.length > 0) return again;
  const pending = db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .whereNotNull('roles_event')
    .whereNull('roles_event_key')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select('id');
  await db('source_documents').whereIn('id', pending).update({ roles_event_key: batchKey });
  return claimed();
}

/** Whether the source has events not yet claimed. */
export async function hasPendingRolesEvents(db: Tx, workspaceId: string, sourceId: string): Promise<boolean> {
  const row = await db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .whereNotNull('roles_event')
    .whereNull('roles_event_key')
    .first('id');
  return row !== undefined;
}

/** A document moved within its source: its row takes the new key (and the listing of it), the new key's goes. */
export async function moveDocument(
  db: Tx,
  workspaceId: string,
  from: SourceDocumentRow,
  to: SourceDocumentRow,
): Promise<void> {
  await db('source_documents').where({ workspace_id: workspaceId, id: to.id }).delete();
  await db('source_documents')
    .where({ workspace_id: workspaceId, id: from.id })
    .update({
      key: to.key,
      listed_sync_id: to.listed_sync_id,
      listed_fingerprint: to.listed_fingerprint,
      listed_filename: to.listed_filename,
      listed_size: to.listed_size,
      listed_facts: json(to.listed_facts),
    });
}

/**
 * Moves found by a sync's listing: a document it listed that has no item yet, whose listed fingerprint is that of
 * a document it did not list (content-addressed fingerprints: an ETag, a git blob id), pairs with it; each
 * vanished document and each new one pairs once (by id order).
 */
export async function movedDocuments(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  syncId: string,
  limit: number,
): Promise<Array<{ fromId: string; toId: string }>> {
  const rows: Array<{ from_id: string; to_id: string }> = await db
    .with('gone', (q) =>
      q
        .from('source_documents')
        .where({ workspace_id: workspaceId, source_id: sourceId })
        .whereNotNull('knowledge_id')
        .whereNotNull('fingerprint')
        .whereRaw('listed_sync_id IS DISTINCT FROM ?', [syncId])
        .select('id', 'fingerprint', db.raw('row_number() OVER (PARTITION BY fingerprint ORDER BY id) AS n')),
    )
    .with('arrived', (q) =>
      q
        .from('source_documents')
        .where({ workspace_id: workspaceId, source_id: sourceId, listed_sync_id: syncId })
        .whereNull('knowledge_id')
        .whereNull('outcome')
        .select(
          'id',
          'listed_fingerprint',
          db.raw('row_number() OVER (PARTITION BY listed_fingerprint ORDER BY id) AS n'),
        ),
    )
    .from('gone')
    .join('arrived', function () {
      this.on('arrived.listed_fingerprint', 'gone.fingerprint').andOn('arrived.n', 'gone.n');
    })
    .orderBy('gone.id')
    .limit(limit)
    .select('gone.id as from_id', 'arrived.id as to_id');
  return rows.map((r) => ({ fromId: String(r.from_id), toId: String(r.to_id) }));
}

/** Documents of the source applied at `target`, of all with an item: a rules job's progress. */
export async function appliedCounts(
  db: Tx,
  workspaceId: string,
  sourceId: string,
  target: number | null,
): Promise<{ done: number; total: number }> {
  const [row] = await db('source_documents')
    .where({ workspace_id: workspaceId, source_id: sourceId })
    .whereNotNull('knowledge_id')
    .select(
      db.raw(`count(*) FILTER (WHERE NOT (${versionClause}))::int AS done`, [target]),
      db.raw('count(*)::int AS total'),
    );
  return row as { done: number; total: number };
}
