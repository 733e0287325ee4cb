// The searchable-chunk counts (migration 0009_hybrid_search) as kept by the triggers, and as counted from
// the rows themselves: every write path must keep the two equal.
import type { Db, Tx } from '../../src/db/knex';

/** Every scope's count, from the rows (what the triggers must keep): enabled chunks of current versions. */
export async function truth(db: Tx, workspaceId: string): Promise<Record<string, number>> {
  const rows: Array<{ scope: string; n: number }> = (
    await db.raw(
      `with c as (
         select k.* from knowledge_chunks ch join knowledge k on k.id = ch.knowledge_id
          where k.workspace_id = ? and k.status = 'COMPLETED' and ch.version = k.current_version and ch.enabled)
       select scope, count(*)::int as n from (
         select case when space_id is null then 'workspace' else 'space:' || space_id end as scope from c
         union all select 'language:' || coalesce(language, '') from c
         union all select 'role:' || kr.role_id from c join knowledge_roles kr on kr.knowledge_id = c.id
         union all select 'audience:' || ka.audience_id from c join knowledge_audiences ka on ka.knowledge_id = c.id
       ) s group by scope`,
      [workspaceId],
    )
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.scope, r.n]).sort());
}

export async function kept(db: Tx, workspaceId: string): Promise<Record<string, number>> {
  const rows: Array<{ scope: string; n: number }> = (
    await db.raw(
      `select scope, sum(chunks)::int as n from knowledge_search_counts where workspace_id = ?
        group by scope having sum(chunks) <> 0`,
      [workspaceId],
    )
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.scope, r.n]).sort());
}

/** Both at one moment (a repeatable-read snapshot), so a write committing meanwhile cannot tell them apart. */
export function countsSnapshot(db: Db, workspaceId: string) {
  return db.transaction(async (trx) => ({ kept: await kept(trx, workspaceId), truth: await truth(trx, workspaceId) }), {
    isolationLevel: 'repeatable read',
  });
}
