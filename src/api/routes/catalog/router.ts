// Categories and taxonomies: read-only through the API (managed with the kws CLI), scoped to what the caller may see.
import Router from '@koa/router';
import * as catalog from '../../../db/repositories/catalog';
import { applyAccessFilter } from '../../../db/repositories/search';
import type { Deps } from '../../../deps';
import { notFound } from '../../../errors';
import { isUuid } from '../../../ids';
import { taxonomyRoleIds } from '../../../policies/scopes';
import { accessFilter } from '../../../services/access';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate } from '../../validate';
import { presentCategory, presentCategoryKnowledge, presentTaxonomy } from './presenters';
import { TaxonomyQuerySchema } from './schema';

export function catalogRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/v1/workspaces/:workspaceId' });
  const read = guard(deps, 'catalog.read');

  router.get('/categories', read, async (ctx) => {
    const auth = requireAuth(ctx);
    const filter = await accessFilter(deps.db, auth);
    const rows = await catalog.listCategoriesWithCounts(deps.db, auth.workspace.id, (q) =>
      applyAccessFilter(q, deps.db, filter),
    );
    ctx.body = { categories: rows.map(presentCategory) };
  });

  router.get('/categories/:categoryId/knowledge', read, async (ctx) => {
    const auth = requireAuth(ctx);
    const id = ctx.params.categoryId ?? '';
    const category = isUuid(id) ? await catalog.findCategory(deps.db, auth.workspace.id, id) : undefined;
    if (!category) throw notFound('Category not found');
    const filter = await accessFilter(deps.db, auth);
    const rows = await catalog.categoryKnowledge(deps.db, auth.workspace.id, category.id, (q) =>
      applyAccessFilter(q, deps.db, filter),
    );
    ctx.body = { knowledge: rows.map(presentCategoryKnowledge) };
  });

  router.get('/taxonomy', read, async (ctx) => {
    const auth = requireAuth(ctx);
    const query = validate(TaxonomyQuerySchema, ctx.query);
    // A credential that must hold a role and holds none sees no taxonomy (src/policies/scopes.ts).
    const roleIds = taxonomyRoleIds(await accessFilter(deps.db, auth), query.roleId);
    if (!roleIds) {
      ctx.body = [];
      return;
    }
    const rows = await catalog.listTaxonomies(deps.db, auth.workspace.id, { roleIds, languageId: query.languageId });
    const ids = rows.map((r) => r.id);
    const [roles, languages, categories] = await Promise.all([
      query.includeRoles ? catalog.taxonomyRoles(deps.db, ids) : [],
      query.includeLanguages ? catalog.taxonomyLanguages(deps.db, ids) : [],
      query.includeCategories ? catalog.taxonomyCategories(deps.db, ids) : [],
    ]);
    ctx.body = rows.map((row) =>
      presentTaxonomy(row, {
        roles: query.includeRoles ? roles.filter((r) => r.taxonomy_id === row.id) : undefined,
        languages: query.includeLanguages ? languages.filter((l) => l.taxonomy_id === row.id) : undefined,
        categories: query.includeCategories ? categories.filter((c) => c.taxonomy_id === row.id) : undefined,
      }),
    );
  });

  return router;
}
