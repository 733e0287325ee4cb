// Hand-written examples of creating an API key (request and main response).
import { example } from '../../openapi/operation';

export const createApiKeyExamples = {
  request: { ci: example('A key for one service', { name: 'Help-centre sync (production)' }) },
  response: {
    created: example('The key, shown this once', {
      id: '1e7b5d9a-3f6c-4b8e-a2d4-9c5f1b3e7d61',
      name: 'Help-centre sync (production)',
      prefix: 'sk-kws-7Hq2',
      createdAt: '2025-03-20T09:20:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
      apiKey: 'sk-kws-7Hq2vN4xR8cT1mZ6pL3wB9yD5fK0gJ2s',
    }),
  },
};
