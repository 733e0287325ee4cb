import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import { ruleLabel, type RoleVia } from '../../domain/sourceRules';
import type { RoleRow } from '../rows';

export async function insertRole(
  db: Tx,
  workspaceId: string,
  input: { id?: string; name: string; description?: string | null; customerRoleId?: string | null },
): Promise<RoleRow> {
  const [row] = await db<RoleRow>('roles')
    .insert({
      id: input.id ?? randomUUID(),
      workspace_id: workspaceId,
      name: input.name,
      description: input.description ?? null,
      customer_role_id: input.customerRoleId ?? null,
    })
    .returning('*');
  return row!;
}

export async function findRole(db: Tx, workspaceId: string, id: string): Promise<RoleRow | undefined> {
  return db<RoleRow>('roles').where({ workspace_id: workspaceId, id }).first();
}

export async function findRoleByCustomerRoleId(
  db: Tx,
  workspaceId: string,
  customerRoleId: string,
): Promise<RoleRow | undefined> {
  return db<RoleRow>('roles').where({ workspace_id: workspaceId, customer_role_id: customerRoleId }).first();
}

export async function listRoles(db: Tx, workspaceId: string): Promise<RoleRow[]> {
  return db<RoleRow>('roles').where({ workspace_id: workspaceId }).orderBy('created_at');
}

/**
 * Idempotent: inserting a role id that exists is a no-op (a re-run create), and a deleted role id is never
 * brought back (a create retried after the role's deletion). Reports a customerRoleId clash.
 */
export async function insertRoleIfAbsent(
  db: Tx,
  workspaceId: string,
  input: { id: string; name: string; description: string | null; customerRoleId: string | null },
): Promise<'inserted' | 'exists' | 'deleted' | 'customerRoleIdTaken'> {
  return db.transaction(async (trx) => {
    if (await findRole(trx, workspaceId, input.id)) return 'exists';
    if ((await tombstonedRoleIds(trx, workspaceId, [input.id])).length > 0) return 'deleted';
    if (input.customerRoleId !== null && (await findRoleByCustomerRoleId(trx, workspaceId, input.customerRoleId))) {
      return 'customerRoleIdTaken';
    }
    await insertRole(trx, workspaceId, input);
    return 'inserted';
  });
}

/** The number of a role update request, taken when it is answered (migration 0047). */
export async function nextRoleUpdateSeq(db: Tx): Promise<string> {
  const { rows } = await db.raw<{ rows: Array<{ seq: string }> }>(
    `select nextval('role_update_request_seq')::text as seq`,
  );
  return rows[0]!.seq;
}

/**
 * Writes the patch's fields; with `seq` (the request's number), each only where no later request has written it,
 * so updates applied in any order end as the last request asked. Without (a job started before requests were
 * numbered), each only where no numbered request has written it. Answers the rows matched (0: no such role).
 */
export async function updateRoleFields(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: { name?: string; description?: string | null; customerRoleId?: string | null },
  seq?: string,
): Promise<number> {
  const update: Record<string, unknown> = { updated_at: db.fn.now() };
  const write = (column: string, value: string | null) => {
    if (seq === undefined) {
      update[column] = db.raw(`CASE WHEN ?? = 0 THEN ? ELSE ?? END`, [`${column}_seq`, value, column]);
      return;
    }
    update[column] = db.raw(`CASE WHEN ?? < ?::bigint THEN ? ELSE ?? END`, [`${column}_seq`, seq, value, column]);
    update[`${column}_seq`] = db.raw(`GREATEST(??, ?::bigint)`, [`${column}_seq`, seq]);
  };
  if (patch.name !== undefined) write('name', patch.name);
  if (patch.description !== undefined) write('description', patch.description);
  if (patch.customerRoleId !== undefined) write('customer_role_id', patch.customerRoleId);
  return db('roles').where({ workspace_id: workspaceId, id }).update(update);
}

/** Deletes the role and remembers its id (same transaction), so the id is never used again. */
export async function deleteRole(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const deleted = (await trx('roles').where({ workspace_id: workspaceId, id }).delete()) > 0;
    if (deleted) await tombstoneRole(trx, workspaceId, id);
    return deleted;
  });
}

