// Hand-written examples of the chunk operations (requests and main responses), on the runbook of the knowledge
// examples.
import { countTokens } from '../../../domain/tokens';
import { EXAMPLE_IDS, example } from '../../openapi/operation';
import { RUNBOOK } from '../knowledge/examples';

const { knowledgeId, chunkId } = EXAMPLE_IDS;
const chunk = {
  id: chunkId,
  knowledgeId,
  page: 1,
  position: 1,
  headings: ['Rotating keys'],
  enabled: true,
  createdAt: '2025-03-14T09:26:55.311Z',
};
const FAQ =
  'Q: Does revoking a key log out my users? A: No. It invalidates the access tokens minted with that key; ' +
  'your users sign in to your application, not to this service.';
const FIXED =
  'Revoke the old key only after its "last used" date has stopped moving for a full day: some services ' +
  'cache keys for up to an hour.';

/** The question and answer added by hand after the first chunk. */
const faqChunk = { ...chunk, text: FAQ, tokenCount: 34, headings: [], origin: 'manual', editedAt: null };

export const createChunkExamples = {
  request: {
    faq: example('Add a question and answer after the first chunk', { text: FAQ, position: 1 }),
  },
  response: { created: example('The new chunk (searchable at once)', faqChunk) },
};

export const updateChunkExamples = {
  request: {
    text: example('Correct the text (re-embedded at once)', { text: FIXED }),
    disable: example('Leave the chunk out of search, RAG and the tools', { enabled: false }),
  },
  response: {
    updated: example('The chunk as it now is', {
      ...chunk,
      text: FIXED,
      tokenCount: 27,
      origin: 'extracted',
      editedAt: '2025-03-21T08:12:40.950Z',
    }),
  },
};

export const listChunksExamples = {
  response: {
    chunks: example("The runbook's chunks in order: its text, then a question and answer added by hand", {
      chunks: [
        {
          id: '8f3a1c7e-2b9d-4e6f-a5c1-4d7b2e9f3a60',
          knowledgeId,
          text: RUNBOOK,
          page: 1,
          position: 0,
          headings: ['Rotating API keys'],
          tokenCount: countTokens(RUNBOOK),
          enabled: true,
          origin: 'extracted',
          editedAt: null,
          createdAt: chunk.createdAt,
        },
        faqChunk,
      ],
      total: 2,
      page: 1,
      limit: 20,
    }),
  },
};
