// Search requests and results: semantic (hybrid, keyword), title and metadata search, ranking options, and the
// workspace's retrieval settings.
import { z } from 'zod';
import { LISTED_CONTENT_MAX_CHARS } from '../../../../domain/listing';
import { uuidInput } from '../../../schemas/ids';
import { NON_BLANK, timestamp, uuid } from '../../../openapi/operation';
import { MAX_RERANK_CANDIDATES, SEARCH_MODES } from '../../../../services/search/search';
import { MAX_CONTEXT_WINDOW } from '../../../../services/search/rag';
import { AttributesResponseSchema, filterField } from '../../../schemas/filters';
import { bodyInteger } from '../../../schemas/integers';
import {
  KNOWLEDGE_STATUSES,
  KNOWLEDGE_TYPES,
  KnowledgeMetadataSchema,
  LANGUAGE,
  MAX_PAGE,
  MISSING,
  VisibilityRoleSchema,
  bodyObject,
  contentTruncatedField,
  knowledgeType,
} from '../schema';

/** Longest semantic query (the embedding model reads about 1,000 characters of it) and title search. */
export const MAX_QUERY_CHARS = 2000;
/** Most role ids one search may filter on. */
export const MAX_ROLE_IDS = 100;
// Lengths are checked before trimming, as the document's maxLength reads the string sent; blankness after it.
const LIMIT_MESSAGE = 'Invalid limit value, must be between 1 and 50';
const ROLE_IDS_MESSAGE = 'roleIds must be an array of valid UUIDs';

/** limit: a JSON integer 1..50, default 10. */
const searchLimit = bodyInteger('limit', { min: 1, max: 50, fallback: 10, message: LIMIT_MESSAGE });

const accessFilterFields = {
  audienceId: uuidInput('audienceId must be a valid UUID', {
    typeError: 'audienceId must be a valid UUID',
    description: 'Only knowledge assigned to this audience',
  }).optional(),
  roleIds: z
    .array(uuidInput(ROLE_IDS_MESSAGE, { typeError: ROLE_IDS_MESSAGE }), { error: ROLE_IDS_MESSAGE })
    .max(MAX_ROLE_IDS, { message: `roleIds may hold at most ${MAX_ROLE_IDS} role ids` })
    .meta({ description: 'Only knowledge accessible to these roles' })
    .optional(),
  filter: filterField(),
};

const MODE_MESSAGE = `mode must be one of ${SEARCH_MODES.join(', ')}`;

const unitNumber = (name: string, description: string) =>
  z
    .number({ error: `${name} must be a number between 0 and 1` })
    .min(0, { message: `${name} must be a number between 0 and 1` })
    .max(1, { message: `${name} must be a number between 0 and 1` })
    .meta({ description })
    .optional();
export const MAX_RERANK_CANDIDATES_MESSAGE = `rerankCandidates must be an integer between 1 and ${MAX_RERANK_CANDIDATES}`;

/** Per-request ranking options (README "Ranking options"); shared by knowledge search and RAG. */
export const CONTEXT_WINDOW_MESSAGE = `contextWindow must be an integer between 0 and ${MAX_CONTEXT_WINDOW}`;

/** RAG requests: the neighbouring chunks each passage comes back with (small-to-big). */
export const passageContextFields = {
  contextWindow: z
    .int({ error: CONTEXT_WINDOW_MESSAGE })
    .min(0, { message: CONTEXT_WINDOW_MESSAGE })
    .max(MAX_CONTEXT_WINDOW, { message: CONTEXT_WINDOW_MESSAGE })
    .meta({
      description:
        'Return each passage with `context`: the passage and up to this many chunks before and after it of the same ' +
        'item and page, in order. Passages are still ranked by their own chunk. Default 0 (no context field).',
      examples: [1],
    })
    .optional(),
};

/** A passage's `context` (requests with contextWindow). */
/** The section path of a passage (a chunk's `headings`, docs/guides/search.md). */
export const passageHeadingsField = z.array(z.string()).meta({
  description:
    "The section headings the passage starts under, outermost first ([] when its item has none, was indexed before headings were recorded, or its source is not shown: source '')",
});
export const passageContextField = z
  .string()
  .meta({
    description: 'With contextWindow: the passage with its neighbouring chunks of the same item and page, in order',
  })
  .optional();

