// The version operations: replace a FILE item's file, refetch a URL item, restore a version, list versions.
import { z } from 'zod';
import { VersionMessages } from '../../../../services/versions/versions';
import { type ApiOperation, operations } from '../../../openapi/operation';
import { KnowledgeSchema, KnowledgeUpsertedSchema } from '../schema';
import { KnowledgeVersionListSchema, ReplaceFileFormSchema, VersionStartedSchema } from './schema';
import { listVersionsExamples, refetchExamples, replaceFileExamples, restoreVersionExamples } from '../examples';
import { KnowledgeIdPath, base, fileErrors, itemErrors } from '../items/openapi';

const knowledgeOps = operations('Knowledge');

export const versionsOperations: ApiOperation[] = [
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
    examples: { response: refetchExamples[200] },
    ok: [200, 'The page is unchanged: nothing was done', KnowledgeUpsertedSchema],
    also: {
      202: {
        description: 'The new version (status: COMPLETED, PROCESSING, or FAILED while the old one serves)',
        schema: KnowledgeUpsertedSchema,
        examples: refetchExamples[202],
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
    examples: restoreVersionExamples,
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
    examples: listVersionsExamples,
    ok: [200, 'The versions', KnowledgeVersionListSchema],
    errors: itemErrors,
  }),
];
