// Renders the OpenAPI 3.1 document, generated from the zod schemas that validate requests and shape responses (through
// zod-openapi, on zod 4's JSON Schema output) and from the mounted route table: each operation's security, its
// organizationid header, its policy (x-kws-policy) and the error statuses its guard can answer come from the
// route's guard, so the document cannot say something the router does not do.
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { POLICY, type ActionPolicy } from '../../policies/actions';
import { CREDENTIAL_KINDS, type CredentialKind } from '../../policies/credentials';
import { routeAnswer, type RouteEntry } from '../routes/table';
import { Messages } from '../../errors';
import { ORGANIZATION_HEADER_FORMAT, REPEATED_HEADER_MESSAGE } from '../middleware/authenticate';
import {
  BODY_METHODS,
  CONTENT_CODING_MESSAGE,
  MALFORMED_JSON_MESSAGE,
  NO_BODY_MESSAGE,
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
} from '../middleware/body';
import { REQUEST_TOO_SLOW_TO_ARRIVE } from '../middleware/common';
import { JOBS_CANNOT_START } from '../../services/operations/workspaceJobs';
import { UNSAFE_TEXT_MESSAGE } from '../middleware/text';
import { stateCleanText } from './cleanText';
import { ErrorBodySchema, integerHeader, TAGS, type ApiOperation, type ErrorMessage, type Examples } from './operation';

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description:
      'The workspace API key (sk-kws-…) goes in x-api-key only on the token endpoints, ' +
      'POST /workspaces/{workspaceId}/generate-access-key-token and …/activate-or-retrieve-user-space-api-key, and ' +
      'beside the access token on POST /workspaces/{workspaceId}/knowledge/search. Every /v1 route refuses it: ' +
      'mint an access token with it and authorize with accessToken.',
  },
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Paste the token that POST /workspaces/{workspaceId}/generate-access-key-token answers (called with your ' +
      'x-api-key): it is the bearer credential of every /v1 route and of the search routes, role-bound when minted ' +
      'with customerRoleId or roleId. /v1 routes also need the organizationid header (each operation has the field): ' +
      'the organizationId that kws bootstrap printed beside the workspace id.',
  },
  userSpaceToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A user space token from the activation endpoints: one user, in their own spaces (Authorization alone).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN (GET /metrics only, and only when the deployment sets it).',
  },
} as const;

const KIND_NAMES: Record<CredentialKind, string> = {
  apiKey: 'API key',
  workspace: 'workspace access token',
  role: 'role-bound access token',
  userSpace: 'user space token',
};

const REQUEST_ID_HEADER = z.string().meta({
  description: "The request's id (the client's X-Request-Id when well-formed)",
  header: { id: 'X-Request-Id' },
});
const API_VERSION_HEADER = z.literal('v1').meta({
  description: 'The API version: every /v1 response, errors included',
  header: { id: 'X-API-Version' },
});

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': integerHeader(
    "Requests the caller's credential may make per window",
    'RateLimit-Limit',
  ).optional(),
  'RateLimit-Remaining': integerHeader('Requests left in the current window', 'RateLimit-Remaining').optional(),
  'RateLimit-Reset': integerHeader('Seconds until the window ends', 'RateLimit-Reset').optional(),
};
const RETRY_AFTER = integerHeader('Seconds to wait before retrying', 'Retry-After');

const JSON_BODY_METHODS = new Set<string>(BODY_METHODS.map((m) => m.toLowerCase()));

/** Every request but liveness and readiness counts against its credential's (or address's) rate limit. */
const rateLimited = (op: ApiOperation) => op.path !== '/health' && !op.path.startsWith('/health/');

/** The 429 answer (the configured figures are in the message). */
const RATE_LIMIT_MESSAGE =
  'Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s';
/** The 503 of a request that outlived REQUEST_TIMEOUT_MS (uploads are bounded otherwise). */
const REQUEST_TIMEOUT_MESSAGE = 'The request took too long; retry later';

/** The limit named in 413 answers to JSON bodies (MAX_JSON_BODY_BYTES; the configured value is in the message). */
const BODY_LIMIT_MESSAGE = 'Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes';

/** A body field the operation does not list (every body schema is a strict object: additionalProperties false). */
const UNKNOWN_FIELD_MESSAGE = 'Unknown field: <field> (did you mean <field>?)';

type Errors = Map<number, ErrorMessage[]>;

