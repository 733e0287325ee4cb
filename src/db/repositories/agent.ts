// Agent servers, threads and messages. Every query takes the workspace; thread reads also take the caller's
// thread scope (under ACTIVE RBAC, the token's role; the token's subject), so a thread outside it is simply absent.
import type { ThreadScope } from '../../domain/access';
import type { Tx } from '../knex';
import type { AgentMessageRow, AgentServerRow, AgentThreadRow } from '../rows';
import { deleteWorkspaceRow, updateWorkspaceRow } from './workspaceRows';

// ---- servers

export async function insertServer(
  db: Tx,
  row: Omit<AgentServerRow, 'created_at' | 'updated_at'>,
): Promise<AgentServerRow> {
  const [inserted] = await db('agent_servers').insert(row).returning('*');
  return inserted as AgentServerRow;
}

export async function listServers(db: Tx, workspaceId: string): Promise<AgentServerRow[]> {
  return db<AgentServerRow>('agent_servers')
    .where({ workspace_id: workspaceId })
    .orderBy([{ column: 'name' }]);
}

export async function countServers(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db('agent_servers').where({ workspace_id: workspaceId }).count<{ n: number }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function findServer(
  db: Tx,
  workspaceId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AgentServerRow | undefined> {
  const q = db<AgentServerRow>('agent_servers').where({ workspace_id: workspaceId, id });
  if (opts.forUpdate) void q.forUpdate();
  return q.first();
}

export async function updateServer(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: Partial<Pick<AgentServerRow, 'name' | 'url' | 'description' | 'model' | 'auth_token_sealed'>>,
): Promise<AgentServerRow | undefined> {
  return updateWorkspaceRow<AgentServerRow>(db, 'agent_servers', workspaceId, id, patch);
}

export async function deleteServer(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return deleteWorkspaceRow(db, 'agent_servers', workspaceId, id);
}

// ---- threads

const scoped = (db: Tx, workspaceId: string, scope: ThreadScope) => {
  const q = db<AgentThreadRow>('agent_threads').where({ workspace_id: workspaceId });
  if (scope.roleId === null) void q.whereRaw('false');
  else if (scope.roleId !== undefined) void q.andWhere({ role_id: scope.roleId });
  if (scope.subject === null) void q.whereNull('subject');
  else if (scope.subject !== undefined) void q.andWhere({ subject: scope.subject });
  return q;
};

/**
 * How many threads one owner holds: the workspace's all ({}), a subject's ({subject}), or those a role's tokens
 * without a subject created ({roleId}).
 */
export type ThreadOwner = { subject?: string; roleId?: string };

const ownedBy = (db: Tx, workspaceId: string, owner: ThreadOwner) => {
  const q = db('agent_threads').where({ workspace_id: workspaceId });
  if (owner.subject !== undefined) void q.andWhere({ subject: owner.subject });
  else if (owner.roleId !== undefined) void q.whereNull('subject').andWhere({ role_id: owner.roleId });
  return q;
};

export async function countThreads(db: Tx, workspaceId: string, owner: ThreadOwner): Promise<number> {
  const [row] = await ownedBy(db, workspaceId, owner).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

/** The bytes of one owner's stored messages, all threads together. */
export async function storedBytesOf(db: Tx, workspaceId: string, owner: ThreadOwner): Promise<number> {
  const [row] = await ownedBy(db, workspaceId, owner).sum<{ total: string | number | null }[]>({
    total: 'stored_bytes',
  });
  return Number(row?.total ?? 0);
}

/** How many of one owner's threads a run holds now (a lease younger than `leaseMs`). */
export async function countRunningThreads(
  db: Tx,
  workspaceId: string,
  owner: ThreadOwner,
  leaseMs: number,
): Promise<number> {
  const [row] = await ownedBy(db, workspaceId, owner)
    .whereNotNull('run_id')
    .andWhere('run_started_at', '>=', db.raw(`now() - ?::interval`, [`${leaseMs} milliseconds`]))
    .count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function insertThread(
  db: Tx,
  row: Pick<AgentThreadRow, 'id' | 'workspace_id' | 'role_id' | 'subject' | 'agent_server_id' | 'title'>,
): Promise<AgentThreadRow> {
  const [inserted] = await db('agent_threads').insert(row).returning('*');
  return inserted as AgentThreadRow;
}

export async function listThreads(
  db: Tx,
  workspaceId: string,
  scope: ThreadScope,
  page: { offset: number; limit: number },
): Promise<{ rows: AgentThreadRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    scoped(db, workspaceId, scope)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(page.offset)
      .limit(page.limit),
    scoped(db, workspaceId, scope).count<{ n: number }[]>({ n: '*' }),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findThread(
  db: Tx,
  workspaceId: string,
  id: string,
  scope: ThreadScope,
  opts: { forUpdate?: boolean } = {},
): Promise<AgentThreadRow | undefined> {
  const q = scoped(db, workspaceId, scope).andWhere({ id });
  if (opts.forUpdate) void q.forUpdate();
  return q.first();
}

/** Counts a stored message (and its size) on its thread (the caller holds the thread's row lock). */
export async function touchThread(db: Tx, workspaceId: string, threadId: string, bytes: number): Promise<void> {
  await db('agent_threads')
    .where({ workspace_id: workspaceId, id: threadId })
    .update({
      message_count: db.raw('message_count + 1'),
      stored_bytes: db.raw('stored_bytes + ?', [bytes]),
      updated_at: db.fn.now(),
    });
}

/**
 * Takes the thread's run lease: succeeds when no run holds it, or the holder's lease (the run time limit)
 * has expired, so a crashed process never blocks a thread for longer than one run could last.
 */
export async function claimRun(
  db: Tx,
  workspaceId: string,
  threadId: string,
  runId: string,
  leaseMs: number,
): Promise<boolean> {
  const updated = await db('agent_threads')
    .where({ workspace_id: workspaceId, id: threadId })
    .andWhere((q) =>
      q.whereNull('run_id').orWhere('run_started_at', '<', db.raw(`now() - ?::interval`, [`${leaseMs} milliseconds`])),
    )
    .update({ run_id: runId, run_started_at: db.fn.now() });
  return updated > 0;
}

export async function releaseRun(db: Tx, workspaceId: string, threadId: string, runId: string): Promise<void> {
  await db('agent_threads')
    .where({ workspace_id: workspaceId, id: threadId, run_id: runId })
    .update({ run_id: null, run_started_at: null });
}

// ---- messages

export async function listMessages(db: Tx, workspaceId: string, threadId: string): Promise<AgentMessageRow[]> {
  return db<AgentMessageRow>('agent_messages').where({ workspace_id: workspaceId, thread_id: threadId }).orderBy('seq');
}

/** A message's size in a page: its recorded bytes, or (stored before migration 0039) its body's fields'. */
const MESSAGE_BYTES =
  "coalesce(m.bytes, octet_length(coalesce(m.content, '')) + octet_length(coalesce(m.tool_calls::text, '')) + " +
  "octet_length(coalesce(m.thinking::text, '')) + octet_length(coalesce(m.sources::text, '')))";

/**
 * The thread's messages after `afterSeq` (0: from the first), in order, as many as fit in `maxBytes` (at least
 * one) and at most `maxMessages`, and whether more follow. Sizes are summed in the database, so messages past
 * the page are never loaded.
 */
export async function listMessagePage(
  db: Tx,
  workspaceId: string,
  threadId: string,
  page: { afterSeq: number; maxBytes: number; maxMessages: number },
): Promise<{ messages: AgentMessageRow[]; hasMore: boolean }> {
  const sized = db('agent_messages as m')
    .where({ 'm.workspace_id': workspaceId, 'm.thread_id': threadId })
    .andWhere('m.seq', '>', page.afterSeq)
    .select(
      'm.seq',
      db.raw(`${MESSAGE_BYTES} as size`),
      db.raw(`sum(${MESSAGE_BYTES}) over (order by m.seq) as running`),
      db.raw('row_number() over (order by m.seq) as n'),
      db.raw('count(*) over () as remaining'),
    );
  const fits: Array<{ seq: number; remaining: string }> = await db
    .from(sized.as('s'))
    .where(db.raw('s.running - s.size < ?', [page.maxBytes]))
    .andWhere('s.n', '<=', page.maxMessages)
    .select('s.seq', 's.remaining')
    .orderBy('s.seq');
  if (fits.length === 0) return { messages: [], hasMore: false };
  const last = fits[fits.length - 1]!.seq;
  const messages = await db<AgentMessageRow>('agent_messages')
    .where({ workspace_id: workspaceId, thread_id: threadId })
    .andWhere('seq', '>', page.afterSeq)
    .andWhere('seq', '<=', last)
    .orderBy('seq');
  return { messages, hasMore: Number(fits[0]!.remaining) > fits.length };
}

export async function findMessage(
  db: Tx,
  workspaceId: string,
  threadId: string,
  id: string,
): Promise<AgentMessageRow | undefined> {
  return db<AgentMessageRow>('agent_messages').where({ workspace_id: workspaceId, thread_id: threadId, id }).first();
}

export async function insertMessage(
  db: Tx,
  row: Omit<AgentMessageRow, 'seq' | 'created_at'>,
): Promise<AgentMessageRow> {
  const [inserted] = await db('agent_messages')
    .insert({
      ...row,
      sources: JSON.stringify(row.sources),
      token_usage: row.token_usage === null ? null : JSON.stringify(row.token_usage),
      thinking: JSON.stringify(row.thinking),
      tool_calls: JSON.stringify(row.tool_calls),
    })
    .returning('*');
  return inserted as AgentMessageRow;
}
