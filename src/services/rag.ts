// Space RAG: passages (chunk texts with their page) from workspace knowledge and from the space's own
// knowledge, topK each, most relevant first, with the source the item's visibility allows.
import type { AuthState } from '../policies/credentials';
import { knowledgeScope } from '../policies/scopes';
import type { Db } from '../db/knex';
import * as search from '../db/repositories/search';
import type { KnowledgeRow, SpaceRow } from '../db/rows';
import type { ItemFilter } from '../domain/filter';
import type { EmbeddingProvider } from '../embeddings/provider';
import { retrievePassages } from './search';

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
  query: { text: string; vector: number[] },
  topK: number,
): Promise<Passage[]> {
  const found = await retrievePassages(db, workspaceId, filter, query, topK);
  return found.map(({ hit, score }) => ({
    text: hit.content,
    source: sourceOf(hit.item, hit.pageNumber),
    score: Math.round(score * 1e6) / 1e6,
  }));
}

export interface RagInput {
  text: string;
  topK: number;
  languageId?: string;
  filter?: ItemFilter;
}

interface RagQuery {
  text: string;
  vector: number[];
}

/** The request's own narrowing: its language and its attribute filter. */
const languageFilter = (input: RagInput) => ({
  ...(input.languageId !== undefined ? { language: input.languageId } : {}),
  ...(input.filter ? { where: input.filter } : {}),
});

/** Workspace knowledge passages in the caller's role scope (ACTIVE RBAC): the one path of space RAG, agent RAG and the rag tool. */
function workspacePassages(db: Db, auth: AuthState, input: RagInput, query: RagQuery): Promise<Passage[]> {
  return passages(db, auth.workspace.id, { ...knowledgeScope(auth), ...languageFilter(input) }, query, input.topK);
}

const ragQuery = async (embeddings: EmbeddingProvider, text: string): Promise<RagQuery> => ({
  text,
  vector: await embeddings.embedQuery(text),
});

/** Agent RAG (and the rag tool): the workspace half of space RAG, exactly. */
export async function knowledgeRag(
  deps: { db: Db; embeddings: EmbeddingProvider },
  auth: AuthState,
  input: RagInput,
): Promise<{ knowledgeResults: Passage[] }> {
  const query = await ragQuery(deps.embeddings, input.text);
  return { knowledgeResults: await workspacePassages(deps.db, auth, input, query) };
}

/**
 * Workspace knowledge follows the caller's role scope (ACTIVE RBAC); the space's own knowledge belongs
 * to its members and is never visible outside the space. The language and attribute filters apply to both.
 */
export async function spaceRag(
  deps: { db: Db; embeddings: EmbeddingProvider },
  auth: AuthState,
  space: SpaceRow,
  input: RagInput,
): Promise<{ knowledgeResults: Passage[]; spaceKnowledgeResults: Passage[] }> {
  const query = await ragQuery(deps.embeddings, input.text);
  const [knowledgeResults, spaceKnowledgeResults] = await Promise.all([
    workspacePassages(deps.db, auth, input, query),
    passages(deps.db, auth.workspace.id, { spaceId: space.id, ...languageFilter(input) }, query, input.topK),
  ]);
  return { knowledgeResults, spaceKnowledgeResults };
}
