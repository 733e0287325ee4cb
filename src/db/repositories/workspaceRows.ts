// The two writes every workspace-owned table shares: patch one row by id (stamping updated_at) and delete one
// row by id, both only inside the caller's workspace.
import type { Tx } from '../knex';

/** Patches the row `id` of `table` in the workspace and returns it; undefined when there is none. */
export async function updateWorkspaceRow<T extends object>(
  db: Tx,
  table: string,
  workspaceId: string,
  id: string,
  patch: object,
): Promise<T | undefined> {
  const [row] = await db(table)
    .where({ workspace_id: workspaceId, id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return row as T | undefined;
}

/** Deletes the row `id` of `table` in the workspace; false when there was none. */
export async function deleteWorkspaceRow(db: Tx, table: string, workspaceId: string, id: string): Promise<boolean> {
  return (await db(table).where({ workspace_id: workspaceId, id }).delete()) > 0;
}
