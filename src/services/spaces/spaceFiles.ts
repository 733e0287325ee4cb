// A space's own files (knowledge uploaded with the form field spaceId): listed, read and deleted only through
// their space, by those who reach it (src/policies/rules.ts); the workspace knowledge routes never show them.
import * as knowledge from '../../db/repositories/knowledge';
import type { KnowledgeRow, SpaceRow } from '../../db/rows';
import type { DbDeps, Deps } from '../deps';
import { deleteKnowledge } from '../operations/deletes';
import { loadKnowledge } from '../knowledge/knowledge';

export function listSpaceFiles(
  { db }: DbDeps,
  space: SpaceRow,
  page: { offset: number; limit: number },
): Promise<{ rows: KnowledgeRow[]; total: number }> {
  return knowledge.listKnowledge(db, space.workspace_id, {
    ...page,
    access: { spaceId: space.id },
  });
}

/** The space's item: 400 for a malformed id, 404 when absent or not the space's. */
export const loadSpaceFile = ({ db }: DbDeps, space: SpaceRow, knowledgeId: string): Promise<KnowledgeRow> =>
  loadKnowledge({ db }, space.workspace_id, knowledgeId, { spaceId: space.id });

/** Deletes the space's item as the workspace delete does (its stored file purged after FILE_PURGE_DELAY). */
export async function deleteSpaceFile(deps: Deps, space: SpaceRow, knowledgeId: string): Promise<void> {
  const row = await loadSpaceFile(deps, space, knowledgeId);
  await deleteKnowledge(deps, space.workspace_id, row.id);
}
