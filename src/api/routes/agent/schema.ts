// The Agent API's request and response schemas (zod), each exported with its type. Presenters produce exactly
// the response shapes (the tests parse every answer with them), so the OpenAPI document can be generated from
// this file. Every string refuses NUL characters and unpaired UTF-16 surrogates; every size is bounded.
import { z } from 'zod';
import { filterField } from '../../schemas/filters';
import { ragLanguageIdField } from '../../schemas/language';
import { queryInteger } from '../../schemas/integers';
import { isCleanText } from '../../middleware/text';
import { ErrorBodySchema, NON_BLANK, type SchemaOverride } from '../../openapi/operation';
import { requiring } from '../../openapi/required';
import { isUuid } from '../../../ids';
import { SEARCH_MODES } from '../../../services/search/search';
import { REASONS } from '../../validate';
import {
  passageContextField,
  passageHeadingsField,
  passageContextFields,
  rankingOptionFields,
} from '../knowledge/search/schema';

// ---- limits (README: Agent API)

export const AgentLimits = {
  titleChars: 500,
  contentChars: 100_000,
  sources: 100,
  sourceIdChars: 2048,
  sourceTitleChars: 1000,
  snippetChars: 10_000,
  modelChars: 255,
  finishReasonChars: 64,
  thinkingSteps: 100,
  thinkingChars: 20_000,
  toolCalls: 100,
  toolCallIdChars: 255,
  toolNameChars: 128,
  toolArgumentsChars: 100_000,
  toolResultChars: 200_000,
  jsonDepth: 32,
  tokens: 1_000_000_000,
  threadsPageLimit: 100,
  messagesPerThread: 1000,
  threadBytes: 16 * 1024 * 1024,
  /** The most of a thread's stored message bytes one GET of the thread answers (at least one message). */
  threadPageBytes: 1024 * 1024,
  serversPerWorkspace: 100,
  serverNameChars: 255,
  serverUrlChars: 2048,
  serverDescriptionChars: 2000,
  authTokenChars: 4096,
  ragTextChars: 10_000,
  queryChars: 2000,
} as const;

// ---- building blocks

export { isCleanText };

/** A string of at most max characters (trimmed and non-empty when required). */
export function cleanText(max: number, opts: { trim?: boolean; nonEmpty?: boolean } = {}) {
  // The length is checked before trimming: the document's maxLength reads the string sent.
  let s = z.string().max(max);
  if (opts.trim) s = s.trim();
  if (opts.nonEmpty) s = s.min(1);
  const text = s.refine(isCleanText, { params: { reason: 'text' } });
  return opts.trim && opts.nonEmpty ? text.meta({ pattern: NON_BLANK }) : text;
}

const uuid = () =>
  z
    .string()
    .refine(isUuid, { params: { reason: 'uuid' } })
    .toLowerCase()
    .meta({ format: 'uuid' });
const timestamp = () => z.iso.datetime({ offset: true });

/** Why a JSON value is refused: an unclean string or key, too deep, or serialized beyond maxChars. */
function jsonProblem(value: unknown, maxChars: number): keyof typeof REASONS | undefined {
  const walk = (v: unknown, depth: number): keyof typeof REASONS | undefined => {
    if (depth > AgentLimits.jsonDepth) return 'jsonDepth';
    if (typeof v === 'string') return isCleanText(v) ? undefined : 'text';
    if (Array.isArray(v)) {
      for (const x of v) {
        const p = walk(x, depth + 1);
        if (p) return p;
      }
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const p = isCleanText(k) ? walk(x, depth + 1) : 'text';
        if (p) return p;
      }
    }
    return undefined;
  };
  return walk(value, 0) ?? ((JSON.stringify(value) ?? '').length > maxChars ? 'jsonSize' : undefined);
}

/** Any JSON value (tool results), bounded in size and depth, with clean strings. */
export function jsonValue(maxChars: number) {
  // z.unknown() rather than z.json(): the value comes from JSON.parse, and z.json()'s recursive JSON Schema is no
  // type a generated client can name.
  return z
    .unknown()
    .superRefine((v, ctx) => {
      const reason = jsonProblem(v, maxChars);
      if (reason) ctx.addIssue({ code: 'custom', params: { reason } });
    })
    .meta({ description: 'Any JSON value' });
}

