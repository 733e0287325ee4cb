// kws: the admin CLI for what the spec manages "elsewhere": organizations, workspaces, users, API keys,
// categories, audiences and taxonomies. Every command accepts --json and then prints exactly one JSON value.
// Each command calls services only, the same ones the API calls, so both obey the same rules. Roles are
// not here: they are created through the API (POST /v1/workspaces/{workspaceId}/role), whose workflow is
// the one path that checks and records them.
import { Command } from 'commander';
import { registerApiKeys } from './commands/apiKeys';
import { registerAudiences } from './commands/audiences';
import { registerBootstrap } from './commands/bootstrap';
import { registerCategories } from './commands/categories';
import { registerKnowledge } from './commands/knowledge';
import { registerOrganizations, registerUsers } from './commands/organizations';
import { registerReembed } from './commands/reembed';
import { registerSpaces } from './commands/spaces';
import { registerTaxonomies } from './commands/taxonomies';
import { registerWebhooks } from './commands/webhooks';
import { registerWorkspaces } from './commands/workspaces';

export function buildCli(): Command {
  const program = new Command('kws')
    .description('Knowledge Workspace Service admin CLI')
    .option('--json', 'print exactly one JSON value')
    .option(
      '--init',
      'with no running service and no DATABASE_URL: create the embedded database when DATA_DIR holds none ' +
        '(refused otherwise, so that kws never fills a database the service does not use)',
    )
    .showHelpAfterError();
  for (const register of [
    registerBootstrap,
    registerOrganizations,
    registerWorkspaces,
    registerUsers,
    registerApiKeys,
    registerCategories,
    registerAudiences,
    registerSpaces,
    registerTaxonomies,
    registerKnowledge,
    registerWebhooks,
    registerReembed,
  ]) {
    register(program);
  }
  return program;
}

/** Entry point of bin/kws.js. */
export function runCli(argv: string[]): void {
  buildCli()
    .parseAsync(argv)
    .catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(argv.includes('--json') ? `${JSON.stringify({ error: message })}\n` : `kws: ${message}\n`);
      process.exit(1);
    });
}
