import type { Command } from 'commander';
import { bootstrap } from '../../services/operations/admin';
import { action } from '../shared';

export function registerBootstrap(program: Command): void {
  program
    .command('bootstrap')
    .description('create an organization, a workspace and an API key in one step')
    .option('--org-name <name>', 'organization name', 'Default organization')
    .option('--workspace-name <name>', 'workspace name', 'Default workspace')
    .option('--key-name <name>', 'API key name', 'bootstrap')
    .action(
      action(async ({ db }, opts: { orgName: string; workspaceName: string; keyName: string }) => {
        const out = await bootstrap(
          { db },
          {
            organizationName: opts.orgName,
            workspaceName: opts.workspaceName,
            apiKeyName: opts.keyName,
          },
        );
        return {
          json: out,
          text: `organizationId ${out.organizationId}\nworkspaceId    ${out.workspaceId}\napiKey         ${out.apiKey}  (shown once; only its hash is stored)`,
        };
      }),
    );
}
