// kws: the admin CLI for what the spec manages "elsewhere": organizations, workspaces, users, API keys,
// categories, audiences and taxonomies. Every command accepts --json and then prints exactly one JSON value.
// Each command calls services only, the same ones the API calls, so both obey the same rules. Roles are
// not here: they are created through the API (POST /v1/workspaces/{workspaceId}/role), whose workflow is
// the one path that checks and records them.
import { Command, CommanderError } from 'commander';
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

export function buildCli(opts: { json?: boolean } = {}): Command {
  const program = new Command('kws')
    .description('Knowledge Workspace Service admin CLI')
    .option('--json', 'print exactly one JSON value')
    .option(
      '--init',
      'with no running service and no DATABASE_URL: create the embedded database when DATA_DIR holds none ' +
        '(refused otherwise, so that kws never fills a database the service does not use)',
    )
    .showHelpAfterError(!opts.json);
  // With --json an argument error is one JSON value too (runCli prints it): commander throws instead of printing.
  if (opts.json) program.exitOverride().configureOutput({ outputError: () => undefined });
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
  const json = argv.includes('--json');
  buildCli({ json })
    .parseAsync(argv)
    .catch((err: unknown) => {
      if (err instanceof CommanderError) {
        // --help and --version end here too, having printed what they show.
        if (err.exitCode === 0) process.exit(0);
        const message = err.message.replace(/^error: /, '');
        process.stderr.write(`${JSON.stringify({ error: message, code: err.code })}\n`);
        process.exit(err.exitCode || 1);
      }
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(json ? `${JSON.stringify({ error: message })}\n` : `kws: ${message}\n`);
      process.exit(1);
    });
}
