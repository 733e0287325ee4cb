// Audiences (the audienceId search filter) and the knowledge assigned to them, managed through the kws CLI.
import * as catalog from '../../db/repositories/catalog';
import { checkedLinker } from './knowledgeLinks';
import type { DbDeps } from '../deps';

export function createAudience(
  { db }: DbDeps,
  workspaceId: string,
  name: string,
): Promise<{ id: string; name: string }> {
  return catalog.insertAudience(db, workspaceId, name);
}

/** Assigns items of the same workspace to an audience; assigning twice is a no-op. Returns how many are assigned. */
export const linkAudienceKnowledge = checkedLinker(catalog.linkAudienceKnowledge, 'audience');
