import type { ApiOperation } from '../../openapi/operation';
import { operations } from '../../openapi/operation';
import { CUSTOMER_ROLE_ID_FORMAT } from '../roles/schema';
import { AccessTokenSchema, ApiKeyWorkspaceSchema, GenerateAccessTokenSchema } from './schema';
import { apiKeyWorkspaceExamples, generateTokenExamples } from './examples';

const tokensOps = operations('Tokens');

export const tokensOperations: ApiOperation[] = [
  tokensOps.post('/workspaces/{workspaceId}/generate-access-key-token', 'generateAccessToken', {
    summary: 'Mint an access token (optionally bound to a role)',
    description:
      'Send the workspace API key in x-api-key. With customerRoleId (recommended) or roleId (never both) the token ' +
      "is role-bound: reads are then scoped to that role under ACTIVE RBAC. With subject (an end user's userId or " +
      "customerIdString) it is that user's token: it reaches only that user's space. Hand end users tokens with a " +
      'subject (and their role). HS256 JWT, issuer kws, audience kws-api.',
    body: GenerateAccessTokenSchema,
    bodyRequired: false,
    examples: generateTokenExamples,
    ok: [200, 'The access token', AccessTokenSchema],
    errors: {
      400: [
        'Provide either customerRoleId or roleId, not both',
        CUSTOMER_ROLE_ID_FORMAT,
        'roleId must be a valid UUID',
        'Request body must be a JSON object',
        'subject must be a string',
        'subject must not be empty',
        'subject must be at most 255 characters',
      ],
      404: ['role with the given customerRoleId not found', 'Role not found'],
    },
  }),
  tokensOps.get('/api-keys/current', 'getApiKeyWorkspace', {
    summary: 'The workspace and organization the API key in x-api-key belongs to',
    description:
      'For a client given only the key (the console signs in this way): the key names its workspace, then ' +
      'POST /workspaces/{workspaceId}/generate-access-key-token mints its token. The key is looked up by its hash, ' +
      'as every key check is; the answer tells nothing the key does not already reach.',
    examples: apiKeyWorkspaceExamples,
    ok: [200, "The key's workspace, organization and the key itself", ApiKeyWorkspaceSchema],
  }),
];
