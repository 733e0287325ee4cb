import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { SpaceGroupRow, SpaceMessageRow, SpaceRow, SpaceUserRow } from '../rows';

/** Creates the user on first sight; a later call may fill in an email that was missing. */
export async function upsertSpaceUser(
  db: Tx,
  workspaceId: string,
  input: { externalId: string; email?: string | null },
): Promise<SpaceUserRow> {
  const [row] = await db('space_users')
    .insert({ id: randomUUID(), workspace_id: workspaceId, external_id: input.externalId, email: input.email ?? null })
    .onConflict(['workspace_id', 'external_id'])
    .merge({ email: db.raw('COALESCE(EXCLUDED.email, space_users.email)'), updated_at: db.fn.now() })
    .returning('*');
  return row as SpaceUserRow;
}

export async function findSpaceUserByExternalId(db: Tx, workspaceId: string, externalId: string) {
  return db<SpaceUserRow>('space_users').where({ workspace_id: workspaceId, external_id: externalId }).first();
}

export async function findSpaceUser(db: Tx, workspaceId: string, id: string): Promise<SpaceUserRow | undefined> {
  return db<SpaceUserRow>('space_users').where({ workspace_id: workspaceId, id }).first();
}

/**
 * The user's space, created with its host membership, default group and role when absent; isNew only for the
 * creator.
 */
export async function ensureSpace(
  db: Tx,
  workspaceId: string,
  owner: SpaceUserRow,
  roleId: string | null = null,
  activatedBy: string | null = null,
): Promise<{ space: SpaceRow; isNew: boolean }> {
  const inserted = (await db('spaces')
    .insert({
      id: randomUUID(),
      workspace_id: workspaceId,
      owner_id: owner.id,
      role_id: roleId,
      activated_by: activatedBy,
      name: `${owner.email ?? owner.external_id}'s space`,
    })
    .onConflict(['workspace_id', 'owner_id'])
    .ignore()
    .returning('*')) as SpaceRow[];
  if (inserted[0]) {
    await db('space_members').insert({ space_id: inserted[0].id, user_id: owner.id, role: 'HOST' });
    await insertGroup(db, inserted[0].id, 'General', true);
    return { space: inserted[0], isNew: true };
  }
  const space = await db<SpaceRow>('spaces').where({ workspace_id: workspaceId, owner_id: owner.id }).first();
  return { space: space!, isNew: false };
}

/** Every stored file of a space: its knowledge's files and its uploads' (some not yet knowledge). */
export async function spaceStorageKeys(db: Tx, workspaceId: string, spaceId: string): Promise<string[]> {
  const rows: Array<{ key: string | null }> = await db('knowledge')
    .where({ workspace_id: workspaceId, space_id: spaceId })
    .select('storage_key as key')
    .union((u) =>
      u
        .from('upload_file_metadata')
        .where({ workspace_id: workspaceId, space_id: spaceId })
        .select('storage_key as key'),
    );
  return [...new Set(rows.map((r) => r.key).filter((k): k is string => !!k))].sort();
}

/**
 * Deletes a space's owner and with them (foreign keys, ON DELETE CASCADE) the space, its members, groups,
 * messages, knowledge, chunks and uploads; the owner's messages in other spaces lose their author. False when
 * the space is already gone.
 */
export async function deleteSpaceAndOwner(db: Tx, workspaceId: string, spaceId: string): Promise<boolean> {
  const space = await db<SpaceRow>('spaces').where({ workspace_id: workspaceId, id: spaceId }).first('owner_id');
  if (!space) return false;
  await db('space_users').where({ workspace_id: workspaceId, id: space.owner_id }).delete();
  return true;
}

export async function setSpaceRole(db: Tx, workspaceId: string, id: string, roleId: string | null): Promise<void> {
  await db('spaces').where({ workspace_id: workspaceId, id }).update({ role_id: roleId, updated_at: db.fn.now() });
}

