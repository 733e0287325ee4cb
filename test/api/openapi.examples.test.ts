// The hand-written examples of the OpenAPI document (what /docs shows and "Try it out" sends). Every operation with
// a JSON or multipart body has request examples, and its main (2xx) response has examples; every example matches
// its schema and names no field the schema does not list. Then each request example is sent, as written, to a
// freshly bootstrapped workspace (its example ids replaced by the ids of resources made for it) and must answer the
// status of the response its examples sit on, with a body that response's schema allows. A new example that
// breaks fails here.
import assert from 'node:assert/strict';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { EXAMPLE_IDS } from '../../src/api/openapi/operation';
import { publishedOpenApiDocument } from '../../src/api/published';
import { createRoleExamples } from '../../src/api/routes/roles/examples';
import { documentAjv } from '../helpers/contract';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import type { TestResponse } from '../helpers/http';
import { multipartBody, uploadRequest, waitForJob } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document
type IdName = keyof typeof EXAMPLE_IDS;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const BODY_TYPES = ['application/json', 'multipart/form-data'];

/**
 * Operations whose examples are not sent, and why: each makes the service reach a public address (none is
 * reachable from a test on this machine). Their examples are still checked against their schemas.
 */
const NOT_SENT: Record<string, string> = {
  createUrlSource: 'fetches a public web page (test/api/sources.test.ts fetches a site served inside the test)',
  createWebsiteSource: 'crawls a public site (test/api/syncWebsite.test.ts crawls a site served inside the test)',
  runAgentThread: "calls the thread's agent server (test/api/agentRuns.test.ts runs one inside the test)",
  createWebhook: 'delivers events to a public endpoint (test/webhooks/webhooks.test.ts receives them in the test)',
  updateWebhook: 'needs an endpoint, which delivers events to a public address',
};

/**
 * Operations with a request body and no examples, and why: each answers no success to show one for (its examples
 * would stand for nothing the service does).
 */
const NO_EXAMPLES: Record<string, string> = {
  executeAgentTool:
    "any name that is no tool answers 404 whatever the body (it lists the tools' body, not to refuse it)",
};

/** JSON success bodies without an example, and why. */
const NO_RESPONSE_EXAMPLE: Record<string, string> = {};

/** Example URLs of agent servers, served here by a loopback address (AGENT_ALLOW_HTTP_LOOPBACK in tests). */
const LOOPBACK_URLS: Record<string, string> = {
  'https://llm.example.com/v1/chat/completions': 'http://127.0.0.1:9/v1/chat/completions',
};

/** The path parameters that name a resource, and the example id each stands for. */
const PATH_IDS: Record<string, IdName> = {
  workspaceId: 'workspaceId',
  knowledgeId: 'knowledgeId',
  roleId: 'roleId',
  spaceId: 'spaceId',
  messageId: 'messageId',
  threadId: 'threadId',
  chunkId: 'chunkId',
  webhookId: 'webhookId',
  sourceId: 'sourceId',
  id: 'agentServerId',
};

/** Operations on an item that must be a FILE (the others get a STRING item). */
const FILE_ITEM_OPERATIONS = new Set(['replaceKnowledgeFile', 'updateReservedField']);

interface Operation {
  method: string;
  path: string;
  op: Json;
}
interface ExampleCase {
  operation: Operation;
  mediaType: string;
  name: string;
  value: unknown;
  schema: Json;
}

const doc = publishedOpenApiDocument() as unknown as Json;
const components = doc.components as Json;

function documentOperations(): Operation[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((method) => ({ method, path, op: item[method] as Json })),
  );
}

/**
 * Operations whose request examples answer a later 2xx than the first with examples (statuses are listed in
 * order), and that status: createTextSource's examples make new items (201), while its 200 and 202 examples show
 * a post with the externalId of an existing item; postAgentMessage's store a new message (201), its 200 example
 * the answer to a repeat.
 */
const REQUEST_EXAMPLES_ANSWER: Record<string, number> = { createTextSource: 201, postAgentMessage: 201 };

