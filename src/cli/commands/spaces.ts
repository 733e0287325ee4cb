import { Option, type Command } from 'commander';
import { addSpaceMember } from '../../services/spaces/spaces';
import { action, requireWorkspace, uuid } from '../shared';

export function registerSpaces(program: Command): void {
  program
    .command('space')
    .description('user spaces')
    .command('add-member')
    .description('add a co-host or guest (the activating user is the host)')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--space <spaceId>')
    .requiredOption('--user <userId>', "the customer's id of the user (userId or customerIdString)")
    .option('--email <email>')
    .addOption(new Option('--role <role>', 'membership').choices(['CO_HOST', 'GUEST']).default('GUEST'))
    .action(
      action(
        async (
          { db },
          opts: { workspace: string; space: string; user: string; email?: string; role: 'CO_HOST' | 'GUEST' },
        ) => {
          const w = await requireWorkspace(db, opts.workspace);
          const space = await addSpaceMember(
            { db: db },
            w.id,
            uuid('--space', opts.space),
            { externalId: opts.user, email: opts.email },
            opts.role,
          );
          return {
            json: { spaceId: space.id, userId: opts.user, role: opts.role },
            text: `${opts.user} is ${opts.role}`,
          };
        },
      ),
    );
}
