// Categories and taxonomies as the API reads them: scoped to what the caller may see (src/policies/scopes.ts).
import * as catalog from '../../db/repositories/catalog';
import type { CategoryRow, KnowledgeRow } from '../../db/rows';
import { notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthState } from '../../policies/credentials';
import { taxonomyRoleIds } from '../../policies/scopes';
import { accessFilter } from '../access/accessFilter';
import type { DbDeps } from '../deps';

/** Every category of the workspace with the number of items the caller may see. */
export async function listCategories(
  { db }: DbDeps,
  auth: AuthState,
): Promise<Array<CategoryRow & { knowledge_count: number }>> {
  return catalog.listCategoriesWithCounts(db, auth.workspace.id, await accessFilter({ db: db }, auth));
}

/**
 * One category listing (the spec's listing has no pages) answers at most this many items, newest first, and only
 * while the texts it shows (an item's URL, else its text's first 500 characters) add up to CATEGORY_KNOWLEDGE_MAX_BYTES; the
 * answer says when it left some out, so one request's memory and response stay bounded whatever the category
 * holds (docs/reference/limits.md).
 */
export const CATEGORY_KNOWLEDGE_MAX = 1000;
export const CATEGORY_KNOWLEDGE_MAX_BYTES = 16 * 1024 * 1024;

/** The category's items the caller may see (within the bounds above, newest first); 404 for an unknown category. */
export async function listCategoryKnowledge(
  { db }: DbDeps,
  auth: AuthState,
  categoryId: string,
  max = { items: CATEGORY_KNOWLEDGE_MAX, bytes: CATEGORY_KNOWLEDGE_MAX_BYTES },
): Promise<{ rows: Array<KnowledgeRow & { category_id: string }>; truncated: boolean }> {
  const category = isUuid(categoryId) ? await catalog.findCategory(db, auth.workspace.id, categoryId) : undefined;
  if (!category) throw notFound('Category not found', { pathParam: 'categoryId' });
  const access = await accessFilter({ db: db }, auth);
  const { rows, admitted } = await catalog.categoryKnowledge(db, auth.workspace.id, category.id, access, max);
  return { rows, truncated: admitted > rows.length };
}

type TaxonomyRows = Awaited<ReturnType<typeof catalog.listTaxonomies>>;

/** A taxonomy with the links the request asked for (undefined: not asked for). */
export interface TaxonomyWithLinks {
  row: TaxonomyRows[number];
  roles?: Awaited<ReturnType<typeof catalog.taxonomyRoles>>;
  languages?: Awaited<ReturnType<typeof catalog.taxonomyLanguages>>;
  categories?: Awaited<ReturnType<typeof catalog.taxonomyCategories>>;
}

/** The taxonomies the caller may see; a credential that must hold a role and holds none sees none. */
export async function listTaxonomies(
  { db }: DbDeps,
  auth: AuthState,
  query: {
    roleId?: string;
    languageId?: string;
    includeRoles?: boolean;
    includeLanguages?: boolean;
    includeCategories?: boolean;
  },
): Promise<TaxonomyWithLinks[]> {
  const roleIds = taxonomyRoleIds(await accessFilter({ db: db }, auth), query.roleId);
  if (!roleIds) return [];
  const rows = await catalog.listTaxonomies(db, auth.workspace.id, { roleIds, languageId: query.languageId });
  const ids = rows.map((r) => r.id);
  const [roles, languages, categories] = await Promise.all([
    query.includeRoles ? catalog.taxonomyRoles(db, ids) : [],
    query.includeLanguages ? catalog.taxonomyLanguages(db, ids) : [],
    query.includeCategories ? catalog.taxonomyCategories(db, ids) : [],
  ]);
  return rows.map((row) => ({
    row,
    roles: query.includeRoles ? roles.filter((r) => r.taxonomy_id === row.id) : undefined,
    languages: query.includeLanguages ? languages.filter((l) => l.taxonomy_id === row.id) : undefined,
    categories: query.includeCategories ? categories.filter((c) => c.taxonomy_id === row.id) : undefined,
  }));
}
