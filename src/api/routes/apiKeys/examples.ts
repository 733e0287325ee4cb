// Hand-written examples of the API key operations (requests and main responses).
import { example } from '../../openapi/operation';

const KEY_NAME = 'Help-centre sync (production)';

/** The key the examples create (and whose id the access token example names), as the listings show it. */
export const helpCentreKey = {
  id: '1e7b5d9a-3f6c-4b8e-a2d4-9c5f1b3e7d61',
  name: KEY_NAME,
  prefix: 'sk-kws-7Hq2',
  createdAt: '2025-03-20T09:20:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
/** The same key once it has minted tokens. */
export const usedHelpCentreKey = { ...helpCentreKey, lastUsedAt: '2025-03-21T07:58:14.302Z' };

export const createApiKeyExamples = {
  request: { ci: example('A key for one service', { name: KEY_NAME }) },
  response: {
    created: example('The key, shown this once', {
      ...helpCentreKey,
      apiKey: 'sk-kws-7Hq2vN4xR8cT1mZ6pL3wB9yD5fK0gJ2s',
    }),
  },
};

export const listApiKeysExamples = {
  response: {
    keys: example('Oldest first; the revoked key stays listed', {
      apiKeys: [
        {
          id: '6c2e8a4f-9d1b-4f7e-a3c5-8b6d2f9e1a47',
          name: 'Workspace setup',
          prefix: 'sk-kws-Pq8d',
          createdAt: '2025-01-08T15:32:47.118Z',
          lastUsedAt: '2025-03-19T17:04:26.551Z',
          revokedAt: '2025-03-20T09:25:31.906Z',
        },
        usedHelpCentreKey,
      ],
    }),
  },
};

export const revokeApiKeyExamples = { response: { revoked: example('Revoked', { success: true }) } };
