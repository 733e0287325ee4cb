// A workspace's storage figure in one statement: its files' bytes and its messages' (spaces and agent threads),
// each a sum over the workspace's rows (indexed by workspace_id), read in one round trip.
import type { Tx } from '../knex';

export async function storageBytes(
  db: Tx,
  workspaceId: string,
): Promise<{ fileBytes: number; spaceMessageBytes: number; agentMessageBytes: number }> {
  const sum = (table: string, column: string) => db(table).where({ workspace_id: workspaceId }).sum(column);
  const row = (await db
    .select({
      files: sum('upload_file_metadata', 'size_bytes'),
      spaces: sum('spaces', 'message_bytes'),
      agent: sum('agent_threads', 'stored_bytes'),
    })
    .first()) as { files: string | null; spaces: string | null; agent: string | null } | undefined;
  return {
    fileBytes: Number(row?.files ?? 0),
    spaceMessageBytes: Number(row?.spaces ?? 0),
    agentMessageBytes: Number(row?.agent ?? 0),
  };
}
