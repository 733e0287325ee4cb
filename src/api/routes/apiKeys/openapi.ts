import { z } from 'zod';
import { uuid, withWorkspace, WorkspacePath, type ApiOperation } from '../../openapi/operation';
import { ApiKeyListSchema, CreateApiKeySchema, CreatedApiKeySchema } from './schema';
import { createApiKeyExamples } from './examples';

const base = '/v1/workspaces/{workspaceId}/api-keys';

export const apiKeysOperations: ApiOperation[] = [
  {
    method: 'get',
    path: base,
    operationId: 'listApiKeys',
    tag: 'Tokens',
    summary: "The workspace's API keys, oldest first, revoked ones included (never the key or its hash)",
    request: { path: WorkspacePath },
    responses: { 200: { description: 'The keys', schema: ApiKeyListSchema } },
  },
  {
    method: 'post',
    path: base,
    operationId: 'createApiKey',
    tag: 'Tokens',
    summary: 'Create an API key; the answer carries the key, shown this once (it is stored only as a hash)',
    description:
      'The key lives until it is revoked: it outlives the access token that created it, and mints tokens of its own.',
    request: { path: WorkspacePath, body: CreateApiKeySchema, examples: createApiKeyExamples.request },
    responses: {
      201: {
        description: 'The key, with its value',
        schema: CreatedApiKeySchema,
        examples: createApiKeyExamples.response,
        links: { revokeApiKey: { operationId: 'revokeApiKey', parameters: { keyId: '$response.body#/id' } } },
      },
    },
    errors: { 400: ['Missing required field', 'Invalid field value'] },
  },
  {
    method: 'delete',
    path: `${base}/{keyId}`,
    operationId: 'revokeApiKey',
    tag: 'Tokens',
    summary: 'Revoke an API key of this workspace; the tokens it minted stop working too',
    request: { path: withWorkspace({ keyId: uuid('The key (anything else: 404)') }) },
    responses: { 200: { description: 'Revoked', schema: z.strictObject({ success: z.literal(true) }) } },
    errors: { 404: ['API key … not found or already revoked'] },
  },
];