/**
 * Remembers a role id as deleted. The delete request does so at once, before its job removes the role: an identical
 * create sent meanwhile takes a new id, and the customerRoleId counts as being released.
 */
export async function tombstoneRole(db: Tx, workspaceId: string, id: string): Promise<void> {
  await db('role_tombstones').insert({ role_id: id, workspace_id: workspaceId }).onConflict('role_id').ignore();
}

export interface CustomerRoleIdClaim {
  role_id: string;
  job_id: string;
  claimed_at: Date;
  /** Claimed (or claimed again) in the last `youngSeconds`: its job may not be started yet. */
  young: boolean;
}

/** The jobs that claimed this customerRoleId (migration 0046), newest first. */
export async function customerRoleIdClaims(
  db: Tx,
  workspaceId: string,
  customerRoleId: string,
  youngSeconds: number,
): Promise<CustomerRoleIdClaim[]> {
  return db('customer_role_id_claims')
    .where({ workspace_id: workspaceId, customer_role_id: customerRoleId })
    .orderBy('claimed_at', 'desc')
    .select(
      'role_id',
      'job_id',
      'claimed_at',
      db.raw('claimed_at > now() - make_interval(secs => ?) as young', [youngSeconds]),
    );
}

/**
 * Records that `jobId` sets this customerRoleId on `roleId`; a job that had claimed it already (a repeated create,
 * which may start a new run under the same id) claims it again now. Times are kept to the millisecond, so a claim
 * read can be matched again (dropCustomerRoleIdClaims).
 */
export async function addCustomerRoleIdClaim(
  db: Tx,
  workspaceId: string,
  customerRoleId: string,
  claim: { roleId: string; jobId: string },
): Promise<{ added: boolean; claimedAt: Date }> {
  const now = db.raw(`date_trunc('milliseconds', now())`);
  const [row] = await db('customer_role_id_claims')
    .insert({
      workspace_id: workspaceId,
      customer_role_id: customerRoleId,
      job_id: claim.jobId,
      role_id: claim.roleId,
      claimed_at: now,
    })
    .onConflict(['workspace_id', 'customer_role_id', 'job_id'])
    .merge({ role_id: claim.roleId, claimed_at: now })
    .returning(['claimed_at', db.raw('(xmax = 0) as added')]);
  return { added: Boolean(row.added), claimedAt: row.claimed_at as Date };
}

/**
 * Drops these jobs' claims on this customerRoleId; with `claimedAt` (as read: to the millisecond), only a claim not
 * made again since.
 */
export async function dropCustomerRoleIdClaims(
  db: Tx,
  workspaceId: string,
  customerRoleId: string,
  claims: Array<{ jobId: string; claimedAt?: Date }>,
): Promise<void> {
  for (const { jobId, claimedAt } of claims) {
    const q = db('customer_role_id_claims').where({
      workspace_id: workspaceId,
      customer_role_id: customerRoleId,
      job_id: jobId,
    });
    if (claimedAt) void q.andWhereRaw(`date_trunc('milliseconds', claimed_at) = ?`, [claimedAt]);
    await q.delete();
  }
}

/** The customerRoleIds of the workspace's roles, but those of roles whose delete was asked for. */
export async function liveCustomerRoleIds(db: Tx, workspaceId: string): Promise<string[]> {
  return db('roles')
    .where({ workspace_id: workspaceId })
    .whereNotNull('customer_role_id')
    .whereNotExists(db('role_tombstones as t').whereRaw('t.role_id = roles.id'))
    .orderBy('created_at')
    .pluck('customer_role_id');
}

/** Which of these ids belonged to roles that have been deleted. */
export async function tombstonedRoleIds(db: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return db('role_tombstones').where({ workspace_id: workspaceId }).whereIn('role_id', ids).pluck('role_id');
}

