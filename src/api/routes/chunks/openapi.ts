import { z } from 'zod';
import { ChunkMessages } from '../../../services/knowledge/chunks';
import { KnowledgeMessages } from '../../../services/knowledge/knowledge';
import type { ApiOperation } from '../../openapi/operation';
import { KnowledgeIdPath } from '../knowledge/openapi';
import {
  ChunkListQuerySchema,
  ChunkListSchema,
  ChunkSchema,
  ChunkSchemaMessages,
  CreateChunkSchema,
  UpdateChunkSchema,
} from './schema';
import { createChunkExamples, updateChunkExamples } from './examples';

const base = '/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/chunks';
const itemErrors = { 400: [KnowledgeMessages.invalidId], 404: [KnowledgeMessages.notFound] } as const;
const textErrors = [ChunkSchemaMessages.textType, ChunkSchemaMessages.textEmpty, ChunkSchemaMessages.textTooLong];
const writeErrors = {
  409: [ChunkMessages.notCompleted],
  503: [ChunkMessages.embeddingFailed],
} as const;
const writeDescription =
  'A new text is embedded first (within half the request timeout); then text, vector and keyword index change ' +
  'together, so searches see the old chunk or the new one, never a mix. When the embedding model fails nothing ' +
  'changes (503, Retry-After). A re-ingestion of the item (a retry, a language change) writes its extracted ' +
  'chunks again: manual edits, added chunks and disabled states are dropped.';

export const chunksOperations: ApiOperation[] = [
  {
    method: 'get',
    path: base,
    operationId: 'listKnowledgeChunks',
    tag: 'Knowledge',
    summary: "An item's chunks in order (what search, RAG and the tools read, when enabled)",
    description: 'Scoped as get-knowledge: an item the credential may not see is 404.',
    request: { path: KnowledgeIdPath, query: ChunkListQuerySchema },
    responses: {
      200: {
        description: 'A page of chunks',
        schema: ChunkListSchema,
        links: {
          updateKnowledgeChunk: {
            operationId: 'updateKnowledgeChunk',
            parameters: { knowledgeId: '$request.path.knowledgeId', chunkId: '$response.body#/chunks/0/id' },
          },
        },
      },
    },
    errors: {
      400: [
        ...itemErrors[400],
        'Invalid page value, must be between 1 and 10000',
        'Invalid limit value, must be between 1 and 100',
      ],
      404: itemErrors[404],
    },
  },
  {
    method: 'post',
    path: base,
    operationId: 'createKnowledgeChunk',
    tag: 'Knowledge',
    summary: 'Add a chunk by hand (embedded and searchable at once); only to a COMPLETED item',
    description: writeDescription,
    request: { path: KnowledgeIdPath, body: CreateChunkSchema, examples: createChunkExamples.request },
    responses: {
      201: {
        description: 'The new chunk',
        schema: ChunkSchema,
        examples: createChunkExamples.response,
        links: {
          updateKnowledgeChunk: {
            operationId: 'updateKnowledgeChunk',
            parameters: { knowledgeId: '$response.body#/knowledgeId', chunkId: '$response.body#/id' },
          },
        },
      },
    },
    errors: {
      400: [...itemErrors[400], 'Missing required field', ...textErrors, ChunkSchemaMessages.position],
      404: itemErrors[404],
      ...writeErrors,
      409: [...writeErrors[409], ChunkMessages.tooManyManual],
    },
  },
  {
    method: 'patch',
    path: `${base}/{chunkId}`,
    operationId: 'updateKnowledgeChunk',
    tag: 'Knowledge',
    summary: "Edit a chunk's text (re-embedded) or turn it off and on (enabled); only on a COMPLETED item",
    description: writeDescription,
    request: {
      path: KnowledgeIdPath.extend({
        chunkId: z.uuid().meta({ description: 'The chunk (malformed: 400 "Invalid chunk ID format")' }),
      }),
      body: UpdateChunkSchema,
      examples: updateChunkExamples.request,
    },
    responses: {
      200: { description: 'The chunk as it now is', schema: ChunkSchema, examples: updateChunkExamples.response },
    },
    errors: {
      400: [
        ...itemErrors[400],
        ChunkMessages.invalidId,
        ...textErrors,
        ChunkSchemaMessages.enabled,
        ChunkSchemaMessages.changeNeedsField,
      ],
      404: [...itemErrors[404], ChunkMessages.notFound],
      ...writeErrors,
    },
  },
];
