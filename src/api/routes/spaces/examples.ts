// Hand-written examples of the user-space and space operations (requests and main responses): the space of one
// end user (user-4821, a support agent) in the workspace of the knowledge examples.
import { EXAMPLE_IDS, example } from '../../openapi/operation';
import { SECURITY_FILTER } from '../knowledge/examples';

const { workspaceId, organizationId, spaceId, groupId, messageId } = EXAMPLE_IDS;
/** A user space token as the activation endpoints mint them (this one's signature is made up). */
const USER_SPACE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlblR5cGUiOiJ1c2VyX3NwYWNlIiwib3JnYW5pemF0aW9uSWQiOiIwYjdlNGMxYS05M2QyLTRmNjUtOGUxYi03YTJjOWQ0ZTVmNjAiLCJ3b3Jrc3BhY2VJZCI6IjZmMWMyYjllLTRkM2EtNGU4Yi05YTcxLTJjNWQ4ZTBmM2IxNCIsInVzZXJJZCI6IjhiNGQyZjZhLTFjM2UtNGE1Yi05ZDdmLTNlMWM1YTdiOWQyZiIsInNwYWNlSWQiOiJlNWMxYThmMy0yZDdiLTRiOWUtOWM0YS02ZjFkM2U4YjJhMDciLCJ1c2VyX21ldGFkYXRhIjp7InJvbGVJZCI6IjRhN2QyZTljLTViMWYtNGMzZS04ZDZhLTJmOWIxZTdjNGE1OCJ9LCJpc3MiOiJrd3MiLCJhdWQiOiJrd3MtYXBpIiwiaWF0IjoxNzQyNTUxNTAyLCJqdGkiOiI5YTFjM2U1Zi03YjJkLTRmNmEtOGMwZS0yZDRmNmE4YzBlMWIiLCJleHAiOjE3NDI1NTUxMDJ9.Yp3kX0m8S1vQ2dL7rT9wZ4nB6cF5hJ0aE8uG3iK2oMs';
const QUESTION = 'How do I rotate an API key without downtime?';
const ANSWER =
  'Create a second key, deploy it to every service, wait until the old key is no longer used, then revoke it.';
const PASSAGE =
  'Rotate an API key without downtime: create a second key under Settings > API keys, deploy it to every ' +
  'service that calls the API, check that the old key is no longer used, then revoke the old key.';
const GUIDE_URL = 'https://docs.example.com/security/rotating-api-keys';
const GUIDE = `Security guide: rotating API keys\n${GUIDE_URL}`;
const ASKED_AT = '2025-03-21T10:05:02.731Z';
const MARIA = { id: 'user-4821', name: 'Maria Jensen', email: 'maria.jensen@example.com' };

export const activateWithApiKeyExamples = {
  request: {
    supportAgent: example("A support agent's space, with their role", {
      userId: 'user-4821',
      email: 'maria.jensen@example.com',
      customerRoleId: 'support-agents',
    }),
  },
  response: {
    activated: example('The user space token, the user and the space', {
      token: USER_SPACE_TOKEN,
      user: { id: 'user-4821', email: 'maria.jensen@example.com' },
      space: { id: spaceId, workspaceId },
    }),
  },
};

export const activateExamples = {
  request: {
    byCustomerId: example('By your own user id, with a role', {
      workspaceId,
      customerIdString: 'user-4821',
      customerRoleId: 'support-agents',
    }),
  },
  response: {
    activated: example('The user space token and the space', {
      token: USER_SPACE_TOKEN,
      spaceId,
      userId: 'user-4821',
      workspaceId,
      isNew: false,
    }),
  },
};

export const createGroupExamples = {
  request: { named: example('A named group conversation', { name: 'Onboarding questions' }) },
  response: {
    created: example('The group', { id: groupId, name: 'Onboarding questions', createdAt: '2025-03-21T10:04:18.220Z' }),
  },
};

export const postMessageExamples = {
  request: {
    question: example("The user's question", { newMessage: QUESTION, groupId, type: 'USER', languageId: 'en' }),
    answer: example(
      "Your assistant's answer, with the passages it used",
      {
        newMessage: ANSWER,
        groupId,
        type: 'AI',
        messageAIId: messageId,
        languageId: 'en',
        rag: { knowledge: [{ metadata: { text: GUIDE, source: GUIDE_URL } }] },
      },
      'messageAIId is the user message it answers.',
    ),
  },
  response: {
    posted: example('The message', {
      id: messageId,
      type: 'USER',
      message: QUESTION,
      createdAt: ASKED_AT,
    }),
  },
};

export const feedbackExamples = {
  request: {
    thumbUp: example('A helpful answer', { thumbUp: true }),
    thumbDown: example('An unhelpful answer', { thumbDown: true }),
  },
  response: {
    message: example('The message with its feedback', {
      id: messageId,
      type: 'AI',
      message: ANSWER,
      workflowUserId: 'user-4821',
      content: null,
      sources: [GUIDE_URL],
      sourcesMetadata: [{ title: 'Security guide: rotating API keys', url: GUIDE_URL }],
      thumbUp: true,
      thumbDown: false,
      user: { id: 'user-4821', name: 'Maria Jensen', photo: null },
      messageAIId: '9f3d7b1e-2a6c-4e8f-b5d3-7c1e9a4f2b68',
      languageId: 'en',
      groupId,
      createdAt: '2025-03-21T10:05:04.118Z',
    }),
  },
};