/** A JSON object (tool arguments and inputs), bounded likewise. */
export function jsonObject(maxChars: number) {
  return z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
    const reason = jsonProblem(v, maxChars);
    if (reason) ctx.addIssue({ code: 'custom', params: { reason } });
  });
}

// ---- threads and messages: requests

export const CreateThreadRequestSchema = z.strictObject({
  title: cleanText(AgentLimits.titleChars, { trim: true, nonEmpty: true }),
  agentServerId: uuid().optional(),
});
export type CreateThreadRequest = z.infer<typeof CreateThreadRequestSchema>;

const pageParam = (name: string, max: number, fallback: number) =>
  queryInteger(name, { min: 1, max, fallback, message: `Invalid ${name} value, must be between 1 and ${max}` });

export const ThreadListQuerySchema = z.object({
  page: pageParam('page', 1_000_000, 1),
  limit: pageParam('limit', AgentLimits.threadsPageLimit, 20),
});
export type ThreadListQuery = z.infer<typeof ThreadListQuerySchema>;

export const ThreadQuerySchema = z.object({
  messagesAfter: uuid()
    .optional()
    .meta({
      description:
        'Read the messages after this one (the last message of the page read before, while hasMoreMessages is ' +
        'true); default: from the first.',
    }),
});
export type ThreadQuery = z.infer<typeof ThreadQuerySchema>;

export const MESSAGE_ROLES = ['user', 'assistant', 'system', 'tool'] as const;

export const SourceSchema = z.strictObject({
  id: cleanText(AgentLimits.sourceIdChars, { nonEmpty: true }),
  type: cleanText(64, { nonEmpty: true }),
  title: cleanText(AgentLimits.sourceTitleChars).optional(),
  snippet: cleanText(AgentLimits.snippetChars).optional(),
});
export type Source = z.infer<typeof SourceSchema>;

