// The shape in which every router's folder registers its operations for the OpenAPI document (its openapi.ts),
// and the schemas every operation shares: the error body, path parameters, timestamps.
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../errorCatalogue';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export const TAGS = {
  Health: 'Liveness and readiness; no credential.',
  Tokens: 'Access tokens minted with the workspace API key (optionally bound to a role).',
  Knowledge: 'Knowledge items: links, file uploads and their tracking, reserved fields, deletes.',
  Search: 'Semantic, title and metadata search over knowledge (role-scoped under RBAC).',
  RBAC: "The workspace's RBAC status, roles, and roles assigned to knowledge.",
  Jobs: 'Status of background jobs (Temporal workflows).',
  Catalog: 'Categories and taxonomies (read-only; managed with the kws CLI).',
  'User spaces': "Activation of a user's space and its user space token.",
  Spaces: 'Spaces, group conversations, messages, feedback and space RAG.',
  Agent: 'The Agent API: threads, messages, runs, agent RAG, first-party tools, agent servers and MCP.',
  Sources: 'Sources that stay in sync (s3, …): incremental syncs on a schedule or on demand, and their history.',
  Webhooks: 'Webhook endpoints (Standard Webhooks signatures) and their delivery log.',
  Operations: 'Prometheus metrics of the process (open, or behind METRICS_TOKEN).',
  Documentation: 'This document and its interactive reference page.',
} as const;
export type Tag = keyof typeof TAGS;

/** An error the operation answers: the message, and the body's error value when it is not the reason phrase. */
export type ErrorMessage = string | { error: string; message: string };

/**
 * A hand-written example (an OpenAPI Example Object). /docs shows each by its summary, and "Try it out" sends the
 * first; test/api/openapi.examples.test.ts checks every example against its schema and sends the request examples
 * to a live service.
 */
export interface Example {
  summary: string;
  description?: string;
  value: unknown;
}
/** Named examples, the first being the one /docs shows first. */
export type Examples = Record<string, Example>;
/** One example: its one-line summary (the name /docs lists), its value and, when it helps, a longer description. */
export const example = (summary: string, value: unknown, description?: string): Example => ({
  summary,
  ...(description ? { description } : {}),
  value,
});

/**
 * The ids the examples use (realistic, fixed UUIDs). The examples test sends an example after replacing each of
 * them with the id of a resource it made; an id in an example that it cannot make fails the test.
 */
export const EXAMPLE_IDS = {
  workspaceId: '6f1c2b9e-4d3a-4e8b-9a71-2c5d8e0f3b14',
  organizationId: '0b7e4c1a-93d2-4f65-8e1b-7a2c9d4e5f60',
  knowledgeId: '9b2f7c4e-1a3d-4c8e-b5f6-0d2e4a6c8b1f',
  roleId: '4a7d2e9c-5b1f-4c3e-8d6a-2f9b1e7c4a58',
  spaceId: 'e5c1a8f3-2d7b-4b9e-9c4a-6f1d3e8b2a07',
  groupId: '7d3b9e1f-6a4c-4e2d-b8f5-3c9a1e7d5b42',
  messageId: '2c8f4a6e-9b1d-4f3a-a7e5-8d2c6b4f1e93',
  threadId: 'a1f5c3e7-8d2b-4a6c-9e4f-5b7d1c3a9e60',
  agentServerId: 'f2a6d8c4-3e1b-4d7f-a9c5-7e3b1f5d9a24',
  webhookId: '8e4c2a6f-1d9b-4e7c-b3a5-9f1d7e5c3b86',
  sourceId: '3d9f1b7e-5c2a-4f8d-a6e4-1c7b9e3d5f02',
  chunkId: '5b1e9d3f-7a4c-4c2e-9f8b-2e6a4d8c1f37',
} as const;

export interface SuccessResponse {
  description: string;
  /** The body's schema (a JSON body unless contentType says otherwise). */
  schema?: z.ZodType;
  /** The media types the body comes in (default application/json). */
  contentType?: string | readonly string[];
  /** Response headers beyond those every response carries (X-Request-Id, and X-API-Version on /v1). */
  headers?: z.ZodObject;
  /** Examples of the body: the operation's main response has them (the examples test requires it). */
  examples?: Examples;
  /** OpenAPI links from this response to other operations (used by the docs page and schemathesis' stateful phase). */
  links?: Record<string, { operationId: string; parameters?: Record<string, string>; requestBody?: unknown }>;
}

/** One operation of the API, registered beside its router. */
export interface ApiOperation {
  method: HttpMethod;
  /** The path exactly as the router mounts it, with {placeholders}. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  request?: {
    path?: z.ZodObject;
    query?: z.ZodObject;
    /** Headers the operation itself requires (the guard's organizationid is added from the route). */
    header?: z.ZodObject;
    /** A JSON body (validated by this schema in the handler). */
    body?: z.ZodType;
    /** Whether a JSON body must be sent (default: true when body is given). */
    bodyRequired?: boolean;
    /** A multipart/form-data body. */
    multipart?: z.ZodType;
    /** Examples of the body (JSON or multipart); each answers the status of the response that has examples. */
    examples?: Examples;
  };
  /**
   * Security of a route outside the policy layer (credential none), e.g. GET /metrics's own token: the schemes
   * as OpenAPI lists them ({} for "no credential").
   */
  security?: Array<Record<string, string[]>>;
  /** Responses with a body of their own, by status code (errors use the shared error body). */
  responses: Partial<Record<200 | 201 | 202 | 400 | 406 | 415 | 503, SuccessResponse>>;
  /**
   * Error statuses and messages of this operation beyond those its credential kind brings (the builder adds
   * 400/401/403/404/410/413/500/503 as the guard and the body reader answer them).
   */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503, readonly ErrorMessage[]>>;
}

