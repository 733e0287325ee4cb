import Router from '@koa/router';
import * as knowledge from '../../../db/repositories/knowledge';
import type { Deps } from '../../../deps';
import { badRequest, notFound } from '../../../errors';
import { isUuid } from '../../../ids';
import { authenticateBearer, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { presentKnowledge } from './presenters';
import { KnowledgeListQuerySchema } from './schema';

export function knowledgeRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/v1/workspaces/:workspaceId/knowledge' });
  const auth = authenticateBearer(deps);

  router.get('/', auth, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const { page, limit } = validate(KnowledgeListQuerySchema, ctx.query);
    const { rows, total } = await knowledge.listKnowledge(deps.db, workspace.id, { offset: (page - 1) * limit, limit });
    ctx.body = { knowledge: rows.map(presentKnowledge), total, page, limit };
  });

  router.get('/:knowledgeId', auth, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const id = ctx.params.knowledgeId;
    if (!isUuid(id)) throw badRequest('Invalid knowledge ID format');
    const row = await knowledge.findKnowledge(deps.db, workspace.id, id);
    if (!row) throw notFound('Knowledge item not found');
    ctx.body = presentKnowledge(row);
  });

  return router;
}
