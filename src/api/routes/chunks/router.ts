// The chunks of a knowledge item: read as the item is (knowledge.read, role-scoped), changed and added with
// knowledge.write. Paths exactly as the README's route table writes them.
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Context } from 'koa';
import * as chunkService from '../../../services/knowledge/chunks';
import type { Deps } from '../../../services/deps';
import * as knowledgeService from '../../../services/knowledge/knowledge';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { presentChunk } from './presenters';
import { ChunkListQuerySchema, CreateChunkSchema, UpdateChunkSchema } from './schema';

export function chunksRouter(deps: Deps): Router {
  const router = apiRoutes();
  const base = '/v1/workspaces/:workspaceId/knowledge/:knowledgeId/chunks';

  /** The item as get-knowledge loads it: an item the caller may not see is not found. */
  const loadVisible = (ctx: Context) =>
    knowledgeService.loadVisibleKnowledge(deps, requireAuth(ctx), ctx.params.knowledgeId ?? '');

  router.get(base, guard(deps, 'knowledge.read'), async (ctx) => {
    const item = await loadVisible(ctx);
    const { page, limit } = validate(ChunkListQuerySchema, ctx.query);
    const { rows, total } = await chunkService.listItemChunks(deps, item, { offset: (page - 1) * limit, limit });
    ctx.body = { chunks: rows.map(presentChunk), total, page, limit };
  });

  router.post(base, guard(deps, 'knowledge.write'), async (ctx) => {
    const item = await loadVisible(ctx);
    const input = validate(CreateChunkSchema, ctx.request.body, 'Missing required field');
    ctx.status = 201;
    ctx.body = presentChunk(await chunkService.addChunk(deps, item, input));
  });

  router.patch(`${base}/:chunkId`, guard(deps, 'knowledge.write'), async (ctx) => {
    const item = await loadVisible(ctx);
    const input = validate(UpdateChunkSchema, ctx.request.body, 'text or enabled is required');
    ctx.body = presentChunk(await chunkService.updateChunk(deps, item, ctx.params.chunkId ?? '', input));
  });

  return router;
}
