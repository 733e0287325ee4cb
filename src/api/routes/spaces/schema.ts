import { z } from 'zod';
import { filterField } from '../../schemas/filters';
import { ragLanguageIdField } from '../../schemas/language';
import { isUuid } from '../../../ids';
import { uuidInput } from '../../schemas/ids';
import { documentedAs, NON_BLANK, timestamp, uuid as uuidOf, type SchemaOverride } from '../../openapi/operation';
import { requiring } from '../../openapi/required';
import { typeMessage } from '../../validate';
import { MESSAGES_MAX_PAGE } from '../../../services/spaces/spaces';
import { CustomerRoleIdReference } from '../roles/schema';
import {
  passageContextField,
  passageHeadingsField,
  passageContextFields,
  rankingOptionFields,
} from '../knowledge/search/schema';

const MISSING = 'Missing required field';
const uuidText = (name: string) =>
  z.string({ error: `${name} must be a valid UUID` }).refine(isUuid, { message: `${name} must be a valid UUID` });
const uuid = (name: string) => uuidInput(`${name} must be a valid UUID`, { typeError: `${name} must be a valid UUID` });
/** userId is the application's own user id, kept exactly as sent (docs/concepts/spaces.md). */
const userIdField = () => uuidText('userId').meta({ format: 'uuid' });

export const ActivateApiKeySchema = z.strictObject(
  {
    userId: z
      .string({ error: MISSING })
      .trim()
      .min(1, { message: MISSING })
      .max(255, { message: 'userId must be at most 255 characters' })
      .meta({ pattern: NON_BLANK, description: "The integrator's user id" }),
    email: z
      .string({ error: MISSING })
      .trim()
      .pipe(
        z
          .email({ message: 'email must be a valid email address' })
          // format email (RFC 5321) caps the local part at 64 characters; zod's pattern alone does not.
          .refine((e) => e.indexOf('@') <= 64, { message: 'email must be a valid email address' }),
      )
      .meta({ format: 'email', pattern: z.regexes.email.source }),
    customerRoleId: CustomerRoleIdReference.optional(),
  },
  { error: MISSING },
);

export const ActivateSpaceSchema = z
  .strictObject(
    {
      workspaceId: uuid('workspaceId')
        .meta({
          description:
            'The workspace: must equal the path\'s workspaceId (400 "workspaceId must equal the workspace in the ' +
            'path", code workspace_id_mismatch: a rule between a body field and a path parameter JSON Schema cannot state)',
        })
        .optional(),
      userId: userIdField().optional(),
      customerIdString: z
        .string({ error: typeMessage('customerIdString must be a string') })
        .trim()
        .min(1)
        .max(255)
        .meta({ pattern: NON_BLANK })
        .optional(),
      roleId: uuid('roleId').optional(),
      customerRoleId: CustomerRoleIdReference.optional(),
    },
    { error: MISSING },
  )
  .refine((b) => b.workspaceId !== undefined, {
    message: 'Missing required field: workspaceId',
    params: { code: 'missing_field', param: 'workspaceId' },
  })
  .refine((b) => (b.userId === undefined) !== (b.customerIdString === undefined), {
    message: 'Provide exactly one of userId and customerIdString',
    params: {
      code: 'invalid_request',
      param: 'userId, customerIdString',
      hint: 'Send userId or customerIdString (one of them, not both): the end user whose space this is.',
    },
  })
  .refine((b) => b.roleId === undefined || b.customerRoleId === undefined, {
    message: 'Provide at most one of roleId and customerRoleId',
    params: { code: 'invalid_request', param: 'roleId', hint: 'Send customerRoleId or roleId, not both.' },
  })
  .meta({
    description: 'workspaceId equals the path; exactly one of userId and customerIdString; at most one role',
    override: ({ jsonSchema }: SchemaOverride) => {
      jsonSchema.required = ['workspaceId'];
      jsonSchema.oneOf = [{ required: ['userId'] }, { required: ['customerIdString'] }];
      jsonSchema.not = requiring(jsonSchema, ['roleId', 'customerRoleId']);
    },
  });