function add(errors: Errors, status: number, ...messages: readonly ErrorMessage[]): void {
  const list = errors.get(status) ?? [];
  for (const m of messages) {
    if (!list.some((x) => JSON.stringify(x) === JSON.stringify(m))) list.push(m);
  }
  errors.set(status, list);
}

/** The errors the guard, the body reader and the error middleware can answer on this route. */
function routeErrors(op: ApiOperation, route: RouteEntry | undefined): Errors {
  const errors: Errors = new Map();
  add(errors, 400, UNSAFE_TEXT_MESSAGE);
  add(errors, 403, Messages.httpsRequired);
  const takesBody = op.request?.body !== undefined || op.request?.multipart !== undefined;
  if (JSON_BODY_METHODS.has(op.method)) {
    // An operation without a body refuses one whatever it holds: a JSON object's fields by name, anything else whole.
    add(errors, 400, ...(takesBody ? [MALFORMED_JSON_MESSAGE] : [UNKNOWN_FIELD_MESSAGE, NO_BODY_MESSAGE]));
    add(errors, 413, BODY_LIMIT_MESSAGE);
    if (takesBody) add(errors, 415, CONTENT_CODING_MESSAGE);
  }
  if (JSON_BODY_METHODS.has(op.method) && op.request?.body) add(errors, 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
  if (takesBody) add(errors, 400, UNKNOWN_FIELD_MESSAGE);
  if (JSON_BODY_METHODS.has(op.method) || op.request?.multipart) add(errors, 408, REQUEST_TOO_SLOW_TO_ARRIVE);
  add(errors, 500, 'Failed to process or retrieve the resource');
  if (rateLimited(op)) add(errors, 429, RATE_LIMIT_MESSAGE);
  add(errors, 503, Messages.unavailable);
  // A write may start a background job: with the Temporal frontend down it answers 503 (src/temporal/jobs.ts).
  if (JSON_BODY_METHODS.has(op.method)) add(errors, 503, JOBS_CANNOT_START);
  if (!op.request?.multipart) add(errors, 503, REQUEST_TIMEOUT_MESSAGE);
  if (!route || route.credential === 'none') return errors;
  const { options } = route;
  if (route.credential === 'apiKey') {
    add(errors, 401, Messages.invalidApiKey);
  } else {
    add(errors, 401, Messages.invalidAccessToken);
    if (options.requireApiKey) add(errors, 401, Messages.invalidApiKey);
    if (options.organizationHeader !== 'optional') add(errors, 400, 'Missing required header: organizationid');
    add(errors, 400, ORGANIZATION_HEADER_FORMAT);
  }
  add(errors, 400, REPEATED_HEADER_MESSAGE);
  const policy: ActionPolicy | undefined = route.action ? POLICY[route.action] : undefined;
  const denied = [policy?.deniedMessage, policy?.whenRbacActive?.deniedMessage].filter((m): m is string => !!m);
  add(errors, 403, Messages.insufficientPermissions, ...denied);
  if (route.credential === 'bearer') {
    if (options.ragErrors) {
      add(errors, 400, { error: 'Error', message: Messages.roleNotFound });
      add(errors, 404, { error: 'Error', message: 'Workspace ID does not match' });
    } else {
      add(errors, 403, Messages.roleNotFound);
    }
  }
  add(errors, 404, Messages.workspaceNotFound);
  add(errors, 410, Messages.workspaceDeleted);
  return errors;
}

const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'error';

function errorResponse(status: number, messages: ErrorMessage[], headers: z.ZodObject) {
  const reason = STATUS_CODES[status] ?? 'Error';
  const bodies = messages.map((m) => (typeof m === 'string' ? { error: reason, message: m } : m));
  return {
    description: `${reason}: ${bodies.map((b) => b.message).join('; ')}`,
    headers,
    content: {
      'application/json': {
        schema: ErrorBodySchema,
        examples: Object.fromEntries(bodies.map((b) => [slug(b.message), { summary: b.message, value: b }])),
      },
    },
  };
}

/** Which security schemes may call the route: one alternative per credential transport the policy allows. */
function security(op: ApiOperation, route: RouteEntry | undefined): Array<Record<string, string[]>> {
  if (!route || route.credential === 'none') return op.security ?? [];
  if (route.credential === 'apiKey') return [{ apiKey: [] }];
  const allow = route.action ? (POLICY[route.action].allow as readonly CredentialKind[]) : [];
  const extra: Record<string, string[]> = route.options.requireApiKey ? { apiKey: [] } : {};
  const schemes: Array<Record<string, string[]>> = [];
  if (allow.includes('workspace') || allow.includes('role')) schemes.push({ accessToken: [], ...extra });
  if (allow.includes('userSpace')) schemes.push({ userSpaceToken: [], ...extra });
  return schemes;
}

/** The organizationid header: required on bearer routes unless the header is optional or a user space token suffices. */
function organizationHeader(route: RouteEntry | undefined): z.ZodObject | undefined {
  if (!route || route.credential !== 'bearer') return undefined;
  const allow = route.action ? (POLICY[route.action].allow as readonly CredentialKind[]) : [];
  const optional = route.options.organizationHeader === 'optional' || allow.includes('userSpace');
  const header = z.uuid().meta({
    description: optional
      ? 'The organization of the access token (checked when sent; not needed with a user space token)'
      : "The access token's organization (required with an access token)",
  });
  return z.object({ organizationid: optional ? header.optional() : header });
}

function answersOf(route: RouteEntry, rbacActive: boolean) {
  const answers = Object.fromEntries(CREDENTIAL_KINDS.map((k) => [k, routeAnswer(route, k, rbacActive)]));
  return {
    allowed: CREDENTIAL_KINDS.filter((k) => answers[k] === 'allowed'),
    refused: Object.fromEntries(CREDENTIAL_KINDS.filter((k) => answers[k] !== 'allowed').map((k) => [k, answers[k]])),
  };
}

/** x-kws-policy: the action, who may call (while RBAC is not ACTIVE) and what the others get; whenRbacActive if different. */
function policyOf(route: RouteEntry | undefined) {
  if (!route?.action) return undefined;
  const policy: ActionPolicy = POLICY[route.action];
  return {
    action: route.action,
    description: policy.description,
    credential: route.credential,
    ...answersOf(route, false),
    ...(policy.whenRbacActive
      ? { whenRbacActive: { ...answersOf(route, true), deniedMessage: policy.whenRbacActive.deniedMessage } }
      : {}),
  };
}

function policyText(policy: ReturnType<typeof policyOf>): string {
  if (!policy) return '';
  if (policy.credential === 'none')
    return `**Authorization**: \`${policy.action}\` (${policy.description}): no credential.`;
  const allowed = policy.allowed.map((k) => KIND_NAMES[k]).join(', ');
  const refused = Object.entries(policy.refused)
    .map(([k, status]) => `${KIND_NAMES[k as CredentialKind]} (${status})`)
    .join(', ');
  const rbac = policy.whenRbacActive
    ? ` Under ACTIVE RBAC: ${policy.whenRbacActive.allowed.map((k) => KIND_NAMES[k]).join(', ')} only.`
    : '';
  return `**Authorization**: \`${policy.action}\` (${policy.description}). Allowed: ${allowed}.${refused ? ` Refused: ${refused}.` : ''}${rbac}`;
}

/** A media type's hand-written examples (Swagger UI lists them by summary and fills "Try it out" with the first). */
const withExamples = (examples: Examples | undefined) => (examples ? { examples } : {});

function operationObject(op: ApiOperation, route: RouteEntry | undefined): ZodOpenApiOperationObject {
  const versioned = op.path.startsWith('/v1/');
  const commonHeaders = {
    'X-Request-Id': REQUEST_ID_HEADER,
    ...(versioned ? { 'X-API-Version': API_VERSION_HEADER } : {}),
    ...(rateLimited(op) ? RATE_LIMIT_HEADERS : {}),
  };
  // 429 always says when to retry; a 503 does when the condition passes by itself (busy, a request timeout).
  const errorHeaders = (status: number) =>
    z.object({
      ...commonHeaders,
      ...(status === 429
        ? { 'Retry-After': RETRY_AFTER }
        : status === 503
          ? { 'Retry-After': RETRY_AFTER.optional() }
          : {}),
    });
  const responses: ZodOpenApiOperationObject['responses'] = {};
  for (const [status, res] of Object.entries(op.responses)) {
    if (!res) continue;
    responses[status as '200'] = {
      description: res.description,
      headers: z.object({ ...commonHeaders, ...res.headers?.shape }),
      ...(res.schema
        ? {
            content: Object.fromEntries(
              [res.contentType ?? 'application/json']
                .flat()
                .map((t) => [t, { schema: res.schema, ...withExamples(res.examples) }]),
            ),
          }
        : {}),
      ...(res.links ? { links: res.links } : {}),
    };
  }
  const errors = routeErrors(op, route);
  for (const [status, messages] of Object.entries(op.errors ?? {})) add(errors, Number(status), ...(messages ?? []));
  for (const [status, messages] of [...errors].sort(([a], [b]) => a - b)) {
    if (String(status) in responses) continue;
    responses[String(status) as '400'] = errorResponse(status, messages, errorHeaders(status));
  }
  const policy = policyOf(route);
  const header = organizationHeader(route);
  const headers =
    header || op.request?.header ? z.object({ ...header?.shape, ...op.request?.header?.shape }) : undefined;
  const body = op.request?.body;
  const multipart = op.request?.multipart;
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, policyText(policy)].filter(Boolean).join('\n\n'),
    security: security(op, route),
    requestParams: {
      ...(op.request?.path ? { path: op.request.path } : {}),
      ...(op.request?.query ? { query: op.request.query } : {}),
      ...(headers ? { header: headers } : {}),
    },
    ...(body
      ? {
          requestBody: {
            required: op.request?.bodyRequired ?? true,
            content: { 'application/json': { schema: body, ...withExamples(op.request?.examples) } },
          },
        }
      : multipart
        ? {
            requestBody: {
              required: true,
              content: { 'multipart/form-data': { schema: multipart, ...withExamples(op.request?.examples) } },
            },
          }
        : {}),
    responses,
    ...(policy ? { 'x-kws-policy': policy } : {}),
  };
}

