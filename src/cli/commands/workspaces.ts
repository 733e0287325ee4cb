import type { Command } from 'commander';
import { createWorkspace, deleteWorkspace, listWorkspaces } from '../../services/operations/workspaces';
import { action, iso, uuid } from '../shared';

export function registerWorkspaces(program: Command): void {
  const ws = program.command('workspace').description('workspaces');
  ws.command('create')
    .requiredOption('--org <organizationId>')
    .requiredOption('--name <name>')
    .option('--quota-bytes <n>', 'storage quota in bytes', (v) => Number.parseInt(v, 10))
    .action(
      action(async ({ db }, opts: { org: string; name: string; quotaBytes?: number }) => {
        const row = await createWorkspace(
          { db },
          {
            organizationId: uuid('--org', opts.org),
            name: opts.name,
            storageQuotaBytes: opts.quotaBytes,
          },
        );
        return { json: { id: row.id, organizationId: row.organization_id, name: row.name }, text: row.id };
      }),
    );
  ws.command('list')
    .option('--org <organizationId>')
    .action(
      action(async ({ db }, opts: { org?: string }) => {
        const rows = await listWorkspaces({ db }, opts.org ? uuid('--org', opts.org) : undefined);
        return {
          json: rows.map((r) => ({
            id: r.id,
            organizationId: r.organization_id,
            name: r.name,
            rbacEnabled: r.rbac_enabled,
            deletedAt: r.deleted_at ? iso(r.deleted_at) : null,
          })),
          text: rows.map((r) => `${r.id}  ${r.name}${r.deleted_at ? '  (deleted)' : ''}`).join('\n'),
        };
      }),
    );
  ws.command('delete')
    .description('soft-delete a workspace: its API calls answer 410 "Workspace is deleted" from then on')
    .requiredOption('--workspace <workspaceId>')
    .action(
      action(async ({ db }, opts: { workspace: string }) => {
        await deleteWorkspace({ db }, uuid('--workspace', opts.workspace));
        return { json: { id: opts.workspace, deleted: true }, text: `deleted ${opts.workspace}` };
      }),
    );
}