export const rankingOptionFields = {
  scoreThreshold: unitNumber(
    'scoreThreshold',
    "Drop results whose final score is below this (after reranking when it ran: the reranker's score). Default 0.",
  ),
  hybridWeight: unitNumber(
    'hybridWeight',
    "hybrid mode: the vector side's weight in the convex fusion (the keyword side's is 1 - hybridWeight). " +
      'Default 0.8. The other modes fuse nothing and ignore it.',
  ),
  rerank: z
    .boolean({ error: 'rerank must be a boolean' })
    .meta({
      description:
        "Rerank the best rerankCandidates results with the configured reranker. Default: the workspace's setting " +
        '(GET /v1/workspaces/{workspaceId}/retrieval-settings). When the reranker fails or none is configured, the ' +
        'results come back un-reranked and the X-Rerank header says so.',
    })
    .optional(),
  rerankCandidates: z
    .int({ error: MAX_RERANK_CANDIDATES_MESSAGE })
    .min(1, { message: MAX_RERANK_CANDIDATES_MESSAGE })
    .max(MAX_RERANK_CANDIDATES, { message: MAX_RERANK_CANDIDATES_MESSAGE })
    .meta({
      description:
        'With rerank: how many results of the mode the reranker rescores (default 20); raised to limit when smaller. ' +
        'Without rerank it has no effect.',
    })
    .optional(),
};

export const SemanticSearchSchema = bodyObject({
  query: z
    .string({ error: MISSING })
    .max(MAX_QUERY_CHARS, { message: `query must be at most ${MAX_QUERY_CHARS} characters` })
    .trim()
    .min(1, { message: MISSING })
    .meta({ pattern: NON_BLANK }),
  limit: searchLimit,
  /** semantic (the default: cosine ranking), hybrid or keyword; see the README for each mode's score. */
  mode: z
    .enum(SEARCH_MODES, { error: MODE_MESSAGE })
    .meta({
      description:
        'semantic (the default): cosine similarity clamped to [0, 1]; keyword: PostgreSQL full-text search over ' +
        'chunks holding any query word, score rank / (rank + 1); hybrid: 0.8 x cosine + 0.2 x rank / best rank, the ' +
        'keyword side matching every query word. Every score is in [0, 1]; scores of different modes are not comparable.',
    })
    .optional(),
  ...accessFilterFields,
  ...rankingOptionFields,
  explain: z
    .boolean({ error: 'explain must be a boolean' })
    .meta({ description: 'Add explain to each result: the scores behind it and, for workspace credentials, its roles' })
    .optional(),
  feedback: z
    .boolean({ error: 'feedback must be a boolean' })
    .meta({
      description:
        "hybrid mode, prose queries read against the prose vectors (EMBEDDING_TEXT_SCHEME=header-mix): false turns off the pseudo-relevance feedback that scores the candidates again against the query moved towards the first result (explain.feedback). Default true; the other modes, identifier-shaped queries and the other schemes take none and ignore it. For comparing with and without on your own questions (retrieval evaluations' runs take it too)",
    })
    .optional(),
});
export type SemanticSearchInput = z.infer<typeof SemanticSearchSchema>;

export const TitleSearchSchema = bodyObject({
  title: z
    .string({ error: MISSING })
    .max(MAX_QUERY_CHARS, { message: `title must be at most ${MAX_QUERY_CHARS} characters` })
    .trim()
    .min(1, { message: MISSING })
    .meta({ pattern: NON_BLANK, description: 'Part of the title (case-insensitive; wildcards are literal)' }),
  limit: searchLimit,
  ...accessFilterFields,
});
export type TitleSearchInput = z.infer<typeof TitleSearchSchema>;

export const METADATA_SEARCH_MAX_LIMIT = 100;
export const MetadataSearchSchema = bodyObject({
  metadata: z
    .strictObject(
      {
        status: z
          .enum(KNOWLEDGE_STATUSES, { error: `metadata.status must be one of ${KNOWLEDGE_STATUSES.join(', ')}` })
          .optional(),
        type: z
          .enum(KNOWLEDGE_TYPES, { error: `metadata.type must be one of ${KNOWLEDGE_TYPES.join(', ')}` })
          .optional(),
        language: LANGUAGE.optional(),
        title: z.string({ error: 'metadata.title must be a string' }).optional(),
      },
      // An unknown key is named by the validator ("Unknown field: metadata.color"), with the keys it takes.
      { error: 'metadata must be an object with at least one property' },
    )
    .refine((m) => Object.values(m).some((v) => v !== undefined), {
      message: 'metadata must be an object with at least one property',
    })
    .meta({ minProperties: 1, description: 'Exact matches, combined with AND' }),
  page: bodyInteger('page', { min: 1, max: MAX_PAGE, fallback: 1 }),
  limit: bodyInteger('limit', { min: 1, max: METADATA_SEARCH_MAX_LIMIT, fallback: 20 }),
});
export type MetadataSearchInput = z.infer<typeof MetadataSearchSchema>;

