// Categories and taxonomies: read-only through the API, managed through the kws admin CLI.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { CategoryRow, KnowledgeRow, TaxonomyRow } from '../rows';
import { deleteWorkspaceRow, updateWorkspaceRow } from './workspaceRows';
import type { AccessFilter } from '../../domain/access';
import { applyAccessFilter } from './search';
import { listedItemColumns } from './listedItems';
import { EXCERPT_CHARS } from '../../domain/listing';

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
  return updateWorkspaceRow<CategoryRow>(db, 'categories', workspaceId, id, patch);
}

export async function deleteCategory(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return deleteWorkspaceRow(db, 'categories', workspaceId, id);
}

/** Links knowledge to a category of the same workspace; linking twice is a no-op. -1: not all found. */
export async function linkCategoryKnowledge(
  db: Tx,
  workspaceId: string,
  categoryId: string,
  knowledgeIds: string[],
): Promise<number> {
  return linkKnowledge(db, workspaceId, knowledgeIds, {
    table: 'categories',
    link: 'category_knowledge',
    key: 'category_id',
    id: categoryId,
  });
}

export async function insertAudience(db: Tx, workspaceId: string, name: string): Promise<{ id: string; name: string }> {
  const [row] = await db('audiences')
    .insert({ id: randomUUID(), workspace_id: workspaceId, name })
    .returning(['id', 'name']);
  return row as { id: string; name: string };
}

/** Assigns knowledge to an audience of the same workspace; assigning twice is a no-op. -1: not all found. */
export async function linkAudienceKnowledge(
  db: Tx,
  workspaceId: string,
  audienceId: string,
  knowledgeIds: string[],
): Promise<number> {
  return linkKnowledge(db, workspaceId, knowledgeIds, {
    table: 'audiences',
    link: 'knowledge_audiences',
    key: 'audience_id',
    id: audienceId,
  });
}

async function linkKnowledge(
  db: Tx,
  workspaceId: string,
  knowledgeIds: string[],
  target: { table: string; link: string; key: string; id: string },
): Promise<number> {
  if (knowledgeIds.length === 0) return 0;
  const owned: string[] = await db('knowledge')
    .where({ workspace_id: workspaceId })
    .whereIn('id', knowledgeIds)
    .pluck('id');
  const parent = await db(target.table).where({ workspace_id: workspaceId, id: target.id }).first('id');
  if (!parent || owned.length !== new Set(knowledgeIds).size) return -1;
  await db(target.link)
    .insert(owned.map((knowledge_id) => ({ [target.key]: target.id, knowledge_id, workspace_id: workspaceId })))
    .onConflict([target.key, 'knowledge_id'])
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
  return updateWorkspaceRow<TaxonomyRow>(db, 'taxonomies', workspaceId, id, patch);
}

