import { z } from 'zod';
import { KnowledgeMessages } from '../../../services/knowledge';
import { SourceMessages } from '../../../services/sources';
import { SyncNowQuerySchema } from '../sources/schema';
import { UploadMessages } from '../../../services/uploads';
import { UpsertMessages } from '../../../services/upserts';
import { VersionMessages } from '../../../services/versions';
import { AddressRefusalMessages } from '../../../web/fetch';
import { MultipartMessages } from '../../multipart';
import { withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import {
  CascadeDeleteSchema,
  CreateLinkSchema,
  CreateTextSchema,
  CreateUrlSchema,
  CreateWebsiteSchema,
  DeletedSchema,
  KnowledgeListQuerySchema,
  KnowledgeListSchema,
  KnowledgeSchema,
  KnowledgeUpsertedSchema,
  KnowledgeVersionListSchema,
  EXTERNAL_ID_MESSAGE,
  LinkCreatedSchema,
  ReplaceFileFormSchema,
  VersionStartedSchema,
  MetadataSearchItemSchema,
  MAX_QUERY_CHARS,
  MAX_ROLE_IDS,
  MetadataSearchSchema,
  PATH_PATTERN_MESSAGE,
  RecrawlResponseSchema,
  ReservedFieldSchema,
  UpdateKnowledgeSchema,
  UpdatedKnowledgeSchema,
  ReservedFieldUpdatedSchema,
  MAX_RERANK_CANDIDATES_MESSAGE,
  RetrievalSettingsSchema,
  SemanticSearchResponseSchema,
  SemanticSearchSchema,
  SetRetrievalSettingsSchema,
  SourceCreatedSchema,
  TEXT_MAX_CHARACTERS,
  TitleSearchResponseSchema,
  TitleSearchSchema,
  UploadFileMetadataSchema,
  UploadFormSchema,
  UploadResponseSchema,
  WEBSITE_MAX_DEPTH,
  WEBSITE_MAX_PAGES,
} from './schema';
import { boundMessage } from '../../../services/bounds';
import {
  createLinkExamples,
  createTextExamples,
  createUrlExamples,
  createWebsiteExamples,
  metadataSearchExamples,
  replaceFileExamples,
  reservedFieldExamples,
  retrievalSettingsExamples,
  searchExamples,
  titleSearchExamples,
  updateKnowledgeExamples,
  uploadFileExamples,
} from './examples';

const knowledgeOps = operations('Knowledge');
const searchOps = operations('Search');

const base = '/v1/workspaces/{workspaceId}/knowledge';
/** Upsert by external id (services/upserts.ts), on every creation that takes externalId. */
const UPSERT_DESCRIPTION =
  'With the externalId of an existing item (of the same kind), its content is replaced as a new version: same id, ' +
  "roles, categories, attributes and parent (202); when the content hash is the current version's nothing is " +
  'extracted, embedded or versioned (200, unchanged: true). An item of another kind or space, or a concurrent ' +
  'first post of the same externalId, answers 409 (rules on stored data that the schema cannot state).';
const upsertResponses = {
  200: { description: 'externalId of an existing item: its content unchanged', schema: KnowledgeUpsertedSchema },
  202: { description: 'externalId of an existing item: its new version', schema: KnowledgeUpsertedSchema },
} as const;
const upsertConflicts = [
  UpsertMessages.otherKind('FILE'),
  UpsertMessages.otherKind('STRING'),
  UpsertMessages.otherKind('URL'),
  UpsertMessages.otherKind('WEBSITE'),
  UpsertMessages.otherUrl,
  UpsertMessages.racing,
  VersionMessages.inProgress,
];
export const KnowledgeIdPath = withWorkspace({
  knowledgeId: z.uuid().meta({ description: 'The knowledge item (malformed: 400 "Invalid knowledge ID format")' }),
});
const itemErrors = { 400: [KnowledgeMessages.invalidId], 404: [KnowledgeMessages.notFound] } as const;
/** What receiving a file can answer (an upload, a replaced file). */
const fileErrors = {
  400: [
    UploadMessages.unsupported,
    'Missing required field',
    MultipartMessages.malformed,
    MultipartMessages.nameless,
    'Only one file may be uploaded per request',
    'The request was aborted',
  ],
  403: [UploadMessages.quota],
  413: ['File exceeds the maximum upload size of MAX_UPLOAD_BYTES bytes'],
  503: ['Too many uploads in progress, retry later'],
} as const;
const itemLinks = (from: string) => ({
  getKnowledge: { operationId: 'getKnowledge', parameters: { knowledgeId: from } },
  listKnowledgeRoles: { operationId: 'listKnowledgeRoles', parameters: { knowledgeId: from } },
  listKnowledgeChunks: { operationId: 'listKnowledgeChunks', parameters: { knowledgeId: from } },
});
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
/** Why a URL is refused (src/web/fetch.ts checkWebUrl); host names vary. */
const urlErrors = [
  'Missing required field',
  'url must be at most 2048 characters',
  'Invalid URL format',
  'Unsupported URL scheme: only http and https are fetched',
  'URLs with credentials are not accepted',
  ...AddressRefusalMessages,
  'title must not be empty',
  'title must be at most 1000 characters',
  'language must be a language code such as en or pt-BR',
];
const sourceLinks = {
  ...itemLinks('$response.body#/id'),
  getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
};

export const knowledgeOperations: ApiOperation[] = [
  knowledgeOps.get(base, 'listKnowledge', {
    summary: 'List knowledge, newest first',
    query: KnowledgeListQuerySchema,
    ok: [
      200,
      'A page of items',
      KnowledgeListSchema,
      {
        links: Object.fromEntries(
          ['getKnowledge', 'deleteKnowledge', 'deleteKnowledgeCascade'].map((operationId) => [
            operationId,
            { operationId, parameters: { knowledgeId: '$response.body#/knowledge/0/id' } },
          ]),
        ),
      },
    ],
    errors: {
      400: [
        'Invalid page value, must be between 1 and 10000',
        'Invalid limit value, must be between 1 and 100',
        EXTERNAL_ID_MESSAGE,
      ],
    },
  }),
  knowledgeOps.post(`${base}/link`, 'createLink', {
    summary: 'Create a link (stored, never fetched; title, description and URL are embedded)',
    body: CreateLinkSchema,
    examples: createLinkExamples,
    ok: [201, 'The new item', LinkCreatedSchema, { links: itemLinks('$response.body#/id') }],
    errors: { 400: ['Missing required field', 'Type must be LINK'], 422: [KnowledgeMessages.invalidUrl] },
  }),
  knowledgeOps.post(`${base}/text`, 'createTextSource', {
    summary: 'Add text as a STRING item (chunked and embedded in the background)',
    description: UPSERT_DESCRIPTION,
    body: CreateTextSchema,
    examples: createTextExamples,
    ok: [201, 'The new item and its ingestion job', SourceCreatedSchema, { links: sourceLinks }],
    also: upsertResponses,
    errors: {
      400: [
        'Missing required field',
        'title must be at most 1000 characters',
        `content must be at most ${TEXT_MAX_CHARACTERS} characters`,
        'language must be a language code such as en or pt-BR',
        'metadata must be an object',
        EXTERNAL_ID_MESSAGE,
      ],
      409: upsertConflicts,
    },
  }),
  knowledgeOps.post(`${base}/url`, 'createUrlSource', {
    summary: 'Add a web page as a URL item (fetched, its main text extracted and indexed in the background)',
    description: `${UPSERT_DESCRIPTION} A URL item's page is fetched again (as POST …/{knowledgeId}/refetch); its url must be the item's.`,
    body: CreateUrlSchema,
    examples: createUrlExamples,
    ok: [
      200,
      'The new item and its ingestion job; or (externalId of an existing item) its page unchanged',
      z.union([SourceCreatedSchema, KnowledgeUpsertedSchema]),
      { links: sourceLinks },
    ],
    also: { 202: upsertResponses[202] },
    errors: { 400: [...urlErrors, EXTERNAL_ID_MESSAGE], 409: [...upsertConflicts, VersionMessages.notUrl] },
  }),
  knowledgeOps.post(`${base}/website`, 'createWebsiteSource', {
    summary: 'Add a website: a WEBSITE item crawled in the background, one URL or FILE child per page or file',
    description:
      'The WEBSITE item is the root of a website source with the same id (GET …/sources/{sourceId}: schedule, ' +
      "sync history), and its crawl is that source's first sync. The crawl honours robots.txt, stays on the start " +
      "host, reads the site's sitemaps, follows links to maxDepth and requests at most maxPages pages; its progress " +
      'is in POST …/background-jobs (progress: pagesDone, pagesDiscovered, pagesFailed, pagesSkipped).',
    body: CreateWebsiteSchema,
    examples: createWebsiteExamples,
    ok: [200, 'The new site and its crawl job', SourceCreatedSchema, { links: sourceLinks }],
    also: {
      202: {
        description:
          'externalId of an existing site (with its url): it is recrawled with its settings (as POST …/recrawl)',
        schema: KnowledgeUpsertedSchema,
      },
    },
    errors: {
      400: [
        ...urlErrors,
        `maxPages must be an integer from 1 to ${WEBSITE_MAX_PAGES}`,
        `maxDepth must be an integer from 0 to ${WEBSITE_MAX_DEPTH}`,
        PATH_PATTERN_MESSAGE,
        EXTERNAL_ID_MESSAGE,
      ],
      409: [...upsertConflicts, SourceMessages.noSettings, boundMessage('workspaceSources')],
    },
  }),
  knowledgeOps.post(`${base}/file`, 'uploadFile', {
    summary: 'Upload a file (synchronous, or with status=BACKGROUND_START asynchronous)',
    description:
      'Accepted types: PDF, Word (.doc, .docx), text, Markdown, Excel (.xls, .xlsx), CSV, JPEG, PNG, GIF, WebP, MP4, ' +
      'MPEG audio, WAV, ZIP and JSON; the declared type must match the bytes. With status=BACKGROUND_START the ' +
      'answer comes at once (track it through upload-file-metadata, then get-knowledge); otherwise when the item is ' +
      'searchable, or with status PROCESSING past SYNC_UPLOAD_TIMEOUT_MS. ' +
      UPSERT_DESCRIPTION,
    multipart: UploadFormSchema,
    examples: uploadFileExamples,
    ok: [
      200,
      'The upload (and, synchronously, its item); or (externalId of an existing item) its content unchanged',
      z.union([...UploadResponseSchema.options, KnowledgeUpsertedSchema]),
      {
        links: {
          getUploadFileMetadata: {
            operationId: 'getUploadFileMetadata',
            parameters: { uploadFileMetadataId: '$response.body#/uploadFileMetadataId' },
          },
        },
      },
    ],
    also: upsertResponses,
    errors: {
      400: [
        ...fileErrors[400],
        'Invalid status value, must be BACKGROUND_START',
        'spaceId must be a valid UUID',
        'unpack must be true or false',
        UploadMessages.unpackNeedsZip,
        EXTERNAL_ID_MESSAGE,
        UpsertMessages.unpack,
      ],
      403: fileErrors[403],
      404: [{ error: 'Error', message: 'Space not found' }],
      409: [...upsertConflicts, UpsertMessages.otherSpace],
      413: fileErrors[413],
      422: ['Failed to process file: …'],
      503: fileErrors[503],
    },
  }),
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
        'page must be a positive integer',
        'page must be at most 10000',
        'limit must be between 1 and 100',
      ],
    },
  }),
  knowledgeOps.get(
    '/v1/workspaces/{workspaceId}/upload-file-metadata/{uploadFileMetadataId}',
    'getUploadFileMetadata',
    {
      summary: 'Track an upload: knowledge is null until background processing created the item',
      params: withWorkspace({ uploadFileMetadataId: z.uuid().meta({ description: 'The upload' }) }),
      ok: [
        200,
        'The upload',
        UploadFileMetadataSchema,
        {
          links: {
            getKnowledge: { operationId: 'getKnowledge', parameters: { knowledgeId: '$response.body#/knowledge/id' } },
          },
        },
      ],
      errors: { 400: ['Invalid upload file metadata ID format'], 404: ['Upload file metadata not found'] },
    },
  ),
  knowledgeOps.get(`${base}/{knowledgeId}`, 'getKnowledge', {
    summary: 'Get a knowledge item',
    params: KnowledgeIdPath,
    ok: [200, 'The item', KnowledgeSchema],
    errors: itemErrors,
  }),
  knowledgeOps.patch(`${base}/{knowledgeId}`, 'updateKnowledge', {
    summary: "Replace an item's attributes (null clears them) or a STRING item's text",
    description:
      'The attributes replace the whole map. A website or unpacked archive passes the change on to its children: ' +
      "each keeps the values it set itself over the parent's new ones. `text` makes a STRING item's next version " +
      '(README "Versions"): the answer shows it as `pendingVersion` while the item keeps answering from its ' +
      'current version; 409 for another type of item or while a version is still processing (rules on stored ' +
      'data that the schema cannot state).',
    params: KnowledgeIdPath,
    body: UpdateKnowledgeSchema,
    examples: updateKnowledgeExamples,
    ok: [200, 'The item', UpdatedKnowledgeSchema],
    errors: {
      400: [...itemErrors[400], 'Missing required field', `content must be at most ${TEXT_MAX_CHARACTERS} characters`],
      404: itemErrors[404],
      409: [VersionMessages.notText, VersionMessages.inProgress],
    },
  }),
  knowledgeOps.put(`${base}/{knowledgeId}/file`, 'replaceKnowledgeFile', {
    summary: "Replace a FILE item's file: its next version, indexed in the background",
    description:
      'The item keeps its id, roles, categories, attributes and parent. Until the new version is COMPLETED every ' +
      'read and search answers from the current one; then, in one transaction, only from the new one. A failed ' +
      "version leaves the current one serving and shows as the item's `pendingVersion` (and in background-jobs). " +
      '409 for another type of item or while a version is still processing (rules on stored data).',
    params: KnowledgeIdPath,
    multipart: ReplaceFileFormSchema,
    examples: replaceFileExamples,
    ok: [
      202,
      'The new version, processing',
      VersionStartedSchema,
      {
        links: {
          getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
          listKnowledgeVersions: {
            operationId: 'listKnowledgeVersions',
            parameters: { knowledgeId: '$response.body#/knowledgeId' },
          },
        },
      },
    ],
    errors: {
      ...fileErrors,
      400: [...itemErrors[400], ...fileErrors[400]],
      404: itemErrors[404],
      409: [VersionMessages.notFile, VersionMessages.inProgress],
    },
  }),
  knowledgeOps.post(`${base}/{knowledgeId}/refetch`, 'refetchKnowledge', {
    summary: "Read a URL item's page again as its next version",
    description:
      'The page is fetched (through the same guarded fetcher as its creation) and indexed as a new version; the ' +
      "answer waits up to SYNC_UPLOAD_TIMEOUT_MS for it. When the content hash is the current version's, no " +
      'version is made (200, unchanged: true). 409 for an item that is not a URL item, or while a version is ' +
      'processing (rules on stored data that the schema cannot state). A WEBSITE item is recrawled instead ' +
      '(POST …/recrawl).',
    params: KnowledgeIdPath,
    ok: [200, 'The page is unchanged: nothing was done', KnowledgeUpsertedSchema],
    also: {
      202: {
        description: 'The new version (status: COMPLETED, PROCESSING, or FAILED while the old one serves)',
        schema: KnowledgeUpsertedSchema,
      },
    },
    errors: {
      ...itemErrors,
      409: [VersionMessages.notUrl, VersionMessages.inProgress],
    },
  }),
  knowledgeOps.post(`${base}/{knowledgeId}/versions/{version}/restore`, 'restoreKnowledgeVersion', {
    summary: 'Make an earlier COMPLETED version current again (atomic, no re-extraction)',
    description:
      "The version's kept chunks serve again from the moment of the answer; restoring the current version " +
      'changes nothing. 409 for a version that is not COMPLETED, whose content was purged, or while a newer ' +
      'version is processing (rules on stored data that the schema cannot state).',
    params: KnowledgeIdPath.extend({
      version: z
        .string()
        .regex(/^[1-9][0-9]{0,8}$/)
        .meta({ description: 'The version number (malformed: 400 "Invalid version number")' }),
    }),
    ok: [200, 'The item, on the restored version', KnowledgeSchema],
    errors: {
      400: [...itemErrors[400], VersionMessages.invalidNumber],
      404: [...itemErrors[404], VersionMessages.notFound],
      409: [VersionMessages.notRestorable, VersionMessages.purged, VersionMessages.inProgress],
    },
  }),
  knowledgeOps.get(`${base}/{knowledgeId}/versions`, 'listKnowledgeVersions', {
    summary: "An item's versions, newest first",
    description:
      'Each with its number, status, size, content hash, the kind of credential that made it and whether it is ' +
      'the current one. Role-scoped like the item: an item the caller may not see answers 404.',
    params: KnowledgeIdPath,
    ok: [200, 'The versions', KnowledgeVersionListSchema],
    errors: itemErrors,
  }),
  knowledgeOps.put(`${base}/{knowledgeId}/reservedField`, 'updateReservedField', {
    summary: "Update an item's title and language (type must equal the stored type)",
    description:
      "`type` must name the item's stored type (422 Knowledge type mismatch otherwise): a rule on stored data " +
      'that the schema cannot state.',
    params: KnowledgeIdPath,
    body: ReservedFieldSchema,
    examples: reservedFieldExamples,
    ok: [200, 'The item', ReservedFieldUpdatedSchema],
    errors: {
      400: [...itemErrors[400], 'Missing required field', 'Invalid knowledge type'],
      404: itemErrors[404],
      422: [KnowledgeMessages.typeMismatch],
    },
  }),
  knowledgeOps.delete(`${base}/{knowledgeId}`, 'deleteKnowledge', {
    summary: 'Delete an item without children (synchronous)',
    params: KnowledgeIdPath,
    ok: [200, 'Deleted', DeletedSchema],
    errors: { 400: [...itemErrors[400], KnowledgeMessages.hasChildren], 404: itemErrors[404] },
  }),
  knowledgeOps.post(`${base}/{knowledgeId}/recrawl`, 'recrawlWebsite', {
    summary: 'Crawl a WEBSITE item again with its settings (changed pages re-indexed, vanished ones removed)',
    description:
      "A WEBSITE item is the root of a website source with the same id: a recrawl is that source's sync now " +
      '(POST …/sources/{sourceId}/sync). Unchanged pages answer 304 to a conditional GET and are not re-indexed. A ' +
      "recrawl that would delete more than the source's maxDeleteShare of its pages ends NEEDS_CONFIRMATION (the " +
      "site's messageError says so) and changes nothing, until recrawled with confirmDeletes=true. Any item but a " +
      'WEBSITE answers 400: a rule on stored data that the schema cannot state.',
    params: KnowledgeIdPath,
    query: SyncNowQuerySchema,
    ok: [
      200,
      'The sync job (the running one if a sync of the site is under way)',
      RecrawlResponseSchema,
      {
        links: {
          getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
        },
      },
    ],
    errors: {
      400: [...itemErrors[400], SourceMessages.notRecrawlable, 'Invalid field value'],
      404: itemErrors[404],
      409: [SourceMessages.noSettings],
    },
  }),
  knowledgeOps.delete(`${base}/{knowledgeId}/children`, 'deleteKnowledgeCascade', {
    summary: 'Delete an item and all its descendants (background job, leaves first)',
    params: KnowledgeIdPath,
    ok: [200, 'The cascade-delete job', CascadeDeleteSchema],
    errors: itemErrors,
  }),
  searchOps.post('/workspaces/{workspaceId}/knowledge/search', 'searchKnowledge', {
    summary: 'Semantic search (Authorization and x-api-key; organizationid checked when sent)',
    description:
      'One result per item (its best passage), best score first. Ranking options: scoreThreshold, hybridWeight, ' +
      'rerank and rerankCandidates; explain adds the scores behind each result.',
    body: SemanticSearchSchema,
    examples: searchExamples,
    ok: [200, 'The results', SemanticSearchResponseSchema, { headers: rerankHeader }],
    errors: { ...searchErrors, 400: [...searchErrors[400], ...RANKING_ERRORS, 'explain must be a boolean'] },
  }),
  searchOps.get('/v1/workspaces/{workspaceId}/retrieval-settings', 'getRetrievalSettings', {
    summary: "The workspace's retrieval settings (whether searches rerank by default)",
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
