// Categories and taxonomies: read-only through the API, managed through the kws admin CLI.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { CategoryRow, TaxonomyRow } from '../rows';

export async function insertCategory(
  db: Tx,
  workspaceId: string,
  input: { name: string; description?: string | null },
): Promise<CategoryRow> {
  const [row] = await db<CategoryRow>('categories')
    .insert({ id: randomUUID(), workspace_id: workspaceId, name: input.name, description: input.description ?? null })
    .returning('*');
  return row!;
}

export async function updateCategory(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: { name?: string; description?: string | null },
): Promise<CategoryRow | undefined> {
  const [row] = await db<CategoryRow>('categories')
    .where({ workspace_id: workspaceId, id })
    .update({ ...patch, updated_at: db.fn.now() as unknown as Date })
    .returning('*');
  return row;
}

export async function deleteCategory(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return (await db('categories').where({ workspace_id: workspaceId, id }).delete()) > 0;
}

/** Links knowledge to a category of the same workspace; linking twice is a no-op. */
export async function linkCategoryKnowledge(
  db: Tx,
  workspaceId: string,
  categoryId: string,
  knowledgeIds: string[],
): Promise<number> {
  if (knowledgeIds.length === 0) return 0;
  const owned = await db('knowledge').where({ workspace_id: workspaceId }).whereIn('id', knowledgeIds).pluck('id');
  const category = await db('categories').where({ workspace_id: workspaceId, id: categoryId }).first('id');
  if (!category || owned.length !== new Set(knowledgeIds).size) return -1;
  await db('category_knowledge')
    .insert(
      owned.map((knowledgeId: string) => ({
        category_id: categoryId,
        knowledge_id: knowledgeId,
        workspace_id: workspaceId,
      })),
    )
    .onConflict(['category_id', 'knowledge_id'])
    .ignore();
  return owned.length;
}

export async function insertTaxonomy(
  db: Tx,
  workspaceId: string,
  input: { name: string; description?: string | null; published?: boolean },
): Promise<TaxonomyRow> {
  const [row] = await db<TaxonomyRow>('taxonomies')
    .insert({
      id: randomUUID(),
      workspace_id: workspaceId,
      name: input.name,
      description: input.description ?? null,
      published: input.published ?? false,
    })
    .returning('*');
  return row!;
}

export async function updateTaxonomy(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: { name?: string; description?: string | null; published?: boolean },
): Promise<TaxonomyRow | undefined> {
  const [row] = await db<TaxonomyRow>('taxonomies')
    .where({ workspace_id: workspaceId, id })
    .update({ ...patch, updated_at: db.fn.now() as unknown as Date })
    .returning('*');
  return row;
}

export async function deleteTaxonomy(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return (await db('taxonomies').where({ workspace_id: workspaceId, id }).delete()) > 0;
}

/**
 * Replaces a taxonomy's roles, languages and categories (each only when given). Role and category ids
 * must belong to the taxonomy's workspace; returns the ids that did not.
 */
export async function setTaxonomyLinks(
  db: Tx,
  workspaceId: string,
  taxonomyId: string,
  links: { roleIds?: string[]; languageIds?: string[]; categoryIds?: string[] },
): Promise<string[]> {
  const unknown: string[] = [];
  if (links.roleIds) {
    const owned: string[] = await db('roles')
      .where({ workspace_id: workspaceId })
      .whereIn('id', links.roleIds)
      .pluck('id');
    unknown.push(...links.roleIds.filter((id) => !owned.includes(id)));
    await db('taxonomy_roles').where({ taxonomy_id: taxonomyId }).delete();
    if (owned.length) await db('taxonomy_roles').insert(owned.map((role_id) => ({ taxonomy_id: taxonomyId, role_id })));
  }
  if (links.categoryIds) {
    const owned: string[] = await db('categories')
      .where({ workspace_id: workspaceId })
      .whereIn('id', links.categoryIds)
      .pluck('id');
    unknown.push(...links.categoryIds.filter((id) => !owned.includes(id)));
    await db('taxonomy_categories').where({ taxonomy_id: taxonomyId }).delete();
    if (owned.length) {
      await db('taxonomy_categories').insert(owned.map((category_id) => ({ taxonomy_id: taxonomyId, category_id })));
    }
  }
  if (links.languageIds) {
    await db('taxonomy_languages').where({ taxonomy_id: taxonomyId }).delete();
    const languages = [...new Set(links.languageIds)];
    if (languages.length) {
      await db('taxonomy_languages').insert(languages.map((language_id) => ({ taxonomy_id: taxonomyId, language_id })));
    }
  }
  return unknown;
}
