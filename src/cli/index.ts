// kws: the admin CLI for what the spec manages "elsewhere": organizations, workspaces, users, API keys,
// categories and taxonomies. Every command accepts --json and then prints exactly one JSON value.
import { Command, Option } from 'commander';
import { loadConfig } from '../config';
import type { Db } from '../db/knex';
import * as apiKeys from '../db/repositories/apiKeys';
import * as catalog from '../db/repositories/catalog';
import * as knowledge from '../db/repositories/knowledge';
import * as organizations from '../db/repositories/organizations';
import * as roles from '../db/repositories/roles';
import * as spaces from '../db/repositories/spaces';
import type { SourceVisibility } from '../db/rows';
import * as workspaces from '../db/repositories/workspaces';
import { isUuid } from '../ids';
import { bootstrap } from '../services/admin';
import { createApiKey } from '../services/apiKeys';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  updateWebhook,
  WebhookEvents,
} from '../services/webhooks';
import { presentDelivery, presentEndpoint } from '../api/routes/webhooks/presenters';
import * as webhookRepo from '../db/repositories/webhooks';
import { connectForCli } from './connect';

class CliError extends Error {}

function uuid(name: string, value: string): string {
  if (!isUuid(value)) throw new CliError(`${name} must be a UUID, got "${value}"`);
  return value;
}
const list = (v: string, prev: string[] = []) => [
  ...prev,
  ...v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

type Json = Record<string, unknown> | unknown[];

/** Wraps an action: connects, runs, prints one JSON value (--json) or a readable line, closes. */
function action<A extends unknown[]>(run: (db: Db, ...args: A) => Promise<{ json: Json; text: string }>) {
  return async (...args: A) => {
    const cmd = args[args.length - 1] as Command;
    const json = Boolean(cmd.optsWithGlobals().json);
    const { db, close } = await connectForCli(loadConfig());
    try {
      const out = await run(db, ...args);
      process.stdout.write(json ? `${JSON.stringify(out.json)}\n` : `${out.text}\n`);
    } finally {
      await close();
    }
  };
}

async function requireWorkspace(db: Db, id: string) {
  const ws = await workspaces.findWorkspace(db, uuid('--workspace', id));
  if (!ws) throw new CliError(`workspace ${id} not found`);
  if (ws.deleted_at) throw new CliError(`workspace ${id} is deleted`);
  return ws;
}

const iso = (d: Date) => d.toISOString();

export function buildCli(): Command {
  const program = new Command('kws')
    .description('Knowledge Workspace Service admin CLI')
    .option('--json', 'print exactly one JSON value')
    .showHelpAfterError();

  program
    .command('bootstrap')
    .description('create an organization, a workspace and an API key in one step')
    .option('--org-name <name>', 'organization name', 'Default organization')
    .option('--workspace-name <name>', 'workspace name', 'Default workspace')
    .option('--key-name <name>', 'API key name', 'bootstrap')
    .action(
      action(async (db, opts: { orgName: string; workspaceName: string; keyName: string }) => {
        const out = await bootstrap(db, {
          organizationName: opts.orgName,
          workspaceName: opts.workspaceName,
          apiKeyName: opts.keyName,
        });
        return {
          json: out,
          text: `organizationId ${out.organizationId}\nworkspaceId    ${out.workspaceId}\napiKey         ${out.apiKey}  (shown once; only its hash is stored)`,
        };
      }),
    );

  const org = program.command('org').description('organizations');
  org
    .command('create')
    .requiredOption('--name <name>')
    .action(
      action(async (db, opts: { name: string }) => {
        const row = await organizations.insertOrganization(db, { name: opts.name });
        return { json: { id: row.id, name: row.name, createdAt: iso(row.created_at) }, text: row.id };
      }),
    );
  org.command('list').action(
    action(async (db) => {
      const rows = await organizations.listOrganizations(db);
      return {
        json: rows.map((r) => ({ id: r.id, name: r.name, createdAt: iso(r.created_at) })),
        text: rows.map((r) => `${r.id}  ${r.name}`).join('\n'),
      };
    }),
  );

  const ws = program.command('workspace').description('workspaces');
  ws.command('create')
    .requiredOption('--org <organizationId>')
    .requiredOption('--name <name>')
    .option('--quota-bytes <n>', 'storage quota in bytes', (v) => Number.parseInt(v, 10))
    .action(
      action(async (db, opts: { org: string; name: string; quotaBytes?: number }) => {
        const o = await organizations.findOrganization(db, uuid('--org', opts.org));
        if (!o) throw new CliError(`organization ${opts.org} not found`);
        const row = await workspaces.insertWorkspace(db, {
          organizationId: o.id,
          name: opts.name,
          storageQuotaBytes: opts.quotaBytes ?? null,
        });
        return { json: { id: row.id, organizationId: row.organization_id, name: row.name }, text: row.id };
      }),
    );
  ws.command('list')
    .option('--org <organizationId>')
    .action(
      action(async (db, opts: { org?: string }) => {
        const rows = await workspaces.listWorkspaces(db, opts.org ? uuid('--org', opts.org) : undefined);
        return {
          json: rows.map((r) => ({
            id: r.id,
            organizationId: r.organization_id,
            name: r.name,
            rbacEnabled: r.rbac_enabled,
            deletedAt: r.deleted_at ? iso(r.deleted_at) : null,
          })),
          text: rows.map((r) => `${r.id}  ${r.name}${r.deleted_at ? '  (deleted)' : ''}`).join('\n'),
        };
      }),
    );
  ws.command('delete')
    .description('soft-delete a workspace: its API calls answer 410 "Workspace is deleted" from then on')
    .requiredOption('--workspace <workspaceId>')
    .action(
      action(async (db, opts: { workspace: string }) => {
        const deleted = await workspaces.softDeleteWorkspace(db, uuid('--workspace', opts.workspace));
        if (!deleted) throw new CliError(`workspace ${opts.workspace} not found or already deleted`);
        return { json: { id: opts.workspace, deleted: true }, text: `deleted ${opts.workspace}` };
      }),
    );

  program
    .command('user')
    .description('users')
    .command('create')
    .requiredOption('--org <organizationId>')
    .requiredOption('--name <name>')
    .requiredOption('--email <email>')
    .action(
      action(async (db, opts: { org: string; name: string; email: string }) => {
        const row = await organizations.insertUser(db, {
          organizationId: uuid('--org', opts.org),
          name: opts.name,
          email: opts.email,
        });
        return {
          json: { id: row.id, organizationId: row.organization_id, name: row.name, email: row.email },
          text: row.id,
        };
      }),
    );

  const key = program.command('apikey').description('workspace API keys (shown once, stored as a hash)');
  key
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .option('--name <name>', 'a label for the key', 'default')
    .action(
      action(async (db, opts: { workspace: string; name: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const { apiKey, row } = await createApiKey(db, w.id, opts.name);
        return { json: { id: row.id, workspaceId: w.id, name: row.name, apiKey }, text: apiKey };
      }),
    );
  key
    .command('list')
    .requiredOption('--workspace <workspaceId>')
    .action(
      action(async (db, opts: { workspace: string }) => {
        const rows = await apiKeys.listApiKeys(db, uuid('--workspace', opts.workspace));
        const out = rows.map((r) => ({
          id: r.id,
          name: r.name,
          prefix: r.display_prefix,
          createdAt: iso(r.created_at),
          lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
          revokedAt: r.revoked_at ? iso(r.revoked_at) : null,
        }));
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
      action(async (db, opts: { workspace: string; id: string }) => {
        const ok = await apiKeys.revokeApiKey(db, uuid('--workspace', opts.workspace), uuid('--id', opts.id));
        if (!ok) throw new CliError(`API key ${opts.id} not found or already revoked`);
        return { json: { id: opts.id, revoked: true }, text: `revoked ${opts.id}` };
      }),
    );

  const role = program
    .command('role')
    .description('roles (the API creates them through workflows; this is for seeding)');
  role
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--name <name>')
    .option('--description <text>')
    .option('--customer-role-id <id>')
    .action(
      action(async (db, opts: { workspace: string; name: string; description?: string; customerRoleId?: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        if (opts.customerRoleId !== undefined && !/^[A-Za-z0-9_-]{1,255}$/.test(opts.customerRoleId)) {
          throw new CliError('customerRoleId: at most 255 letters, digits, hyphens and underscores');
        }
        const row = await roles.insertRole(db, w.id, opts);
        return { json: { id: row.id, name: row.name, customerRoleId: row.customer_role_id }, text: row.id };
      }),
    );

  const cat = program.command('category').description('categories');
  cat
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--name <name>')
    .option('--description <text>')
    .action(
      action(async (db, opts: { workspace: string; name: string; description?: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const row = await catalog.insertCategory(db, w.id, opts);
        return { json: { id: row.id, name: row.name, description: row.description }, text: row.id };
      }),
    );
  cat
    .command('update')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <categoryId>')
    .option('--name <name>')
    .option('--description <text>')
    .action(
      action(async (db, opts: { workspace: string; id: string; name?: string; description?: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const row = await catalog.updateCategory(db, w.id, uuid('--id', opts.id), {
          ...(opts.name !== undefined ? { name: opts.name } : {}),
          ...(opts.description !== undefined ? { description: opts.description } : {}),
        });
        if (!row) throw new CliError(`category ${opts.id} not found`);
        return { json: { id: row.id, name: row.name, description: row.description }, text: row.id };
      }),
    );
  cat
    .command('delete')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <categoryId>')
    .action(
      action(async (db, opts: { workspace: string; id: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        if (!(await catalog.deleteCategory(db, w.id, uuid('--id', opts.id))))
          throw new CliError(`category ${opts.id} not found`);
        return { json: { id: opts.id, deleted: true }, text: `deleted ${opts.id}` };
      }),
    );
  cat
    .command('link')
    .description('link knowledge items to a category')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <categoryId>')
    .requiredOption('--knowledge <ids>', 'comma-separated knowledge ids (repeatable)', list)
    .action(
      action(async (db, opts: { workspace: string; id: string; knowledge: string[] }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const ids = opts.knowledge.map((k) => uuid('--knowledge', k));
        const n = await catalog.linkCategoryKnowledge(db, w.id, uuid('--id', opts.id), ids);
        if (n < 0) throw new CliError('category or knowledge not found in this workspace');
        return { json: { categoryId: opts.id, linked: n }, text: `linked ${n}` };
      }),
    );

  const audience = program.command('audience').description('audiences (the audienceId search filter)');
  audience
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--name <name>')
    .action(
      action(async (db, opts: { workspace: string; name: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const row = await catalog.insertAudience(db, w.id, opts.name);
        return { json: { id: row.id, name: row.name }, text: row.id };
      }),
    );
  audience
    .command('link')
    .description('assign knowledge items to an audience')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <audienceId>')
    .requiredOption('--knowledge <ids>', 'comma-separated knowledge ids (repeatable)', list)
    .action(
      action(async (db, opts: { workspace: string; id: string; knowledge: string[] }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const ids = opts.knowledge.map((k) => uuid('--knowledge', k));
        const n = await catalog.linkAudienceKnowledge(db, w.id, uuid('--id', opts.id), ids);
        if (n < 0) throw new CliError('audience or knowledge not found in this workspace');
        return { json: { audienceId: opts.id, linked: n }, text: `linked ${n}` };
      }),
    );

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
      action(async (db, opts: { workspace: string; space: string; user: string; email?: string; role: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const space = await spaces.findSpace(db, w.id, uuid('--space', opts.space));
        if (!space) throw new CliError(`space ${opts.space} not found`);
        const user = await spaces.upsertSpaceUser(db, w.id, { externalId: opts.user, email: opts.email });
        await spaces.addMember(db, space.id, user.id, opts.role);
        return {
          json: { spaceId: space.id, userId: opts.user, role: opts.role },
          text: `${opts.user} is ${opts.role}`,
        };
      }),
    );

  const tax = program.command('taxonomy').description('taxonomies');
  const taxLinks = (c: Command) =>
    c
      .option('--role <ids>', 'role ids (comma-separated, repeatable; replaces the set)', list)
      .option('--language <ids>', 'language ids such as en (replaces the set)', list)
      .option('--category <ids>', 'category ids (replaces the set)', list);
  interface TaxOpts {
    workspace: string;
    id?: string;
    name?: string;
    description?: string;
    published?: boolean;
    role?: string[];
    language?: string[];
    category?: string[];
  }
  const applyLinks = async (db: Db, workspaceId: string, taxonomyId: string, o: TaxOpts) => {
    const unknown = await catalog.setTaxonomyLinks(db, workspaceId, taxonomyId, {
      roleIds: o.role?.map((r) => uuid('--role', r)),
      languageIds: o.language,
      categoryIds: o.category?.map((c) => uuid('--category', c)),
    });
    if (unknown.length) throw new CliError(`not found in this workspace: ${unknown.join(', ')}`);
  };
  taxLinks(
    tax
      .command('create')
      .requiredOption('--workspace <workspaceId>')
      .requiredOption('--name <name>')
      .option('--description <text>')
      .addOption(new Option('--published', 'mark the taxonomy active').default(false)),
  ).action(
    action(async (db, opts: TaxOpts) => {
      const w = await requireWorkspace(db, opts.workspace);
      const row = await db.transaction(async (trx) => {
        const t = await catalog.insertTaxonomy(trx, w.id, {
          name: opts.name!,
          description: opts.description,
          published: opts.published,
        });
        await applyLinks(trx as unknown as Db, w.id, t.id, opts);
        return t;
      });
      return { json: { id: row.id, name: row.name, published: row.published }, text: row.id };
    }),
  );
  taxLinks(
    tax
      .command('update')
      .requiredOption('--workspace <workspaceId>')
      .requiredOption('--id <taxonomyId>')
      .option('--name <name>')
      .option('--description <text>')
      .addOption(new Option('--published <bool>', 'true or false').choices(['true', 'false'])),
  ).action(
    action(async (db, opts: Omit<TaxOpts, 'published'> & { published?: string }) => {
      const w = await requireWorkspace(db, opts.workspace);
      const id = uuid('--id', opts.id!);
      const row = await db.transaction(async (trx) => {
        const t = await catalog.updateTaxonomy(trx, w.id, id, {
          ...(opts.name !== undefined ? { name: opts.name } : {}),
          ...(opts.description !== undefined ? { description: opts.description } : {}),
          ...(opts.published !== undefined ? { published: opts.published === 'true' } : {}),
        });
        if (!t) throw new CliError(`taxonomy ${id} not found`);
        await applyLinks(trx as unknown as Db, w.id, t.id, { ...opts, published: undefined });
        return t;
      });
      return { json: { id: row.id, name: row.name, published: row.published }, text: row.id };
    }),
  );
  tax
    .command('delete')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <taxonomyId>')
    .action(
      action(async (db, opts: { workspace: string; id: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        if (!(await catalog.deleteTaxonomy(db, w.id, uuid('--id', opts.id))))
          throw new CliError(`taxonomy ${opts.id} not found`);
        return { json: { id: opts.id, deleted: true }, text: `deleted ${opts.id}` };
      }),
    );

  program
    .command('knowledge')
    .description('knowledge seeding (hierarchies until crawling lands)')
    .command('create')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--type <type>', 'FILE, URL, LINK, STRING, WEBSITE, SEARCH_INDEX, ...')
    .requiredOption('--title <title>')
    .option('--content <text>', 'URL, path or text', '')
    .option('--parent <knowledgeId>')
    .addOption(new Option('--visibility <v>', 'what RAG may show of it').choices(['none', 'source', 'download']))
    .action(
      action(
        async (
          db,
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
          const row = await knowledge.insertKnowledge(db, w.id, {
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
    .addOption(new Option('--visibility <v>').choices(['none', 'source', 'download']).makeOptionMandatory())
    .action(
      action(async (db, opts: { workspace: string; id: string; visibility: SourceVisibility }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const n = await knowledge.updateKnowledgeFields(db, w.id, uuid('--id', opts.id), {
          source_visibility: opts.visibility,
        });
        if (n === 0) throw new CliError(`knowledge ${opts.id} not found`);
        return { json: { id: opts.id, sourceVisibility: opts.visibility }, text: `${opts.id}: ${opts.visibility}` };
      }),
    );

  const hook = program
    .command('webhook')
    .description(`webhook endpoints of a workspace (events: ${WebhookEvents.join(', ')})`);
  hook
    .command('create')
    .description('add an endpoint; prints its signing secret (whsec_…) for verifying deliveries')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--url <url>')
    .option('--events <list>', 'comma-separated event types (default: all)', list)
    .option('--description <text>')
    .action(
      action(async (db, opts: { workspace: string; url: string; events?: string[]; description?: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const row = await createWebhook({ db, config: loadConfig() }, w.id, opts);
        return { json: presentEndpoint(row, { withSecret: true }), text: `${row.id}  secret ${row.secret}` };
      }),
    );
  hook
    .command('list')
    .requiredOption('--workspace <workspaceId>')
    .action(
      action(async (db, opts: { workspace: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const rows = (await webhookRepo.listEndpoints(db, w.id)).map((r) => presentEndpoint(r));
        return {
          json: rows,
          text: rows
            .map((r) => `${r.id}  ${r.enabled ? 'enabled ' : 'disabled'}  ${r.url}  ${r.events.join(',')}`)
            .join('\n'),
        };
      }),
    );
  hook
    .command('update')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <webhookId>')
    .option('--url <url>')
    .option('--events <list>', 'comma-separated event types', list)
    .option('--description <text>')
    .option('--enable', 'deliver to it')
    .option('--disable', 'stop delivering to it')
    .option('--rotate-secret', 'replace the signing secret (printed)')
    .action(
      action(
        async (
          db,
          opts: {
            workspace: string;
            id: string;
            url?: string;
            events?: string[];
            description?: string;
            enable?: boolean;
            disable?: boolean;
            rotateSecret?: boolean;
          },
        ) => {
          if (opts.enable && opts.disable) throw new CliError('--enable and --disable exclude each other');
          const w = await requireWorkspace(db, opts.workspace);
          const row = await updateWebhook({ db, config: loadConfig() }, w.id, opts.id, {
            url: opts.url,
            events: opts.events,
            description: opts.description,
            enabled: opts.enable ? true : opts.disable ? false : undefined,
            rotateSecret: opts.rotateSecret,
          });
          return { json: presentEndpoint(row, { withSecret: opts.rotateSecret }), text: row.id };
        },
      ),
    );
  hook
    .command('delete')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption('--id <webhookId>')
    .action(
      action(async (db, opts: { workspace: string; id: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        await deleteWebhook(db, w.id, opts.id);
        return { json: { id: opts.id, deleted: true }, text: `deleted ${opts.id}` };
      }),
    );
  hook
    .command('deliveries')
    .description('the delivery log: newest first, each with its attempts')
    .requiredOption('--workspace <workspaceId>')
    .option('--webhook <webhookId>', 'only this endpoint')
    .option('--limit <n>', 'at most this many deliveries (default 50)', (v) => Number.parseInt(v, 10))
    .action(
      action(async (db, opts: { workspace: string; webhook?: string; limit?: number }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const rows = await listWebhookDeliveries(db, w.id, {
          endpointId: opts.webhook ? uuid('--webhook', opts.webhook) : undefined,
          limit: Math.min(Math.max(opts.limit ?? 50, 1), 1000),
        });
        const out = rows.map(presentDelivery);
        return {
          json: out,
          text: out
            .map(
              (d) =>
                `${d.createdAt}  ${d.eventType}  ${d.status}  attempts ${d.attempts}  ${d.lastStatusCode ?? d.lastError ?? ''}`,
            )
            .join('\n'),
        };
      }),
    );

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