export async function findSpace(db: Tx, workspaceId: string, id: string): Promise<SpaceRow | undefined> {
  return db<SpaceRow>('spaces').where({ workspace_id: workspaceId, id }).first();
}

export async function members(db: Tx, spaceId: string): Promise<Array<SpaceUserRow & { role: string }>> {
  return db('space_members as m')
    .join('space_users as u', 'u.id', 'm.user_id')
    .where('m.space_id', spaceId)
    .select('u.*', 'm.role')
    .orderBy('m.created_at');
}

export async function memberRole(db: Tx, spaceId: string, userId: string): Promise<string | undefined> {
  const row = await db('space_members').where({ space_id: spaceId, user_id: userId }).first('role');
  return row?.role as string | undefined;
}

export async function addMember(db: Tx, spaceId: string, userId: string, role: string): Promise<void> {
  await db('space_members')
    .insert({ space_id: spaceId, user_id: userId, role })
    .onConflict(['space_id', 'user_id'])
    .merge(['role']);
}

export async function insertGroup(db: Tx, spaceId: string, name: string, isDefault = false): Promise<SpaceGroupRow> {
  const [row] = await db('space_groups')
    .insert({ id: randomUUID(), space_id: spaceId, name, is_default: isDefault, conversation_id: randomUUID() })
    .returning('*');
  return row as SpaceGroupRow;
}

export async function groups(db: Tx, spaceId: string): Promise<SpaceGroupRow[]> {
  return db<SpaceGroupRow>('space_groups')
    .where({ space_id: spaceId })
    .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'created_at' }]);
}

export async function findGroup(db: Tx, spaceId: string, id: string): Promise<SpaceGroupRow | undefined> {
  return db<SpaceGroupRow>('space_groups').where({ space_id: spaceId, id }).first();
}

export async function defaultGroup(db: Tx, spaceId: string): Promise<SpaceGroupRow | undefined> {
  return db<SpaceGroupRow>('space_groups').where({ space_id: spaceId, is_default: true }).first();
}

/** The space's row locked for the caller's transaction (its message counters are read and bumped under it). */
export async function lockSpace(db: Tx, workspaceId: string, id: string): Promise<SpaceRow | undefined> {
  return db<SpaceRow>('spaces').where({ workspace_id: workspaceId, id }).forUpdate().first();
}

