// The search operations (tag Search): semantic, metadata and title search, and the retrieval settings.
import { z } from 'zod';
import { type ApiOperation, operations } from '../../../openapi/operation';
import {
  MetadataSearchItemSchema,
  MAX_QUERY_CHARS,
  MAX_ROLE_IDS,
  MetadataSearchSchema,
  MAX_RERANK_CANDIDATES_MESSAGE,
  RetrievalSettingsSchema,
  SemanticSearchResponseSchema,
  SemanticSearchSchema,
  SetRetrievalSettingsSchema,
  TitleSearchResponseSchema,
  TitleSearchSchema,
} from './schema';
import {
  getRetrievalSettingsExamples,
  metadataSearchExamples,
  retrievalSettingsExamples,
  searchExamples,
  titleSearchExamples,
} from '../examples';
import { base } from '../items/openapi';

const searchOps = operations('Search');
const searchErrors = {
  400: [
    'Missing required field',
    'Invalid limit value, must be between 1 and 50',
    'roleIds must be an array of valid UUIDs',
    'audienceId must be a valid UUID',
    `roleIds may hold at most ${MAX_ROLE_IDS} role ids`,
    `query must be at most ${MAX_QUERY_CHARS} characters`,
    `title must be at most ${MAX_QUERY_CHARS} characters`,
  ],
  404: ['Audience not found'],
} as const;
/** X-Rerank: what became of reranking (knowledge search, space RAG, agent RAG). */
export const rerankHeader = z.object({
  'X-Rerank': z
    .enum(['applied', 'skipped', 'unconfigured'])
    .optional()
    .meta({
      description:
        'Only when reranking was asked: applied; skipped (the reranker failed or timed out: the results are ' +
        'un-reranked); unconfigured (no reranker: un-reranked)',
    }),
});
/** The 400s of the ranking options (rankingOptionFields). */
export const RANKING_ERRORS = [
  'scoreThreshold must be a number between 0 and 1',
  'hybridWeight must be a number between 0 and 1',
  'rerank must be a boolean',
  MAX_RERANK_CANDIDATES_MESSAGE,
];
export const searchOperations: ApiOperation[] = [
  searchOps.post(`${base}/search`, 'searchKnowledgeByMetadata', {
    summary: 'Metadata search (exact matches, AND); paging in X-Total-Count, X-Page and X-Limit',
    body: MetadataSearchSchema,
    examples: metadataSearchExamples,
    ok: [
      200,
      'The matching items, newest first',
      z.array(MetadataSearchItemSchema),
      {
        headers: z.object({
          'X-Total-Count': z.string().regex(/^\d+$/).meta({ description: 'Matching items in all pages' }),
          'X-Page': z.string().regex(/^\d+$/),
          'X-Limit': z.string().regex(/^\d+$/),
        }),
      },
    ],
    errors: {
      400: [
        'metadata must be an object with at least one property',
        'metadata accepts only status, type, language and title',
        'page must be an integer from 1 to 10000',
        'limit must be an integer from 1 to 100',
      ],
    },
  }),
  searchOps.post('/workspaces/{workspaceId}/knowledge/search', 'searchKnowledge', {
    summary: 'Semantic search (Authorization and x-api-key; organizationid checked when sent)',
    description:
      'One result per item (its best passage), best score first. Ranking options: scoreThreshold, hybridWeight, ' +
      'rerank and rerankCandidates; explain adds the scores behind each result; feedback: false turns off hybrid ' +
      "mode's pseudo-relevance feedback.",
    body: SemanticSearchSchema,
    examples: searchExamples,
    ok: [200, 'The results', SemanticSearchResponseSchema, { headers: rerankHeader }],
    errors: {
      ...searchErrors,
      400: [...searchErrors[400], ...RANKING_ERRORS, 'explain must be a boolean', 'feedback must be a boolean'],
    },
  }),
  searchOps.get('/v1/workspaces/{workspaceId}/retrieval-settings', 'getRetrievalSettings', {
    summary: "The workspace's retrieval settings (whether searches rerank by default)",
    examples: getRetrievalSettingsExamples,
    ok: [200, 'The settings', RetrievalSettingsSchema],
  }),
  searchOps.put('/v1/workspaces/{workspaceId}/retrieval-settings', 'setRetrievalSettings', {
    summary: "Change the workspace's retrieval settings (workspace credentials)",
    description: 'rerank: whether a knowledge search reranks when its request has no rerank field.',
    body: SetRetrievalSettingsSchema,
    examples: retrievalSettingsExamples,
    ok: [200, 'The new settings', RetrievalSettingsSchema],
    errors: { 400: ['rerank must be a boolean'] },
  }),
  ...(['/workspaces/{workspaceId}/knowledge/search-title', `${base}/search-title`] as const).map((path): ApiOperation =>
    searchOps.post(path, path.startsWith('/v1/') ? 'searchKnowledgeByTitleV1' : 'searchKnowledgeByTitle', {
      summary: 'Title search (case-insensitive substring, newest first, no score)',
      body: TitleSearchSchema,
      examples: titleSearchExamples,
      ok: [200, 'The results', TitleSearchResponseSchema],
      errors: searchErrors,
    }),
  ),
];
