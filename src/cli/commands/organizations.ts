import type { Command } from 'commander';
import { createOrganization, createUser, listOrganizations } from '../../services/operations/organizations';
import { action, iso, uuid } from '../shared';

export function registerOrganizations(program: Command): void {
  const org = program.command('org').description('organizations');
  org
    .command('create')
    .requiredOption('--name <name>')
    .action(
      action(async ({ db }, opts: { name: string }) => {
        const row = await createOrganization({ db }, opts.name);
        return { json: { id: row.id, name: row.name, createdAt: iso(row.created_at) }, text: row.id };
      }),
    );
  org.command('list').action(
    action(async ({ db }) => {
      const rows = await listOrganizations({ db });
      return {
        json: rows.map((r) => ({ id: r.id, name: r.name, createdAt: iso(r.created_at) })),
        text: rows.map((r) => `${r.id}  ${r.name}`).join('\n'),
      };
    }),
  );
}

export function registerUsers(program: Command): void {
  program
    .command('user')
    .description('users')
    .command('create')
    .requiredOption('--org <organizationId>')
    .requiredOption('--name <name>')
    .requiredOption('--email <email>')
    .action(
      action(async ({ db }, opts: { org: string; name: string; email: string }) => {
        const row = await createUser(
          { db },
          {
            organizationId: uuid('--org', opts.org),
            name: opts.name,
            email: opts.email,
          },
        );
        return {
          json: { id: row.id, organizationId: row.organization_id, name: row.name, email: row.email },
          text: row.id,
        };
      }),
    );
}
