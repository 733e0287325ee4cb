import { z } from 'zod';
import { uuid, withWorkspace, type ApiOperation, operations } from '../../openapi/operation';
import { ApiKeyListSchema, CreateApiKeySchema, CreatedApiKeySchema } from './schema';
import { createApiKeyExamples, listApiKeysExamples, revokeApiKeyExamples } from './examples';
import { boundMessage } from '../../../services/operations/bounds';

const tokensOps = operations('Tokens');

const base = '/v1/workspaces/{workspaceId}/api-keys';

export const apiKeysOperations: ApiOperation[] = [
  tokensOps.get(base, 'listApiKeys', {
    summary: "The workspace's API keys, oldest first, revoked ones included (never the key or its hash)",
    examples: listApiKeysExamples,
    ok: [200, 'The keys', ApiKeyListSchema],
  }),
  tokensOps.post(base, 'createApiKey', {
    summary: 'Create an API key; the answer carries the key, shown this once (it is stored only as a hash)',
    description:
      'The key lives until it is revoked: it outlives the access token that created it, and mints tokens of its own.',
    body: CreateApiKeySchema,
    examples: createApiKeyExamples,
    ok: [
      201,
      'The key, with its value',
      CreatedApiKeySchema,
      { links: { revokeApiKey: { operationId: 'revokeApiKey', parameters: { keyId: '$response.body#/id' } } } },
    ],
    errors: { 400: ['Missing required field', 'Invalid field value'], 409: [boundMessage('workspaceApiKeys')] },
  }),
  tokensOps.delete(`${base}/{keyId}`, 'revokeApiKey', {
    summary: 'Revoke an API key of this workspace; the tokens it minted stop working too',
    params: withWorkspace({ keyId: uuid('The key (anything else: 404)') }),
    examples: revokeApiKeyExamples,
    ok: [200, 'Revoked', z.strictObject({ success: z.literal(true) })],
    errors: { 404: ['API key … not found or already revoked'] },
  }),
];
