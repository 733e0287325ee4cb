// Categories and their knowledge: read through the API, managed through the kws admin CLI.
import * as catalog from '../../db/repositories/catalog';
import type { CategoryRow } from '../../db/rows';
import { notFound } from '../../errors';
import { checkedLinker } from './knowledgeLinks';
import type { DbDeps } from '../deps';

export interface CategoryFields {
  name: string;
  description?: string | null;
}

export function createCategory({ db }: DbDeps, workspaceId: string, fields: CategoryFields): Promise<CategoryRow> {
  return catalog.insertCategory(db, workspaceId, fields);
}

export async function updateCategory(
  { db }: DbDeps,
  workspaceId: string,
  id: string,
  patch: Partial<CategoryFields>,
): Promise<CategoryRow> {
  const row = await catalog.updateCategory(db, workspaceId, id, patch);
  if (!row) throw notFound(`category ${id} not found`);
  return row;
}

export async function deleteCategory({ db }: DbDeps, workspaceId: string, id: string): Promise<void> {
  if (!(await catalog.deleteCategory(db, workspaceId, id))) throw notFound(`category ${id} not found`);
}

/** Links items of the same workspace to a category; linking twice is a no-op. Returns how many are linked. */
export const linkCategoryKnowledge = checkedLinker(catalog.linkCategoryKnowledge, 'category');