/** The 2xx response whose content carries examples: the one a request example answers. */
function mainResponse(op: Json): { status: number; content: Json } | undefined {
  const answer = REQUEST_EXAMPLES_ANSWER[op.operationId as string];
  for (const [status, res] of Object.entries(op.responses as Json)) {
    if (!status.startsWith('2') || (answer !== undefined && Number(status) !== answer)) continue;
    const content = (res.content ?? {}) as Json;
    if (Object.values(content).some((media) => media.examples)) return { status: Number(status), content };
  }
  return undefined;
}

/** The examples of a content map (a request body's or a response's), one case per media type and name. */
function casesOf(operation: Operation, content: Json | undefined): ExampleCase[] {
  return Object.entries(content ?? {}).flatMap(([mediaType, media]) =>
    Object.entries((media.examples ?? {}) as Json).map(([name, ex]) => ({
      operation,
      mediaType,
      name,
      value: ex.value,
      schema: media.schema,
    })),
  );
}
const requestCases = (operation: Operation) => casesOf(operation, operation.op.requestBody?.content);
const responseCases = (operation: Operation) =>
  Object.values(operation.op.responses as Json).flatMap((res) => casesOf(operation, res.content));

const { ajv, compile } = documentAjv(doc);
const validators = new Map<Json, ReturnType<typeof ajv.compile>>();
function validate(schema: Json, value: unknown): string | undefined {
  let check = validators.get(schema);
  if (!check) {
    check = compile(schema);
    validators.set(schema, check);
  }
  return check(value) ? undefined : ajv.errorsText(check.errors, { separator: '\n' });
}

/** A schema and the schemas it is made of (its $ref, allOf, anyOf and oneOf), each resolved. */
function parts(schema: Json | undefined): Json[] {
  if (!schema || typeof schema !== 'object') return [];
  if (typeof schema.$ref === 'string') return parts(components.schemas[schema.$ref.split('/').pop()!]);
  return [schema, ...['allOf', 'anyOf', 'oneOf'].flatMap((k) => ((schema[k] ?? []) as Json[]).flatMap(parts))];
}

/**
 * The fields of an example that its schema does not list (where the schema lists fields and takes no others by
 * a schema of their own): a misspelt field an example would otherwise carry unnoticed, and that strict request
 * schemas refuse.
 */
function unlisted(value: unknown, schema: Json | undefined, at: string): string[] {
  const all = parts(schema);
  if (Array.isArray(value)) {
    const items = all.map((s) => s.items).filter(Boolean);
    return items.length ? value.flatMap((v, i) => unlisted(v, { anyOf: items }, `${at}[${i}]`)) : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  const open = all.some(
    (s) => (s.additionalProperties !== undefined && s.additionalProperties !== false) || s.patternProperties,
  );
  const listed = new Set(all.flatMap((s) => Object.keys(s.properties ?? {})));
  if (open || listed.size === 0) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    listed.has(key)
      ? unlisted(v, { anyOf: all.map((s) => s.properties?.[key]).filter(Boolean) }, `${at}.${key}`)
      : [`${at}.${key}`],
  );
}

const caseName = (c: ExampleCase) => `${c.operation.op.operationId} "${c.name}"`;

