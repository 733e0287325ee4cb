import { z } from 'zod';
import { uuidInput } from '../../schemas/ids';
import { NON_BLANK, uuid, type SchemaOverride } from '../../openapi/operation';
import { requiring } from '../../openapi/required';
import { ApiKeySchema } from '../apiKeys/schema';
import { CustomerRoleIdReference } from '../roles/schema';

export const GenerateAccessTokenSchema = z
  .strictObject(
    {
      customerRoleId: CustomerRoleIdReference.optional(),
      roleId: uuidInput('roleId must be a valid UUID', {
        typeError: 'roleId must be a valid UUID',
        description: "A role's id (never with customerRoleId)",
      }).optional(),
      subject: z
        .string({ error: 'subject must be a string' })
        .trim()
        .min(1, { message: 'subject must not be empty' })
        .max(255, { message: 'subject must be at most 255 characters' })
        .meta({
          pattern: NON_BLANK,
          description:
            "One end user: their userId or customerIdString. The token then activates, reads, and runs RAG in only that user's space",
        })
        .optional(),
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((b) => !(b.customerRoleId !== undefined && b.roleId !== undefined), {
    message: 'Provide either customerRoleId or roleId, not both',
    params: {
      code: 'invalid_request',
      param: 'roleId',
      hint: 'Send customerRoleId (recommended) or roleId, not both: leave roleId out.',
    },
  })
  .meta({
    override: ({ jsonSchema }: SchemaOverride) => {
      jsonSchema.not = requiring(jsonSchema, ['customerRoleId', 'roleId']);
    },
  });
export type GenerateAccessTokenInput = z.infer<typeof GenerateAccessTokenSchema>;

export const AccessTokenSchema = z.strictObject({ token: z.string().meta({ description: 'The access token (JWT)' }) });
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const ApiKeyWorkspaceSchema = z
  .strictObject({
    workspaceId: uuid('The workspace the key belongs to (the {workspaceId} of every workspace path)'),
    organizationId: z.string().meta({ description: "The workspace's organization (the organizationid header)" }),
    apiKey: ApiKeySchema,
  })
  .meta({ id: 'ApiKeyWorkspace' });
export type ApiKeyWorkspace = z.infer<typeof ApiKeyWorkspaceSchema>;
