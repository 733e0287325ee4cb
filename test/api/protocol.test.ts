// Transport-level rules: HTTPS only, one JSON error shape for every failure, health and readiness.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MALFORMED_JSON_MESSAGE, NO_BODY_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from '../../src/api/middleware/body';
import { createDb } from '../../src/db/knex';
import { assertError, specFields } from '../helpers/assertions';
import { testEnv } from '../helpers/env';
import { accessHeaders, createTenant, createUserSpace } from '../helpers/factories';
import type { TestResponse } from '../helpers/http';
import { multipartBody } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

describe('protocol', () => {
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  it('refuses plain HTTP on the HTTPS port with a JSON error, never serving it', async () => {
    const tenant = await createTenant(stack.deps.db);
    const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      plain: true,
      headers: { 'x-api-key': tenant.apiKey },
      json: {},
    });
    assert.equal(res.status, 403, res.text);
    assert.deepEqual(specFields(res.body), { error: 'Forbidden', message: 'HTTPS is required' });
    assert.equal(res.body.code, 'https_required');
    // Without TRUST_PROXY a forged X-Forwarded-Proto changes nothing.
    const forged = await stack.request('GET', '/health', { plain: true, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(forged.status, 403);
  });

  it('trusts X-Forwarded-Proto from a TLS-terminating proxy only when TRUST_PROXY is set', async () => {
    const proxied = await stack.serve({
      ...stack.deps,
      config: { ...stack.deps.config, tls: { ...stack.deps.config.tls, trustProxy: true } },
    });
    const ok = await proxied.request('GET', '/health', { plain: true, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(ok.status, 200, ok.text);
    const refused = await proxied.request('GET', '/health', { plain: true });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, 'HTTPS is required');
  });

  it('answers unknown routes, malformed JSON and oversized bodies with {"error","message"}', async () => {
    const notFound = await stack.request('GET', '/v1/nothing/here');
    assert.equal(notFound.status, 404);
    assert.deepEqual(specFields(notFound.body), { error: 'Not Found', message: 'Route not found' });
    assert.equal(notFound.body.code, 'route_not_found');
    assert.equal(notFound.headers['x-api-version'], 'v1');

    const tenant = await createTenant(stack.deps.db);
    const malformed = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      raw: '{"customerRoleId": ',
    });
    assert.equal(malformed.status, 400);
    assert.deepEqual(specFields(malformed.body), { error: 'Bad Request', message: 'Malformed JSON in request body' });
    assert.equal(malformed.body.code, 'malformed_json');

    const big = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      raw: JSON.stringify({ pad: 'x'.repeat(stack.deps.config.limits.maxJsonBodyBytes + 10) }),
    });
    assert.equal(big.status, 413);
    assert.equal(big.body.error, 'Payload Too Large');
    assert.match(big.body.message, /exceeds the limit/);
  });

  it("answers the credential (401, then 403) before the request's form: a malformed body or query waits for the guard", async () => {
    const tenant = await createTenant(stack.deps.db);
    const v1 = `/v1/workspaces/${tenant.workspaceId}`;
    const link = `${v1}/knowledge/link`;
    const json = { 'content-type': 'application/json' };
    const malformed = '{"type": "LINK", ';
    // No credential: 401 whatever the body's or the query's form (malformed JSON, another media type, a misspelt
    // query parameter, a body where the operation takes none).
    const anonymous = [
      await stack.request('POST', link, {
        headers: { ...json, organizationid: tenant.organizationId },
        raw: malformed,
      }),
      await stack.request('POST', link, { headers: { 'content-type': 'text/plain' }, raw: 'https://example.com' }),
      await stack.request('GET', `${v1}/knowledge?limt=5`),
      await stack.request('POST', `${v1}/knowledge/${randomUUID()}/refetch`, { headers: json, raw: '{"force":true}' }),
    ];
    for (const res of anonymous) {
      assertError(res, 401, 'Invalid or expired access token');
      assert.equal(res.body.code, 'token_missing', res.text);
    }
    const forged = await stack.request('POST', link, {
      headers: { ...json, authorization: 'Bearer not-a-token', organizationid: tenant.organizationId },
      raw: malformed,
    });
    assert.equal(forged.status, 401, forged.text);
    const keyless = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: json,
      raw: malformed,
    });
    assertError(keyless, 401, 'Invalid or missing API key');
    assert.equal(keyless.body.code, 'api_key_missing');

    // A credential the route refuses (an end user's space token cannot add workspace knowledge): 403 first.
    const space = await createUserSpace(stack, tenant, 'form-order-user');
    const refused = await stack.request('POST', link, { headers: { ...json, ...space.headers }, raw: malformed });
    assert.equal(refused.status, 403, refused.text);

    // The credential through: the form's own answer, as before.
    const { headers } = await accessHeaders(stack, tenant);
    const parsed = await stack.request('POST', link, { headers: { ...headers, ...json }, raw: malformed });
    assertError(parsed, 400, MALFORMED_JSON_MESSAGE);
    assert.equal(parsed.body.code, 'malformed_json');
    // A __proto__ key would be dropped by every object built from the body: named and refused instead.
    const proto = await stack.request('POST', link, {
      headers: { ...headers, ...json },
      raw: '{"url":"https://example.com/a","metadata":{"team":"docs","__proto__":{"admin":true}}}',
    });
    assertError(proto, 400, 'Field name __proto__ is not accepted: metadata.__proto__');
    assert.equal(proto.body.param, 'metadata.__proto__');
    const query = await stack.request('GET', `${v1}/knowledge?limt=5`, { headers });
    assertError(query, 400, 'Unknown query parameter: limt (did you mean limit?)');
    const typed = await stack.request('POST', link, {
      headers: { ...headers, 'content-type': 'text/plain' },
      raw: 'https://example.com',
    });
    assertError(typed, 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    // A public route has no credential to wait for; an unknown path answers its 404; a body past the limit is
    // still refused at once (the limit bounds what is read), with or without a credential.
    const health = await stack.request('GET', '/health?verbose=1');
    assert.equal(health.status, 400, health.text);
    assert.equal(health.body.code, 'unknown_field');
    const nowhere = await stack.request('POST', `${v1}/nothing-here`, { headers: json, raw: malformed });
    assert.equal(nowhere.status, 404, nowhere.text);
    const big = await stack.request('POST', link, {
      headers: json,
      raw: JSON.stringify({ pad: 'x'.repeat(stack.deps.config.limits.maxJsonBodyBytes + 10) }),
    });
    assert.equal(big.status, 413, big.text);
  });

  it('answers an unexpected failure with a generic 500 and no stack trace', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    // The same app on a reachable database without the service's tables: every query fails unexpectedly.
    const emptyDb = createDb(testEnv.databaseAdminUrl, 1);
    try {
      const broken = await stack.serve({ ...stack.deps, db: emptyDb });
      const res = await broken.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, { headers });
      assert.equal(res.status, 500, res.text);
      assert.deepEqual(specFields(res.body), {
        error: 'Internal Server Error',
        message: 'Failed to process or retrieve the resource',
      });
      assert.equal(res.body.code, 'internal_error');
      assert.equal(res.body.requestId, res.headers['x-request-id']);
      assert.equal(res.headers['x-api-version'], 'v1');
      assert.doesNotMatch(res.text, /relation|does not exist|at .*\.js/);
    } finally {
      await emptyDb.destroy();
    }
  });

  it('answers 503 while the database is unreachable, and readiness 503 naming only the component', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    // The same app with its database pointing at a closed port.
    const brokenDb = createDb('postgres://kws@127.0.0.1:1/nothing', 1);
    try {
      const broken = await stack.serve({ ...stack.deps, db: brokenDb });
      const res = await broken.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, { headers });
      assert.equal(res.status, 503, res.text);
      assert.deepEqual(specFields(res.body), {
        error: 'Service Unavailable',
        message: 'Service temporarily unavailable',
      });
      assert.equal(res.body.code, 'service_unavailable');
      assert.equal(res.headers['x-api-version'], 'v1');

      const ready = await broken.request('GET', '/health/ready');
      assert.equal(ready.status, 503, ready.text);
      // Component names and up/down only: never the driver's error text.
      assert.deepEqual(ready.body, {
        error: 'Service Unavailable',
        message: 'Not ready: database down',
        status: 'unavailable',
        checks: { database: { status: 'down' }, temporal: { status: 'up' }, storage: { status: 'up' } },
      });
    } finally {
      await brokenDb.destroy();
    }
  });

  it('reports database, Temporal and storage ready', async () => {
    const res = await stack.request('GET', '/health/ready');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      status: 'ready',
      checks: { database: { status: 'up' }, temporal: { status: 'up' }, storage: { status: 'up' } },
    });
    assert.equal(res.headers['x-api-version'], undefined, 'only /v1 responses carry X-API-Version');
  });

  it('answers NUL characters and unpaired surrogates in the path, query, headers and body with 400', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const v1 = `/v1/workspaces/${tenant.workspaceId}`;
    const message = 'Request contains a NUL character or an unpaired UTF-16 surrogate';
    const json = { ...headers, 'content-type': 'application/json' };
    const cases = [
      stack.request('GET', `${v1}/role/by-customer-role-id/a%00b`, { headers }),
      stack.request('GET', `${v1}/knowledge?page=1%00`, { headers }),
      stack.request('POST', `${v1}/role/find`, { headers: json, raw: '{"name":"a\\u0000b"}' }),
      stack.request('POST', `${v1}/role/find`, { headers: json, raw: '{"name":"lone \\ud800 high"}' }),
      stack.request('POST', `${v1}/role/find`, { headers: json, raw: '{"\\udc00":"lone low in a key"}' }),
      stack.request('POST', `${v1}/role/find`, {
        headers: { ...headers, 'content-type': 'application/json' },
        json: { name: 'a\u0000' },
      }),
    ];
    for (const res of await Promise.all(cases)) assertError(res, 400, message);
    // A well-formed pair (an emoji) is text like any other.
    const pair = await stack.request('POST', `${v1}/role/find`, { headers, json: { name: 'support \u{1F600}' } });
    assert.equal(pair.status, 200, pair.text);
  });

  it('answers any JSON shape within the body limit with a 4xx or normal handling: wide, deep, unsafe text nested', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const v1 = `/v1/workspaces/${tenant.workspaceId}`;
    const json = { ...headers, 'content-type': 'application/json' };
    const routes: Array<{ path: string; headers: Record<string, string> }> = [
      { path: `${v1}/role/find`, headers: json },
      { path: `${v1}/knowledge/link`, headers: json },
      { path: `${v1}/webhooks`, headers: json },
      { path: `${v1}/agent/threads`, headers: json },
      { path: `${v1}/agent/tools/title_search/execute`, headers: json },
      { path: `${v1}/mcp`, headers: { ...json, accept: 'application/json, text/event-stream' } },
      { path: `/workspaces/${tenant.workspaceId}/knowledge/search`, headers: { ...json, 'x-api-key': tenant.apiKey } },
      {
        path: `/workspaces/${tenant.workspaceId}/generate-access-key-token`,
        headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      },
    ];
    const WIDE = 200_001;
    const wide = (last: string) => `[${'0,'.repeat(WIDE - 1)}${last}]`;
    const deepArrays = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    // As link metadata: without the nesting limit this reached PostgreSQL's jsonb parser and answered 500.
    const deepObjects = `{"type":"LINK","url":"https://example.com/","metadata":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    /** A value nested `depth` objects deep, within the nesting limit. */
    const nested = (depth: number, inner: string) => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
    const unsafe = 'Request contains a NUL character or an unpaired UTF-16 surrogate';
    const bodies: Array<{ what: string; raw: string; expect: (res: TestResponse) => void }> = [
      { what: 'a wide array', raw: wide('0'), expect: (res) => assertError(res, 400) },
      {
        what: 'a wide array in a field',
        raw: `{"type":"LINK","url":"https://example.com/","metadata":{"wide":${wide('0')}},"name":${wide('"x"')}}`,
        expect: (res) => (res.status < 300 ? undefined : assertError(res, res.status)),
      },
      {
        what: 'a lone surrogate after 200,000 elements',
        raw: wide('"\\ud800"'),
        expect: (res) => assertError(res, 400),
      },
      {
        what: '10,000 nested arrays',
        raw: deepArrays,
        expect: (res) => assertError(res, 400, 'JSON nesting exceeds 64 levels'),
      },
      {
        what: '10,000 nested objects (link metadata)',
        raw: deepObjects,
        expect: (res) => assertError(res, 400, 'JSON nesting exceeds 64 levels'),
      },
      {
        what: 'a NUL 60 levels down',
        raw: `{"metadata":${nested(60, '"x\\u0000"')},"name":${nested(60, '"x\\u0000"')}}`,
        // Where the route's schema lists neither field they are ignored unread (normal handling); else 400.
        expect: (res) => (res.status < 300 ? undefined : assertError(res, 400)),
      },
      {
        what: 'a lone surrogate key 60 levels down',
        raw: `{"metadata":${nested(60, '{"\\udc00":1}')},"name":${nested(60, '{"\\udc00":1}')}}`,
        expect: (res) => (res.status < 300 ? undefined : assertError(res, 400)),
      },
    ];
    for (const route of routes) {
      for (const body of bodies) {
        const res = await stack.request('POST', route.path, { headers: route.headers, raw: body.raw });
        assert.ok(res.status < 500, `${body.what} to ${route.path}: ${res.status} ${res.text.slice(0, 200)}`);
        if (route.path.endsWith('/mcp') && res.body?.jsonrpc) {
          assert.equal(res.status, 400, `${body.what} to MCP: ${res.text.slice(0, 200)}`);
          continue;
        }
        try {
          body.expect(res);
        } catch (err) {
          throw new Error(`${body.what} to ${route.path}: ${(err as Error).message}`);
        }
      }
    }
    // Where a route checks text with validate(), the nested NUL and surrogate are named as such.
    for (const raw of [bodies[2]!.raw, bodies[5]!.raw, bodies[6]!.raw]) {
      assertError(await stack.request('POST', `${v1}/role/find`, { headers: json, raw }), 400, unsafe);
    }
  });

  it('answers a method a path does not serve with 405 and Allow (TRACE too), an unknown path with 404', async () => {
    const tenant = await createTenant(stack.deps.db);
    const v1 = `/v1/workspaces/${tenant.workspaceId}`;
    const trace = await stack.request('TRACE', `${v1}/role`);
    assertError(trace, 405);
    assert.equal(trace.headers.allow, 'HEAD, GET, POST');
    const patch = await stack.request('PATCH', `${v1}/role`);
    assertError(patch, 405);
    assertError(await stack.request('TRACE', '/v1/nothing/here'), 404, 'Route not found');
    // A literal path is its own resource, not a value of the parameter route beside it.
    const getFile = await stack.request('GET', `${v1}/knowledge/file`);
    assertError(getFile, 405);
    assert.equal(getFile.headers.allow, 'POST');
    const options = await stack.request('OPTIONS', `${v1}/knowledge/file`);
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, 'POST');
  });

  it('answers a multipart body cut short with 400 at once, and keeps serving', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const boundary = 'cut';
    // The file part never ends: busboy errors the part's stream ("Unexpected end of file") and gives no 'close'.
    const raw = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello`;
    const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/file`, {
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      raw,
    });
    assertError(res, 400, 'Malformed multipart body');
    assert.equal((await stack.request('GET', '/health')).status, 200);
  });

  it('answers a multipart part with an empty field name with 400 at once', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const boundary = 'empty-name';
    const part = (disposition: string, body: string, type?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n` +
      `${type ? `Content-Type: ${type}\r\n` : ''}\r\n${body}\r\n`;
    const file = part('name="file"; filename="a.txt"', 'hello', 'text/plain');
    for (const parts of [
      [part('name=""', 'x'), file],
      [file, part('name=""', 'x')],
      [part('name=""; filename="b.txt"', 'x', 'text/plain'), file],
      [part('name=""', 'x', 'application/octet-stream')],
    ]) {
      const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/file`, {
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        raw: `${parts.join('')}--${boundary}--\r\n`,
      });
      assertError(res, 400, 'Every multipart part must have a field name');
    }
    const list = await stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, { headers });
    assert.equal(list.body.total, 0, 'nothing was stored');
  });

  it('refuses a JSON body that is not JSON, even whitespace where the body is optional (PATCH …/webhooks/{id})', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const v1 = `/v1/workspaces/${tenant.workspaceId}`;
    const created = await stack.request('POST', `${v1}/webhooks`, { headers, json: { url: 'http://127.0.0.1:9/x' } });
    assert.equal(created.status, 201, created.text);
    const at = `${v1}/webhooks/${created.body.id}`;
    for (const raw of ['\t', ' ', '\r\n']) {
      const res = await stack.request('PATCH', at, {
        headers: { ...headers, 'content-type': 'application/json' },
        raw,
      });
      assertError(res, 400, MALFORMED_JSON_MESSAGE);
    }
    // No body at all is still "change nothing", and JSON with whitespace around it is JSON.
    const empty = await stack.request('PATCH', at, { headers });
    assert.equal(empty.status, 200, empty.text);
    const spaced = await stack.request('PATCH', at, {
      headers: { ...headers, 'content-type': 'application/json' },
      raw: '\t{"enabled": false}\n',
    });
    assert.equal(spaced.status, 200, spaced.text);
    assert.equal(spaced.body.enabled, false);
  });

  it('refuses a JSON body sent as another media type (or none) with 415 naming Content-Type; bodiless calls need no type', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const v1 = `/v1/workspaces/${tenant.workspaceId}`;
    const search = `/workspaces/${tenant.workspaceId}/knowledge/search`;
    const searchHeaders = { ...headers, 'x-api-key': tenant.apiKey };
    const body = JSON.stringify({ query: 'refunds' });
    // text/plain (fetch's default for a string), curl -d's form type, and no type at all: each one a 415.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const res = await stack.request('POST', search, {
        headers: type ? { ...searchHeaders, 'content-type': type } : searchHeaders,
        raw: body,
      });
      assertError(res, 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
      assert.equal(res.body.code, 'unsupported_media_type', type);
      assert.equal(res.body.param, 'Content-Type');
      assert.match(res.body.hint, /Content-Type: application\/json/);
      if (type) assert.ok((res.body.hint as string).includes(type), 'the hint names the type sent');
      const page = await stack.request('GET', new URL(res.body.docUrl as string).pathname);
      assert.ok(page.text.includes('id="unsupported_media_type"'), 'the docUrl lands on the entry');
    }
    // JSON types with parameters, in any case, are JSON.
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await stack.request('POST', search, {
        headers: { ...searchHeaders, 'content-type': type },
        raw: body,
      });
      assert.equal(res.status, 200, `${type}: ${res.text}`);
    }
    // A multipart body to an operation that takes JSON is refused the same way.
    const { body: form, contentType } = multipartBody({ query: 'refunds' });
    const multipart = await stack.request('POST', search, {
      headers: { ...searchHeaders, 'content-type': contentType },
      raw: form,
    });
    assertError(multipart, 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    // A route whose body is optional takes none without a Content-Type (the token route's body "may be empty").
    const token = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey },
    });
    assert.equal(token.status, 200, token.text);
    // An operation that takes no body answers any body with 400, not 415: there is no type to send it as.
    for (const [type, raw] of [
      ['text/plain', 'refresh please'],
      [contentType, form],
    ] as const) {
      const res = await stack.request('POST', `${v1}/knowledge/${randomUUID()}/refetch`, {
        headers: { ...headers, 'content-type': type },
        raw,
      });
      assertError(res, 400, NO_BODY_MESSAGE);
      assert.equal(res.body.param, 'Request body', type);
    }
    // The upload routes keep their own answer to a body that is not multipart; an unknown path keeps its 404.
    const upload = await stack.request('POST', `${v1}/knowledge/file`, {
      headers: { ...headers, 'content-type': 'text/plain' },
      raw: 'just text',
    });
    assertError(upload, 400);
    assert.equal(upload.body.code, 'malformed_multipart');
    // A method the literal upload path does not take is its 405, whatever the body (not the item's PATCH).
    const { body: upload2, contentType: uploadType } = multipartBody({ title: 't' });
    const patchFile = await stack.request('PATCH', `${v1}/knowledge/file`, {
      headers: { ...headers, 'content-type': uploadType },
      raw: upload2,
    });
    assertError(patchFile, 405);
    assert.equal(patchFile.headers.allow, 'POST');
    const nowhere = await stack.request('POST', `${v1}/nowhere`, {
      headers: { ...headers, 'content-type': 'text/plain' },
      raw: body,
    });
    assertError(nowhere, 404);
  });
});
