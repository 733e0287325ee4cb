// Webhook endpoints of a workspace and their delivery log (also managed with `kws webhook …`); only a
// workspace-level credential may manage them (webhooks.manage). The secret is shown on create and rotate.
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Deps } from '../../../services/deps';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  loadWebhook,
  updateWebhook,
} from '../../../services/webhooks/webhooks';
import { sendWebhookTestEvent } from '../../../services/webhooks/webhookEvents';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { presentDelivery, presentEndpoint } from '../../../presenters/webhooks';
import {
  CreateWebhookSchema,
  DeliveriesQuerySchema,
  UpdateWebhookSchema,
  type WebhookDeliveries,
  type WebhookEndpoint,
  type WebhookList,
  type WebhookTestSent,
} from './schema';

export function webhooksRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId/webhooks');
  const manage = guard(deps, 'webhooks.manage');

  router.get('/', manage, async (ctx) => {
    const rows = await listWebhooks(deps, requireAuth(ctx).workspace.id);
    ctx.body = { webhooks: rows.map((r) => presentEndpoint(r)) } satisfies WebhookList;
  });
  router.post('/', manage, async (ctx) => {
    const input = validate(CreateWebhookSchema, ctx.request.body, 'Missing required field');
    const row = await createWebhook(deps, requireAuth(ctx).workspace.id, input);
    ctx.status = 201;
    ctx.body = presentEndpoint(row, { withSecret: true }) satisfies WebhookEndpoint;
  });
  router.get('/:webhookId', manage, async (ctx) => {
    ctx.body = presentEndpoint(
      await loadWebhook(deps, requireAuth(ctx).workspace.id, ctx.params.webhookId!),
    ) satisfies WebhookEndpoint;
  });
  router.patch('/:webhookId', manage, async (ctx) => {
    const input = validate(UpdateWebhookSchema, ctx.request.body, 'Invalid field value');
    const row = await updateWebhook(deps, requireAuth(ctx).workspace.id, ctx.params.webhookId!, input);
    ctx.body = presentEndpoint(row, { withSecret: input.rotateSecret === true });
  });
  router.delete('/:webhookId', manage, async (ctx) => {
    await deleteWebhook(deps, requireAuth(ctx).workspace.id, ctx.params.webhookId!);
    ctx.body = { success: true };
  });
  router.post('/:webhookId/test', manage, async (ctx) => {
    const sent = await sendWebhookTestEvent(deps, requireAuth(ctx).workspace.id, ctx.params.webhookId!);
    ctx.status = 202;
    ctx.body = sent satisfies WebhookTestSent;
  });
  router.get('/:webhookId/deliveries', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const { limit } = validate(DeliveriesQuerySchema, ctx.query);
    const hook = await loadWebhook(deps, workspace.id, ctx.params.webhookId!);
    ctx.body = {
      deliveries: (await listWebhookDeliveries(deps, workspace.id, { endpointId: hook.id, limit })).map(
        presentDelivery,
      ),
    } satisfies WebhookDeliveries;
  });
  return router;
}