describe('OpenAPI examples', () => {
  const operations = documentOperations();

  it('exist for every request body and the main response of its operation', () => {
    const missing: string[] = [];
    for (const operation of operations) {
      const body = operation.op.requestBody?.content as Json | undefined;
      if (!body) continue;
      const id = operation.op.operationId as string;
      if (NO_EXAMPLES[id]) continue;
      for (const type of Object.keys(body)) {
        if (!BODY_TYPES.includes(type)) missing.push(`${id}: unexpected body type ${type}`);
        else if (Object.keys(body[type].examples ?? {}).length === 0) missing.push(`${id}: no ${type} example`);
      }
      if (!mainResponse(operation.op)) missing.push(`${id}: no example on its 2xx response`);
    }
    assert.deepEqual(missing, [], 'add examples in src/api/routes/<resource>/examples.ts');
  });

  it('exist for every JSON success body, with or without a request body (what /docs shows for the answer)', () => {
    const missing: string[] = [];
    for (const operation of operations) {
      for (const [status, res] of Object.entries(operation.op.responses as Json)) {
        const json = (res.content ?? {})['application/json'];
        if (!status.startsWith('2') || !json) continue;
        const id = operation.op.operationId as string;
        if (Object.keys(json.examples ?? {}).length === 0 && NO_RESPONSE_EXAMPLE[id] === undefined)
          missing.push(`${id} ${status}`);
      }
    }
    assert.deepEqual(missing, [], 'add response examples in src/api/routes/<resource>/examples.ts');
  });

  it('match their schemas and name no field the schema does not list', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      // Seconds of schema compiling in all: the event loop (this process's Temporal workers') runs between operations.
      await yieldToLoop();
      for (const c of requestCases(operation)) {
        const errors = validate(c.schema, c.value);
        if (errors) wrong.push(`${caseName(c)} (request): ${errors}`);
        for (const field of unlisted(c.value, c.schema, 'body')) wrong.push(`${caseName(c)}: unlisted ${field}`);
      }
      for (const c of responseCases(operation)) {
        const errors = validate(c.schema, c.value);
        if (errors) wrong.push(`${caseName(c)} (response ${c.mediaType}): ${errors}`);
        for (const field of unlisted(c.value, c.schema, 'body')) wrong.push(`${caseName(c)}: unlisted ${field}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('list each operation left unsent by its operationId, and only operations with examples', () => {
    const withExamples = operations.filter((o) => requestCases(o).length > 0).map((o) => o.op.operationId);
    assert.deepEqual(
      Object.keys(NOT_SENT).filter((id) => !withExamples.includes(id)),
      [],
    );
  });
});

/** The workspace the examples are sent to, with a resource of each kind they name and a credential of each kind. */
interface World {
  tenant: Tenant;
  /** Headers of each credential kind (bearer tokens with organizationid, or the API key). */
  workspace: Record<string, string>;
  role: Record<string, string>;
  userSpace: Record<string, string>;
  ids: Partial<Record<IdName, string>>;
}

describe('OpenAPI examples, sent to a fresh workspace', function () {
  this.timeout(600_000);
  let stack: TestStack;
  let world: World;

  const expectOk = (res: TestResponse, what: string, status = 200): TestResponse => {
    assert.equal(res.status, status, `${what}: ${res.text}`);
    return res;
  };
  const v1 = (suffix: string) => `/v1/workspaces/${world.tenant.workspaceId}${suffix}`;

  /** A STRING item, searchable, and its first chunk. */
  async function textItem(): Promise<{ knowledgeId: string; chunkId: string }> {
    const res = expectOk(
      await stack.request('POST', v1('/knowledge/text'), {
        headers: world.workspace,
        json: {
          title: 'Rotating API keys',
          content: 'Create a second key, deploy it everywhere, then revoke the old key.',
          attributes: { team: 'security' },
        },
      }),
      'text item',
      201,
    );
    const job = await waitForJob(stack.request, world.tenant.workspaceId, world.workspace, res.body.jobId);
    assert.equal(job.status, 'COMPLETED', JSON.stringify(job));
    return { knowledgeId: res.body.id, chunkId: await firstChunk(res.body.id) };
  }

  /** A FILE item (a text file uploaded synchronously), searchable, and its first chunk. */
  async function fileItem(): Promise<{ knowledgeId: string; chunkId: string }> {
    const res = expectOk(
      await uploadRequest(stack.request, world.tenant.workspaceId, world.workspace, {
        filename: 'refund-policy.txt',
        contentType: 'text/plain',
        bytes: Buffer.from('Refunds are accepted within 30 days of purchase.'),
      }),
      'file item',
    );
    assert.equal(res.body.status, 'COMPLETED', res.text);
    return { knowledgeId: res.body.id, chunkId: await firstChunk(res.body.id) };
  }

  async function firstChunk(knowledgeId: string): Promise<string> {
    const res = expectOk(
      await stack.request('GET', v1(`/knowledge/${knowledgeId}/chunks`), { headers: world.workspace }),
      'chunks',
    );
    return res.body.chunks[0].id as string;
  }

  async function bootstrapWorld(): Promise<World> {
    const tenant = await createTenant(stack.deps.db);
    const { headers: workspace } = await accessHeaders(stack, tenant);
    world = { tenant, workspace, role: {}, userSpace: {}, ids: {} };
    const ids = world.ids;
    ids.workspaceId = tenant.workspaceId;
    ids.organizationId = tenant.organizationId;

    // The role of the examples, made by the example itself (so sending the example again makes nothing new).
    const role = expectOk(
      await stack.request('POST', v1('/role'), {
        headers: workspace,
        json: createRoleExamples.request.supportAgents.value,
      }),
      'role',
    );
    assert.equal(
      (await waitForJob(stack.request, tenant.workspaceId, workspace, role.body.workflowId)).status,
      'COMPLETED',
    );
    ids.roleId = role.body.roleId;
    expectOk(
      await stack.request('PUT', v1('/rbac-status'), { headers: workspace, json: { rbacEnabled: true } }),
      'RBAC',
    );
    world.role = (await accessHeaders(stack, tenant, { customerRoleId: 'support-agents' })).headers;

    Object.assign(ids, await textItem());
    // The examples' role sees the examples' item (executeGetKnowledgeTool reads it with the role-bound token).
    const assigned = expectOk(
      await stack.request('POST', v1(`/knowledge/${ids.knowledgeId}/role`), {
        headers: workspace,
        json: { roleIds: [ids.roleId] },
      }),
      'role assignment',
    );
    assert.equal(
      (await waitForJob(stack.request, tenant.workspaceId, workspace, assigned.body.workflowId)).status,
      'COMPLETED',
    );

    const space = expectOk(
      await stack.request('POST', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space-api-key`, {
        headers: { 'x-api-key': tenant.apiKey },
        json: { userId: 'user-4821', email: 'maria.jensen@example.com', customerRoleId: 'support-agents' },
      }),
      'user space',
    );
    ids.spaceId = space.body.space.id;
    world.userSpace = { authorization: `Bearer ${space.body.token}` };
    const got = expectOk(
      await stack.request('GET', v1(`/spaces/${ids.spaceId}`), { headers: world.userSpace }),
      'space',
    );
    ids.groupId = got.body.spaceGroupConversation[0].id;
    const message = expectOk(
      await stack.request('POST', v1(`/spaces/${ids.spaceId}/message`), {
        headers: world.userSpace,
        json: { newMessage: 'How do I rotate an API key?', groupId: ids.groupId, type: 'USER' },
      }),
      'message',
    );
    ids.messageId = message.body.id;

    const made = async (what: string, path: string, headers: Record<string, string>, json: unknown) =>
      expectOk(await stack.request('POST', v1(path), { headers, json }), what, 201).body.id as string;
    ids.threadId = await made('thread', '/agent/threads', world.role, { title: 'API keys' });
    ids.agentServerId = await made('agent server', '/agent/servers', workspace, {
      name: 'Fixture server',
      url: 'http://127.0.0.1:9/v1/chat/completions',
    });
    ids.sourceId = await made('source', '/sources', workspace, {
      kind: 's3',
      name: 'Fixture bucket',
      config: { bucket: 'fixture-bucket' },
    });
    return world;
  }

  before(async () => {
    stack = await getStack();
    world = await bootstrapWorld();
  });

  after(async () => {
    // Sources with a schedule keep a Temporal schedule until deleted.
    if (!world) return;
    const list = await stack.request('GET', v1('/sources'), { headers: world.workspace });
    for (const s of (list.body?.sources ?? []) as Json[]) {
      await stack.request('DELETE', v1(`/sources/${s.id}`), { headers: world.workspace });
    }
  });

  /** The credential an operation is called with here (RBAC is ACTIVE): the workspace's where allowed. */
  function headersFor(op: Json): Record<string, string> {
    const schemes = new Set(((op.security ?? []) as Json[]).flatMap((s) => Object.keys(s)));
    const policy = op['x-kws-policy'] as Json | undefined;
    const allowed = (policy?.whenRbacActive?.allowed ?? policy?.allowed ?? []) as string[];
    const headers: Record<string, string> = {};
    if (schemes.has('apiKey')) headers['x-api-key'] = world.tenant.apiKey;
    if (schemes.has('accessToken') && allowed.includes('workspace')) Object.assign(headers, world.workspace);
    else if (schemes.has('accessToken') && allowed.includes('role')) Object.assign(headers, world.role);
    else if (schemes.has('userSpaceToken')) Object.assign(headers, world.userSpace);
    return headers;
  }

  /** The example's value with every example id replaced by the id of the resource made here. */
  function substitute(value: unknown, ids: Partial<Record<IdName, string>>): unknown {
    if (typeof value === 'string') {
      let s = LOOPBACK_URLS[value] ?? value;
      for (const [name, exampleId] of Object.entries(EXAMPLE_IDS)) {
        const id = ids[name as IdName];
        if (id) s = s.split(exampleId).join(id);
      }
      return s;
    }
    if (Array.isArray(value)) return value.map((v) => substitute(v, ids));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, ids)]));
    }
    return value;
  }

  async function send(c: ExampleCase, ids: Partial<Record<IdName, string>>): Promise<TestResponse> {
    const { op, method, path } = c.operation;
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const param = ((op.parameters ?? []) as Json[]).find((p) => p.in === 'path' && p.name === name);
      const value = PATH_IDS[name] ? ids[PATH_IDS[name]!] : (param?.example ?? param?.schema?.example);
      if (value === undefined) throw new Error(`no value for path parameter ${name}: make one in the world`);
      return encodeURIComponent(String(value));
    });
    const value = substitute(c.value, ids);
    const left = Object.entries(EXAMPLE_IDS).filter(([, id]) => JSON.stringify(value).includes(id));
    if (left.length > 0) {
      throw new Error(`${caseName(c)} names ${left.map(([n]) => n).join(', ')}, which the world does not make`);
    }
    const main = mainResponse(op)!;
    const headers = { ...headersFor(op), accept: Object.keys(main.content).join(', ') };
    if (c.mediaType === 'application/json') {
      return stack.request(method.toUpperCase(), url, { headers, json: value });
    }
    // multipart: a binary field is the file part (its example text as the bytes), the others are form fields.
    const fields = value as Record<string, string>;
    const properties = parts(c.schema).reduce<Json>((all, s) => ({ ...all, ...s.properties }), {});
    const binary = Object.keys(fields).find((k) => properties[k]?.format === 'binary');
    const { body, contentType } = multipartBody(
      Object.fromEntries(Object.entries(fields).filter(([k]) => k !== binary)),
      binary ? { filename: 'example.txt', contentType: 'text/plain', bytes: Buffer.from(fields[binary]!) } : undefined,
    );
    return stack.request(method.toUpperCase(), url, {
      headers: { ...headers, 'content-type': contentType },
      raw: body,
    });
  }

  for (const operation of documentOperations()) {
    const cases = requestCases(operation);
    if (cases.length === 0) continue;
    const id = operation.op.operationId as string;
    const main = mainResponse(operation.op);
    const title = `${id}: ${cases.map((c) => `"${c.name}"`).join(', ')} answer ${main?.status}`;
    if (NOT_SENT[id]) {
      it.skip(`${title} (not sent: ${NOT_SENT[id]})`);
      continue;
    }
    it(title, async () => {
      assert.ok(main, `${id} has no response with examples`);
      const ids = { ...world.ids };
      if (operation.path.includes('{knowledgeId}')) {
        Object.assign(ids, FILE_ITEM_OPERATIONS.has(id) ? await fileItem() : await textItem());
      }
      for (const c of cases) {
        const res = await send(c, ids);
        assert.equal(res.status, main.status, `${caseName(c)} answered ${res.status}: ${res.text}`);
        const type = String(res.headers['content-type'] ?? '').split(';')[0]!;
        const media = main.content[type] as Json | undefined;
        assert.ok(media, `${caseName(c)}: content type ${type} is not documented`);
        const body = type === 'application/json' ? res.body : res.text;
        const errors = validate(media.schema, body);
        assert.equal(errors, undefined, `${caseName(c)}: the answer does not match its schema: ${errors}\n${res.text}`);
      }
    });
  }
});