/** The OpenAPI document of the operations given, against the mounted router's route table. */
export function renderOpenApiDocument(operations: readonly ApiOperation[], routes: readonly RouteEntry[]) {
  const byKey = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    item[op.method] = operationObject(op, byKey.get(`${op.method.toUpperCase()} ${op.path}`));
  }
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Knowledge Workspace Service',
        version: 'v1',
        description:
          'A workspace-scoped knowledge base with role-based access control, for applications and AI agents. ' +
          'Every error has the body {"error", "message"}; every /v1 response carries X-API-Version: v1. ' +
          `Text in a request (path, query, headers, and the strings and keys of the fields a body's schema lists) ` +
          `must hold no NUL character ` +
          `(each string's pattern says so) and no unpaired UTF-16 surrogate: 400 "${UNSAFE_TEXT_MESSAGE}". ` +
          'A body field or query parameter an operation does not list is refused by name (400, code unknown_field). ' +
          'An operation that lists no request body takes none: an empty body or {} is no body, the fields of any ' +
          'other JSON object are refused by name (one that is a query parameter of the operation: the hint says ' +
          `so), and any other body answers 400 "${NO_BODY_MESSAGE}". ` +
          'Each operation states the policy action it performs and which credential kinds may call it ' +
          '(x-kws-policy). HTTPS only.',
        // As package.json: the service is not published under a public license.
        license: { name: 'UNLICENSED' },
      },
      // Relative: the service's own address, wherever it runs (clients and the /docs page call the host that served
      // the document).
      servers: [{ url: '/', description: 'The service that serves this document' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      paths,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    {
      // zod writes a regular expression beside format uuid and date-time; the format says it (and readers skip the
      // 900-character date-time pattern).
      override: ({ jsonSchema }) => {
        if (jsonSchema.format === 'uuid' || jsonSchema.format === 'date-time') delete jsonSchema.pattern;
      },
    },
  );
  showFormExamples(operations, document);
  return stateCleanText(document);
}

/**
 * Swagger UI fills a multipart form field by field from each property's own example, never from the body's
 * examples: each field of the first example becomes its property's example (the file part stays the user's pick).
 */
function showFormExamples(operations: readonly ApiOperation[], document: ReturnType<typeof createDocument>): void {
  for (const op of operations) {
    const first = Object.values(op.request?.examples ?? {})[0]?.value as Record<string, unknown> | undefined;
    if (!op.request?.multipart || !first) continue;
    const media = document.paths?.[op.path]?.[op.method]?.requestBody as
      { content: Record<string, { schema?: { properties?: Record<string, Record<string, unknown>> } }> } | undefined;
    const properties = media?.content['multipart/form-data']?.schema?.properties ?? {};
    for (const [field, value] of Object.entries(first)) {
      const property = properties[field];
      if (property && property.format !== 'binary') property.example = value;
    }
  }
}

export type OpenApiDocument = ReturnType<typeof renderOpenApiDocument>;
