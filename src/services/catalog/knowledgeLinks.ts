// Attaching knowledge to a category or an audience: the same rule for both, so it is written once.
import type { Tx } from '../../db/knex';
import { notFound } from '../../errors';
import type { DbDeps } from '../deps';

/** Links items of the same workspace; linking twice is a no-op. Returns how many items are linked (-1: not all found). */
export type KnowledgeLinker = (db: Tx, ...link: LinkArgs) => Promise<number>;
type LinkArgs = [workspaceId: string, targetId: string, knowledgeIds: string[]];

/** A linker as services take it: the deps first. */
export type CheckedLinker = (deps: DbDeps, ...link: LinkArgs) => Promise<number>;

/** The repository's linker, answering 404 when the target or any item is not in the workspace. */
export function checkedLinker(link: KnowledgeLinker, noun: string): CheckedLinker {
  return async ({ db }, workspaceId, targetId, knowledgeIds) => {
    const n = await link(db, workspaceId, targetId, knowledgeIds);
    if (n < 0) throw notFound(`${noun} or knowledge not found in this workspace`);
    return n;
  };
}
