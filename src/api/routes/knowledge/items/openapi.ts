// Items: list and get, links, text and URL items, attributes and reserved fields, deletes; and what the other
// knowledge operations share (the item's path, its errors and links, the upsert answers).
import { z } from 'zod';
import { KnowledgeMessages } from '../../../../services/knowledge/knowledge';
import { UploadMessages } from '../../../../services/knowledge/uploads';
import { UpsertMessages } from '../../../../services/knowledge/upserts';
import { VersionMessages } from '../../../../services/versions/versions';
import { AddressRefusalMessages } from '../../../../web/fetch';
import { MultipartMessages } from '../../../multipart';
import { withWorkspace, type ApiOperation, type Examples, operations } from '../../../openapi/operation';
import {
  CascadeDeleteSchema,
  CreateLinkSchema,
  CreateTextSchema,
  CreateUrlSchema,
  DeletedSchema,
  KnowledgeListQuerySchema,
  KnowledgeListSchema,
  KnowledgeSchema,
  KnowledgeUpsertedSchema,
  EXTERNAL_ID_MESSAGE,
  LinkCreatedSchema,
  ReservedFieldSchema,
  UpdateKnowledgeSchema,
  UpdatedKnowledgeSchema,
  ReservedFieldUpdatedSchema,
  SourceCreatedSchema,
  TEXT_MAX_CHARACTERS,
  UPDATE_NEEDS_FIELD,
} from '../schema';
import {
  createLinkExamples,
  createTextExamples,
  createUrlExamples,
  deleteCascadeExamples,
  deleteKnowledgeExamples,
  getKnowledgeExamples,
  listKnowledgeExamples,
  reservedFieldExamples,
  textUpsertExamples,
  updateKnowledgeExamples,
  urlUpsertExamples,
} from '../examples';

const knowledgeOps = operations('Knowledge');

export const base = '/v1/workspaces/{workspaceId}/knowledge';
/** Upsert by external id (services/knowledge/upserts.ts), on every creation that takes externalId. */
export const UPSERT_DESCRIPTION =
  'With the externalId of an existing item (of the same kind), its content is replaced as a new version: same id, ' +
  "roles, categories, attributes and parent (202); when the content hash is the current version's nothing is " +
  'extracted, embedded or versioned (200, unchanged: true). An item of another kind or space, or a concurrent ' +
  'first post of the same externalId, answers 409 (rules on stored data that the schema cannot state).';
const upsertResponses = {
  200: { description: 'externalId of an existing item: its content unchanged', schema: KnowledgeUpsertedSchema },
  202: { description: 'externalId of an existing item: its new version', schema: KnowledgeUpsertedSchema },
} as const;
/** The upsert answers of one operation, each with that operation's examples. */
export const upsertAnswers = (examples: Partial<Record<200 | 202, Examples>>) => ({
  200: { ...upsertResponses[200], ...(examples[200] ? { examples: examples[200] } : {}) },
  202: { ...upsertResponses[202], ...(examples[202] ? { examples: examples[202] } : {}) },
});
export const upsertConflicts = [
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
export const itemErrors = { 400: [KnowledgeMessages.invalidId], 404: [KnowledgeMessages.notFound] } as const;
/** What receiving a file can answer (an upload, a replaced file). */
export const fileErrors = {
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
  429: ['Too many uploads in progress for this workspace, retry later'],
  503: ['Too many uploads in progress, retry later'],
} as const;
const itemLinks = (from: string) => ({
  getKnowledge: { operationId: 'getKnowledge', parameters: { knowledgeId: from } },
  listKnowledgeRoles: { operationId: 'listKnowledgeRoles', parameters: { knowledgeId: from } },
  listKnowledgeChunks: { operationId: 'listKnowledgeChunks', parameters: { knowledgeId: from } },
});
/** Why a URL is refused (src/web/fetch.ts checkWebUrl); host names vary. */
export const urlErrors = [
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
export const sourceLinks = {
  ...itemLinks('$response.body#/id'),
  getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
};
export const itemsOperations: ApiOperation[] = [
  knowledgeOps.get(base, 'listKnowledge', {
    summary: 'List knowledge, newest first',
    query: KnowledgeListQuerySchema,
    examples: listKnowledgeExamples,
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
    errors: {
      400: [
        'Missing required field',
        'Type must be LINK',
        'title must be at most 1000 characters',
        'metadata must be an object',
        'metadata.language must be a language code such as en or pt-BR',
      ],
      422: [KnowledgeMessages.invalidUrl],
    },
  }),
  knowledgeOps.post(`${base}/text`, 'createTextSource', {
    summary: 'Add text as a STRING item (chunked and embedded in the background)',
    description: UPSERT_DESCRIPTION,
    body: CreateTextSchema,
    examples: createTextExamples,
    ok: [201, 'The new item and its ingestion job', SourceCreatedSchema, { links: sourceLinks }],
    also: upsertAnswers(textUpsertExamples),
    errors: {
      400: [
        'Missing required field',
        'title must be at most 1000 characters',
        `content must be at most ${TEXT_MAX_CHARACTERS} characters`,
        'language must be a language code such as en or pt-BR',
        'metadata must be an object',
        'metadata.language must be a language code such as en or pt-BR',
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
    also: { 202: upsertAnswers(urlUpsertExamples)[202] },
    errors: { 400: [...urlErrors, EXTERNAL_ID_MESSAGE], 409: [...upsertConflicts, VersionMessages.notUrl] },
  }),
  knowledgeOps.get(`${base}/{knowledgeId}`, 'getKnowledge', {
    summary: 'Get a knowledge item',
    params: KnowledgeIdPath,
    examples: getKnowledgeExamples,
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
      400: [...itemErrors[400], UPDATE_NEEDS_FIELD, `content must be at most ${TEXT_MAX_CHARACTERS} characters`],
      404: itemErrors[404],
      409: [VersionMessages.notText, VersionMessages.inProgress],
    },
  }),
  knowledgeOps.put(`${base}/{knowledgeId}/reservedField`, 'updateReservedField', {
    summary: "Update an item's title and language (type must equal the stored type)",
    description:
      "`type` must name the item's stored type (422 Knowledge type mismatch otherwise): a rule on stored data " +
      'that the schema cannot state. A new title, where EMBEDDING_TEXT_SCHEME puts titles in vectors (header-mix, ' +
      'the default), also answers `jobId`: the background job computing those vectors again (docs/guides/search.md, ' +
      '"After a rename").',
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
    examples: deleteKnowledgeExamples,
    ok: [200, 'Deleted', DeletedSchema],
    errors: { 400: [...itemErrors[400], KnowledgeMessages.hasChildren], 404: itemErrors[404] },
  }),
  knowledgeOps.delete(`${base}/{knowledgeId}/children`, 'deleteKnowledgeCascade', {
    summary: 'Delete an item and all its descendants (background job, leaves first)',
    params: KnowledgeIdPath,
    examples: deleteCascadeExamples,
    ok: [200, 'The cascade-delete job', CascadeDeleteSchema],
    errors: itemErrors,
  }),
];
