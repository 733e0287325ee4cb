import { z } from 'zod';
import { KnowledgeMessages } from '../../../services/knowledge/knowledge';
import { SourceMessages } from '../../../services/knowledge/textAndWebItems';
import { SyncNowQuerySchema } from '../sources/schema';
import { UploadMessages } from '../../../services/knowledge/uploads';
import { UpsertMessages } from '../../../services/knowledge/upserts';
import { VersionMessages } from '../../../services/versions/versions';
import { AddressRefusalMessages } from '../../../web/fetch';
import { MultipartMessages } from '../../multipart';
import { withWorkspace, WorkspacePath, type ApiOperation } from '../../openapi/operation';
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
import { boundMessage } from '../../../services/operations/bounds';
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

const base = '/v1/workspaces/{workspaceId}/knowledge';
/** Upsert by external id (services/knowledge/upserts.ts), on every creation that takes externalId. */
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
  {
    method: 'get',
    path: base,
    operationId: 'listKnowledge',
    tag: 'Knowledge',
    summary: 'List knowledge, newest first',
    request: { path: WorkspacePath, query: KnowledgeListQuerySchema },
    responses: {
      200: {
        description: 'A page of items',
        schema: KnowledgeListSchema,
        links: Object.fromEntries(
          ['getKnowledge', 'deleteKnowledge', 'deleteKnowledgeCascade'].map((operationId) => [
            operationId,
            { operationId, parameters: { knowledgeId: '$response.body#/knowledge/0/id' } },
          ]),
        ),
      },
    },
    errors: {
      400: [
        'Invalid page value, must be between 1 and 10000',
        'Invalid limit value, must be between 1 and 100',
        EXTERNAL_ID_MESSAGE,
      ],
    },
  },
  {
    method: 'post',
    path: `${base}/link`,
    operationId: 'createLink',
    tag: 'Knowledge',
    summary: 'Create a link (stored, never fetched; title, description and URL are embedded)',
    request: { path: WorkspacePath, body: CreateLinkSchema, examples: createLinkExamples.request },
    responses: {
      201: {
        description: 'The new item',
        schema: LinkCreatedSchema,
        examples: createLinkExamples.response,
        links: itemLinks('$response.body#/id'),
      },
    },
    errors: { 400: ['Missing required field', 'Type must be LINK'], 422: [KnowledgeMessages.invalidUrl] },
  },
  {
    method: 'post',
    path: `${base}/text`,
    operationId: 'createTextSource',
    tag: 'Knowledge',
    summary: 'Add text as a STRING item (chunked and embedded in the background)',
    description: UPSERT_DESCRIPTION,
    request: { path: WorkspacePath, body: CreateTextSchema, examples: createTextExamples.request },
    responses: {
      201: {
        description: 'The new item and its ingestion job',
        schema: SourceCreatedSchema,
        examples: createTextExamples.response,
        links: sourceLinks,
      },
      ...upsertResponses,
    },
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
  },
  {
    method: 'post',
    path: `${base}/url`,
    operationId: 'createUrlSource',
    tag: 'Knowledge',
    summary: 'Add a web page as a URL item (fetched, its main text extracted and indexed in the background)',
    description: `${UPSERT_DESCRIPTION} A URL item's page is fetched again (as POST …/{knowledgeId}/refetch); its url must be the item's.`,
    request: { path: WorkspacePath, body: CreateUrlSchema, examples: createUrlExamples.request },
    responses: {
      200: {
        description: 'The new item and its ingestion job; or (externalId of an existing item) its page unchanged',
        schema: z.union([SourceCreatedSchema, KnowledgeUpsertedSchema]),
        examples: createUrlExamples.response,
        links: sourceLinks,
      },
      202: upsertResponses[202],
    },
    errors: { 400: [...urlErrors, EXTERNAL_ID_MESSAGE], 409: [...upsertConflicts, VersionMessages.notUrl] },
  },
  {
    method: 'post',
    path: `${base}/website`,
    operationId: 'createWebsiteSource',
    tag: 'Knowledge',
    summary: 'Add a website: a WEBSITE item crawled in the background, one URL or FILE child per page or file',
    description:
      'The WEBSITE item is the root of a website source with the same id (GET …/sources/{sourceId}: schedule, ' +
      "sync history), and its crawl is that source's first sync. The crawl honours robots.txt, stays on the start " +
      "host, reads the site's sitemaps, follows links to maxDepth and requests at most maxPages pages; its progress " +
      'is in POST …/background-jobs (progress: pagesDone, pagesDiscovered, pagesFailed, pagesSkipped).',
    request: { path: WorkspacePath, body: CreateWebsiteSchema, examples: createWebsiteExamples.request },
    responses: {
      200: {
        description: 'The new site and its crawl job',
        schema: SourceCreatedSchema,
        examples: createWebsiteExamples.response,
        links: sourceLinks,
      },
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
  },
  {
    method: 'post',
    path: `${base}/file`,
    operationId: 'uploadFile',
    tag: 'Knowledge',
    summary: 'Upload a file (synchronous, or with status=BACKGROUND_START asynchronous)',
    description:
      'Accepted types: PDF, Word (.doc, .docx), text, Markdown, Excel (.xls, .xlsx), CSV, JPEG, PNG, GIF, WebP, MP4, ' +
      'MPEG audio, WAV, ZIP and JSON; the declared type must match the bytes. With status=BACKGROUND_START the ' +
      'answer comes at once (track it through upload-file-metadata, then get-knowledge); otherwise when the item is ' +
      'searchable, or with status PROCESSING past SYNC_UPLOAD_TIMEOUT_MS. ' +
      UPSERT_DESCRIPTION,
    request: { path: WorkspacePath, multipart: UploadFormSchema, examples: uploadFileExamples.request },
    responses: {
      ...upsertResponses,
      200: {
        description:
          'The upload (and, synchronously, its item); or (externalId of an existing item) its content unchanged',
        schema: z.union([...UploadResponseSchema.options, KnowledgeUpsertedSchema]),
        examples: uploadFileExamples.response,
        links: {
          getUploadFileMetadata: {
            operationId: 'getUploadFileMetadata',
            parameters: { uploadFileMetadataId: '$response.body#/uploadFileMetadataId' },
          },
        },
      },
    },
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
  },
  {
    method: 'post',
    path: `${base}/search`,
    operationId: 'searchKnowledgeByMetadata',
    tag: 'Search',
    summary: 'Metadata search (exact matches, AND); paging in X-Total-Count, X-Page and X-Limit',
    request: { path: WorkspacePath, body: MetadataSearchSchema, examples: metadataSearchExamples.request },
    responses: {
      200: {
        description: 'The matching items, newest first',
        schema: z.array(MetadataSearchItemSchema),
        examples: metadataSearchExamples.response,
        headers: z.object({
          'X-Total-Count': z.string().regex(/^\d+$/).meta({ description: 'Matching items in all pages' }),
          'X-Page': z.string().regex(/^\d+$/),
          'X-Limit': z.string().regex(/^\d+$/),
        }),
      },
    },
    errors: {
      400: [
        'metadata must be an object with at least one property',
        'metadata accepts only status, type, language and title',
        'page must be a positive integer',
        'page must be at most 10000',
        'limit must be between 1 and 100',
      ],
    },
  },
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/upload-file-metadata/{uploadFileMetadataId}',
    operationId: 'getUploadFileMetadata',
    tag: 'Knowledge',
    summary: 'Track an upload: knowledge is null until background processing created the item',
    request: { path: withWorkspace({ uploadFileMetadataId: z.uuid().meta({ description: 'The upload' }) }) },
    responses: {
      200: {
        description: 'The upload',
        schema: UploadFileMetadataSchema,
        links: {
          getKnowledge: { operationId: 'getKnowledge', parameters: { knowledgeId: '$response.body#/knowledge/id' } },
        },
      },
    },
    errors: { 400: ['Invalid upload file metadata ID format'], 404: ['Upload file metadata not found'] },
  },
  {
    method: 'get',
    path: `${base}/{knowledgeId}`,
    operationId: 'getKnowledge',
    tag: 'Knowledge',
    summary: 'Get a knowledge item',
    request: { path: KnowledgeIdPath },
    responses: { 200: { description: 'The item', schema: KnowledgeSchema } },
    errors: itemErrors,
  },
  {
    method: 'patch',
    path: `${base}/{knowledgeId}`,
    operationId: 'updateKnowledge',
    tag: 'Knowledge',
    summary: "Replace an item's attributes (null clears them) or a STRING item's text",
    description:
      'The attributes replace the whole map. A website or unpacked archive passes the change on to its children: ' +
      "each keeps the values it set itself over the parent's new ones. `text` makes a STRING item's next version " +
      '(README "Versions"): the answer shows it as `pendingVersion` while the item keeps answering from its ' +
      'current version; 409 for another type of item or while a version is still processing (rules on stored ' +
      'data that the schema cannot state).',
    request: { path: KnowledgeIdPath, body: UpdateKnowledgeSchema, examples: updateKnowledgeExamples.request },
    responses: {
      200: { description: 'The item', schema: UpdatedKnowledgeSchema, examples: updateKnowledgeExamples.response },
    },
    errors: {
      400: [...itemErrors[400], 'Missing required field', `content must be at most ${TEXT_MAX_CHARACTERS} characters`],
      404: itemErrors[404],
      409: [VersionMessages.notText, VersionMessages.inProgress],
    },
  },
  {
    method: 'put',
    path: `${base}/{knowledgeId}/file`,
    operationId: 'replaceKnowledgeFile',
    tag: 'Knowledge',
    summary: "Replace a FILE item's file: its next version, indexed in the background",
    description:
      'The item keeps its id, roles, categories, attributes and parent. Until the new version is COMPLETED every ' +
      'read and search answers from the current one; then, in one transaction, only from the new one. A failed ' +
      "version leaves the current one serving and shows as the item's `pendingVersion` (and in background-jobs). " +
      '409 for another type of item or while a version is still processing (rules on stored data).',
    request: { path: KnowledgeIdPath, multipart: ReplaceFileFormSchema, examples: replaceFileExamples.request },
    responses: {
      202: {
        description: 'The new version, processing',
        schema: VersionStartedSchema,
        examples: replaceFileExamples.response,
        links: {
          getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
          listKnowledgeVersions: {
            operationId: 'listKnowledgeVersions',
            parameters: { knowledgeId: '$response.body#/knowledgeId' },
          },
        },
      },
    },
    errors: {
      ...fileErrors,
      400: [...itemErrors[400], ...fileErrors[400]],
      404: itemErrors[404],
      409: [VersionMessages.notFile, VersionMessages.inProgress],
    },
  },
  {
    method: 'post',
    path: `${base}/{knowledgeId}/refetch`,
    operationId: 'refetchKnowledge',
    tag: 'Knowledge',
    summary: "Read a URL item's page again as its next version",
    description:
      'The page is fetched (through the same guarded fetcher as its creation) and indexed as a new version; the ' +
      "answer waits up to SYNC_UPLOAD_TIMEOUT_MS for it. When the content hash is the current version's, no " +
      'version is made (200, unchanged: true). 409 for an item that is not a URL item, or while a version is ' +
      'processing (rules on stored data that the schema cannot state). A WEBSITE item is recrawled instead ' +
      '(POST …/recrawl).',
    request: { path: KnowledgeIdPath },
    responses: {
      200: { description: 'The page is unchanged: nothing was done', schema: KnowledgeUpsertedSchema },
      202: {
        description: 'The new version (status: COMPLETED, PROCESSING, or FAILED while the old one serves)',
        schema: KnowledgeUpsertedSchema,
      },
    },
    errors: {
      ...itemErrors,
      409: [VersionMessages.notUrl, VersionMessages.inProgress],
    },
  },
  {
    method: 'post',
    path: `${base}/{knowledgeId}/versions/{version}/restore`,
    operationId: 'restoreKnowledgeVersion',
    tag: 'Knowledge',
    summary: 'Make an earlier COMPLETED version current again (atomic, no re-extraction)',
    description:
      "The version's kept chunks serve again from the moment of the answer; restoring the current version " +
      'changes nothing. 409 for a version that is not COMPLETED, whose content was purged, or while a newer ' +
      'version is processing (rules on stored data that the schema cannot state).',
    request: {
      path: KnowledgeIdPath.extend({
        version: z
          .string()
          .regex(/^[1-9][0-9]{0,8}$/)
          .meta({ description: 'The version number (malformed: 400 "Invalid version number")' }),
      }),
    },
    responses: { 200: { description: 'The item, on the restored version', schema: KnowledgeSchema } },
    errors: {
      400: [...itemErrors[400], VersionMessages.invalidNumber],
      404: [...itemErrors[404], VersionMessages.notFound],
      409: [VersionMessages.notRestorable, VersionMessages.purged, VersionMessages.inProgress],
    },
  },
  {
    method: 'get',
    path: `${base}/{knowledgeId}/versions`,
    operationId: 'listKnowledgeVersions',
    tag: 'Knowledge',
    summary: "An item's versions, newest first",
    description:
      'Each with its number, status, size, content hash, the kind of credential that made it and whether it is ' +
      'the current one. Role-scoped like the item: an item the caller may not see answers 404.',
    request: { path: KnowledgeIdPath },
    responses: { 200: { description: 'The versions', schema: KnowledgeVersionListSchema } },
    errors: itemErrors,
  },
  {
    method: 'put',
    path: `${base}/{knowledgeId}/reservedField`,
    operationId: 'updateReservedField',
    tag: 'Knowledge',
    summary: "Update an item's title and language (type must equal the stored type)",
    description:
      "`type` must name the item's stored type (422 Knowledge type mismatch otherwise): a rule on stored data " +
      'that the schema cannot state.',
    request: { path: KnowledgeIdPath, body: ReservedFieldSchema, examples: reservedFieldExamples.request },
    responses: {
      200: { description: 'The item', schema: ReservedFieldUpdatedSchema, examples: reservedFieldExamples.response },
    },
    errors: {
      400: [...itemErrors[400], 'Missing required field', 'Invalid knowledge type'],
      404: itemErrors[404],
      422: [KnowledgeMessages.typeMismatch],
    },
  },
  {
    method: 'delete',
    path: `${base}/{knowledgeId}`,
    operationId: 'deleteKnowledge',
    tag: 'Knowledge',
    summary: 'Delete an item without children (synchronous)',
    request: { path: KnowledgeIdPath },
    responses: { 200: { description: 'Deleted', schema: DeletedSchema } },
    errors: { 400: [...itemErrors[400], KnowledgeMessages.hasChildren], 404: itemErrors[404] },
  },
  {
    method: 'post',
    path: `${base}/{knowledgeId}/recrawl`,
    operationId: 'recrawlWebsite',
    tag: 'Knowledge',
    summary: 'Crawl a WEBSITE item again with its settings (changed pages re-indexed, vanished ones removed)',
    description:
      "A WEBSITE item is the root of a website source with the same id: a recrawl is that source's sync now " +
      '(POST …/sources/{sourceId}/sync). Unchanged pages answer 304 to a conditional GET and are not re-indexed. A ' +
      "recrawl that would delete more than the source's maxDeleteShare of its pages ends NEEDS_CONFIRMATION (the " +
      "site's messageError says so) and changes nothing, until recrawled with confirmDeletes=true. Any item but a " +
      'WEBSITE answers 400: a rule on stored data that the schema cannot state.',
    request: { path: KnowledgeIdPath, query: SyncNowQuerySchema },
    responses: {
      200: {
        description: 'The sync job (the running one if a sync of the site is under way)',
        schema: RecrawlResponseSchema,
        links: {
          getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
        },
      },
    },
    errors: {
      400: [...itemErrors[400], SourceMessages.notRecrawlable, 'Invalid field value'],
      404: itemErrors[404],
      409: [SourceMessages.noSettings],
    },
  },
  {
    method: 'delete',
    path: `${base}/{knowledgeId}/children`,
    operationId: 'deleteKnowledgeCascade',
    tag: 'Knowledge',
    summary: 'Delete an item and all its descendants (background job, leaves first)',
    request: { path: KnowledgeIdPath },
    responses: { 200: { description: 'The cascade-delete job', schema: CascadeDeleteSchema } },
    errors: itemErrors,
  },
  {
    method: 'post',
    path: '/workspaces/{workspaceId}/knowledge/search',
    operationId: 'searchKnowledge',
    tag: 'Search',
    summary: 'Semantic search (Authorization and x-api-key; organizationid checked when sent)',
    description:
      'One result per item (its best passage), best score first. Ranking options: scoreThreshold, hybridWeight, ' +
      'rerank and rerankCandidates; explain adds the scores behind each result.',
    request: { path: WorkspacePath, body: SemanticSearchSchema, examples: searchExamples.request },
    responses: {
      200: {
        description: 'The results',
        schema: SemanticSearchResponseSchema,
        examples: searchExamples.response,
        headers: rerankHeader,
      },
    },
    errors: { ...searchErrors, 400: [...searchErrors[400], ...RANKING_ERRORS, 'explain must be a boolean'] },
  },
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/retrieval-settings',
    operationId: 'getRetrievalSettings',
    tag: 'Search',
    summary: "The workspace's retrieval settings (whether searches rerank by default)",
    request: { path: WorkspacePath },
    responses: { 200: { description: 'The settings', schema: RetrievalSettingsSchema } },
  },
  {
    method: 'put',
    path: '/v1/workspaces/{workspaceId}/retrieval-settings',
    operationId: 'setRetrievalSettings',
    tag: 'Search',
    summary: "Change the workspace's retrieval settings (workspace credentials)",
    description: 'rerank: whether a knowledge search reranks when its request has no rerank field.',
    request: { path: WorkspacePath, body: SetRetrievalSettingsSchema, examples: retrievalSettingsExamples.request },
    responses: {
      200: {
        description: 'The new settings',
        schema: RetrievalSettingsSchema,
        examples: retrievalSettingsExamples.response,
      },
    },
    errors: { 400: ['rerank must be a boolean'] },
  },
  ...(['/workspaces/{workspaceId}/knowledge/search-title', `${base}/search-title`] as const).map(
    (path): ApiOperation => ({
      method: 'post',
      path,
      operationId: path.startsWith('/v1/') ? 'searchKnowledgeByTitleV1' : 'searchKnowledgeByTitle',
      tag: 'Search',
      summary: 'Title search (case-insensitive substring, newest first, no score)',
      request: { path: WorkspacePath, body: TitleSearchSchema, examples: titleSearchExamples.request },
      responses: {
        200: { description: 'The results', schema: TitleSearchResponseSchema, examples: titleSearchExamples.response },
      },
      errors: searchErrors,
    }),
  ),
];
