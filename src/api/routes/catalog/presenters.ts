import type { CategoryRow, KnowledgeRow, TaxonomyRow } from '../../../db/rows';
import { EXCERPT_CHARS } from '../../../domain/listing';
import { presentSearchResult } from '../knowledge/search/presenters';
import type { Category, CategoryKnowledge, Taxonomy } from './schema';

export function presentCategory(row: CategoryRow & { knowledge_count: number | string }): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    knowledgeCount: Number(row.knowledge_count),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentCategoryKnowledge(row: KnowledgeRow & { category_id: string }): CategoryKnowledge {
  const { score, pageNumber, ...item } = presentSearchResult({
    row,
    excerpt: row.content.slice(0, EXCERPT_CHARS),
  });
  void score;
  void pageNumber;
  return { ...item, categoryId: row.category_id };
}

export function presentTaxonomy(
  row: TaxonomyRow & { category_count: number | string },
  include: {
    roles?: Array<{ id: string; name: string; metadata: Record<string, unknown>; customer_role_id: string | null }>;
    languages?: Array<{ language_id: string }>;
    categories?: Array<{ id: string; name: string; description: string | null }>;
  },
): Taxonomy {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    description: row.description,
    published: row.published,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    categoryCount: Number(row.category_count),
    ...(include.roles
      ? {
          roles: include.roles.map((r) => ({
            id: r.id,
            name: r.name,
            metadata: { ...r.metadata, uniqueCustomerRoleId: r.customer_role_id },
          })),
        }
      : {}),
    ...(include.languages ? { languages: include.languages.map((l) => ({ languageId: l.language_id })) } : {}),
    ...(include.categories
      ? { categories: include.categories.map((c) => ({ id: c.id, name: c.name, description: c.description })) }
      : {}),
  };
}
