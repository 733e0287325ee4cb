import type { Tx } from '../db/knex';
import * as workspaces from '../db/repositories/workspaces';
import type { WorkspaceRow } from '../db/rows';
import { gone, Messages, notFound } from '../errors';
import { isUuid } from '../ids';

/** The workspace a request addresses: 404 when unknown (or not a UUID), 410 when soft-deleted. */
export async function loadActiveWorkspace(db: Tx, workspaceId: string): Promise<WorkspaceRow> {
  if (!isUuid(workspaceId)) throw notFound(Messages.workspaceNotFound);
  const workspace = await workspaces.findWorkspace(db, workspaceId);
  if (!workspace) throw notFound(Messages.workspaceNotFound);
  if (workspace.deleted_at) throw gone(Messages.workspaceDeleted);
  return workspace;
}
