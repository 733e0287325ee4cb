import { operations } from '../../openapi/operation';
import { z } from 'zod';
import { ChunkMessages } from '../../../services/knowledge/chunks';
import { KnowledgeMessages } from '../../../services/knowledge/knowledge';
import type { ApiOperation } from '../../openapi/operation';
import { KnowledgeIdPath } from '../knowledge/items/openapi';
import {
  ChunkListQuerySchema,
  ChunkListSchema,
  ChunkSchema,
  ChunkSchemaMessages,
  CreateChunkSchema,
  UpdateChunkSchema,
} from './schema';
import { createChunkExamples, listChunksExamples, updateChunkExamples } from './examples';

const knowledgeOps = operations('Knowledge');

const base = '/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/chunks';
const itemErrors = { 400: [KnowledgeMessages.invalidId], 404: [KnowledgeMessages.notFound] } as const;
const textErrors = [ChunkSchemaMessages.textType, ChunkSchemaMessages.textEmpty, ChunkSchemaMessages.textTooLong];
const writeErrors = {
  409: [ChunkMessages.notCompleted, ChunkMessages.titleChanged],
  503: [ChunkMessages.embeddingFailed],
} as const;
const writeDescription =
  'A new text is embedded first (within half the request timeout); then text, vector and keyword index change ' +
  'together, so searches see the old chunk or the new one, never a mix. When the embedding model fails nothing ' +
  'changes (503, Retry-After). A re-ingestion of the item (a retry, a language change) writes its extracted ' +
  'chunks again: manual edits, added chunks and disabled states are dropped.';

export const chunksOperations: ApiOperation[] = [
  knowledgeOps.get(base, 'listKnowledgeChunks', {
    summary: "An item's chunks in order (what search, RAG and the tools read, when enabled)",
    description: 'Scoped as get-knowledge: an item the credential may not see is 404.',
    params: KnowledgeIdPath,
    query: ChunkListQuerySchema,
    examples: listChunksExamples,
    ok: [
      200,
      'A page of chunks',
      ChunkListSchema,
      {
        links: {
          updateKnowledgeChunk: {
            operationId: 'updateKnowledgeChunk',
            parameters: { knowledgeId: '$request.path.knowledgeId', chunkId: '$response.body#/chunks/0/id' },
          },
        },
      },
    ],
    errors: {
      400: [
        ...itemErrors[400],
        'Invalid page value, must be between 1 and 10000',
        'Invalid limit value, must be between 1 and 100',
      ],
      404: itemErrors[404],
    },
  }),
  knowledgeOps.post(base, 'createKnowledgeChunk', {
    summary: 'Add a chunk by hand (embedded and searchable at once); only to a COMPLETED item',
    description: writeDescription,
    params: KnowledgeIdPath,
    body: CreateChunkSchema,
    examples: createChunkExamples,
    ok: [
      201,
      'The new chunk',
      ChunkSchema,
      {
        links: {
          updateKnowledgeChunk: {
            operationId: 'updateKnowledgeChunk',
            parameters: { knowledgeId: '$response.body#/knowledgeId', chunkId: '$response.body#/id' },
          },
        },
      },
    ],
    errors: {
      400: [...itemErrors[400], 'Missing required field', ...textErrors, ChunkSchemaMessages.position],
      404: itemErrors[404],
      ...writeErrors,
      409: [...writeErrors[409], ChunkMessages.tooManyManual],
    },
  }),
  knowledgeOps.patch(`${base}/{chunkId}`, 'updateKnowledgeChunk', {
    summary: "Edit a chunk's text (re-embedded) or turn it off and on (enabled); only on a COMPLETED item",
    description: writeDescription,
    params: KnowledgeIdPath.extend({
      chunkId: z.uuid().meta({ description: 'The chunk (malformed: 400 "Invalid chunk ID format")' }),
    }),
    body: UpdateChunkSchema,
    examples: updateChunkExamples,
    ok: [200, 'The chunk as it now is', ChunkSchema],
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
  }),
];
