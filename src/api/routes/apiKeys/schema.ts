import { z } from 'zod';
import { NON_BLANK, timestamp, uuid } from '../../openapi/operation';

export const CreateApiKeySchema = z.strictObject(
  {
    name: z
      .string({ error: 'Missing required field' })
      .trim()
      .min(1, { message: 'Missing required field' })
      .max(200, { message: 'name must be at most 200 characters' })
      .meta({ pattern: NON_BLANK, description: 'What the key is for (1 to 200 characters after trimming)' }),
  },
  { error: 'Missing required field' },
);

export const ApiKeySchema = z.strictObject({
  id: uuid('The key'),
  name: z.string(),
  prefix: z.string().meta({ description: 'The first characters of the key, to recognise it' }),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable().meta({ description: 'When the key last minted a token (null: never)' }),
  revokedAt: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.strictObject({ apiKeys: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

export const CreatedApiKeySchema = ApiKeySchema.extend({
  apiKey: z.string().meta({ description: 'The key itself: shown this once, stored only as a hash' }),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