export async function findRoles(
  db: Tx,
  workspaceId: string,
  criteria: { customerRoleId?: string; name?: string },
): Promise<RoleRow[]> {
  const q = db<RoleRow>('roles').where({ workspace_id: workspaceId });
  if (criteria.customerRoleId !== undefined) void q.andWhere('customer_role_id', criteria.customerRoleId);
  if (criteria.name !== undefined) {
    void q.andWhereRaw(`lower(name) LIKE ? ESCAPE '\\'`, [
      `%${criteria.name.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`,
    ]);
  }
  return q.orderBy('created_at');
}

export async function existingRoleIds(db: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return db('roles')
    .where({ workspace_id: workspaceId })
    .whereIn('id', ids)
    .whereNotExists(db('role_tombstones as t').whereRaw('t.role_id = roles.id'))
    .pluck('id');
}

/**
 * Records an assignment request of the roles on the item as the latest of each (one sequence number for the
 * request, taken now): what the jobs apply (lockAssignmentRequests). Roles gone meanwhile are skipped. Returns
 * the request's sequence number.
 */
export async function recordAssignmentRequest(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  roleIds: string[],
  action: 'assign' | 'unassign',
): Promise<string> {
  const { rows } = await db.raw<{ rows: Array<{ seq: string }> }>(
    `select nextval('role_assignment_request_seq')::text as seq`,
  );
  const seq = rows[0]!.seq;
  if (roleIds.length === 0) return seq;
  await db.raw(
    `insert into role_assignment_requests (knowledge_id, role_id, workspace_id, action, seq)
     select ?::uuid, r.id, ?::uuid, ?, ?::bigint from roles r where r.workspace_id = ?::uuid and r.id = any(?::uuid[])
     order by r.id
     on conflict (knowledge_id, role_id) do update set action = excluded.action, seq = excluded.seq
       where role_assignment_requests.seq < excluded.seq`,
    [knowledgeId, workspaceId, action, seq, workspaceId, roleIds],
  );
  return seq;
}

export interface AssignmentRequest {
  action: 'assign' | 'unassign';
  seq: string;
}

/** The latest recorded request of each of these roles on the item (roles without one: absent). */
export async function assignmentRequests(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  roleIds: string[],
): Promise<Map<string, AssignmentRequest>> {
  if (roleIds.length === 0) return new Map();
  const rows: Array<{ role_id: string; action: 'assign' | 'unassign'; seq: string }> = await db(
    'role_assignment_requests',
  )
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .whereIn('role_id', roleIds)
    .select('role_id', 'action', db.raw('seq::text as seq'));
  return new Map(rows.map((r) => [r.role_id, { action: r.action, seq: r.seq }]));
}

/**
 * Takes back request `seq` where it is still the latest: each role's record goes back to `before` (or away when it
 * had none). For a request whose job could not be started.
 */
export async function restoreAssignmentRequests(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  roleIds: string[],
  before: Map<string, AssignmentRequest>,
  seq: string,
): Promise<void> {
  for (const roleId of roleIds) {
    const mine = db('role_assignment_requests').where({
      workspace_id: workspaceId,
      knowledge_id: knowledgeId,
      role_id: roleId,
      seq,
    });
    const previous = before.get(roleId);
    if (previous) await mine.update({ action: previous.action, seq: previous.seq });
    else await mine.delete();
  }
}

/**
 * Locks the item's row and the roles' rows against deletion (FOR KEY SHARE) before a job locks their assignment
 * requests: a role's or an item's delete, whose cascade reaches knowledge_roles and then the requests, waits here
 * instead of locking the same rows in the other order. False when the item is gone.
 */
export async function lockAssignmentParents(
  trx: Tx,
  workspaceId: string,
  knowledgeId: string,
  roleIds: string[],
): Promise<boolean> {
  const item = await trx('knowledge').where({ workspace_id: workspaceId, id: knowledgeId }).forKeyShare().first('id');
  if (!item) return false;
  if (roleIds.length > 0) {
    await trx('roles')
      .where({ workspace_id: workspaceId })
      .whereIn('id', roleIds)
      .orderBy('id')
      .forKeyShare()
      .select('id');
  }
  return true;
}

