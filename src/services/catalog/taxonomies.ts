// Taxonomies with their roles, languages and categories: read through the API, managed through the kws CLI.
import type { Db, Tx } from '../../db/knex';
import * as catalog from '../../db/repositories/catalog';
import type { TaxonomyRow } from '../../db/rows';
import { notFound } from '../../errors';
import type { DbDeps } from '../deps';

export interface TaxonomyFields {
  name: string;
  description?: string | null;
  published?: boolean;
}

/** Each set given replaces the taxonomy's current one; an absent set is left as it is. */
export interface TaxonomyLinks {
  roleIds?: string[];
  languageIds?: string[];
  categoryIds?: string[];
}

/** Writes the taxonomy row and its link sets in one transaction: an unknown role or category undoes both. */
function writeWithLinks(
  db: Db,
  workspaceId: string,
  links: TaxonomyLinks,
  write: (trx: Tx) => Promise<TaxonomyRow>,
): Promise<TaxonomyRow> {
  return db.transaction(async (trx) => {
    const row = await write(trx);
    const unknown = await catalog.setTaxonomyLinks(trx, workspaceId, row.id, links);
    if (unknown.length) throw notFound(`not found in this workspace: ${unknown.join(', ')}`);
    return row;
  });
}

export function createTaxonomy(
  { db }: DbDeps,
  workspaceId: string,
  fields: TaxonomyFields,
  links: TaxonomyLinks = {},
): Promise<TaxonomyRow> {
  return writeWithLinks(db, workspaceId, links, (trx) => catalog.insertTaxonomy(trx, workspaceId, fields));
}

export function updateTaxonomy(
  { db }: DbDeps,
  workspaceId: string,
  id: string,
  patch: Partial<TaxonomyFields>,
  links: TaxonomyLinks = {},
): Promise<TaxonomyRow> {
  return writeWithLinks(db, workspaceId, links, async (trx) => {
    const row = await catalog.updateTaxonomy(trx, workspaceId, id, patch);
    if (!row) throw notFound(`taxonomy ${id} not found`);
    return row;
  });
}

export async function deleteTaxonomy({ db }: DbDeps, workspaceId: string, id: string): Promise<void> {
  if (!(await catalog.deleteTaxonomy(db, workspaceId, id))) throw notFound(`taxonomy ${id} not found`);
}