export const CreateGroupSchema = z.strictObject(
  {
    name: z
      .string({ error: typeMessage('name must be a string') })
      .trim()
      .min(1, { message: 'name must not be empty' })
      .max(255)
      .meta({ pattern: NON_BLANK, description: 'Default: General' })
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);

/** groupId; optional paging: the `limit` messages before the message `before` (or the latest), oldest first. */
export const MessagesQuerySchema = z.object({
  groupId: uuidInput('groupId must be a valid UUID', {
    description: 'The group (default: the default group)',
  }).optional(),
  limit: documentedAs(z.string(), {
    type: 'integer',
    minimum: 1,
    maximum: MESSAGES_MAX_PAGE,
    description: 'A page: the `limit` messages before `before` (or the latest)',
  })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > MESSAGES_MAX_PAGE) {
        ctx.addIssue({ code: 'custom', message: `limit must be between 1 and ${MESSAGES_MAX_PAGE}` });
        return z.NEVER;
      }
      return n;
    }),
  before: uuidInput('before must be a message id', {
    description: 'A message of the group: the page ends before it',
  }).optional(),
});

const ragKnowledge = z.array(
  z.strictObject({
    metadata: z.strictObject({
      text: z.string({ error: typeMessage('rag.knowledge[].metadata.text must be a string') }).max(100_000),
      source: z.string({ error: typeMessage('rag.knowledge[].metadata.source must be a string') }).max(2000),
    }),
  }),
  { error: typeMessage('rag.knowledge must be an array') },
);

export const PostMessageSchema = z.strictObject(
  {
    newMessage: z.string({ error: MISSING }).min(1, { message: MISSING }).max(100_000),
    groupId: uuidInput('groupId must be a valid UUID', { typeError: MISSING }),
    type: z.enum(['USER', 'AI'], { error: 'type must be USER or AI' }),
    messageAIId: uuidInput('messageAIId must be a valid UUID', {
      description: 'The user message an AI message answers',
    }).optional(),
    languageId: z.string().min(1).max(35).optional(),
    rag: z.strictObject({ knowledge: ragKnowledge.max(100).optional() }, { error: 'rag must be an object' }).optional(),
  },
  { error: MISSING },
);
export type PostMessageInput = z.infer<typeof PostMessageSchema>;