export const spaceRagExamples = {
  request: {
    question: example('Passages for a question', { text: QUESTION, topK: 3 }),
    filtered: example('Within a filter, dropping weak passages', {
      text: QUESTION,
      topK: 5,
      filter: SECURITY_FILTER,
      scoreThreshold: 0.3,
    }),
    withContext: example('Each passage with the chunk before and after it', {
      text: QUESTION,
      topK: 3,
      contextWindow: 1,
    }),
  },
  response: {
    passages: example('Workspace passages, then the space’s own', {
      knowledgeResults: [
        { text: PASSAGE, source: '', score: 0.78, headings: [] },
        { text: GUIDE, source: GUIDE_URL, score: 0.61, headings: [] },
      ],
      spaceKnowledgeResults: [],
    }),
  },
};

/** A group conversation of the space (a message posted to it moves lastMessageAt and updatedAt). */
const group = (id: string, name: string, conversationId: string, createdAt: string, lastMessageAt: string | null) => ({
  id,
  name,
  type: 'PUBLIC',
  lastMessageAt,
  createdAt,
  updatedAt: lastMessageAt ?? createdAt,
  conversations: [{ id: conversationId }],
});
const ANSWERED_AT = '2025-03-21T10:05:03.904Z';
/** The group every space starts with (its default), beside the one createGroup's example made. */
const general = group(
  '3f7b1d9e-5a2c-4e8f-b6d4-0c2e4a6f8b17',
  'General',
  '9c1e3a5f-7b2d-4f6a-8e0c-4a6c8e0b2d59',
  '2025-03-21T09:58:40.512Z',
  null,
);
export const getSpaceExamples = {
  response: {
    space: example("Maria's space: she is its host; her questions go to the Onboarding questions group", {
      id: spaceId,
      name: `${MARIA.email}'s space`,
      description: null,
      status: 'ACTIVE',
      createdAt: general.createdAt,
      workspace: { id: workspaceId, name: 'Acme Support', organizationName: 'Acme Corp', organizationId },
      hosts: [{ host: MARIA }],
      coHosts: [],
      guests: [],
      spaceGroupConversation: [
        general,
        group(
          groupId,
          'Onboarding questions',
          '6e0a2c4e-8b1d-4a3f-9c5e-7d9f1b3e5a62',
          '2025-03-21T10:04:18.220Z',
          ANSWERED_AT,
        ),
      ],
    }),
  },
};

export const eraseSpaceExamples = {
  response: {
    started: example('The erasure job (follow it with background-jobs)', {
      success: true,
      message: 'Erasure started',
      jobId: `erase-space:${workspaceId}:${spaceId}`,
    }),
  },
};

/** What a message of the space reads as when listed: nothing of it left out. */
const listedMessage = {
  content: null,
  sources: null,
  sourcesMetadata: null,
  thumbUp: false,
  thumbDown: false,
  user: null,
  messageAIId: null,
  languageId: 'en',
  groupId,
  workflowUserId: MARIA.id,
};
export const listMessagesExamples = {
  response: {
    conversation: example("Maria's question and the assistant's answer, with its source and her thumb up", {
      messages: [
        {
          ...listedMessage,
          id: messageId,
          type: 'USER',
          message: QUESTION,
          user: { id: MARIA.id, name: MARIA.name, photo: null },
          createdAt: ASKED_AT,
        },
        {
          ...listedMessage,
          id: 'c2e4a6b8-0d1f-4b3c-8e5a-7f9b1d3c5e84',
          type: 'AI',
          message: ANSWER,
          sources: [GUIDE_URL],
          sourcesMetadata: [{ title: 'Security guide: rotating API keys', url: GUIDE_URL }],
          thumbUp: true,
          messageAIId: messageId,
          createdAt: ANSWERED_AT,
        },
      ],
      hasMore: false,
    }),
  },
};

/** A file Maria uploaded to her space (with spaceId): only the space's members and the workspace see it. */
const spaceFile = {
  id: '4b8d0f2a-6c1e-4e3a-9b5d-1f3a5c7e9d20',
  type: 'FILE',
  content: 'parental-leave-policy.pdf',
  url: 'parental-leave-policy.pdf',
  status: 'COMPLETED',
  metadata: {
    description: 'HR leave policy, 2025 edition: parental, sick and unpaid leave',
    title: 'Parental leave policy',
    language: 'en',
  },
  attributes: { team: 'hr' },
  parentId: null,
  externalId: null,
  version: 1,
  createdAt: '2025-03-21T10:12:37.406Z',
  updatedAt: '2025-03-21T10:12:41.918Z',
};
export const listSpaceKnowledgeExamples = {
  response: { files: example("The space's one file", { knowledge: [spaceFile], total: 1, page: 1, limit: 20 }) },
};
export const getSpaceKnowledgeExamples = { response: { file: example('The file', spaceFile) } };
export const deleteSpaceKnowledgeExamples = { response: { deleted: example('Deleted', { success: true }) } };
