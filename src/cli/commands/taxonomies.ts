import { Option, type Command } from 'commander';
import type { TaxonomyRow } from '../../db/rows';
import { createTaxonomy, deleteTaxonomy, updateTaxonomy, type TaxonomyLinks } from '../../services/catalog/taxonomies';
import { action, deleteCommand, definedOnly, list, requireWorkspace, uuid } from '../shared';

interface TaxonomyOpts {
  workspace: string;
  description?: string;
  role?: string[];
  language?: string[];
  category?: string[];
}

/** The link options both create and update take: each given set replaces the current one. */
const withLinkOptions = (c: Command) =>
  c
    .requiredOption('--workspace <workspaceId>')
    .option('--description <text>')
    .option('--role <ids>', 'role ids (comma-separated, repeatable; replaces the set)', list)
    .option('--language <ids>', 'language ids such as en (replaces the set)', list)
    .option('--category <ids>', 'category ids (replaces the set)', list);

const linksOf = (o: TaxonomyOpts): TaxonomyLinks => ({
  roleIds: o.role?.map((r) => uuid('--role', r)),
  languageIds: o.language,
  categoryIds: o.category?.map((c) => uuid('--category', c)),
});

const present = (row: TaxonomyRow) => ({
  json: { id: row.id, name: row.name, published: row.published },
  text: row.id,
});

export function registerTaxonomies(program: Command): void {
  const tax = program.command('taxonomy').description('taxonomies');
  withLinkOptions(tax.command('create'))
    .requiredOption('--name <name>')
    .addOption(new Option('--published', 'mark the taxonomy active').default(false))
    .action(
      action(async ({ db }, opts: TaxonomyOpts & { name: string; published: boolean }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const fields = { name: opts.name, description: opts.description, published: opts.published };
        return present(await createTaxonomy({ db }, w.id, fields, linksOf(opts)));
      }),
    );
  withLinkOptions(tax.command('update'))
    .requiredOption('--id <taxonomyId>')
    .option('--name <name>')
    .addOption(new Option('--published <bool>', 'true or false').choices(['true', 'false']))
    .action(
      action(async ({ db }, opts: TaxonomyOpts & { id: string; name?: string; published?: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const patch = definedOnly({
          name: opts.name,
          description: opts.description,
          published: opts.published === undefined ? undefined : opts.published === 'true',
        });
        return present(await updateTaxonomy({ db }, w.id, uuid('--id', opts.id), patch, linksOf(opts)));
      }),
    );
  deleteCommand(tax, 'taxonomyId', deleteTaxonomy);
}