const tokenCount = () => z.number().int().min(0).max(AgentLimits.tokens);
export const TokenUsageSchema = z.strictObject({
  inputTokens: tokenCount(),
  outputTokens: tokenCount(),
  totalTokens: tokenCount(),
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

export const ThinkingStepSchema = z.strictObject({
  content: cleanText(AgentLimits.thinkingChars),
  title: cleanText(AgentLimits.titleChars).optional(),
  startedAt: timestamp().optional(),
  finishedAt: timestamp().optional(),
});
export type ThinkingStep = z.infer<typeof ThinkingStepSchema>;

export const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;
export const ToolCallSchema = z.strictObject({
  id: cleanText(AgentLimits.toolCallIdChars, { nonEmpty: true }),
  name: cleanText(AgentLimits.toolNameChars, { nonEmpty: true }).regex(TOOL_NAME),
  arguments: jsonObject(AgentLimits.toolArgumentsChars),
  result: jsonValue(AgentLimits.toolResultChars).optional(),
  startedAt: timestamp().optional(),
  finishedAt: timestamp().optional(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const PostMessageRequestSchema = z
  .strictObject({
    id: uuid(),
    role: z.enum(MESSAGE_ROLES),
    content: cleanText(AgentLimits.contentChars).optional(),
    sources: z.array(SourceSchema).max(AgentLimits.sources).optional(),
    model: cleanText(AgentLimits.modelChars, { nonEmpty: true }).optional(),
    finishReason: cleanText(AgentLimits.finishReasonChars, { nonEmpty: true }).optional(),
    tokenUsage: TokenUsageSchema.optional(),
    thinking: z.array(ThinkingStepSchema).max(AgentLimits.thinkingSteps).optional(),
    toolCalls: z.array(ToolCallSchema).max(AgentLimits.toolCalls).optional(),
    toolCallId: cleanText(AgentLimits.toolCallIdChars, { nonEmpty: true }).optional(),
  })
  .superRefine((m, ctx) => {
    if ((m.role === 'user' || m.role === 'system') && m.content === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: `Missing required field: content (${m.role} messages)`,
      });
    }
    if (m.toolCallId !== undefined && m.role !== 'tool') {
      ctx.addIssue({ code: 'custom', path: ['toolCallId'], message: 'toolCallId is only for tool messages' });
    }
  })
  .meta({
    override: ({ jsonSchema }: SchemaOverride) => {
      jsonSchema.allOf = [
        { if: { properties: { role: { enum: ['user', 'system'] } } }, then: requiring(jsonSchema, ['content']) },
        { if: requiring(jsonSchema, ['toolCallId']), then: { properties: { role: { const: 'tool' } } } },
      ];
    },
  });
export type PostMessageRequest = z.infer<typeof PostMessageRequestSchema>;

// ---- threads and messages: responses

export const MessageSchema = z.strictObject({
  id: z.string(),
  threadId: z.string(),
  role: z.enum(MESSAGE_ROLES),
  content: z.string().nullable(),
  sources: z.array(SourceSchema),
  model: z.string().nullable(),
  finishReason: z.string().nullable(),
  tokenUsage: TokenUsageSchema.nullable(),
  thinking: z.array(ThinkingStepSchema),
  toolCalls: z.array(ToolCallSchema),
  toolCallId: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ThreadSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  roleId: z.string().nullable(),
  agentServerId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Thread = z.infer<typeof ThreadSchema>;

export const ThreadWithMessagesSchema = ThreadSchema.extend({
  messages: z.array(MessageSchema).meta({
    description:
      "The thread's messages in order, until 1 MiB of stored size is reached (the message that reaches it included, so at least one); the rest with " +
      'messagesAfter',
  }),
  hasMoreMessages: z.boolean().meta({
    description: 'More messages follow: read them with ?messagesAfter=<the id of the last message here>',
  }),
});
export type ThreadWithMessages = z.infer<typeof ThreadWithMessagesSchema>;

export const ThreadListSchema = z.strictObject({
  threads: z.array(ThreadSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ThreadList = z.infer<typeof ThreadListSchema>;

// ---- agent RAG

const TOPK = 'Invalid topK value, must be between 1 and 10';
const topK = () => z.number({ error: TOPK }).int({ error: TOPK }).min(1, { error: TOPK }).max(10, { error: TOPK });

export const AgentRagRequestSchema = z.strictObject({
  text: cleanText(AgentLimits.ragTextChars, { trim: true, nonEmpty: true }),
  topK: topK().default(5),
  languageId: ragLanguageIdField().optional(),
  filter: filterField(),
  ...rankingOptionFields,
  ...passageContextFields,
});
export type AgentRagRequest = z.infer<typeof AgentRagRequestSchema>;

export const PassageSchema = z.strictObject({
  text: z.string(),
  source: z.string(),
  score: z.number(),
  headings: passageHeadingsField,
  context: passageContextField,
});
export const AgentRagResponseSchema = z.strictObject({ knowledgeResults: z.array(PassageSchema) });
export type AgentRagResponse = z.infer<typeof AgentRagResponseSchema>;

// ---- agent servers

const serverUrl = () =>
  cleanText(AgentLimits.serverUrlChars, { trim: true, nonEmpty: true }).meta({
    format: 'uri',
    pattern: '^(https://|http://(localhost|127\\.|\\[::1\\]))',
    description:
      'An https URL, or http on a loopback address; no credentials, no fragment. Loopback, private and reserved ' +
      'addresses are refused unless AGENT_ALLOW_PRIVATE_NETWORKS is set',
  });
const serverName = () => cleanText(AgentLimits.serverNameChars, { trim: true, nonEmpty: true });
const serverModel = () => cleanText(AgentLimits.modelChars, { trim: true, nonEmpty: true });
const authToken = () => cleanText(AgentLimits.authTokenChars, { nonEmpty: true });

export const CreateServerRequestSchema = z.strictObject({
  name: serverName(),
  url: serverUrl(),
  description: cleanText(AgentLimits.serverDescriptionChars).optional(),
  model: serverModel().optional(),
  authToken: authToken().optional(),
});
export type CreateServerRequest = z.infer<typeof CreateServerRequestSchema>;

/** Every field optional; null clears description, model and authToken. */
export const UpdateServerRequestSchema = z
  .strictObject({
    name: serverName().optional(),
    url: serverUrl().optional(),
    description: cleanText(AgentLimits.serverDescriptionChars).nullable().optional(),
    model: serverModel().nullable().optional(),
    authToken: authToken().nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Provide at least one field to update: name, url, description, model, authToken',
    params: {
      code: 'missing_field',
      param: 'name, url, description, model, authToken',
      hint: 'Send the fields to change; fields left out stay unchanged, null clears description, model or authToken.',
    },
  })
  .meta({ minProperties: 1 });
export type UpdateServerRequest = z.infer<typeof UpdateServerRequestSchema>;

export const ServerSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  model: z.string().nullable(),
  hasAuthToken: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Server = z.infer<typeof ServerSchema>;

export const ServerListSchema = z.strictObject({ servers: z.array(ServerSchema), total: z.number().int() });
export type ServerList = z.infer<typeof ServerListSchema>;

export const DeleteServerResponseSchema = z.strictObject({ success: z.literal(true), id: z.string() });
export type DeleteServerResponse = z.infer<typeof DeleteServerResponseSchema>;

// ---- first-party tools (their inputs mirror the endpoints they stand for)

const LIMIT = 'Invalid limit value, must be between 1 and 50';
const searchLimit = () =>
  z.number({ error: LIMIT }).int({ error: LIMIT }).min(1, { error: LIMIT }).max(50, { error: LIMIT });

export const KnowledgeSearchToolInputSchema = z.strictObject({
  query: cleanText(AgentLimits.queryChars, { trim: true, nonEmpty: true }).describe(
    'What to look for, in natural language',
  ),
  limit: searchLimit().default(10).describe('How many items, 1 to 50'),
  audienceId: uuid().optional().describe('Only knowledge assigned to this audience'),
  roleIds: z.array(uuid()).max(100).optional().describe('Only knowledge assigned to one of these roles'),
  mode: z
    .enum(SEARCH_MODES, { error: `mode must be one of ${SEARCH_MODES.join(', ')}` })
    .optional()
    .describe(
      'semantic (the default: by meaning), keyword (exact words, identifiers, error texts) or hybrid (both fused)',
    ),
  filter: filterField(),
});
export const TitleSearchToolInputSchema = z.strictObject({
  title: cleanText(AgentLimits.queryChars, { trim: true, nonEmpty: true }).describe('Part of the title, any case'),
  limit: searchLimit().default(10).describe('How many items, 1 to 50'),
  filter: filterField(),
});
export const GetKnowledgeToolInputSchema = z.strictObject({
  knowledgeId: uuid().describe('The knowledge item id (from a search result)'),
});
export const RagToolInputSchema = z.strictObject({
  text: cleanText(AgentLimits.ragTextChars, { trim: true, nonEmpty: true }).describe(
    'The question to find passages for',
  ),
  topK: topK().default(5).describe('How many passages, 1 to 10'),
  filter: filterField(),
  ...passageContextFields,
});
export type KnowledgeSearchToolInput = z.infer<typeof KnowledgeSearchToolInputSchema>;
export type TitleSearchToolInput = z.infer<typeof TitleSearchToolInputSchema>;
export type GetKnowledgeToolInput = z.infer<typeof GetKnowledgeToolInputSchema>;
export type RagToolInput = z.infer<typeof RagToolInputSchema>;

export const ToolSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});
export const ToolListSchema = z.strictObject({ tools: z.array(ToolSchema) });
export type ToolList = z.infer<typeof ToolListSchema>;

export const ExecuteToolRequestSchema = z.strictObject({ input: z.record(z.string(), z.unknown()) });
export type ExecuteToolRequest = z.infer<typeof ExecuteToolRequestSchema>;
export const ExecuteToolResponseSchema = z.strictObject({ output: z.unknown() });
export type ExecuteToolResponse = z.infer<typeof ExecuteToolResponseSchema>;

// ---- runs (Server-Sent Events)

export const RunRequestSchema = z.strictObject({
  message: z.strictObject({ id: uuid(), content: cleanText(AgentLimits.contentChars, { nonEmpty: true }) }).optional(),
  model: serverModel().optional(),
});
export type RunRequest = z.infer<typeof RunRequestSchema>;

/** The events of a run's stream, by event name (each SSE `data:` line is one JSON object of the given shape). */
export const RunEventSchemas = {
  'message.delta': z.strictObject({ content: z.string() }),
  'tool.call': z.strictObject({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()) }),
  'tool.result': z.strictObject({
    id: z.string(),
    name: z.string(),
    output: z.unknown().optional(),
    error: z.string().optional(),
  }),
  sources: z.strictObject({ sources: z.array(SourceSchema) }),
  'message.completed': z.strictObject({ message: MessageSchema }),
  error: ErrorBodySchema,
  done: z.strictObject({ runId: z.string(), status: z.enum(['completed', 'failed']) }),
} as const;
export type RunEventName = keyof typeof RunEventSchemas;
export type RunEvent<E extends RunEventName = RunEventName> = z.infer<(typeof RunEventSchemas)[E]>;