export async function countGroups(db: Tx, spaceId: string): Promise<number> {
  const [row] = await db('space_groups').where({ space_id: spaceId }).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function countSpaces(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db('spaces').where({ workspace_id: workspaceId }).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

/** The spaces of the workspace one narrow credential created (activated_by, migration 0030). */
export async function countSpacesActivatedBy(db: Tx, workspaceId: string, activatedBy: string): Promise<number> {
  const [row] = await db('spaces')
    .where({ workspace_id: workspaceId, activated_by: activatedBy })
    .count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function findSpaceOf(db: Tx, workspaceId: string, ownerId: string): Promise<SpaceRow | undefined> {
  return db<SpaceRow>('spaces').where({ workspace_id: workspaceId, owner_id: ownerId }).first();
}

/** Stores a message of `bytes` and counts it on its space and group (the caller holds the space's row lock). */
export async function insertMessage(
  db: Tx,
  row: Omit<SpaceMessageRow, 'created_at' | 'thumb_up' | 'thumb_down'>,
  bytes: number,
): Promise<SpaceMessageRow> {
  const [inserted] = await db('space_messages')
    .insert({
      ...row,
      sources: row.sources === null ? null : JSON.stringify(row.sources),
      sources_metadata: row.sources_metadata === null ? null : JSON.stringify(row.sources_metadata),
    })
    .returning('*');
  await db('space_groups')
    .where({ id: row.group_id })
    .update({ last_message_at: db.fn.now(), updated_at: db.fn.now() });
  await db('spaces')
    .where({ id: row.space_id })
    .update({ message_count: db.raw('message_count + 1'), message_bytes: db.raw('message_bytes + ?', [bytes]) });
  return inserted as SpaceMessageRow;
}

export async function findMessage(db: Tx, spaceId: string, id: string): Promise<SpaceMessageRow | undefined> {
  return db<SpaceMessageRow>('space_messages').where({ space_id: spaceId, id }).first();
}

/**
 * A group's messages, oldest first. With `page`: the `limit` latest messages (before the message
 * `before`, when given), still oldest first.
 */
export async function listMessages(
  db: Tx,
  groupId: string,
  page?: { limit: number; maxBytes?: number; before?: Pick<SpaceMessageRow, 'id' | 'created_at'> },
): Promise<
  Array<SpaceMessageRow & { user_external_id: string | null; user_name: string | null; user_photo: string | null }>
> {
  const query = db('space_messages as m')
    .leftJoin('space_users as u', 'u.id', 'm.user_id')
    .where('m.group_id', groupId)
    .select('m.*', 'u.external_id as user_external_id', 'u.name as user_name', 'u.photo as user_photo');
  if (!page) return query.orderBy([{ column: 'm.created_at' }, { column: 'm.id' }]);
  // The page's messages, newest first: at most `limit` of them, and (with maxBytes) as many as fit in that many
  // bytes of text, at least one. Sizes are read from the `limit` newest rows alone (by the group's index),
  // and only the rows kept are loaded whole.
  const newest = db('space_messages as m')
    .where('m.group_id', groupId)
    .modify((q) => {
      if (page.before) q.whereRaw('(m.created_at, m.id) < (?, ?)', [page.before.created_at, page.before.id]);
    })
    .orderBy([
      { column: 'm.created_at', order: 'desc' },
      { column: 'm.id', order: 'desc' },
    ])
    .limit(page.limit)
    .select('m.id', 'm.created_at', db.raw(`${MESSAGE_SIZE} as size`));
  const running = db
    .from(newest.as('p'))
    .select('p.id', 'p.size', db.raw('sum(p.size) over (order by p.created_at desc, p.id desc) as running'));
  const kept = db
    .from(running.as('r'))
    .modify((q) => {
      if (page.maxBytes !== undefined) q.whereRaw('r.running - r.size < ?', [page.maxBytes]);
    })
    .select('r.id');
  const latest = await query.whereIn('m.id', kept).orderBy([
    { column: 'm.created_at', order: 'desc' },
    { column: 'm.id', order: 'desc' },
  ]);
  return latest.reverse();
}

/**
 * A space message's size in a page, counted as the space's byte bound counts it (services/spaces
 * spaceMessageBytes, migration 0029's backfill): its text, content and sources as JSON text.
 */
const MESSAGE_SIZE =
  "octet_length(m.message) + octet_length(coalesce(m.content, '')) + " +
  'coalesce(octet_length(m.sources::text), 0) + coalesce(octet_length(m.sources_metadata::text), 0)';

/** Whether the group holds a message older than this one (a page's first). */
export async function hasOlderMessage(db: Tx, groupId: string, than: Pick<SpaceMessageRow, 'id' | 'created_at'>) {
  const row = await db('space_messages')
    .where('group_id', groupId)
    .whereRaw('(created_at, id) < (?, ?)', [than.created_at, than.id])
    .first('id');
  return row !== undefined;
}

export async function setFeedback(
  db: Tx,
  spaceId: string,
  id: string,
  feedback: { thumbUp?: boolean; thumbDown?: boolean },
): Promise<SpaceMessageRow | undefined> {
  const patch: Record<string, boolean> = {};
  if (feedback.thumbUp !== undefined) {
    patch.thumb_up = feedback.thumbUp;
    if (feedback.thumbUp) patch.thumb_down = false;
  }
  if (feedback.thumbDown !== undefined) {
    patch.thumb_down = feedback.thumbDown;
    if (feedback.thumbDown) patch.thumb_up = false;
  }
  const [row] = await db('space_messages').where({ space_id: spaceId, id }).update(patch).returning('*');
  return row as SpaceMessageRow | undefined;
}
