// Space RAG: passages (chunk texts with their page) from workspace knowledge and from the space's own
// knowledge, topK each, most relevant first, with the source the item's visibility allows.
import type { AuthState } from '../../policies/credentials';
import { knowledgeScope } from '../../policies/scopes';
import * as search from '../../db/repositories/search';
import type { KnowledgeRow, SpaceRow } from '../../db/rows';
import type { ItemFilter } from '../../domain/filter';
import type { EmbeddingProvider } from '../../embeddings/provider';
import { rankedPassages, type RankingOptions, type RerankOutcome, type SearchDeps } from './search';

export interface Passage {
  text: string;
  source: string;
  score: number;
  /** The section headings the passage starts under, outermost first; none, or the source hidden: []. */
  headings: string[];
  /** With a context window: the passage and its neighbouring chunks of the same item and page, in order. */
  context?: string;
}

/** The most chunks a passage's context reaches on each side (contextWindow). */
export const MAX_CONTEXT_WINDOW = 2;

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

/** What RAG needs: the database, the query's embedding, and the reranker when a request asks for one. */
type RagDeps = Pick<SearchDeps, 'db' | 'embeddings' | 'reranker' | 'onRerankSkipped' | 'retrieval'>;

async function passages(
  deps: RagDeps,
  workspaceId: string,
  filter: search.AccessFilter,
  query: { text: string; vector: number[] },
  topK: number,
  options: RankingOptions,
  contextWindow = 0,
): Promise<{ passages: Passage[]; rerank?: RerankOutcome }> {
  const { ranked, outcome } = await rankedPassages(deps, workspaceId, filter, query, topK, options);
  // Small-to-big: ranked by the chunk, returned with its neighbours (docs/explanation/retrieval-quality.md).
  const around =
    contextWindow > 0
      ? await search.neighbourChunks(
          deps.db,
          workspaceId,
          ranked.map((r) => r.hit.chunkId),
          contextWindow,
        )
      : undefined;
  return {
    passages: ranked.map(({ hit, score }) => ({
      text: hit.content,
      source: sourceOf(hit.item, hit.pageNumber),
      score: Math.round(score * 1e6) / 1e6,
      // A section path locates the passage in its document: hidden with the source.
      headings: hit.item.source_visibility === 'none' ? [] : hit.headings,
      ...(around ? { context: contextOf(hit.content, around.get(hit.chunkId) ?? []) } : {}),
    })),
    rerank: outcome,
  };
}

/** The passage between its neighbours, in chunk order, a line break between chunks. */
export function contextOf(passage: string, neighbours: ReadonlyArray<{ offset: number; content: string }>): string {
  const before = neighbours.filter((n) => n.offset < 0).map((n) => n.content);
  const after = neighbours.filter((n) => n.offset > 0).map((n) => n.content);
  return [...before, passage, ...after].join('\n');
}

/** A RAG request; its ranking options (README "Ranking options") apply to each list of passages. */
export interface RagInput extends Pick<
  RankingOptions,
  'scoreThreshold' | 'hybridWeight' | 'rerank' | 'rerankCandidates'
> {
  text: string;
  topK: number;
  languageId?: string;
  filter?: ItemFilter;
  /** Neighbouring chunks on each side returned as each passage's context (0: none). */
  contextWindow?: number;
}

const rankingOf = (input: RagInput): RankingOptions => ({
  scoreThreshold: input.scoreThreshold,
  hybridWeight: input.hybridWeight,
  rerank: input.rerank,
  rerankCandidates: input.rerankCandidates,
});

/** One outcome for several reranked lists: skipped when any was, else the first one's. */
const combined = (...outcomes: Array<RerankOutcome | undefined>): RerankOutcome | undefined =>
  outcomes.includes('skipped') ? 'skipped' : outcomes[0];

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
function workspacePassages(deps: RagDeps, auth: AuthState, input: RagInput, query: RagQuery) {
  const filter = { ...knowledgeScope(auth), ...languageFilter(input) };
  return passages(deps, auth.workspace.id, filter, query, input.topK, rankingOf(input), input.contextWindow);
}

const ragQuery = async (embeddings: EmbeddingProvider, text: string): Promise<RagQuery> => ({
  text,
  vector: await embeddings.embedQuery(text),
});

/**
 * Agent RAG (and the rag tool): the workspace half of space RAG, exactly. `rerank` says what became of
 * reranking when the request asked for it (the X-Rerank header).
 */
export async function knowledgeRag(
  deps: RagDeps,
  auth: AuthState,
  input: RagInput,
): Promise<{ knowledgeResults: Passage[]; rerank?: RerankOutcome }> {
  const query = await ragQuery(deps.embeddings, input.text);
  const found = await workspacePassages(deps, auth, input, query);
  return { knowledgeResults: found.passages, rerank: found.rerank };
}

/**
 * Workspace knowledge follows the caller's role scope (ACTIVE RBAC); the space's own knowledge belongs
 * to its members and is never visible outside the space. The language and attribute filters and the ranking
 * options apply to both lists (each reranked on its own).
 */
export async function spaceRag(
  deps: RagDeps,
  auth: AuthState,
  space: SpaceRow,
  input: RagInput,
): Promise<{ knowledgeResults: Passage[]; spaceKnowledgeResults: Passage[]; rerank?: RerankOutcome }> {
  const query = await ragQuery(deps.embeddings, input.text);
  const spaceFilter = { spaceId: space.id, ...languageFilter(input) };
  const [workspace, own] = await Promise.all([
    workspacePassages(deps, auth, input, query),
    passages(deps, auth.workspace.id, spaceFilter, query, input.topK, rankingOf(input), input.contextWindow),
  ]);
  return {
    knowledgeResults: workspace.passages,
    spaceKnowledgeResults: own.passages,
    rerank: combined(workspace.rerank, own.rerank),
  };
}
