import { Option, type Command } from 'commander';
import type { SourceVisibility } from '../../db/rows';
import { seedKnowledge, setSourceVisibility } from '../../services/knowledge/knowledge';
import { action, requireWorkspace, uuid } from '../shared';

const VISIBILITIES = ['none', 'source', 'download'];

export function registerKnowledge(program: Command): void {
  program
    .command('knowledge')
    .description(
      'knowledge items made directly in the database (seeding: COMPLETED, without chunks; upload or sync content to make it searchable)',
    )
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--type <type>', 'FILE, URL, LINK, STRING, WEBSITE, SEARCH_INDEX, ...')
    .requiredOption('--title <title>')
    .option('--content <text>', 'URL, path or text', '')
    .option('--parent <knowledgeId>')
    .addOption(new Option('--visibility <v>', 'what RAG may show of it').choices(VISIBILITIES))
    .action(
      action(
        async (
          { db },
          opts: {
            workspace: string;
            type: string;
            title: string;
            content: string;
            parent?: string;
            visibility?: SourceVisibility;
          },
        ) => {
          const w = await requireWorkspace(db, opts.workspace);
          const row = await seedKnowledge({ db: db }, w.id, {
            type: opts.type,
            title: opts.title,
            content: opts.content,
            parentId: opts.parent ? uuid('--parent', opts.parent) : null,
            sourceVisibility: opts.visibility,
          });
          return { json: { id: row.id, type: row.type, title: row.title, parentId: row.parent_id }, text: row.id };
        },
      ),
    );

  program
    .command('knowledge-visibility')
    .description('set what RAG may show of an item: none, source (page:title) or download (page:title:id)')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <knowledgeId>')
    .addOption(new Option('--visibility <v>').choices(VISIBILITIES).makeOptionMandatory())
    .action(
      action(async ({ db }, opts: { workspace: string; id: string; visibility: SourceVisibility }) => {
        const w = await requireWorkspace(db, opts.workspace);
        await setSourceVisibility({ db: db }, w.id, uuid('--id', opts.id), opts.visibility);
        return { json: { id: opts.id, sourceVisibility: opts.visibility }, text: `${opts.id}: ${opts.visibility}` };
      }),
    );
}
