import { z } from 'zod';
import { KnowledgeMessages } from '../../../services/knowledge';
import { UploadMessages } from '../../../services/uploads';
import { withWorkspace, WorkspacePath, type ApiOperation } from '../../openapi/operation';
import {
  CascadeDeleteSchema,
  CreateLinkSchema,
  DeletedSchema,
  KnowledgeListQuerySchema,
  KnowledgeListSchema,
  KnowledgeSchema,
  LinkCreatedSchema,
  MetadataSearchItemSchema,
  MetadataSearchSchema,
  ReservedFieldSchema,
  ReservedFieldUpdatedSchema,
  SemanticSearchResponseSchema,
  SemanticSearchSchema,
  TitleSearchResponseSchema,
  TitleSearchSchema,
  UploadFileMetadataSchema,
  UploadFormSchema,
  UploadResponseSchema,
} from './schema';

const base = '/v1/workspaces/{workspaceId}/knowledge';
export const KnowledgeIdPath = withWorkspace({
  knowledgeId: z.uuid().meta({ description: 'The knowledge item (malformed: 400 "Invalid knowledge ID format")' }),
});
const itemErrors = { 400: [KnowledgeMessages.invalidId], 404: [KnowledgeMessages.notFound] } as const;
const itemLinks = (from: string) => ({
  getKnowledge: { operationId: 'getKnowledge', parameters: { knowledgeId: from } },
  listKnowledgeRoles: { operationId: 'listKnowledgeRoles', parameters: { knowledgeId: from } },
});
const searchErrors = {
  400: [
    'Missing required field',
    'Invalid limit value, must be between 1 and 50',
    'roleIds must be an array of valid UUIDs',
    'audienceId must be a valid UUID',
  ],
  404: ['Audience not found'],
} as const;

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
      400: ['Invalid page value, must be between 1 and 1000000', 'Invalid limit value, must be between 1 and 100'],
    },
  },
  {
    method: 'post',
    path: `${base}/link`,
    operationId: 'createLink',
    tag: 'Knowledge',
    summary: 'Create a link (stored, never fetched; title, description and URL are embedded)',
    request: { path: WorkspacePath, body: CreateLinkSchema },
    responses: {
      201: { description: 'The new item', schema: LinkCreatedSchema, links: itemLinks('$response.body#/id') },
    },
    errors: { 400: ['Missing required field', 'Type must be LINK'], 422: [KnowledgeMessages.invalidUrl] },
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
      'searchable, or with status PROCESSING past SYNC_UPLOAD_TIMEOUT_MS.',
    request: { path: WorkspacePath, multipart: UploadFormSchema },
    responses: {
      200: {
        description: 'The upload (and, synchronously, its item)',
        schema: UploadResponseSchema,
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
        UploadMessages.unsupported,
        'Missing required field',
        'Malformed multipart body',
        'Only one file may be uploaded per request',
        'Invalid status value, must be BACKGROUND_START',
        'spaceId must be a valid UUID',
      ],
      403: [UploadMessages.quota],
      404: [{ error: 'Error', message: 'Space not found' }],
      413: ['File exceeds the maximum upload size of MAX_UPLOAD_BYTES bytes'],
      422: ['Failed to process file: …'],
    },
  },
  {
    method: 'post',
    path: `${base}/search`,
    operationId: 'searchKnowledgeByMetadata',
    tag: 'Search',
    summary: 'Metadata search (exact matches, AND); paging in X-Total-Count, X-Page and X-Limit',
    request: { path: WorkspacePath, body: MetadataSearchSchema },
    responses: {
      200: {
        description: 'The matching items, newest first',
        schema: z.array(MetadataSearchItemSchema),
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
    method: 'put',
    path: `${base}/{knowledgeId}/reservedField`,
    operationId: 'updateReservedField',
    tag: 'Knowledge',
    summary: "Update an item's title and language (type must equal the stored type)",
    request: { path: KnowledgeIdPath, body: ReservedFieldSchema },
    responses: { 200: { description: 'The item', schema: ReservedFieldUpdatedSchema } },
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
    description: 'One result per item (its best passage), highest cosine similarity first.',
    request: { path: WorkspacePath, body: SemanticSearchSchema },
    responses: { 200: { description: 'The results', schema: SemanticSearchResponseSchema } },
    errors: searchErrors,
  },
  ...(['/workspaces/{workspaceId}/knowledge/search-title', `${base}/search-title`] as const).map(
    (path): ApiOperation => ({
      method: 'post',
      path,
      operationId: path.startsWith('/v1/') ? 'searchKnowledgeByTitleV1' : 'searchKnowledgeByTitle',
      tag: 'Search',
      summary: 'Title search (case-insensitive substring, newest first, no score)',
      request: { path: WorkspacePath, body: TitleSearchSchema },
      responses: { 200: { description: 'The results', schema: TitleSearchResponseSchema } },
      errors: searchErrors,
    }),
  ),
];
