import * as workspaces from '../../db/repositories/workspaces';
import type { WorkspaceRow } from '../../db/rows';
import { gone, Messages, notFound } from '../../errors';
import { isUuid } from '../../ids';
import { loadOrganization } from './organizations';
import type { DbDeps } from '../deps';

/** The workspace a request addresses: 404 when unknown (or not a UUID), 410 when soft-deleted. */
export async function loadActiveWorkspace({ db }: DbDeps, workspaceId: string): Promise<WorkspaceRow> {
  if (!isUuid(workspaceId)) throw notFound(Messages.workspaceNotFound, { pathParam: 'workspaceId' });
  const workspace = await workspaces.findWorkspace(db, workspaceId);
  if (!workspace) throw notFound(Messages.workspaceNotFound, { pathParam: 'workspaceId' });
  if (workspace.deleted_at) throw gone(Messages.workspaceDeleted, { code: 'workspace_deleted' });
  return workspace;
}

/** The workspace an admin command names; unlike loadActiveWorkspace, the messages name the id. */
export async function loadAdminWorkspace({ db }: DbDeps, id: string): Promise<WorkspaceRow> {
  const workspace = await workspaces.findWorkspace(db, id);
  if (!workspace) throw notFound(`workspace ${id} not found`);
  if (workspace.deleted_at) throw gone(`workspace ${id} is deleted`);
  return workspace;
}

export async function createWorkspace(
  { db }: DbDeps,
  input: { organizationId: string; name: string; storageQuotaBytes?: number | null },
): Promise<WorkspaceRow> {
  const organization = await loadOrganization({ db }, input.organizationId);
  return workspaces.insertWorkspace(db, {
    organizationId: organization.id,
    name: input.name,
    storageQuotaBytes: input.storageQuotaBytes ?? null,
  });
}

export function listWorkspaces({ db }: DbDeps, organizationId?: string): Promise<WorkspaceRow[]> {
  return workspaces.listWorkspaces(db, organizationId);
}

/** Soft delete: the workspace's API calls answer 410 "Workspace is deleted" from then on. */
export async function deleteWorkspace({ db }: DbDeps, id: string): Promise<void> {
  if (!(await workspaces.softDeleteWorkspace(db, id))) throw notFound(`workspace ${id} not found or already deleted`);
}

/** The workspace's retrieval settings: whether searches rerank when the request does not say. */
export const retrievalSettings = (workspace: WorkspaceRow) => ({ rerank: workspace.rerank_default });

export async function setRetrievalSettings({ db }: DbDeps, workspaceId: string, input: { rerank: boolean }) {
  return retrievalSettings(await workspaces.setRerankDefault(db, workspaceId, input.rerank));
}