export const FeedbackSchema = z
  .strictObject(
    {
      thumbUp: z.boolean({ error: 'thumbUp must be a boolean' }).optional(),
      thumbDown: z.boolean({ error: 'thumbDown must be a boolean' }).optional(),
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((b) => b.thumbUp !== undefined || b.thumbDown !== undefined, { message: 'Provide thumbUp or thumbDown' })
  .refine((b) => !(b.thumbUp === true && b.thumbDown === true), {
    message: 'thumbUp and thumbDown cannot both be true',
  })
  .meta({
    description: 'thumbUp or thumbDown (setting one clears the other)',
    override: ({ jsonSchema }: SchemaOverride) => {
      jsonSchema.anyOf = [{ required: ['thumbUp'] }, { required: ['thumbDown'] }];
      jsonSchema.not = {
        properties: { thumbUp: { const: true }, thumbDown: { const: true } },
        required: ['thumbUp', 'thumbDown'],
      };
    },
  });

const TOPK = 'Invalid topK value, must be between 1 and 10';
export const RagSchema = z.strictObject(
  {
    text: z.string({ error: MISSING }).trim().min(1, { message: MISSING }).max(10_000).meta({ pattern: NON_BLANK }),
    languageId: ragLanguageIdField().optional(),
    topK: z
      .number({ error: TOPK })
      .int({ message: TOPK })
      .min(1, { message: TOPK })
      .max(10, { message: TOPK })
      .default(5),
    filter: filterField(),
    ...rankingOptionFields,
    ...passageContextFields,
  },
  { error: MISSING },
);

// Responses: what the handlers and presenters produce.

export const ActivatedWithApiKeySchema = z.strictObject({
  token: z.string().meta({ description: 'The user space token (JWT)' }),
  user: z.strictObject({ id: z.string(), email: z.string() }),
  space: z.strictObject({ id: uuidOf('The space'), workspaceId: uuidOf('The workspace') }),
});
export type ActivatedWithApiKey = z.infer<typeof ActivatedWithApiKeySchema>;

export const ActivatedSpaceSchema = z.strictObject({
  token: z.string().meta({ description: 'The user space token (JWT)' }),
  spaceId: uuidOf('The space'),
  userId: z.string().meta({ description: 'As supplied' }),
  workspaceId: uuidOf('The workspace'),
  isNew: z.boolean().meta({ description: 'Whether the space was just created' }),
});
export type ActivatedSpace = z.infer<typeof ActivatedSpaceSchema>;

const PersonSchema = z.strictObject({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const GroupSchema = z
  .strictObject({
    id: uuidOf('The group'),
    name: z.string(),
    type: z.string(),
    lastMessageAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    conversations: z.array(z.strictObject({ id: uuidOf('The conversation') })),
  })
  .meta({ id: 'GroupConversation' });
export type Group = z.infer<typeof GroupSchema>;

export const SpaceSchema = z
  .strictObject({
    id: uuidOf('The space'),
    name: z.string(),
    description: z.string().nullable(),
    status: z.string().meta({ description: 'For example ACTIVE' }),
    createdAt: timestamp,
    workspace: z.strictObject({
      id: uuidOf('The workspace'),
      name: z.string(),
      organizationName: z.string(),
      organizationId: uuidOf('The organization'),
    }),
    hosts: z.array(z.strictObject({ host: PersonSchema })),
    coHosts: z.array(z.strictObject({ host: PersonSchema })),
    guests: z.array(z.strictObject({ guest: PersonSchema })),
    spaceGroupConversation: z.array(GroupSchema),
  })
  .meta({ id: 'Space' });
export type Space = z.infer<typeof SpaceSchema>;

export const SpaceErasureSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  jobId: z.string().meta({ description: 'The erasure workflow (erase-space:<workspaceId>:<spaceId>)' }),
});
export type SpaceErasure = z.infer<typeof SpaceErasureSchema>;

export const GroupCreatedSchema = z.strictObject({ id: uuidOf('The group'), name: z.string(), createdAt: timestamp });

export const MessageSchema = z
  .strictObject({
    id: uuidOf('The message'),
    type: z.enum(['USER', 'AI']),
    message: z.string(),
    workflowUserId: z.string().nullable().meta({ description: 'The sender' }),
    content: z.string().nullable().meta({ description: 'Extended content of AI messages' }),
    sources: z.array(z.string()).nullable(),
    sourcesMetadata: z.array(z.strictObject({ title: z.string(), url: z.string() })).nullable(),
    thumbUp: z.boolean(),
    thumbDown: z.boolean(),
    user: z.strictObject({ id: z.string(), name: z.string().nullable(), photo: z.string().nullable() }).nullable(),
    messageAIId: z.uuid().nullable(),
    languageId: z.string().nullable(),
    groupId: uuidOf('The group'),
    createdAt: timestamp,
  })
  .meta({ id: 'SpaceMessage' });
export type Message = z.infer<typeof MessageSchema>;

export const MessagePostedSchema = z.strictObject({
  id: uuidOf('The message'),
  type: z.enum(['USER', 'AI']),
  message: z.string(),
  createdAt: timestamp,
});
export type MessagePosted = z.infer<typeof MessagePostedSchema>;

const PassageSchema = z
  .strictObject({
    text: z.string(),
    source: z.string().meta({ description: "URL, page:title, page:title:knowledgeId or '' (the item's visibility)" }),
    score: z.number().min(0).max(1),
    headings: passageHeadingsField,
    context: passageContextField,
  })
  .meta({ id: 'Passage' });
export const RagResponseSchema = z.strictObject({
  knowledgeResults: z.array(PassageSchema),
  spaceKnowledgeResults: z.array(PassageSchema),
});
