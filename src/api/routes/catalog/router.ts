// Categories and taxonomies: read-only through the API (managed with the kws CLI), scoped to what the caller may see.
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Deps } from '../../../services/deps';
import { listCategories, listCategoryKnowledge, listTaxonomies } from '../../../services/catalog/catalog';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { presentCategory, presentCategoryKnowledge, presentTaxonomy } from './presenters';
import { TaxonomyQuerySchema } from './schema';

export function catalogRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId');
  const read = guard(deps, 'catalog.read');

  router.get('/categories', read, async (ctx) => {
    const rows = await listCategories(deps, requireAuth(ctx));
    ctx.body = { categories: rows.map(presentCategory) };
  });

  router.get('/categories/:categoryId/knowledge', read, async (ctx) => {
    const { rows, truncated } = await listCategoryKnowledge(deps, requireAuth(ctx), ctx.params.categoryId ?? '');
    ctx.body = { knowledge: rows.map(presentCategoryKnowledge), ...(truncated ? { truncated } : {}) };
  });

  router.get('/taxonomy', read, async (ctx) => {
    const auth = requireAuth(ctx);
    const query = validate(TaxonomyQuerySchema, ctx.query);
    const taxonomies = await listTaxonomies(deps, auth, query);
    ctx.body = taxonomies.map(({ row, ...links }) => presentTaxonomy(row, links));
  });

  return router;
}
