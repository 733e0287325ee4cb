// Space RAG: passages (chunk texts with their page) from workspace knowledge and from the space's own
// knowledge, topK each, most relevant first, with the source the item's visibility allows.
import type { AuthState } from '../policies/credentials';
import type { Db } from '../db/knex';
import * as search from '../db/repositories/search';
import type { KnowledgeRow, SpaceRow } from '../db/rows';
import type { EmbeddingProvider } from '../embeddings/provider';
import { callerScope } from './access';
import { choosePlan } from './search';

export interface Passage {
  text: string;
  source: string;
  score: number;
}

const WEB_TYPES = new Set(['URL', 'LINK', 'WEBSITE']);

/**
 * The spec's source value: the URL for web content; pageNumber:title for a file whose source may be shown;
 * pageNumber:title:knowledgeId for a file that may also be downloaded; '' when no source may be shown.
 */
export function sourceOf(row: KnowledgeRow, pageNumber: number): string {
  if (row.source_visibility === 'none') return '';
  if (WEB_TYPES.has(row.type)) return row.url ?? row.content;
  if (row.type === 'FILE') {
    return row.source_visibility === 'download' ? `${pageNumber}:${row.title}:${row.id}` : `${pageNumber}:${row.title}`;
  }
  return '';
}

async function passages(
  db: Db,
  workspaceId: string,
  filter: search.AccessFilter,
  vector: number[],
  topK: number,
): Promise<Passage[]> {
  const plan = await choosePlan(db, workspaceId, filter);
  const hits = await search.nearestChunks(db, workspaceId, filter, vector, topK, plan);
  const rows = await search.knowledgeByIds(db, workspaceId, [...new Set(hits.map((h) => h.knowledgeId))]);
  return hits.flatMap((h) => {
    const row = rows.get(h.knowledgeId);
    if (!row) return [];
    const score = Math.round(Math.min(1, Math.max(0, 1 - h.distance)) * 1e6) / 1e6;
    return [{ text: h.content, source: sourceOf(row, h.pageNumber), score }];
  });
}

export interface RagInput {
  text: string;
  topK: number;
  languageId?: string;
}

const languageFilter = (input: RagInput) => (input.languageId !== undefined ? { language: input.languageId } : {});

/** Workspace knowledge passages in the caller's role scope (ACTIVE RBAC): the one path of space RAG, agent RAG and the rag tool. */
function workspacePassages(db: Db, auth: AuthState, input: RagInput, vector: number[]): Promise<Passage[]> {
  return passages(db, auth.workspace.id, { ...callerScope(auth), ...languageFilter(input) }, vector, input.topK);
}

/** Agent RAG (and the rag tool): the workspace half of space RAG, exactly. */
export async function knowledgeRag(
  deps: { db: Db; embeddings: EmbeddingProvider },
  auth: AuthState,
  input: RagInput,
): Promise<{ knowledgeResults: Passage[] }> {
  const vector = await deps.embeddings.embedQuery(input.text);
  return { knowledgeResults: await workspacePassages(deps.db, auth, input, vector) };
}

/**
 * Workspace knowledge follows the caller's role scope (ACTIVE RBAC); the space's own knowledge belongs
 * to its members and is never visible outside the space. The language filter applies to both.
 */
export async function spaceRag(
  deps: { db: Db; embeddings: EmbeddingProvider },
  auth: AuthState,
  space: SpaceRow,
  input: RagInput,
): Promise<{ knowledgeResults: Passage[]; spaceKnowledgeResults: Passage[] }> {
  const vector = await deps.embeddings.embedQuery(input.text);
  const [knowledgeResults, spaceKnowledgeResults] = await Promise.all([
    workspacePassages(deps.db, auth, input, vector),
    passages(deps.db, auth.workspace.id, { spaceId: space.id, ...languageFilter(input) }, vector, input.topK),
  ]);
  return { knowledgeResults, spaceKnowledgeResults };
}
