import type { Command } from 'commander';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/access/apiKeys';
import { presentApiKey } from '../../presenters/apiKeys';
import { action, requireWorkspace, uuid } from '../shared';

export function registerApiKeys(program: Command): void {
  const key = program.command('apikey').description('workspace API keys (shown once, stored as a hash)');
  key
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .option('--name <name>', 'a label for the key', 'default')
    .action(
      action(async ({ db }, opts: { workspace: string; name: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const { apiKey, row } = await createApiKey({ db }, w.id, opts.name);
        return { json: { id: row.id, workspaceId: w.id, name: row.name, apiKey }, text: apiKey };
      }),
    );
  key
    .command('list')
    .requiredOption('--workspace <workspaceId>')
    .action(
      action(async ({ db }, opts: { workspace: string }) => {
        // An unknown workspace is an error, as for create (an empty list would read as a workspace without keys).
        const w = await requireWorkspace(db, opts.workspace);
        const rows = await listApiKeys({ db }, w.id);
        const out = rows.map(presentApiKey);
        return {
          json: out,
          text: out.map((r) => `${r.id}  ${r.prefix}…  ${r.name}${r.revokedAt ? '  (revoked)' : ''}`).join('\n'),
        };
      }),
    );
  key
    .command('revoke')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <apiKeyId>')
    .action(
      action(async ({ db }, opts: { workspace: string; id: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        await revokeApiKey({ db }, w.id, uuid('--id', opts.id));
        return { json: { id: opts.id, revoked: true }, text: `revoked ${opts.id}` };
      }),
    );
}
