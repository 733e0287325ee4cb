import { z } from 'zod';

const INVALID = 'Invalid field value';
const events = z.array(z.string({ error: INVALID }), { error: INVALID }).max(20, { message: INVALID });
const description = z.string({ error: INVALID }).max(2000, { message: INVALID }).nullable();

export const CreateWebhookSchema = z.object(
  {
    url: z.string({ error: 'Missing required field' }).min(1, { message: 'Missing required field' }),
    events: events.optional(),
    description: description.optional(),
  },
  { error: 'Missing required field' },
);
export type CreateWebhookInput = z.infer<typeof CreateWebhookSchema>;

export const UpdateWebhookSchema = z.object(
  {
    url: z.string({ error: INVALID }).optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean({ error: INVALID }).optional(),
    rotateSecret: z.boolean({ error: INVALID }).optional(),
  },
  { error: INVALID },
);
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookSchema>;

export const DeliveriesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: INVALID })
    .int({ message: INVALID })
    .min(1, { message: INVALID })
    .max(200, { message: INVALID })
    .default(50),
});
