import { z } from 'zod';
import { isUuid } from '../../../ids';
import { CustomerRoleIdReference } from '../roles/schema';

const MISSING = 'Missing required field';
const uuid = (name: string) =>
  z.string({ error: `${name} must be a valid UUID` }).refine(isUuid, { message: `${name} must be a valid UUID` });

export const ActivateApiKeySchema = z.object(
  {
    userId: z
      .string({ error: MISSING })
      .trim()
      .min(1, { message: MISSING })
      .max(255, { message: 'userId must be at most 255 characters' }),
    email: z
      .string({ error: MISSING })
      .trim()
      .pipe(z.email({ message: 'email must be a valid email address' })),
    customerRoleId: CustomerRoleIdReference.optional(),
  },
  { error: MISSING },
);

export const ActivateSpaceSchema = z
  .object(
    {
      workspaceId: uuid('workspaceId').optional(),
      userId: uuid('userId').optional(),
      customerIdString: z.string({ error: 'customerIdString must be a string' }).trim().min(1).max(255).optional(),
      roleId: uuid('roleId').optional(),
      customerRoleId: CustomerRoleIdReference.optional(),
    },
    { error: MISSING },
  )
  .refine((b) => b.workspaceId !== undefined, { message: 'Missing required field: workspaceId' })
  .refine((b) => (b.userId === undefined) !== (b.customerIdString === undefined), {
    message: 'Provide exactly one of userId and customerIdString',
  })
  .refine((b) => b.roleId === undefined || b.customerRoleId === undefined, {
    message: 'Provide at most one of roleId and customerRoleId',
  });

export const CreateGroupSchema = z.object(
  {
    name: z
      .string({ error: 'name must be a string' })
      .trim()
      .min(1, { message: 'name must not be empty' })
      .max(255)
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);

export const MESSAGES_MAX_LIMIT = 200;

/** groupId; optional paging: the `limit` messages before the message `before` (or the latest), oldest first. */
export const MessagesQuerySchema = z.object({
  groupId: z.string().optional(),
  limit: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > MESSAGES_MAX_LIMIT) {
        ctx.addIssue({ code: 'custom', message: `limit must be between 1 and ${MESSAGES_MAX_LIMIT}` });
        return z.NEVER;
      }
      return n;
    }),
  before: z
    .string()
    .optional()
    .refine((v) => v === undefined || isUuid(v), { message: 'before must be a message id' }),
});

const ragKnowledge = z.array(
  z.object({
    metadata: z.object({
      text: z.string({ error: 'rag.knowledge[].metadata.text must be a string' }).max(100_000),
      source: z.string({ error: 'rag.knowledge[].metadata.source must be a string' }).max(2000),
    }),
  }),
  { error: 'rag.knowledge must be an array' },
);

export const PostMessageSchema = z.object(
  {
    newMessage: z.string({ error: MISSING }).min(1, { message: MISSING }).max(100_000),
    groupId: z.string({ error: MISSING }).refine(isUuid, { message: 'groupId must be a valid UUID' }),
    type: z.enum(['USER', 'AI'], { error: 'type must be USER or AI' }),
    messageAIId: z.string().refine(isUuid, { message: 'messageAIId must be a valid UUID' }).optional(),
    languageId: z.string().min(1).max(35).optional(),
    rag: z.object({ knowledge: ragKnowledge.max(100).optional() }, { error: 'rag must be an object' }).optional(),
  },
  { error: MISSING },
);
export type PostMessageInput = z.infer<typeof PostMessageSchema>;

export const FeedbackSchema = z
  .object(
    {
      thumbUp: z.boolean({ error: 'thumbUp must be a boolean' }).optional(),
      thumbDown: z.boolean({ error: 'thumbDown must be a boolean' }).optional(),
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((b) => b.thumbUp !== undefined || b.thumbDown !== undefined, { message: 'Provide thumbUp or thumbDown' })
  .refine((b) => !(b.thumbUp === true && b.thumbDown === true), {
    message: 'thumbUp and thumbDown cannot both be true',
  });

const TOPK = 'Invalid topK value, must be between 1 and 10';
export const RagSchema = z.object(
  {
    text: z.string({ error: MISSING }).trim().min(1, { message: MISSING }).max(10_000),
    languageId: z.string().min(1).max(35).optional(),
    topK: z
      .number({ error: TOPK })
      .int({ message: TOPK })
      .min(1, { message: TOPK })
      .max(10, { message: TOPK })
      .default(5),
  },
  { error: MISSING },
);
