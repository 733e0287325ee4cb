// Sources that stay in sync (website, s3, …): only the workspace credential manages them (sources.manage);
// the items they bring are read under the usual role rules.
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Deps } from '../../../services/deps';
import {
  createSource,
  deleteSource,
  listSourceSyncs,
  listSourceViews,
  loadSource,
  syncNow,
  updateSource,
  viewSource,
} from '../../../services/sources/syncSources';
import { presentRulesPreview, presentSource, presentSourceRules, presentSync } from '../../../presenters/sources';
import { previewSourceRules, viewSourceRules } from '../../../services/sources/sourceRules';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import {
  CreateSourceSchema,
  DeleteSourceQuerySchema,
  PreviewRulesSchema,
  kindFieldsOf,
  rulesFitKind,
  SyncNowQuerySchema,
  SyncsQuerySchema,
  UpdateSourceSchema,
  type Source,
  type SourceList,
  type RulesPreviewResponse,
  type SourceRulesResponse,
  type SourceSyncList,
  type SyncStarted,
} from './schema';

export function sourcesRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId/sources');
  const manage = guard(deps, 'sources.manage');

  router.get('/', manage, async (ctx) => {
    const views = await listSourceViews(deps, requireAuth(ctx).workspace.id);
    ctx.body = { sources: views.map(presentSource) } satisfies SourceList;
  });
  router.post('/', manage, async (ctx) => {
    const input = validate(CreateSourceSchema, ctx.request.body, 'Missing required field');
    const view = await createSource(deps, requireAuth(ctx), input);
    ctx.status = 201;
    ctx.body = presentSource(view) satisfies Source;
  });
  router.get('/:sourceId', manage, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    ctx.body = presentSource(
      await viewSource(deps, await loadSource(deps, workspace.id, ctx.params.sourceId!)),
    ) satisfies Source;
  });
  router.patch('/:sourceId', manage, async (ctx) => {
    const sent: unknown = ctx.request.body;
    if (sent !== null && typeof sent === 'object' && ('config' in sent || 'secrets' in sent)) {
      const source = await loadSource(deps, requireAuth(ctx).workspace.id, ctx.params.sourceId!);
      const own = kindFieldsOf(source.kind);
      if (own) {
        const { config, secrets } = sent as { config?: unknown; secrets?: unknown };
        const fields = 'secrets' in own.shape ? { config, secrets } : { config };
        validate(own, fields, 'Invalid field value');
      }
    }
    const checked = validate(
      UpdateSourceSchema,
      ctx.request.body === undefined ? {} : ctx.request.body,
      'Invalid field value',
    );
    // The document's schema is every kind's, and a value two kinds accept is read as the first's (a website's bare
    // {"url"} as a git config, with git's defaults): the service reads config and secrets as sent, by the source's
    // own kind (checked above).
    const raw = sent as { config?: typeof checked.config; secrets?: typeof checked.secrets };
    const input = {
      ...checked,
      ...(checked.config !== undefined ? { config: raw.config } : {}),
      ...(checked.secrets !== undefined ? { secrets: raw.secrets } : {}),
    };
    if (input.rules) {
      const source = await loadSource(deps, requireAuth(ctx).workspace.id, ctx.params.sourceId!);
      validate(rulesFitKind(source.kind, input.config ?? source.config), { rules: input.rules });
    }
    ctx.body = presentSource(
      await updateSource(deps, requireAuth(ctx).workspace, ctx.params.sourceId!, input),
    ) satisfies Source;
  });
  router.delete('/:sourceId', manage, async (ctx) => {
    const { deleteItems } = validate(DeleteSourceQuerySchema, ctx.query, 'Invalid field value');
    const out = await deleteSource(deps, requireAuth(ctx).workspace, ctx.params.sourceId!, deleteItems);
    ctx.body = { success: true, ...out };
  });
  router.post('/:sourceId/sync', manage, async (ctx) => {
    const { confirmDeletes } = validate(SyncNowQuerySchema, ctx.query, 'Invalid field value');
    const out = await syncNow(deps, requireAuth(ctx).workspace, ctx.params.sourceId!, confirmDeletes);
    ctx.status = 202;
    ctx.body = { started: out.started, sync: presentSync(out.sync) } satisfies SyncStarted;
  });
  // The rules with the documents each gives roles to, and the items no role reaches (workspace credentials only).
  router.get('/:sourceId/rules', guard(deps, 'sources.rules'), async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const view = await viewSourceRules(deps, await loadSource(deps, workspace.id, ctx.params.sourceId!));
    ctx.body = presentSourceRules(view, workspace.rbac_enabled) satisfies SourceRulesResponse;
  });
  // A dry run: which documents would change roles under these rules (nothing is written).
  router.post('/:sourceId/rules\\:preview', guard(deps, 'sources.preview'), async (ctx) => {
    const input = validate(PreviewRulesSchema, ctx.request.body, 'Invalid field value');
    const source = await loadSource(deps, requireAuth(ctx).workspace.id, ctx.params.sourceId!);
    if (input.rules) validate(rulesFitKind(source.kind, source.config), { rules: input.rules });
    const preview = await previewSourceRules(deps, source, input, input.limit);
    ctx.body = presentRulesPreview(preview) satisfies RulesPreviewResponse;
  });
  router.get('/:sourceId/syncs', manage, async (ctx) => {
    const { limit } = validate(SyncsQuerySchema, ctx.query, 'Invalid field value');
    const rows = await listSourceSyncs(deps, requireAuth(ctx).workspace.id, ctx.params.sourceId!, limit);
    ctx.body = { syncs: rows.map(presentSync) } satisfies SourceSyncList;
  });
  return router;
}