/**
 * Every error: {"error": reason phrase (or "Error" on some space endpoints), "message": what went wrong}, and the
 * help beside them (clients treat every field but error and message as optional).
 */
export const ErrorBodySchema = z
  .strictObject({
    error: z.string().meta({ description: 'The HTTP reason phrase, or "Error" on some space and RAG errors' }),
    message: z.string().meta({ description: 'What went wrong (the messages the specification names, verbatim)' }),
    code: z
      .enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]])
      .optional()
      .meta({ description: 'A stable code for the kind of error (the error guide, GET /docs/errors, lists them)' }),
    param: z
      .string()
      .optional()
      .meta({ description: 'The field (filter.filters[0].key) or header (organizationid) at fault' }),
    hint: z.string().optional().meta({ description: 'What to do about it, in one line' }),
    docUrl: z.url().optional().meta({
      description: "The code's entry in the error guide this service serves (https://<host>/docs/errors#<code>)",
    }),
    requestId: z.string().optional().meta({ description: "The request's id (as in X-Request-Id), for the logs" }),
  })
  .meta({ id: 'Error', description: 'The body of every error response' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const uuid = (description: string) => z.uuid().meta({ description });
export const timestamp = z.iso.datetime().meta({ description: 'ISO 8601 timestamp (UTC)' });

export const WorkspacePath = z.object({ workspaceId: uuid('The workspace') });
export const withWorkspace = <T extends z.ZodRawShape>(shape: T) => WorkspacePath.extend(shape);

/** The argument of a zod-openapi `override` in `.meta()`: the rendered JSON Schema, to change in place. */
export interface SchemaOverride {
  jsonSchema: Record<string, unknown>;
}

/**
 * Documents a value whose rule the validator enforces in code (a transform or a refinement) as the JSON Schema
 * given, replacing what zod can derive (for example a field parsed in a transform: the integer it stands for).
 * `meta` is set beside it (a description, which a query parameter's documentation takes from the schema's).
 */
export const documentedAs = <T extends z.ZodType>(
  schema: T,
  jsonSchema: Record<string, unknown>,
  meta: Record<string, unknown> = {},
): T =>
  schema.meta({
    ...meta,
    override: ({ jsonSchema: rendered }: SchemaOverride) => {
      for (const key of Object.keys(rendered)) delete rendered[key];
      Object.assign(rendered, jsonSchema);
    },
  });

/** A decimal integer in a header (RateLimit-*, Retry-After, paging headers). */
export const integerHeader = (description: string, id?: string) =>
  z
    .string()
    .regex(/^\d+$/)
    .meta({ description, ...(id ? { header: { id } } : {}) });

/**
 * A string that must hold a non-blank character (validators trim, then require one): a character outside the
 * whitespace String.prototype.trim removes, spelled out because `\S` differs between regular expression dialects
 * (Python's, which schemathesis uses, counts U+001C..U+001F and U+0085 as blank and U+FEFF as not).
 */
export const NON_BLANK = '[^\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

type Status = keyof ApiOperation['responses'];
/** An answer: its status, description, body schema (none: no body) and the rest (headers, links, content type). */
export type Answer = readonly [
  status: Status,
  description: string,
  schema?: z.ZodType,
  more?: Omit<SuccessResponse, 'description' | 'schema' | 'examples'>,
];

/** What varies from one operation to the next; the method, path and tag come from operations(tag).post(path, id). */
export interface OperationParts {
  summary: string;
  description?: string;
  /** Path parameters: the workspace alone (WorkspacePath) when left out and the path names {workspaceId}. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  header?: NonNullable<ApiOperation['request']>['header'];
  body?: z.ZodType;
  bodyRequired?: boolean;
  multipart?: z.ZodType;
  /** Hand-written examples: the request's, and the main answer's (ok). */
  examples?: { request?: Examples; response?: Examples };
  /** The main answer (the one the examples show). */
  ok: Answer;
  /** Further answers with a body of their own. */
  also?: ApiOperation['responses'];
  errors?: ApiOperation['errors'];
  security?: ApiOperation['security'];
}

/**
 * The operations of one tag, one call each: `operations('Tokens').post(path, operationId, parts)` builds the
 * ApiOperation the document renders (openapi/render.ts), from the few parts that vary.
 */
export function operations(tag: Tag) {
  const build =
    (method: HttpMethod) =>
    (path: string, operationId: string, parts: OperationParts): ApiOperation => {
      const { summary, description, params, query, header, body, bodyRequired, multipart, examples } = parts;
      const [status, answer, schema, more] = parts.ok;
      const pathParams = params ?? (path.includes('{workspaceId}') ? WorkspacePath : undefined);
      const request = {
        ...(pathParams ? { path: pathParams } : {}),
        ...(query ? { query } : {}),
        ...(header ? { header } : {}),
        ...(body ? { body } : {}),
        ...(bodyRequired !== undefined ? { bodyRequired } : {}),
        ...(multipart ? { multipart } : {}),
        ...(examples?.request ? { examples: examples.request } : {}),
      };
      return {
        method,
        path,
        operationId,
        tag,
        summary,
        ...(description !== undefined ? { description } : {}),
        ...(Object.keys(request).length > 0 ? { request } : {}),
        ...(parts.security ? { security: parts.security } : {}),
        responses: {
          ...parts.also,
          [status]: {
            description: answer,
            ...(schema ? { schema } : {}),
            ...(examples?.response ? { examples: examples.response } : {}),
            ...more,
          },
        },
        ...(parts.errors ? { errors: parts.errors } : {}),
      };
    };
  return { get: build('get'), post: build('post'), put: build('put'), patch: build('patch'), delete: build('delete') };
}
