import type { Command } from 'commander';
import { createAudience, linkAudienceKnowledge } from '../../services/catalog/audiences';
import { action, linkKnowledgeCommand, requireWorkspace } from '../shared';

export function registerAudiences(program: Command): void {
  const audience = program.command('audience').description('audiences (the audienceId search filter)');
  audience
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--name <name>')
    .action(
      action(async ({ db }, opts: { workspace: string; name: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const row = await createAudience({ db }, w.id, opts.name);
        return { json: { id: row.id, name: row.name }, text: row.id };
      }),
    );
  linkKnowledgeCommand(audience, {
    description: 'assign knowledge items to an audience',
    idName: 'audienceId',
    key: 'audienceId',
    link: linkAudienceKnowledge,
  });
}