/**
 * The latest requested action of each of these roles on the item, their rows locked until the transaction ends
 * (a job applying them and a request recording a newer one wait for each other). Roles without a request: absent.
 */
export async function lockAssignmentRequests(
  trx: Tx,
  workspaceId: string,
  knowledgeId: string,
  roleIds: string[],
): Promise<Map<string, 'assign' | 'unassign'>> {
  if (roleIds.length === 0) return new Map();
  const rows: Array<{ role_id: string; action: 'assign' | 'unassign' }> = await trx('role_assignment_requests')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .whereIn('role_id', roleIds)
    .orderBy('role_id')
    .forUpdate()
    .select('role_id', 'action');
  return new Map(rows.map((r) => [r.role_id, r.action]));
}

/** The roles an item is assigned: its own and those it inherits from its parent. */
export async function knowledgeRoles(db: Tx, workspaceId: string, knowledgeId: string): Promise<RoleRow[]> {
  const holders = db('knowledge')
    .where({ workspace_id: workspaceId, id: knowledgeId })
    .select(db.raw('unnest(array_remove(ARRAY[id, parent_id], NULL))'));
  return db<RoleRow>('roles as r')
    .where('r.workspace_id', workspaceId)
    .whereExists(
      db('knowledge_roles as kr')
        .whereRaw('kr.role_id = r.id')
        .andWhere('kr.workspace_id', workspaceId)
        .whereIn('kr.knowledge_id', holders),
    )
    .select('r.*')
    .orderBy('r.created_at');
}

/** Idempotent assignment changes: assigning twice or removing an absent assignment is a no-op. */
export async function changeKnowledgeRoles(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  roleIds: string[],
  action: 'assign' | 'unassign',
): Promise<void> {
  if (roleIds.length === 0) return;
  if (action === 'assign') {
    await db('knowledge_roles')
      .insert(roleIds.map((role_id) => ({ knowledge_id: knowledgeId, role_id, workspace_id: workspaceId })))
      .onConflict(['knowledge_id', 'role_id'])
      // An assignment by hand of a role a source's rule gave: the hand's from now on (a rule no longer removes it).
      .merge({ via_rule: null });
  } else {
    await db('knowledge_roles')
      .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
      .whereIn('role_id', roleIds)
      .delete();
  }
}

/**
 * A role that makes an item visible: assigned to the item itself ('direct'), to its parent ('parent'), or to the item
 * by a rule of the source it came from ('source rule <n>', 'source default').
 */
export interface VisibilityRole {
  id: string;
  name: string;
  via: RoleVia;
}

/** For each of the items, the roles assigned to it or to its parent (one query; items without any map to []). */
export async function visibilityRoles(
  db: Tx,
  workspaceId: string,
  knowledgeIds: string[],
): Promise<Map<string, VisibilityRole[]>> {
  const out = new Map<string, VisibilityRole[]>(knowledgeIds.map((id) => [id, []]));
  if (knowledgeIds.length === 0) return out;
  const rows: Array<{ item_id: string; id: string; name: string; direct: boolean; via_rule: number | null }> = await db(
    'knowledge as k',
  )
    .join('knowledge_roles as kr', function () {
      this.on('kr.workspace_id', 'k.workspace_id').andOn(db.raw('kr.knowledge_id IN (k.id, k.parent_id)'));
    })
    .join('roles as r', function () {
      this.on('r.id', 'kr.role_id').andOn('r.workspace_id', 'k.workspace_id');
    })
    .where('k.workspace_id', workspaceId)
    .whereIn('k.id', knowledgeIds)
    .select('k.id as item_id', 'r.id', 'r.name', db.raw('kr.knowledge_id = k.id AS direct'), 'kr.via_rule')
    .orderBy([{ column: 'r.name' }, { column: 'r.id' }]);
  for (const row of rows) {
    const via: RoleVia = !row.direct ? 'parent' : row.via_rule === null ? 'direct' : ruleLabel(row.via_rule);
    out.get(row.item_id)?.push({ id: row.id, name: row.name, via });
  }
  return out;
}