const searchResultFields = {
  id: uuid('The knowledge item'),
  title: z.string(),
  type: knowledgeType,
  url: z.string().meta({
    description: 'The URL or file path; for a text item, which has neither, its first 500 characters',
  }),
  content: z.string().max(500).meta({ description: 'An excerpt: at most 500 characters' }),
  metadata: KnowledgeMetadataSchema,
  attributes: AttributesResponseSchema,
  pageNumber: z.int().min(1).optional().meta({ description: "The page of the item's best passage" }),
  headings: z.array(z.string()).optional().meta({
    description:
      "The section headings the item's best passage sits under, outermost first ([] when the item has none or was indexed before headings were recorded)",
  }),
  createdAt: timestamp,
  updatedAt: timestamp,
};
export const TitleSearchResultSchema = z.strictObject(searchResultFields).meta({ id: 'TitleSearchResult' });
const sideScore = (description: string) => z.number().min(0).max(1).nullable().meta({ description });

export const SearchExplainSchema = z
  .strictObject({
    semantic: sideScore("The passage's cosine similarity; null in keyword mode"),
    keyword: sideScore(
      "The passage's keyword score rank / (rank + 1); null in semantic mode or without a keyword match",
    ),
    fused: sideScore("The hybrid fusion's score; null outside hybrid mode"),
    rerank: sideScore("The reranker's score; null when no reranking ran"),
    queryShape: z.enum(['identifier', 'prose']).optional().meta({
      description:
        'hybrid mode: the query read as naming code or quoting text (identifier) or as words (prose), which chooses the page bonus and, under the title embedding schemes, the keyword match',
    }),
    vector: z.enum(['chunk', 'prose']).optional().meta({
      description:
        "semantic and hybrid modes: the chunk vector `semantic` compares with: the chunk's own (chunk), or its prose vector, its own mixed with its title and headings' (prose: under EMBEDDING_TEXT_SCHEME=header-mix, for a prose query, once every chunk of the workspace has one)",
    }),
    feedback: z.number().min(0).max(1).optional().meta({
      description:
        "hybrid mode, a prose query read against the prose vectors (vector: prose; pseudo-relevance feedback): the passage's cosine similarity to f, the best chunk of the result ranked first before feedback. Fusion reads (semantic + 0.5 × feedback) / √(1.25 + cos(query, f)) in place of semantic (exactly so for cosines that are not negative)",
    }),
    roles: z.array(VisibilityRoleSchema).optional().meta({
      description:
        "Workspace credentials only: the roles that make the item visible under RBAC (other credentials don't get it)",
    }),
  })
  .meta({ id: 'SearchExplain' });
export type SearchExplainBody = z.infer<typeof SearchExplainSchema>;

export const SemanticSearchResultSchema = z
  .strictObject({
    ...searchResultFields,
    score: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: "The final score: the mode's (see mode), or the reranker's when reranking ran" }),
    explain: SearchExplainSchema.optional().meta({ description: 'With explain: true' }),
  })
  .meta({ id: 'SemanticSearchResult' });
export type SearchResultBody = z.infer<typeof TitleSearchResultSchema> & {
  score?: number;
  explain?: SearchExplainBody;
};

export const SetRetrievalSettingsSchema = z.strictObject(
  { rerank: z.boolean({ error: 'rerank must be a boolean' }) },
  { error: 'rerank must be a boolean' },
);

export const RetrievalSettingsSchema = z
  .strictObject({
    rerank: z.boolean({ error: 'rerank must be a boolean' }).meta({
      description: 'Whether searches rerank when the request does not say (default false)',
    }),
  })
  .meta({ id: 'RetrievalSettings' });

export const SemanticSearchResponseSchema = z.strictObject({
  results: z.array(SemanticSearchResultSchema),
  total: z.int().min(0),
});
export const TitleSearchResponseSchema = z.strictObject({
  results: z.array(TitleSearchResultSchema),
  total: z.int().min(0),
});

export const MetadataSearchItemSchema = z
  .strictObject({
    id: uuid('The knowledge item'),
    type: knowledgeType,
    content: z.string().meta({
      description: `URL, file path or text, at most ${LISTED_CONTENT_MAX_CHARS} characters (contentTruncated)`,
    }),
    contentTruncated: contentTruncatedField,
    status: z.enum(KNOWLEDGE_STATUSES),
    metadata: KnowledgeMetadataSchema,
    attributes: AttributesResponseSchema,
    uploadFileMetadata: z.strictObject({ filename: z.string(), mimetype: z.string() }).nullable(),
    coreKnowledgeItems: z
      .array(z.strictObject({ id: uuid('The chunk'), type: z.literal('TEXT'), content: z.string() }))
      .meta({ description: "The item's first enabled chunks (at most 50)" }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'MetadataSearchItem' });
export type MetadataSearchItem = z.infer<typeof MetadataSearchItemSchema>;
