import type { Command } from 'commander';
import type { CategoryRow } from '../../db/rows';
import {
  createCategory,
  deleteCategory,
  linkCategoryKnowledge,
  updateCategory,
} from '../../services/catalog/categories';
import { action, deleteCommand, definedOnly, linkKnowledgeCommand, requireWorkspace, uuid } from '../shared';

const present = (row: CategoryRow) => ({
  json: { id: row.id, name: row.name, description: row.description },
  text: row.id,
});

export function registerCategories(program: Command): void {
  const cat = program.command('category').description('categories');
  cat
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--name <name>')
    .option('--description <text>')
    .action(
      action(async ({ db }, opts: { workspace: string; name: string; description?: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        return present(await createCategory({ db }, w.id, { name: opts.name, description: opts.description }));
      }),
    );
  cat
    .command('update')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <categoryId>')
    .option('--name <name>')
    .option('--description <text>')
    .action(
      action(async ({ db }, opts: { workspace: string; id: string; name?: string; description?: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const patch = definedOnly({ name: opts.name, description: opts.description });
        return present(await updateCategory({ db }, w.id, uuid('--id', opts.id), patch));
      }),
    );
  deleteCommand(cat, 'categoryId', deleteCategory);
  linkKnowledgeCommand(cat, {
    description: 'link knowledge items to a category',
    idName: 'categoryId',
    key: 'categoryId',
    link: linkCategoryKnowledge,
  });
}
