// Knowledge items: list and get, links, text and URL items, attributes and reserved fields, deletes.
import type { Deps } from '../../../../services/deps';
import { startCascadeDelete, deleteKnowledge } from '../../../../services/operations/deletes';
import * as knowledgeService from '../../../../services/knowledge/knowledge';
import * as upserts from '../../../../services/knowledge/upserts';
import * as versionService from '../../../../services/versions/versions';
import { guard, requireAuth } from '../../../middleware/authenticate';
import { validate } from '../../../validate';
import { answerUpsert, created, loadVisible, type KnowledgeRoutes } from '../handlers';
import { presentKnowledge, presentKnowledgeItem } from '../presenters';
import {
  CreateLinkSchema,
  CreateTextSchema,
  CreateUrlSchema,
  KnowledgeListQuerySchema,
  ReservedFieldSchema,
  UpdateKnowledgeSchema,
} from '../schema';

export function itemRoutes(deps: Deps, base: string): KnowledgeRoutes {
  const read = guard(deps, 'knowledge.read');
  const write = guard(deps, 'knowledge.write');

  return {
    listKnowledge: (router) =>
      router.get(base, read, async (ctx) => {
        const auth = requireAuth(ctx);
        const { page, limit, filter, externalId } = validate(KnowledgeListQuerySchema, ctx.query);
        const { rows, total } = await knowledgeService.listVisibleKnowledge(deps, auth, {
          offset: (page - 1) * limit,
          limit,
          filter,
          externalId,
        });
        ctx.body = { knowledge: rows.map(presentKnowledge), total, page, limit };
      }),

    createLink: (router) =>
      router.post(`${base}/link`, write, async (ctx) => {
        const auth = requireAuth(ctx);
        const input = validate(CreateLinkSchema, ctx.request.body, 'Missing required field');
        const row = await knowledgeService.createLink(deps, auth, input);
        ctx.status = 201;
        ctx.body = { id: row.id, knowledgeId: row.id };
      }),

    createTextSource: (router) =>
      router.post(`${base}/text`, write, async (ctx) => {
        const input = validate(CreateTextSchema, ctx.request.body, 'Missing required field');
        answerUpsert(ctx, await upserts.upsertText(deps, requireAuth(ctx), input), (c) => {
          ctx.status = 201;
          ctx.body = created(c);
        });
      }),

    createUrlSource: (router) =>
      router.post(`${base}/url`, write, async (ctx) => {
        const input = validate(CreateUrlSchema, ctx.request.body, 'Missing required field');
        answerUpsert(ctx, await upserts.upsertUrl(deps, requireAuth(ctx), input), (c) => (ctx.body = created(c)));
      }),

    getKnowledge: (router) =>
      router.get(`${base}/:knowledgeId`, read, async (ctx) => {
        const { row } = await loadVisible(deps, ctx);
        ctx.body = presentKnowledgeItem(row, await versionService.pendingVersion(deps, row));
      }),

    updateKnowledge: (router) =>
      router.patch(`${base}/:knowledgeId`, write, async (ctx) => {
        const { auth, row } = await loadVisible(deps, ctx);
        const input = validate(UpdateKnowledgeSchema, ctx.request.body, 'Missing required field');
        // Text and attributes together are one transaction (services/versions/versions.ts replaceText).
        const started =
          input.text !== undefined
            ? await versionService.replaceText(deps, auth, row, input.text, input.attributes)
            : undefined;
        const updated =
          input.attributes !== undefined && !started
            ? await knowledgeService.replaceKnowledgeAttributes(deps, row, input.attributes)
            : await knowledgeService.loadVisibleKnowledge(deps, auth, row.id);
        const body = presentKnowledgeItem(updated, await versionService.pendingVersion(deps, updated));
        ctx.body = started?.warnings ? { ...body, warnings: started.warnings } : body;
      }),

    updateReservedField: (router) =>
      router.put(`${base}/:knowledgeId/reservedField`, write, async (ctx) => {
        const { row } = await loadVisible(deps, ctx);
        const input = validate(ReservedFieldSchema, ctx.request.body, 'Missing required field');
        const { jobId } = await knowledgeService.updateReservedField(deps, row, input);
        ctx.body = { knowledgeId: row.id, ...(jobId ? { jobId } : {}) };
      }),

    deleteKnowledge: (router) =>
      router.delete(`${base}/:knowledgeId`, write, async (ctx) => {
        const { auth, row } = await loadVisible(deps, ctx);
        await deleteKnowledge(deps, auth.workspace.id, row.id);
        ctx.body = { success: true };
      }),

    deleteKnowledgeCascade: (router) =>
      router.delete(`${base}/:knowledgeId/children`, write, async (ctx) => {
        const { auth, row } = await loadVisible(deps, ctx);
        const jobId = await startCascadeDelete(deps, auth.workspace.id, row.id);
        ctx.body = { success: true, message: 'Cascade delete started', jobId };
      }),
  };
}
