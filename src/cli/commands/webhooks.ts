import type { Command } from 'commander';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhook,
  WebhookEvents,
} from '../../services/webhooks/webhooks';
import { presentDelivery, presentEndpoint } from '../../presenters/webhooks';
import { action, CliError, list, requireWorkspace, uuid } from '../shared';

export function registerWebhooks(program: Command): void {
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
      action(async (deps, opts: { workspace: string; url: string; events?: string[]; description?: string }) => {
        const w = await requireWorkspace(deps.db, opts.workspace);
        const row = await createWebhook(deps, w.id, opts);
        return { json: presentEndpoint(row, { withSecret: true }), text: `${row.id}  secret ${row.secret}` };
      }),
    );
  hook
    .command('list')
    .requiredOption('--workspace <workspaceId>')
    .action(
      action(async ({ db }, opts: { workspace: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const rows = (await listWebhookEndpoints({ db }, w.id)).map((r) => presentEndpoint(r));
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
          deps,
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
          const w = await requireWorkspace(deps.db, opts.workspace);
          const row = await updateWebhook(deps, w.id, opts.id, {
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
      action(async ({ db }, opts: { workspace: string; id: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        await deleteWebhook({ db }, w.id, opts.id);
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
      action(async ({ db }, opts: { workspace: string; webhook?: string; limit?: number }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const out = (
          await listWebhookDeliveries({ db }, w.id, {
            endpointId: opts.webhook ? uuid('--webhook', opts.webhook) : undefined,
            limit: Math.min(Math.max(opts.limit ?? 50, 1), 1000),
          })
        ).map(presentDelivery);
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
}
