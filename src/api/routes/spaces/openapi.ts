import { z } from 'zod';
import { KnowledgeMessages } from '../../../services/knowledge/knowledge';
import { MESSAGES_MAX_PAGE, SpaceMessages } from '../../../services/spaces/spaces';
import { withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import { DeletedSchema, SpaceFilesQuerySchema, KnowledgeListSchema, KnowledgeSchema } from '../knowledge/schema';
import { CUSTOMER_ROLE_ID_FORMAT } from '../roles/schema';
import { RANKING_ERRORS, rerankHeader } from '../knowledge/search/openapi';
import { boundMessage } from '../../../services/operations/bounds';
import { QUOTA_EXCEEDED } from '../../../services/knowledge/storageQuota';
import {
  ActivateApiKeySchema,
  ActivatedSpaceSchema,
  ActivatedWithApiKeySchema,
  ActivateSpaceSchema,
  CreateGroupSchema,
  FeedbackSchema,
  GroupCreatedSchema,
  MessagePostedSchema,
  MessageSchema,
  MessagesQuerySchema,
  PostMessageSchema,
  RagResponseSchema,
  RagSchema,
  SpaceErasureSchema,
  SpaceSchema,
} from './schema';
import {
  activateExamples,
  activateWithApiKeyExamples,
  createGroupExamples,
  deleteSpaceKnowledgeExamples,
  eraseSpaceExamples,
  feedbackExamples,
  getSpaceExamples,
  getSpaceKnowledgeExamples,
  listMessagesExamples,
  listSpaceKnowledgeExamples,
  postMessageExamples,
  spaceRagExamples,
} from './examples';

const userSpacesOps = operations('User spaces');
const spacesOps = operations('Spaces');

const base = '/v1/workspaces/{workspaceId}/spaces/{spaceId}';
const SpacePath = withWorkspace({ spaceId: z.uuid().meta({ description: 'The space' }) });
const spaceError = (message: string) => ({ error: 'Error', message });
const SpaceFilePath = withWorkspace({
  spaceId: z.uuid().meta({ description: 'The space' }),
  knowledgeId: z.uuid().meta({ description: "An item of the space's own knowledge" }),
});
const spaceErrors = {
  400: [spaceError(SpaceMessages.private)],
  404: [spaceError(SpaceMessages.notFound)],
} as const;
const roleErrors = {
  400: [CUSTOMER_ROLE_ID_FORMAT, 'roleId must be a valid UUID'],
  404: ['role with the given customerRoleId not found', 'Role not found'],
} as const;
const spaceLinks = {
  getSpace: { operationId: 'getSpace', parameters: { spaceId: '$response.body#/spaceId' } },
};

export const spacesOperations: ApiOperation[] = [
  userSpacesOps.post(
    '/workspaces/{workspaceId}/activate-or-retrieve-user-space-api-key',
    'activateUserSpaceWithApiKey',
    {
      summary: "Activate (or retrieve) a user's space with the API key and mint a user space token",
      body: ActivateApiKeySchema,
      examples: activateWithApiKeyExamples,
      ok: [200, 'The user space token, the user and the space', ActivatedWithApiKeySchema],
      errors: {
        400: [
          'Missing required field',
          'email must be a valid email address',
          'userId must be at most 255 characters',
          ...roleErrors[400],
        ],
        404: roleErrors[404],
        409: [boundMessage('workspaceSpaces')],
      },
    },
  ),
  userSpacesOps.put('/workspaces/{workspaceId}/activate-or-retrieve-user-space', 'activateUserSpace', {
    summary: "Activate (or retrieve) a user's space with an access token (idempotent)",
    description:
      'The role comes from the body, else it is inherited from the calling token; a role-bound caller may name ' +
      'only its own role (403 otherwise). The space records its role: the workspace credential sets it on every ' +
      "activation, an end user's token (role- or subject-bound) reaches only a space of its own role and, with a " +
      "subject, only that user's space (403 otherwise). isNew is true only when the space was just created.",
    body: ActivateSpaceSchema,
    examples: activateExamples,
    ok: [200, 'The user space token and the space', ActivatedSpaceSchema, { links: spaceLinks }],
    errors: {
      400: [
        'Missing required field',
        'Missing required field: workspaceId',
        'workspaceId must equal the workspace in the path',
        'Provide exactly one of userId and customerIdString',
        'Provide at most one of roleId and customerRoleId',
        'userId must be a valid UUID',
        ...roleErrors[400],
      ],
      404: roleErrors[404],
      409: [boundMessage('workspaceSpaces'), boundMessage('roleSpaces')],
    },
  }),
  spacesOps.get(base, 'getSpace', {
    summary: 'Get a space with its members and group conversations',
    params: SpacePath,
    examples: getSpaceExamples,
    ok: [200, 'The space', SpaceSchema],
    errors: spaceErrors,
  }),
  spacesOps.delete(base, 'eraseSpace', {
    summary: "Erase a user's space and the user: a data-subject erasure (background job; the workspace credential)",
    description:
      "Deletes the space's user and everything of the space: members, groups, messages, files, their passages " +
      'and vectors, and the stored blobs (at once, without the purge delay). Follow the job with background-jobs.',
    params: SpacePath,
    examples: eraseSpaceExamples,
    ok: [
      200,
      'The erasure job',
      SpaceErasureSchema,
      {
        links: {
          getBackgroundJobs: { operationId: 'getBackgroundJobs', requestBody: { jobIds: ['$response.body#/jobId'] } },
        },
      },
    ],
    errors: { 404: [spaceError(SpaceMessages.notFound)] },
  }),
  spacesOps.post(`${base}/group`, 'createGroup', {
    summary: 'Create a group conversation',
    params: SpacePath,
    body: CreateGroupSchema,
    bodyRequired: false,
    examples: createGroupExamples,
    ok: [200, 'The group', GroupCreatedSchema],
    errors: {
      400: [
        ...spaceErrors[400],
        'name must be a string',
        'name must not be empty',
        'Request body must be a JSON object',
      ],
      404: spaceErrors[404],
      409: [boundMessage('spaceGroups')],
    },
  }),
  spacesOps.get(`${base}/message`, 'listMessages', {
    summary: "A group's messages, oldest first (the default group without groupId); a page with limit and before",
    description:
      `At most ${MESSAGES_MAX_PAGE} messages and 1 MiB of their text per response (at least one message): ` +
      `without limit and before, the latest ${MESSAGES_MAX_PAGE} that fit; while hasMore is true, page back with ` +
      "before (the first message's id).",
    params: SpacePath,
    query: MessagesQuerySchema,
    examples: listMessagesExamples,
    ok: [
      200,
      'The messages',
      z.strictObject({
        messages: z.array(MessageSchema),
        hasMore: z
          .boolean()
          .meta({ description: "Older messages precede these: page back with before=<the first one's id>" }),
      }),
    ],
    errors: {
      400: [
        ...spaceErrors[400],
        'groupId must be a valid UUID',
        `limit must be between 1 and ${MESSAGES_MAX_PAGE}`,
        'before must be a message id',
        spaceError('before must be the id of a message in the group'),
      ],
      404: [...spaceErrors[404], spaceError(SpaceMessages.groupNotFound)],
    },
  }),
  spacesOps.post(`${base}/message`, 'postMessage', {
    summary: 'Post a message as the space user (a user space token)',
    params: SpacePath,
    body: PostMessageSchema,
    examples: postMessageExamples,
    ok: [
      200,
      'The message',
      MessagePostedSchema,
      {
        links: {
          setFeedback: { operationId: 'setMessageFeedback', parameters: { messageId: '$response.body#/id' } },
        },
      },
    ],
    errors: {
      400: [
        ...spaceErrors[400],
        'Missing required field',
        'groupId must be a valid UUID',
        'type must be USER or AI',
        'messageAIId must be a valid UUID',
      ],
      404: [...spaceErrors[404], spaceError(SpaceMessages.groupNotFound), spaceError(SpaceMessages.messageNotFound)],
      403: [QUOTA_EXCEEDED],
      409: [boundMessage('spaceMessages'), boundMessage('spaceMessagesBytes')],
      413: [boundMessage('spaceMessageBytes')],
    },
  }),
  spacesOps.patch(`${base}/message/{messageId}`, 'setMessageFeedback', {
    summary: 'Feedback on a message: thumbUp or thumbDown (setting one clears the other)',
    params: SpacePath.extend({ messageId: z.uuid().meta({ description: 'The message' }) }),
    body: FeedbackSchema,
    examples: feedbackExamples,
    ok: [200, 'The message', MessageSchema],
    errors: {
      400: [
        ...spaceErrors[400],
        'Provide thumbUp or thumbDown',
        'thumbUp and thumbDown cannot both be true',
        'thumbUp must be a boolean',
        'thumbDown must be a boolean',
      ],
      404: [...spaceErrors[404], spaceError(SpaceMessages.messageNotFound)],
    },
  }),
  spacesOps.get(`${base}/knowledge`, 'listSpaceKnowledge', {
    summary: "List the space's own files (uploaded with spaceId), newest first",
    description:
      "A member's user space token or the workspace credential. Workspace knowledge routes never show a space's files.",
    params: SpacePath,
    query: SpaceFilesQuerySchema,
    examples: listSpaceKnowledgeExamples,
    ok: [200, 'A page of the space items', KnowledgeListSchema],
    errors: spaceErrors,
  }),
  spacesOps.get(`${base}/knowledge/{knowledgeId}`, 'getSpaceKnowledge', {
    summary: "Get one of the space's own files",
    params: SpaceFilePath,
    examples: getSpaceKnowledgeExamples,
    ok: [200, 'The item', KnowledgeSchema],
    errors: {
      400: [...spaceErrors[400], KnowledgeMessages.invalidId],
      404: [...spaceErrors[404], KnowledgeMessages.notFound],
    },
  }),
  spacesOps.delete(`${base}/knowledge/{knowledgeId}`, 'deleteSpaceKnowledge', {
    summary:
      "Delete one of the space's own files (its stored file is purged after FILE_PURGE_DELAY); a user space token only as the space's HOST or CO_HOST (a GUEST: 403)",
    params: SpaceFilePath,
    examples: deleteSpaceKnowledgeExamples,
    ok: [200, 'Deleted', DeletedSchema],
    errors: {
      400: [...spaceErrors[400], KnowledgeMessages.invalidId, KnowledgeMessages.hasChildren],
      404: [...spaceErrors[404], KnowledgeMessages.notFound],
    },
  }),
  spacesOps.post(`${base}/rag`, 'spaceRag', {
    summary: "Passages from workspace knowledge (role-scoped under RBAC) and from the space's own knowledge",
    description:
      'topK (1..10, default 5) applies to each list; most relevant first. The ranking options (scoreThreshold, ' +
      'hybridWeight, rerank, rerankCandidates) apply to each list; reranking only when rerank is true.',
    params: SpacePath,
    body: RagSchema,
    examples: spaceRagExamples,
    ok: [200, 'The passages', RagResponseSchema, { headers: rerankHeader }],
    errors: {
      400: [
        ...spaceErrors[400],
        'Missing required field',
        'Invalid topK value, must be between 1 and 10',
        'languageId has an invalid format',
        ...RANKING_ERRORS,
      ],
      404: spaceErrors[404],
    },
  }),
];