export async function deleteTaxonomy(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return deleteWorkspaceRow(db, 'taxonomies', workspaceId, id);
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

/** Every category of the workspace (empty ones too) with the number of items the caller may see. */
export async function listCategoriesWithCounts(
  db: Tx,
  workspaceId: string,
  access: AccessFilter,
): Promise<Array<CategoryRow & { knowledge_count: number }>> {
  const count = applyAccessFilter(
    db('category_knowledge as ck')
      .join('knowledge as k', 'k.id', 'ck.knowledge_id')
      .whereRaw('ck.category_id = c.id')
      .andWhere('k.workspace_id', workspaceId),
    db,
    access,
  ).count('*');
  return db('categories as c')
    .where('c.workspace_id', workspaceId)
    .select('c.*', db.raw('(?) as knowledge_count', [count]))
    .orderBy([{ column: 'c.name' }, { column: 'c.id' }]);
}

export async function findCategory(db: Tx, workspaceId: string, id: string): Promise<CategoryRow | undefined> {
  return db<CategoryRow>('categories').where({ workspace_id: workspaceId, id }).first();
}

/**
 * The category's items the access filter admits, newest first: at most `max.items`, and only while the texts the
 * listing shows (an item's URL, else its content) add up to at most `max.bytes`; `admitted` counts every one. The
 * sizes are read from the values' headers (octet_length), so the items left out are never read.
 */
export async function categoryKnowledge(
  db: Tx,
  workspaceId: string,
  categoryId: string,
  access: AccessFilter,
  max: { items: number; bytes: number },
): Promise<{ rows: Array<KnowledgeRow & { category_id: string }>; admitted: number }> {
  const newestFirst = 'order by k.created_at desc, k.id desc';
  const ranked = applyAccessFilter(
    db('knowledge as k')
      .join('category_knowledge as ck', 'ck.knowledge_id', 'k.id')
      .where({ 'ck.category_id': categoryId, 'k.workspace_id': workspaceId }),
    db,
    access,
  ).select(
    'k.id',
    db.raw(`row_number() over (${newestFirst}) as position`),
    // What the listing shows of each item: its URL, else the first EXCERPT_CHARS of its text (the presenter).
    db.raw(`sum(octet_length(coalesce(k.url, left(k.content, ?)))) over (${newestFirst}) as shown_bytes`, [
      EXCERPT_CHARS,
    ]),
    db.raw('count(*) over () as admitted'),
  );
  const rows: Array<KnowledgeRow & { category_id: string; admitted: string }> = await db
    .with('ranked', ranked)
    .from('ranked as r')
    .join('knowledge as k', 'k.id', 'r.id')
    .where('r.position', '<=', max.items)
    .andWhere('r.shown_bytes', '<=', max.bytes)
    .select(...listedItemColumns(db), db.raw('?::uuid as category_id', [categoryId]), 'r.admitted')
    .orderBy('r.position');
  const admitted = rows.length
    ? Number(rows[0]!.admitted)
    : Number((await db.from(ranked.as('a')).count<{ n: string }[]>({ n: '*' }))[0]?.n ?? 0);
  return { rows: rows.map(({ admitted: _, ...row }) => row), admitted };
}

export async function listTaxonomies(
  db: Tx,
  workspaceId: string,
  filter: { roleIds: string[]; languageId?: string },
): Promise<Array<TaxonomyRow & { category_count: number }>> {
  const q = db('taxonomies as t')
    .where('t.workspace_id', workspaceId)
    .select(
      't.*',
      db.raw('(select count(*) from taxonomy_categories tc where tc.taxonomy_id = t.id) as category_count'),
    )
    .orderBy([{ column: 't.name' }, { column: 't.id' }]);
  for (const roleId of filter.roleIds) {
    void q.whereExists(db('taxonomy_roles as tr').whereRaw('tr.taxonomy_id = t.id').andWhere('tr.role_id', roleId));
  }
  if (filter.languageId !== undefined) {
    void q.whereExists(
      db('taxonomy_languages as tl').whereRaw('tl.taxonomy_id = t.id').andWhere('tl.language_id', filter.languageId),
    );
  }
  return q;
}

export async function taxonomyRoles(db: Tx, taxonomyIds: string[]) {
  if (taxonomyIds.length === 0) return [];
  return db('taxonomy_roles as tr')
    .join('roles as r', 'r.id', 'tr.role_id')
    .whereIn('tr.taxonomy_id', taxonomyIds)
    .select('tr.taxonomy_id', 'r.id', 'r.name', 'r.metadata', 'r.customer_role_id')
    .orderBy('r.name') as Promise<
    Array<{
      taxonomy_id: string;
      id: string;
      name: string;
      metadata: Record<string, unknown>;
      customer_role_id: string | null;
    }>
  >;
}

export async function taxonomyLanguages(db: Tx, taxonomyIds: string[]) {
  if (taxonomyIds.length === 0) return [];
  return db('taxonomy_languages')
    .whereIn('taxonomy_id', taxonomyIds)
    .select('taxonomy_id', 'language_id')
    .orderBy('language_id') as Promise<Array<{ taxonomy_id: string; language_id: string }>>;
}

export async function taxonomyCategories(db: Tx, taxonomyIds: string[]) {
  if (taxonomyIds.length === 0) return [];
  return db('taxonomy_categories as tc')
    .join('categories as c', 'c.id', 'tc.category_id')
    .whereIn('tc.taxonomy_id', taxonomyIds)
    .select('tc.taxonomy_id', 'c.id', 'c.name', 'c.description')
    .orderBy('c.name') as Promise<Array<{ taxonomy_id: string; id: string; name: string; description: string | null }>>;
}

export async function audienceExists(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  return (await db('audiences').where({ workspace_id: workspaceId, id }).first('id')) !== undefined;
}
