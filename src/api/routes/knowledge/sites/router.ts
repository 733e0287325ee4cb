// Websites: a WEBSITE item crawled in the background (the root of a website source), and its recrawl.
import type { Deps } from '../../../../services/deps';
import * as sources from '../../../../services/knowledge/textAndWebItems';
import * as upserts from '../../../../services/knowledge/upserts';
import { guard, requireAuth } from '../../../middleware/authenticate';
import { validate } from '../../../validate';
import { SyncNowQuerySchema } from '../../sources/schema';
import { answerUpsert, created, loadVisible, type KnowledgeRoutes } from '../handlers';
import { CreateWebsiteSchema, type RecrawlResponse } from './schema';

export function siteRoutes(deps: Deps, base: string): KnowledgeRoutes {
  const write = guard(deps, 'knowledge.write');

  return {
    createWebsiteSource: (router) =>
      router.post(`${base}/website`, write, async (ctx) => {
        const input = validate(CreateWebsiteSchema, ctx.request.body, 'Missing required field');
        answerUpsert(ctx, await upserts.upsertWebsite(deps, requireAuth(ctx), input), (c) => (ctx.body = created(c)));
      }),

    recrawlWebsite: (router) =>
      router.post(`${base}/:knowledgeId/recrawl`, write, async (ctx) => {
        const { auth, row } = await loadVisible(deps, ctx);
        const { confirmDeletes } = validate(SyncNowQuerySchema, ctx.query, 'Invalid field value');
        const body: RecrawlResponse = { jobId: await sources.recrawl(deps, auth.workspace, row, confirmDeletes) };
        ctx.body = body;
      }),
  };
}
