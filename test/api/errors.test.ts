// Errors say what to fix (issue 38, item 3): beside the spec's exact error and message, every error body carries a
// code from the catalogue, the param at fault, a hint, a docUrl into the guide the service serves and the request's
// id. A table of mistakes (typos, wrong headers, each token mistake, unsupported files) asserts status, the spec's
// message, code and param. And numbers PostgreSQL cannot hold answer 400 or are kept as sent (issue 43): subnormal,
// huge, negative-zero and 17-digit values for every numeric field that reaches a column, a cast or a filter.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import tls from 'node:tls';
import { readFile } from 'node:fs/promises';
import { SignJWT } from 'jose';
import * as apiKeys from '../../src/db/repositories/apiKeys';
import * as workspaces from '../../src/db/repositories/workspaces';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/errorCatalogue';
import { toAppError } from '../../src/errors';
import { errorGuideText, PUBLISHED_FILES } from '../../scripts/openapi';
import { DOCS_CSP } from '../../src/api/routes/docs/assets';
import { NO_BODY_MESSAGE } from '../../src/api/middleware/body';
import { errorDocUrl } from '../../src/api/middleware/errors';
import { publishedOpenApiDocument } from '../../src/api/published';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, createUserSpace, type Tenant } from '../helpers/factories';
import type { TestResponse } from '../helpers/http';
import { multipartBody, uploadRequest } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

/** The spec's message and the help: code and param (undefined: the body has no param). */
function assertHelp(res: TestResponse, status: number, message: string, code: string, param?: string): void {
  assertError(res, status, message);
  assert.equal(res.body.code, code, res.text);
  assert.equal(res.body.param, param, res.text);
  assert.equal(typeof res.body.hint, 'string', res.text);
  assert.ok(res.body.hint.length > 0);
  assert.ok(code in ERROR_CATALOGUE, `${code} is in the catalogue`);
}

describe('errors say what to fix', function () {
  this.timeout(120_000);
  let stack: TestStack;
  let tenant: Tenant;
  let headers: Record<string, string>;
  let token: string;
  before(async () => {
    stack = await getStack();
    tenant = await createTenant(stack.deps.db);
    ({ token, headers } = await accessHeaders(stack, tenant));
  });
  const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
  const search = (json: unknown) =>
    stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...headers, 'x-api-key': tenant.apiKey },
      json,
    });
  /** A JSON body sent as written (numbers such as -0 and 1e400 exactly as the text says). */
  const rawJson = (method: string, p: string, text: string) =>
    stack.request(method, p, { headers: { ...headers, 'content-type': 'application/json' }, raw: text });

  describe('the catalogue and its guide', () => {
    it('docs/reference/errors.md is the catalogue rendered (npm run openapi writes it)', async () => {
      const committed = await readFile(PUBLISHED_FILES.errorGuide, 'utf8');
      assert.ok(committed === (await errorGuideText()), 'docs/reference/errors.md is stale: run npm run openapi');
      for (const code of ERROR_CODES) assert.match(committed, new RegExp(`^### ${code}$`, 'm'), code);
      assert.match(committed, /^## Schema-valid requests the service refuses$/m);
      for (const code of ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].schemaValid)) {
        assert.match(
          committed,
          new RegExp(`\\| \\[\`${code}\`\\]\\(#${code}\\) +\\|`),
          `${code} is listed as a refusal`,
        );
      }
    });

    it('is served at GET /docs/errors with an anchor per code, under the docs CSP, loading nothing', async () => {
      const page = await stack.request('GET', '/docs/errors');
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.equal(page.headers['content-security-policy'], DOCS_CSP);
      for (const code of ERROR_CODES) assert.ok(page.text.includes(`id="${code}"`), code);
      assert.doesNotMatch(page.text, /<script|src="https?:|href="https?:/, 'no script, nothing from another origin');
    });

    it("answers every error with a docUrl to its code in the service's own guide and the request's id", async () => {
      const res = await stack.request('GET', '/v1/nothing/here', { headers: { 'x-request-id': 'trace-42' } });
      assertHelp(res, 404, 'Route not found', 'route_not_found');
      const host = new URL(stack.baseUrl).host;
      assert.equal(res.body.docUrl, `https://${host}/docs/errors#route_not_found`);
      assert.equal(res.body.requestId, 'trace-42');
      assert.equal(res.headers['x-request-id'], 'trace-42');
      assert.doesNotMatch(String(res.body.hint), /twice/);
      // A client whose base URL ends in /v1 sends /v1/v1/…: the hint says so.
      const doubled = await stack.request('GET', `/v1/v1/workspaces/${tenant.workspaceId}/knowledge`, { headers });
      assertHelp(doubled, 404, 'Route not found', 'route_not_found');
      assert.match(doubled.body.hint, /says \/v1 twice: give your client the base URL without \/v1/);
      // Its first call, the token mint, has no /v1 version: the hint names the path without it.
      const mint = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
        headers: { 'x-api-key': tenant.apiKey },
        json: {},
      });
      assertHelp(mint, 404, 'Route not found', 'route_not_found');
      assert.match(
        mint.body.hint,
        new RegExp(`no /v1 in its path: /workspaces/${tenant.workspaceId}/generate-access-key-token\\. If your`),
      );
      const url = new URL(res.body.docUrl as string);
      const page = await stack.request('GET', url.pathname);
      assert.ok(page.text.includes(`id="${url.hash.slice(1)}"`), 'the link lands on the entry');
      // The link never comes from the Host header, which the client chooses.
      const withHost = async (baseUrl: string, hostHeader: string) => {
        const { hostname, port } = new URL(baseUrl);
        const socket = tls.connect({ host: hostname, port: Number(port), ca: stack.ca });
        let answer = '';
        socket.on('data', (d: Buffer) => (answer += d.toString()));
        const closed = new Promise((resolve) => socket.once('close', resolve));
        socket.write(`GET /v1/nothing/here HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`);
        await closed;
        return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { docUrl?: string };
      };
      for (const hostHeader of ['evil.example', 'evil.example:8443', 'localhost']) {
        const spoofed = await withHost(stack.baseUrl, hostHeader);
        assert.equal(spoofed.docUrl, `https://${host}/docs/errors#route_not_found`, hostHeader);
      }
      // PUBLIC_URL (a proxy's address) is where links point when it is set.
      const proxied = await stack.serve({
        ...stack.deps,
        config: { ...stack.deps.config, publicUrl: 'https://kws.example.com/base' },
      });
      const behind = await withHost(proxied.baseUrl, 'evil.example');
      assert.equal(behind.docUrl, 'https://kws.example.com/base/docs/errors#route_not_found');
      assert.equal(
        errorDocUrl('https://[::1]:8443', 'route_not_found'),
        'https://[::1]:8443/docs/errors#route_not_found',
      );
    });

    it('maps SQLSTATE class 22 (a value a column or cast cannot hold) to 400, whichever column it is', async () => {
      const casts: Array<[string, number]> = [
        ['select ?::real as v', 2.1891022342735037e-88],
        ['select ?::real as v', 1e300],
        ['select ?::smallint as v', 70000],
        ['select ?::numeric(3, 1) as v', 1000],
      ];
      for (const [sql, value] of casts) {
        const err = await stack.deps.db.raw(sql, [value]).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(err, sql);
        assert.match(String((err as { code?: string }).code), /^22/);
        const mapped = toAppError(err);
        assert.equal(mapped.status, 400, sql);
        assert.equal(mapped.code, 'value_not_storable');
        assert.equal(mapped.message, 'Invalid field value');
      }
    });
  });

  describe('typos and missing fields', () => {
    it('the document states additionalProperties: false on every request object with known fields', () => {
      type Json = Record<string, unknown>;
      const doc = publishedOpenApiDocument() as unknown as Json;
      const schemas = (doc.components as Json).schemas as Json;
      const open: string[] = [];
      const free: string[] = [];
      const seen = new Set<string>();
      const walk = (node: unknown, where: string): void => {
        if (typeof node !== 'object' || node === null) return;
        const schema = node as Json;
        if (typeof schema.$ref === 'string') {
          const name = schema.$ref.split('/').pop()!;
          if (!seen.has(name)) {
            seen.add(name);
            walk(schemas[name], name);
          }
          return;
        }
        // An object with known fields (a subschema of anyOf/if/then without a type only constrains its parent's).
        // One whose other keys are free by design states what each holds (additionalProperties: a schema).
        if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false) {
          (typeof schema.additionalProperties === 'object' ? free : open).push(where);
        }
        for (const [key, value] of Object.entries(schema)) {
          if (key === 'properties') {
            for (const [name, p] of Object.entries(value as Json)) walk(p, `${where}.${name}`);
          } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}.${key}[${i}]`));
          else if (key !== 'not') walk(value, `${where}.${key}`);
        }
      };
      for (const [p, item] of Object.entries(doc.paths as Json)) {
        for (const [method, op] of Object.entries(item as Json)) {
          const content = ((op as Json).requestBody as Json | undefined)?.content as Json | undefined;
          for (const [type, media] of Object.entries(content ?? {}))
            walk((media as Json).schema, `${method} ${p} (${type})`);
        }
      }
      assert.deepEqual(open, [], 'request objects that take fields they do not list');
      // The spec's free key-value metadata, whose known keys (title, description, language) are checked.
      assert.deepEqual(
        free.sort(),
        ['link', 'text'].map(
          (kind) => `post /v1/workspaces/{workspaceId}/knowledge/${kind} (application/json).metadata`,
        ),
        'request objects that take free keys beside their known ones',
      );
    });

    it('names an unknown body field, with the field it probably meant', async () => {
      const cases: Array<[unknown, string, string, RegExp]> = [
        [
          { query: 'refunds', mdoe: 'hybrid' },
          'Unknown field: mdoe (did you mean mode?)',
          'mdoe',
          /Rename mdoe to mode/,
        ],
        [{ query: 'refunds', limt: 1 }, 'Unknown field: limt (did you mean limit?)', 'limt', /Rename limt to limit/],
        [
          { query: 'refunds', scoreTreshold: 0.2 },
          'Unknown field: scoreTreshold (did you mean scoreThreshold?)',
          'scoreTreshold',
          /scoreThreshold/,
        ],
        [
          { query: 'refunds', colour: 'red' },
          'Unknown field: colour',
          'colour',
          /Remove the field; the body takes query, limit, mode/,
        ],
        [
          { query: 'refunds', mdoe: 'hybrid', limt: 2 },
          'Unknown field: mdoe (did you mean mode?), limt (did you mean limit?)',
          'mdoe',
          /Rename mdoe to mode/,
        ],
      ];
      for (const [json, message, param, hint] of cases) {
        const res = await search(json);
        assertHelp(res, 400, message, 'unknown_field', param);
        assert.match(res.body.hint, hint);
      }
    });

    // A RAG languageId is a language tag, at space RAG as at agent RAG (one field, src/api/schemas/language.ts): its
    // cases are sent here, as schemathesis's coverage phase leaves the RAG bodies to the search's
    // (test/schemathesis.toml).
    it('refuses a RAG languageId that is no language tag at space RAG and agent RAG alike, naming it, and takes one that is', async () => {
      const space = await createUserSpace(stack, tenant, 'rag-language');
      const paths: [string, (json: unknown) => Promise<TestResponse>][] = [
        ['agent RAG', (json) => stack.request('POST', v1('/agent/rag'), { headers, json })],
        [
          'space RAG',
          (json) => stack.request('POST', v1(`/spaces/${space.spaceId}/rag`), { headers: space.headers, json }),
        ],
      ];
      for (const [where, rag] of paths) {
        for (const languageId of ['xx-!!', 'english', 'e', 'en_US', 'en-', 'en-toolongsubtag', '']) {
          const bad = await rag({ text: 'on-call', languageId });
          assertHelp(bad, 400, 'languageId has an invalid format', 'invalid_field', 'languageId');
          assert.match(bad.body.hint, /language tag such as en or pt-BR/, `${where} ${languageId}`);
        }
        const long = await rag({ text: 'x', languageId: `en${'-abcdefgh'.repeat(4)}` });
        assertHelp(long, 400, 'languageId must be at most 35 characters', 'invalid_field', 'languageId');
        for (const languageId of ['en', 'deu', 'en-US', 'zh-Hant-TW']) {
          const good = await rag({ text: 'x', languageId });
          assert.equal(good.status, 200, `${where} ${languageId}: ${good.text}`);
        }
      }
    });

    // The RAG bodies' own fields, at the three RAG paths: text, topK, contextWindow and languageId (the rag tool has no
    // languageId). The fields they share with the search (the filter; scoreThreshold, hybridWeight and rerank too,
    // except in the rag tool) have the search's schemathesis coverage (test/schemathesis.toml); these do not.
    it("refuses each RAG field's out-of-bounds values at every RAG path, naming it, and takes its bounds", async () => {
      const space = await createUserSpace(stack, tenant, 'rag-bounds');
      const spaceRag = (json: Record<string, unknown>) =>
        stack.request('POST', v1(`/spaces/${space.spaceId}/rag`), { headers: space.headers, json });
      const paths: [string, (json: Record<string, unknown>) => Promise<TestResponse>][] = [
        ['space RAG', spaceRag],
        ['agent RAG', (json) => stack.request('POST', v1('/agent/rag'), { headers, json })],
        [
          'the rag tool',
          (json) => stack.request('POST', v1('/agent/tools/rag/execute'), { headers, json: { input: json } }),
        ],
      ];
      const refused: [string, unknown][] = [
        ['text', ''],
        ['text', ' \n\t '],
        ['text', 'a\u0000b'],
        ['text', 'x'.repeat(10_001)],
        ['text', 42],
        ['topK', 0],
        ['topK', 11],
        ['topK', 1.5],
        ['topK', '3'],
        ['contextWindow', -1],
        ['contextWindow', 3],
        ['contextWindow', 0.5],
        ['contextWindow', true],
        ['languageId', ''],
        ['languageId', 'e'.repeat(36)],
        ['languageId', 'en\u0000'],
        ['languageId', 7],
        ...(['text', 'topK', 'contextWindow', 'languageId'] as const).map((field): [string, unknown] => [field, null]),
      ];
      const taken: Record<string, unknown>[] = [
        { text: 'x'.repeat(10_000) },
        { text: 'x', topK: 1, contextWindow: 0 },
        { text: 'parental leave', topK: 10, contextWindow: 2 },
        { text: 'x', languageId: 'en' },
      ];
      for (const [where, rag] of paths) {
        const tool = where === 'the rag tool';
        const param = (field: string) => (tool ? `input.${field}` : field);
        // The tool's input has no languageId.
        for (const [field, value] of refused.filter(([field]) => !tool || field !== 'languageId')) {
          const res = await rag({ text: 'x', [field]: value });
          const sent = `${where} ${field}=${JSON.stringify(value).slice(0, 20)}`;
          assert.equal(res.status, 400, `${sent}: ${res.text}`);
          assert.equal(res.body.param, param(field), `${sent}: ${res.text}`);
          assert.ok(
            ['missing_field', 'invalid_field', 'invalid_type', 'unsafe_text'].includes(res.body.code),
            `${sent}: ${res.text}`,
          );
        }
        const missing = await rag({ topK: 3 });
        assert.equal(missing.status, 400, `${where} without text: ${missing.text}`);
        assert.equal(missing.body.param, param('text'), `${where} without text: ${missing.text}`);
        assert.equal(missing.body.code, 'missing_field', `${where} without text: ${missing.text}`);
        for (const json of taken.filter((json) => !tool || !('languageId' in json))) {
          const res = await rag(json);
          assert.equal(res.status, 200, `${where} ${JSON.stringify(json).slice(0, 60)}: ${res.text}`);
        }
      }
    });

    it('names unknown fields on every kind of body: nested, roles, links, uploads', async () => {
      const link = await stack.request('POST', v1('/knowledge/link'), {
        headers,
        json: { type: 'LINK', url: 'https://example.com/a', titel: 'A' },
      });
      assertHelp(link, 400, 'Unknown field: titel (did you mean title?)', 'unknown_field', 'titel');
      // A required field missing comes first, and the hint points to the look-alike that was sent.
      const role = await stack.request('POST', v1('/role'), { headers, json: { nmae: 'Support' } });
      assertHelp(role, 400, 'Missing required field', 'missing_field', 'name');
      assert.match(role.body.hint, /The body has nmae: did you mean name\?/);
      const described = await stack.request('POST', v1('/role'), {
        headers,
        json: { name: 'Support', descripton: 'x' },
      });
      assertHelp(
        described,
        400,
        'Unknown field: descripton (did you mean description?)',
        'unknown_field',
        'descripton',
      );
      const rag = await stack.request('POST', v1('/agent/rag'), { headers, json: { text: 'x', topk: 3 } });
      assertHelp(rag, 400, 'Unknown field: topk (did you mean topK?)', 'unknown_field', 'topk');
      const tool = await stack.request('POST', v1('/agent/tools/title_search/execute'), {
        headers,
        json: { input: { titel: 'x' } },
      });
      assert.equal(tool.status, 400, tool.text);
      assert.equal(tool.body.code, 'missing_field');
      assert.equal(tool.body.param, 'input.title');
      assert.match(tool.body.hint, /The body has titel: did you mean title\?/);
      // A field sent in a required one's place, too unlike it to be its typo, is named all the same.
      const rbac = await stack.request('PUT', v1('/rbac-status'), { headers, json: { enabled: true } });
      assert.equal(rbac.status, 400, rbac.text);
      assert.equal(rbac.body.code, 'missing_field');
      assert.equal(rbac.body.param, 'rbacEnabled');
      assert.match(rbac.body.hint, /The body has enabled, which the operation does not take: send rbacEnabled instead/);
      const byId = await stack.request('POST', v1('/agent/tools/title_search/execute'), {
        headers,
        json: { input: { query: 'x' } },
      });
      assert.equal(byId.body.param, 'input.title', byId.text);
      assert.match(byId.body.hint, /The body has input\.query, which the operation does not take: send input\.title/);
      // A stray close to another field is said as that field's typo, not as what was sent in the missing one's place.
      const noUrl = await stack.request('POST', v1('/knowledge/link'), { headers, json: { type: 'LINK', titel: 'T' } });
      assert.equal(noUrl.body.param, 'url', noUrl.text);
      assert.equal(
        noUrl.body.hint,
        'Send url. The body also has titel (did you mean title?), which the operation does not take.',
      );
      // The form's fields with a small text file (uploadRequest: the multipart body and its content type).
      const form = (fields: Record<string, string>) =>
        uploadRequest(
          stack.request,
          tenant.workspaceId,
          headers,
          { filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('Refunds within thirty days.') },
          fields,
        );
      const upload = await form({ titel: 'Handbook' });
      assertHelp(upload, 400, 'Unknown field: titel (did you mean title?)', 'unknown_field', 'titel');
      // A spaceId that names no space (Swagger UI's prefilled example id): the form field, and what it is for.
      const inNoSpace = await form({ spaceId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
      assertHelp(inNoSpace, 404, 'Space not found', 'not_found', 'spaceId');
      assert.match(inNoSpace.body.hint, /Leave it out for the workspace's knowledge/);
      // JSON text in a form field or a query parameter that does not parse: where, and a valid value.
      const trailing = await form({ attributes: '{"team": "x",}' });
      assert.equal(trailing.status, 400, trailing.text);
      assert.equal(trailing.body.message, 'attributes must be a JSON object');
      assert.equal(trailing.body.param, 'attributes');
      assert.match(
        trailing.body.hint,
        /^attributes is not valid JSON text \(.*position 13.*\): send it as JSON, e\.g\. \{"team"/,
      );
      const badFilter = await stack.request('GET', v1(`/knowledge?filter=${encodeURIComponent('{"type":"eq",}')}`), {
        headers,
      });
      assert.equal(badFilter.status, 400, badFilter.text);
      assert.equal(badFilter.body.param, 'filter');
      assert.match(
        badFilter.body.hint,
        /^filter is not valid JSON text \(.*\): send it as JSON, e\.g\. \{"type": "eq"/,
      );
      // Nothing of the refused upload is kept.
      const list = await stack.request('GET', v1('/knowledge'), { headers });
      assert.equal(list.body.total, 0, list.text);
      // An upload's id sent as the item's: the 404 says which id it is and where it leads.
      const uploaded = await uploadRequest(stack.request, tenant.workspaceId, headers, {
        filename: 'b.txt',
        contentType: 'text/plain',
        bytes: Buffer.from('Parking is free on weekends.'),
      });
      assert.equal(uploaded.status, 200, uploaded.text);
      const byUploadId = await stack.request('GET', v1(`/knowledge/${uploaded.body.uploadFileMetadataId}`), {
        headers,
      });
      assertHelp(byUploadId, 404, 'Knowledge item not found', 'not_found', 'knowledgeId');
      assert.match(
        byUploadId.body.hint,
        /is an upload's id \(uploadFileMetadataId\), not an item's: GET .*\/upload-file-metadata\//,
      );
      // Only to a credential that may track every upload: a role-bound token (RBAC off, so it reads every item)
      // gets the plain 404.
      await createRole(stack.deps.db, tenant.workspaceId, { customerRoleId: 'upload-hint-probe' });
      const probe = await accessHeaders(stack, tenant, { customerRoleId: 'upload-hint-probe' });
      const asRole = await stack.request('GET', v1(`/knowledge/${uploaded.body.uploadFileMetadataId}`), {
        headers: probe.headers,
      });
      assertError(asRole, 404, 'Knowledge item not found');
      assert.doesNotMatch(asRole.body.hint, /upload/, asRole.text);
    });

    it('names an unknown query parameter, on operations with query parameters and without', async () => {
      const misspelt = await stack.request('GET', v1('/knowledge?limt=5'), { headers });
      assertHelp(misspelt, 400, 'Unknown query parameter: limt (did you mean limit?)', 'unknown_field', 'limt');
      assert.match(misspelt.body.hint, /this operation takes page, limit, filter, externalId/);
      const none = await stack.request('GET', v1('/rbac-status?verbose=1'), { headers });
      assertHelp(none, 400, 'Unknown query parameter: verbose', 'unknown_field', 'verbose');
      assert.equal((await stack.request('GET', v1('/knowledge?limit=5&page=1'), { headers })).status, 200);
      // A parameter sent twice is named as such (no operation reads a list from its query string).
      const twice = await stack.request('GET', v1('/knowledge?limit=5&limit=10'), { headers });
      assertHelp(twice, 400, 'limit must be given once (it came 2 times)', 'invalid_field', 'limit');
      assert.match(twice.body.hint, /^Send limit once in the query string/);
      // An unknown route is still 404, and a path the method does not serve 405.
      assert.equal((await stack.request('GET', '/v1/nothing?x=1')).status, 404);
    });

    it('names the fields of a body sent to an operation that takes none; {} and no body are none', async () => {
      const sync = v1(`/sources/${crypto.randomUUID()}/sync`);
      // confirmDeletes is the sync's query parameter: in the body it was ignored, and the sync began with the guard on.
      const guard = await stack.request('POST', sync, { headers, json: { confirmDeletes: true } });
      assertHelp(guard, 400, 'Unknown field: confirmDeletes', 'unknown_field', 'confirmDeletes');
      assert.equal(guard.body.hint, `confirmDeletes is a query parameter: POST ${sync}?confirmDeletes=true`);
      const near = await stack.request('POST', `${sync}?confirmDeletes=false`, {
        headers,
        json: { confirmDelete: true, force: 1 },
      });
      assertHelp(
        near,
        400,
        'Unknown field: confirmDelete (did you mean confirmDeletes?), force',
        'unknown_field',
        'confirmDelete',
      );
      assert.equal(
        near.body.hint,
        `confirmDeletes is a query parameter: POST ${sync}?confirmDeletes=false&confirmDeletes=true`,
      );
      const item = v1(`/knowledge/${crypto.randomUUID()}`);
      for (const [method, path] of [
        ['POST', `${item}/versions/1/restore`],
        ['POST', `${item}/refetch`],
        ['DELETE', item],
      ] as const) {
        const res = await stack.request(method, path, { headers, json: { bogus: 1 } });
        assertHelp(res, 400, 'Unknown field: bogus', 'unknown_field', 'bogus');
        assert.equal(res.body.hint, 'Remove the field: this operation takes no request body.', path);
        // An empty object is no body, as is none: the operation goes on (to its 404 here).
        for (const json of [{}, undefined]) {
          assertError(await stack.request(method, path, { headers, json }), 404);
        }
      }
      // A GET's body too: the list's page size in the body was ignored (the default page came back).
      const list = v1('/knowledge');
      const page = await stack.request('GET', list, { headers, json: { limit: 5 } });
      assertHelp(page, 400, 'Unknown field: limit', 'unknown_field', 'limit');
      assert.equal(page.body.hint, `limit is a query parameter: GET ${list}?limit=5`);
      for (const json of [{}, undefined])
        assert.equal((await stack.request('GET', list, { headers, json })).status, 200);
      const text = await stack.request('GET', list, {
        headers: { ...headers, 'content-type': 'text/plain' },
        raw: 'x',
      });
      assertHelp(text, 400, NO_BODY_MESSAGE, 'invalid_request', 'Request body');
      // Sent with a Content-Type other than JSON (curl -d sends a form's), the fields are named all the same.
      const form = await stack.request('POST', sync, {
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        raw: '{"confirmDeletes": true}',
      });
      assertHelp(form, 400, 'Unknown field: confirmDeletes', 'unknown_field', 'confirmDeletes');
      // Any other body is no body the operation takes.
      for (const raw of ['[]', '"x"', 'null', '1', ' ', 'confirmDeletes=true']) {
        const res = await rawJson('POST', sync, raw);
        assertHelp(res, 400, NO_BODY_MESSAGE, 'invalid_request', 'Request body');
        assert.equal(
          res.body.hint,
          `Send POST ${sync} without a body (an empty body or {} is taken as none); its options are query parameters: confirmDeletes.`,
          raw,
        );
      }
      // The document says so, beside the unknown-field rule.
      const doc = publishedOpenApiDocument();
      assert.match(doc.info.description ?? '', /An operation that lists no request body takes none/);
      const answers = doc.paths?.['/v1/workspaces/{workspaceId}/sources/{sourceId}/sync']?.post?.responses ?? {};
      assert.match(JSON.stringify(answers['400']), new RegExp(NO_BODY_MESSAGE));
      assert.equal(answers['415'], undefined, 'a body of any type is refused with 400');
    });

    it('keeps the spec message for a missing query, and names the field (and the look-alike sent)', async () => {
      assertHelp(await search({}), 400, 'Missing required field', 'missing_field', 'query');
      assertHelp(await search({ query: '   ' }), 400, 'Missing required field', 'missing_field', 'query');
      const typo = await search({ qeury: 'refunds' });
      assertHelp(typo, 400, 'Missing required field', 'missing_field', 'query');
      assert.match(typo.body.hint, /The body has qeury: did you mean query\?/);
      assertHelp(
        await search({ query: 'x', limit: 51 }),
        400,
        'Invalid limit value, must be between 1 and 50',
        'invalid_field',
        'limit',
      );
      assertHelp(
        await search({ query: 'x', roleIds: ['nope'] }),
        400,
        'roleIds must be an array of valid UUIDs',
        'invalid_field',
        'roleIds[0]',
      );
    });

    it("names a filter's bad member by its path, with the member it probably meant", async () => {
      const kye = await search({
        query: 'x',
        filter: {
          type: 'and',
          filters: [
            { type: 'eq', key: 'team', value: 'a' },
            { type: 'eq', kye: 'team', value: 'b' },
          ],
        },
      });
      assertHelp(
        kye,
        400,
        'filter.filters[1].kye is not a member of a eq comparison (did you mean key?): a eq comparison takes only type, key and value',
        'invalid_filter',
        'filter.filters[1].kye',
      );
      assert.match(kye.body.hint, /Rename filter\.filters\[1\]\.kye to filter\.filters\[1\]\.key/);
      const value = await search({ query: 'x', filter: { type: 'gt', key: 'year', value: 'soon' } });
      assert.equal(value.body.code, 'invalid_filter');
      assert.equal(value.body.param, 'filter.value');
      const listed = await stack.request('GET', v1(`/knowledge?filter=${encodeURIComponent('{"type":"eq"')}`), {
        headers,
      });
      assertHelp(listed, 400, 'filter must be a JSON-encoded filter object', 'invalid_filter', 'filter');
    });

    it('says where JSON is malformed', async () => {
      const res = await rawJson('POST', v1('/knowledge/link'), '{"type": "LINK",}');
      assertHelp(res, 400, 'Malformed JSON in request body', 'malformed_json', 'Request body');
      assert.match(res.body.hint, /position .*Content-Type: application\/json/);
    });

    it('refuses a body that is not UTF-8, rather than storing U+FFFD for each byte it cannot read', async () => {
      // {"title":"Caf\xe9","content":"x"}: Latin-1, as a client that does not encode as UTF-8 sends it.
      const latin1 = Buffer.concat([
        Buffer.from('{"title":"Caf'),
        Buffer.from([0xe9]),
        Buffer.from('","content":"x"}'),
      ]);
      const res = await stack.request('POST', v1('/knowledge/text'), {
        headers: { ...headers, 'content-type': 'application/json' },
        raw: latin1,
      });
      assertHelp(res, 400, 'Request body must be UTF-8', 'malformed_json', 'Request body');
      assert.match(res.body.hint, /^Byte 13 of the body \(0xe9\) is not valid UTF-8/);
      // A charset parameter has no effect (RFC 8259, 11): the bytes decide, UTF-8 under any label is taken.
      const labelled = await stack.request('POST', v1('/knowledge/text'), {
        headers: { ...headers, 'content-type': 'application/json; charset=ISO-8859-1' },
        raw: '{"title":"Cafe","content":"x"}',
      });
      assert.equal(labelled.status, 201, labelled.text);
      // UTF-8, declared or not, is taken as it is.
      const utf8 = await stack.request('POST', v1('/knowledge/text'), {
        headers: { ...headers, 'content-type': 'application/json; charset="UTF-8"' },
        raw: Buffer.from('{"title":"Café ☕","content":"x"}'),
      });
      assert.equal(utf8.status, 201, utf8.text);
      const item = await stack.request('GET', v1(`/knowledge/${utf8.body.id}`), { headers });
      assert.match(item.text, /"title":"Café ☕"/);
    });
  });

  describe('a wrong type or value is named, never called missing (the probe of main)', () => {
    const post = (p: string, json: unknown) => stack.request('POST', v1(p), { headers, json });

    it('says a present field has the wrong type, and what type it takes', async () => {
      const query = await search({ query: 5 });
      assertHelp(query, 400, 'query must be a string', 'invalid_type', 'query');
      assert.match(query.body.hint, /Send query as a string/);
      // A duplicate key is read as JSON.parse reads it (the last one): the same answer.
      const duplicate = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
        raw: '{"query":"x","query":5}',
      });
      assertHelp(duplicate, 400, 'query must be a string', 'invalid_type', 'query');
      assertHelp(
        await post('/knowledge/text', { title: 'x', content: 5 }),
        400,
        'content must be a string',
        'invalid_type',
        'content',
      );
      // Left out, null or blank is still the spec's "Missing required field".
      assertHelp(await search({ query: null }), 400, 'Missing required field', 'missing_field', 'query');
      assertHelp(
        await post('/knowledge/text', { title: 'x' }),
        400,
        'Missing required field',
        'missing_field',
        'content',
      );
      assertHelp(await post('/sources', {}), 400, 'Missing required field', 'missing_field', 'kind');
    });

    it('lists the values an enumerated field takes', async () => {
      assertHelp(
        await post('/sources', { kind: 'ftp' }),
        400,
        'kind must be one of s3, git, website',
        'invalid_field',
        'kind',
      );
      const mode = await search({ query: 'x', mode: 'fuzzy' });
      assertHelp(mode, 400, 'mode must be one of semantic, hybrid, keyword', 'invalid_field', 'mode');
    });

    it('keeps a message the spec fixes and names the rule in the hint', async () => {
      const role = await createRole(stack.deps.db, tenant.workspaceId);
      const renamed = await stack.request('PUT', v1(`/role/${role.id}`), { headers, json: { name: 5 } });
      assertHelp(renamed, 400, 'Invalid field value', 'invalid_type', 'name');
      assert.equal(renamed.body.hint, 'name must be a string.');
      const long = await stack.request('PUT', v1(`/role/${role.id}`), {
        headers,
        json: { description: 'd'.repeat(2001) },
      });
      assertHelp(long, 400, 'Invalid field value', 'invalid_field', 'description');
      assert.equal(long.body.hint, 'description must be at most 2000 characters.');
      const type = await post('/knowledge/link', { type: 'URL', url: 'https://example.com/a' });
      assertHelp(type, 400, 'Type must be LINK', 'invalid_field', 'type');
    });

    it('says which bound a value breaks', async () => {
      assertHelp(
        await post('/api-keys', { name: 'n'.repeat(1000) }),
        400,
        'name must be at most 200 characters',
        'invalid_field',
        'name',
      );
      const hook = '00000000-0000-4000-8000-000000000000';
      assertHelp(
        await stack.request('GET', v1(`/webhooks/${hook}/deliveries?limit=x`), { headers }),
        400,
        'limit must be an integer from 1 to 200',
        'invalid_field',
        'limit',
      );
    });

    // A field's type message ("title must be a string") once answered its length bounds too (typeMessage in
    // src/api/validate.ts; test/unit/api/typeMessages.test.ts walks every request field).
    it("says a string's length bound, not its type, on the fields whose type has a message of its own", async () => {
      const link = { type: 'LINK', url: 'https://example.com/b' };
      const long = await post('/knowledge/link', { ...link, title: 't'.repeat(1001) });
      assertHelp(long, 400, 'title must be at most 1000 characters', 'invalid_field', 'title');
      const blank = await post('/knowledge/link', { ...link, title: ' ' });
      assertHelp(blank, 400, 'title must not be empty', 'missing_field', 'title');
      assertHelp(
        await post('/knowledge/link', { ...link, title: 5 }),
        400,
        'title must be a string',
        'invalid_type',
        'title',
      );
      const space = await createUserSpace(stack, tenant, 'type-messages');
      const group = (json: unknown) =>
        stack.request('POST', v1(`/spaces/${space.spaceId}/group`), { headers: space.headers, json });
      assertHelp(
        await group({ name: 'n'.repeat(256) }),
        400,
        'name must be at most 255 characters',
        'invalid_field',
        'name',
      );
      assertHelp(await group({ name: 7 }), 400, 'name must be a string', 'invalid_type', 'name');
      const groupId = (await group({ name: 'Bounds' })).body.id as string;
      const message = (rag: unknown) =>
        stack.request('POST', v1(`/spaces/${space.spaceId}/message`), {
          headers: space.headers,
          json: { newMessage: 'hi', groupId, type: 'AI', rag },
        });
      const passage = { metadata: { text: 'x', source: '' } };
      assertHelp(
        await message({ knowledge: [{ metadata: { text: 'x'.repeat(100_001), source: '' } }] }),
        400,
        'rag.knowledge[0].metadata.text must be at most 100000 characters',
        'invalid_field',
        'rag.knowledge[0].metadata.text',
      );
      assertHelp(
        await message({ knowledge: Array.from({ length: 101 }, () => passage) }),
        400,
        'rag.knowledge must have at most 100 items',
        'invalid_field',
        'rag.knowledge',
      );
      const jobs = await post('/background-jobs', { jobIds: ['x'.repeat(1001)] });
      assertHelp(jobs, 400, 'jobIds[0] must be at most 1000 characters', 'invalid_field', 'jobIds[0]');
    });

    it('takes an integer as a JSON integer in a body and as decimal digits in a query string', async () => {
      for (const limit of ['10', ' 5 ', '0x10']) {
        const semantic = await search({ query: 'x', limit });
        assertHelp(semantic, 400, 'Invalid limit value, must be between 1 and 50', 'invalid_type', 'limit');
        assert.match(semantic.body.hint, /JSON integer/);
        const title = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search-title`, {
          headers,
          json: { title: 'x', limit },
        });
        assertHelp(title, 400, 'Invalid limit value, must be between 1 and 50', 'invalid_type', 'limit');
        const metadata = await post('/knowledge/search', { metadata: { type: 'LINK' }, limit });
        assertHelp(metadata, 400, 'limit must be an integer from 1 to 100', 'invalid_type', 'limit');
      }
      assert.equal((await search({ query: 'x', limit: 10 })).status, 200);
      assert.equal((await post('/knowledge/search', { metadata: { type: 'LINK' }, page: 2, limit: 5 })).status, 200);
      for (const page of ['1e3', '0x10', '%205%20', '-1', '1.0', '']) {
        const listed = await stack.request('GET', v1(`/knowledge?page=${page}`), { headers });
        assertHelp(listed, 400, 'Invalid page value, must be between 1 and 10000', 'invalid_field', 'page');
      }
      const listed = await stack.request('GET', v1('/knowledge?page=2&limit=5'), { headers });
      assert.deepEqual([listed.status, listed.body.page, listed.body.limit], [200, 2, 5]);
      // The document says the same: integers, with their bounds.
      type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document
      const doc = publishedOpenApiDocument() as unknown as Json;
      const searchBody = doc.paths['/workspaces/{workspaceId}/knowledge/search'].post.requestBody.content[
        'application/json'
      ].schema as Json;
      const body = searchBody.$ref ? doc.components.schemas[searchBody.$ref.split('/').pop()] : searchBody;
      assert.deepEqual(body.properties.limit, { type: 'integer', minimum: 1, maximum: 50, default: 10 });
      const page = (doc.paths['/v1/workspaces/{workspaceId}/knowledge'].get.parameters as Json[]).find(
        (p) => p.name === 'page',
      )!;
      assert.equal(page.schema.type, 'integer');
    });
  });

  describe('the id, field or header at fault is named', () => {
    const zero = '00000000-0000-4000-8000-000000000000';
    const post = (p: string, json: unknown) => stack.request('POST', v1(p), { headers, json });
    const get = (p: string) => stack.request('GET', v1(p), { headers });

    it('names the path parameter of a malformed or unknown id', async () => {
      const cases: Array<[string, number, string, string, string]> = [
        [`/knowledge/${zero}`, 404, 'Knowledge item not found', 'not_found', 'knowledgeId'],
        ['/knowledge/nope', 400, 'Invalid knowledge ID format', 'invalid_field', 'knowledgeId'],
        [`/role/${zero}`, 404, 'Role not found', 'not_found', 'roleId'],
        [`/webhooks/${zero}`, 404, 'Webhook not found', 'not_found', 'webhookId'],
        [`/sources/${zero}`, 404, 'Source not found', 'not_found', 'sourceId'],
        [`/agent/threads/nope`, 400, 'Invalid thread ID format', 'invalid_field', 'threadId'],
        [
          '/upload-file-metadata/nope',
          400,
          'Invalid upload file metadata ID format',
          'invalid_field',
          'uploadFileMetadataId',
        ],
        [`/upload-file-metadata/${zero}`, 404, 'Upload file metadata not found', 'not_found', 'uploadFileMetadataId'],
        [`/spaces/${zero}`, 404, 'Space not found', 'not_found', 'spaceId'],
        [`/agent/servers/${zero}`, 404, 'Agent server not found', 'not_found', 'id'],
      ];
      for (const [p, status, message, code, param] of cases) {
        const res = await get(p);
        assert.equal(res.body.message, message, `${p}: ${res.text}`);
        assertHelp(res, status, message, code, param);
      }
      // The spec's fixed messages name no format: the hints do, and where to find a right value.
      assert.match((await get('/knowledge/nope')).body.hint, /a UUID .*GET …\/knowledge lists them/);
    });

    it('names the field of the body rules the schema cannot name itself', async () => {
      assertHelp(
        await stack.request('POST', v1('/role/find'), { headers, json: {} }),
        400,
        'At least one search criterion required',
        'missing_field',
        'customerRoleId, name',
      );
      const both = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
        headers: { 'x-api-key': tenant.apiKey },
        json: { customerRoleId: 'a', roleId: zero },
      });
      assertHelp(both, 400, 'Provide either customerRoleId or roleId, not both', 'invalid_request', 'roleId');
      const link = await stack.request('POST', v1('/knowledge/link'), {
        headers,
        json: { type: 'LINK', url: 'nope' },
      });
      assertHelp(link, 422, 'Invalid URL format', 'unprocessable', 'url');
      const server = await stack.request('POST', v1('/agent/servers'), {
        headers,
        json: { name: 'a', url: 'https://user:secret@example.com', model: 'm' },
      });
      assertHelp(server, 400, 'url must not carry credentials (use authToken)', 'invalid_field', 'url');
      const hook = await stack.request('POST', v1('/webhooks'), {
        headers,
        json: { url: 'https://93.184.216.34/hook', events: ['nope'] },
      });
      assert.equal(hook.body.param, 'events[0]', hook.text);
      assert.equal(hook.body.code, 'invalid_field');
      const item = await post('/knowledge/text', { title: 't', content: 'c' });
      assert.equal(item.status, 201, item.text);
      const patch = await stack.request('PATCH', v1(`/knowledge/${item.body.id}`), { headers, json: {} });
      assertHelp(patch, 400, 'Send at least one of attributes, text', 'missing_field', 'attributes, text');
    });

    it('refuses a body sent compressed (Content-Encoding) with 415 naming the header, JSON or multipart', async () => {
      const json = Buffer.from(JSON.stringify({ name: 'Support' }));
      for (const [coding, raw] of [
        ['gzip', gzipSync(json)],
        ['br', json],
      ] as const) {
        const res = await stack.request('POST', v1('/role/find'), {
          headers: { ...headers, 'content-type': 'application/json', 'content-encoding': coding },
          raw,
        });
        assertHelp(
          res,
          415,
          `Content-Encoding ${coding} is not supported`,
          'unsupported_media_type',
          'Content-Encoding',
        );
      }
      const form = multipartBody(
        { status: 'BACKGROUND_START' },
        {
          filename: 'a.txt',
          contentType: 'text/plain',
          bytes: Buffer.from('hello'),
        },
      );
      const upload = await stack.request('POST', v1('/knowledge/file'), {
        headers: { ...headers, 'content-type': form.contentType, 'content-encoding': 'gzip' },
        raw: gzipSync(form.body),
      });
      assertHelp(upload, 415, 'Content-Encoding gzip is not supported', 'unsupported_media_type', 'Content-Encoding');
      const plain = await stack.request('POST', v1('/role/find'), {
        headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'identity' },
        raw: json,
      });
      assert.equal(plain.status, 200, plain.text);
    });

    it('says when the body itself is not an object, keeping the message the route gives', async () => {
      for (const body of [[1, 2], 'x', null]) {
        const res = await rawJson('POST', v1('/role/find'), JSON.stringify(body));
        assertHelp(res, 400, 'At least one search criterion required', 'invalid_type', 'Request body');
        assert.match(res.body.hint, /as an object/);
      }
    });

    it('names the body field whose id names nothing: audienceId, roleIds', async () => {
      const audience = await search({ query: 'x', audienceId: zero });
      assertHelp(audience, 404, 'Audience not found', 'not_found', 'audienceId');
      const item = await post('/knowledge/text', { title: 'roles', content: 'c' });
      assert.equal(item.status, 201, item.text);
      const rbac = await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
      assert.equal(rbac.status, 200, rbac.text);
      try {
        const assign = await stack.request('POST', v1(`/knowledge/${item.body.id}/role`), {
          headers,
          json: { roleIds: [zero] },
        });
        assertHelp(assign, 404, 'One or more roles not found', 'not_found', 'roleIds');
      } finally {
        await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: false } });
      }
    });

    it('lists the tools when the tool name is unknown', async () => {
      const res = await stack.request('POST', v1('/agent/tools/nope/execute'), { headers, json: { input: {} } });
      assertHelp(res, 404, 'Tool not found', 'not_found', 'name');
      assert.match(res.body.hint, /knowledge_search, title_search/);
    });
  });

  describe('wrong headers and credentials', () => {
    const list = (h: Record<string, string>) => stack.request('GET', v1('/knowledge'), { headers: h });

    it('says the organizationid is missing, or is not the token organization', async () => {
      const missing = await list({ authorization: `Bearer ${token}` });
      assertHelp(missing, 400, 'Missing required header: organizationid', 'missing_header', 'organizationid');
      assert.ok(missing.body.hint.includes(tenant.organizationId), 'the hint names the organization to send');
      assert.ok(!missing.body.hint.includes('The request has'), missing.body.hint);
      // A look-alike header sent instead is named.
      for (const name of ['organization-id', 'organization_id', 'x-organization-id', 'org-id']) {
        const misnamed = await list({ authorization: `Bearer ${token}`, [name]: tenant.organizationId });
        assertHelp(misnamed, 400, 'Missing required header: organizationid', 'missing_header', 'organizationid');
        assert.ok(
          misnamed.body.hint.endsWith(`The request has ${name}: the header's name is organizationid.`),
          misnamed.body.hint,
        );
      }
      const other = await createTenant(stack.deps.db);
      const wrong = await list({ authorization: `Bearer ${token}`, organizationid: other.organizationId });
      assertHelp(wrong, 403, 'Insufficient permissions', 'organization_mismatch', 'organizationid');
      assert.ok(wrong.body.hint.includes(tenant.organizationId));
      // A header that is no UUID is malformed (400), not another organization (403).
      const malformed = await list({ authorization: `Bearer ${token}`, organizationid: 'abc' });
      assertHelp(malformed, 400, 'Invalid organizationid header: must be a UUID', 'invalid_header', 'organizationid');
      assert.ok(malformed.body.hint.includes(tenant.organizationId));
    });

    it('tells each token mistake apart, keeping the spec message', async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        tokenType: 'access',
        organizationId: tenant.organizationId,
        workspaceId: tenant.workspaceId,
        apiKeyId: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).apiKeyId as string,
      };
      const sign = (secret: Uint8Array, exp: number, issuer = 'kws') =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(issuer)
          .setAudience('kws-api')
          .setIssuedAt(now - 7200)
          .setExpirationTime(exp)
          .sign(secret);
      const expired = await sign(stack.jwtSecret, now - 3600);
      const forged = await sign(new TextEncoder().encode('x'.repeat(32)), now + 3600);
      const foreign = await sign(stack.jwtSecret, now + 3600, 'someone-else');
      const other = await createTenant(stack.deps.db);
      const otherToken = (await accessHeaders(stack, other)).token;
      const org = tenant.organizationId;
      const cases: Array<[string, Record<string, string>, number, string, string, RegExp?]> = [
        ['no Authorization', { organizationid: org }, 401, 'Invalid or expired access token', 'token_missing'],
        [
          'the API key alone',
          { organizationid: org, 'x-api-key': tenant.apiKey },
          401,
          'Invalid or expired access token',
          'token_missing',
          /generate-access-key-token/,
        ],
        [
          'no Bearer scheme',
          { organizationid: org, authorization: token },
          401,
          'Invalid or expired access token',
          'bearer_scheme_missing',
        ],
        [
          'another scheme',
          { organizationid: org, authorization: `Basic ${token}` },
          401,
          'Invalid or expired access token',
          'bearer_scheme_missing',
          /scheme Basic/,
        ],
        [
          'Bearer and no token',
          { organizationid: org, authorization: 'Bearer' },
          401,
          'Invalid or expired access token',
          'bearer_scheme_missing',
          /scheme Bearer but no token/,
        ],
        [
          'a second scheme after the token',
          { organizationid: org, authorization: `Bearer ${token}, Basic abc` },
          401,
          'Invalid or expired access token',
          'bearer_scheme_missing',
          /more than one token after Bearer/,
        ],
        [
          'an API key as the bearer token',
          { organizationid: org, authorization: `Bearer ${tenant.apiKey}` },
          401,
          'Invalid or expired access token',
          'api_key_as_token',
          /generate-access-key-token with header x-api-key/,
        ],
        [
          'expired',
          { organizationid: org, authorization: `Bearer ${expired}` },
          401,
          'Invalid or expired access token',
          'token_expired',
          new RegExp(`expired at ${new Date((now - 3600) * 1000).toISOString()}`),
        ],
        [
          'a bad signature',
          { organizationid: org, authorization: `Bearer ${forged}` },
          401,
          'Invalid or expired access token',
          'token_signature_invalid',
        ],
        [
          'truncated',
          { organizationid: org, authorization: `Bearer ${token.slice(0, Math.floor(token.length / 2))}` },
          401,
          'Invalid or expired access token',
          'token_malformed',
        ],
        [
          'not a JWT',
          { organizationid: org, authorization: 'Bearer hello' },
          401,
          'Invalid or expired access token',
          'token_malformed',
        ],
        [
          'another issuer',
          { organizationid: org, authorization: `Bearer ${foreign}` },
          401,
          'Invalid or expired access token',
          'token_invalid',
        ],
        [
          "another workspace's token",
          { organizationid: other.organizationId, authorization: `Bearer ${otherToken}` },
          403,
          'Insufficient permissions',
          'token_workspace_mismatch',
          new RegExp(other.workspaceId),
        ],
      ];
      for (const [what, h, status, message, code, hint] of cases) {
        const res = await list(h);
        assert.equal(res.body?.code, code, `${what}: ${res.text}`);
        assertHelp(res, status, message, code, 'Authorization');
        if (hint) assert.match(res.body.hint, hint, what);
      }
      // A credential header sent twice is named, whichever copy is good (Node would keep the first Authorization
      // and join two organizationid or x-api-key values into one "a, b").
      const twice = (name: string, values: string[], rest: Record<string, string>) =>
        list({ ...rest, [name]: values as unknown as string });
      for (const [name, res] of [
        ['authorization', await twice('authorization', [`Bearer ${token}`, 'Bearer xyz'], { organizationid: org })],
        ['organizationid', await twice('organizationid', [org, org], { authorization: `Bearer ${token}` })],
      ] as const) {
        assertHelp(res, 400, `The ${name} header must be sent once (it came 2 times)`, 'invalid_header', name);
      }
      const keys = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
        headers: { 'x-api-key': [tenant.apiKey, tenant.apiKey] as unknown as string },
        json: {},
      });
      assertHelp(keys, 400, 'The x-api-key header must be sent once (it came 2 times)', 'invalid_header', 'x-api-key');
    });

    it('tells API key mistakes apart on the token endpoint', async () => {
      const mint = (h: Record<string, string>, workspaceId = tenant.workspaceId) =>
        stack.request('POST', `/workspaces/${workspaceId}/generate-access-key-token`, { headers: h, json: {} });
      const bearer = await mint({ authorization: `Bearer ${token}` });
      assertHelp(bearer, 401, 'Invalid or missing API key', 'api_key_missing', 'x-api-key');
      assert.match(bearer.body.hint, /not a bearer token/);
      assertHelp(
        await mint({ 'x-api-key': 'sk-kws-nope' }),
        401,
        'Invalid or missing API key',
        'api_key_invalid',
        'x-api-key',
      );
      const other = await createTenant(stack.deps.db);
      assertHelp(
        await mint({ 'x-api-key': tenant.apiKey }, other.workspaceId),
        403,
        'Insufficient permissions',
        'api_key_workspace_mismatch',
        'x-api-key',
      );
    });

    it('says an API key was revoked, and a key nobody issued is invalid', async () => {
      const own = await createTenant(stack.deps.db);
      // A second key, made before the first is revoked: its token goes beside the revoked key below.
      const second = await stack.request('POST', `/v1/workspaces/${own.workspaceId}/api-keys`, {
        headers: (await accessHeaders(stack, own)).headers,
        json: { name: 'second' },
      });
      assert.equal(second.status, 201, second.text);
      const [key] = (await apiKeys.listApiKeys(stack.deps.db, own.workspaceId)).filter((k) => k.name !== 'second');
      await apiKeys.revokeApiKey(stack.deps.db, own.workspaceId, key!.id);
      const mint = (apiKey: string) =>
        stack.request('POST', `/workspaces/${own.workspaceId}/generate-access-key-token`, {
          headers: { 'x-api-key': apiKey },
          json: {},
        });
      assertHelp(await mint(own.apiKey), 401, 'Invalid or missing API key', 'api_key_revoked', 'x-api-key');
      // Beside a bearer token (semantic search takes both), the same answer.
      const { headers: h } = await accessHeaders(stack, { ...own, apiKey: second.body.apiKey as string });
      const searched = await stack.request('POST', `/workspaces/${own.workspaceId}/knowledge/search`, {
        headers: { ...h, 'x-api-key': own.apiKey },
        json: { query: 'x' },
      });
      assertHelp(searched, 401, 'Invalid or missing API key', 'api_key_revoked', 'x-api-key');
      // The same shape with another secret is no key at all.
      const forged = own.apiKey.slice(0, -4) + (own.apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      assertHelp(await mint(forged), 401, 'Invalid or missing API key', 'api_key_invalid', 'x-api-key');
    });

    it("refuses the workspace's own token on the agent routes under ACTIVE RBAC with its own code", async () => {
      const own = await createTenant(stack.deps.db);
      const { headers: ws } = await accessHeaders(stack, own);
      await workspaces.setRbacEnabled(stack.deps.db, own.workspaceId, true);
      const res = await stack.request('GET', `/v1/workspaces/${own.workspaceId}/agent/threads`, { headers: ws });
      assertHelp(
        res,
        403,
        'A role-bound token is required when RBAC is active',
        'role_token_required',
        'Authorization',
      );
      assert.match(res.body.hint, /generate-access-key-token .*customerRoleId/);
      // Any other refusal of a valid credential names the credential too.
      await createRole(stack.deps.db, own.workspaceId, { customerRoleId: 'r' });
      const role = await accessHeaders(stack, own, { customerRoleId: 'r' });
      const key = await stack.request('POST', `/v1/workspaces/${own.workspaceId}/webhooks`, {
        headers: role.headers,
        json: { url: 'https://93.184.216.34/hook' },
      });
      assertHelp(key, 403, 'Insufficient permissions', 'permission_denied', 'Authorization');
      // The hint says which credential was sent and which one the operation takes.
      assert.equal(
        key.body.hint,
        'This request used a role-bound token; this operation takes the workspace token (minted without ' +
          'customerRoleId or roleId). Mint the workspace token with POST /workspaces/' +
          `${own.workspaceId}/generate-access-key-token and an empty body.`,
      );
      const subject = await accessHeaders(stack, own, { customerRoleId: 'r', subject: 'alice' });
      const asSubject = await stack.request('POST', `/v1/workspaces/${own.workspaceId}/webhooks`, {
        headers: subject.headers,
        json: { url: 'https://93.184.216.34/hook' },
      });
      assert.match(asSubject.body.hint, /^This request used a role-bound token for one end user \(subject\);/);
    });

    it("says another user's space is private with an access code, keeping the spec's answer", async () => {
      const activate = (userId: string) =>
        stack.request('POST', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space-api-key`, {
          headers: { 'x-api-key': tenant.apiKey },
          json: { userId, email: `${userId}@example.com` },
        });
      const owner = await activate('owner-1');
      const other = await activate('other-1');
      assert.equal(owner.status, 200, owner.text);
      const res = await stack.request('GET', v1(`/spaces/${owner.body.space.id}`), {
        headers: { authorization: `Bearer ${other.body.token}` },
      });
      assert.equal(res.status, 400, res.text);
      assert.deepEqual([res.body.error, res.body.message], ['Error', 'The space is private']);
      assert.equal(res.body.code, 'space_private');
      assert.equal(res.body.param, 'spaceId');
      assert.match(res.body.hint, /user space token/);
    });

    it('says when the minting key was revoked', async () => {
      const own = await createTenant(stack.deps.db);
      const { headers: h } = await accessHeaders(stack, own);
      const [key] = await apiKeys.listApiKeys(stack.deps.db, own.workspaceId);
      await apiKeys.revokeApiKey(stack.deps.db, own.workspaceId, key!.id);
      const res = await stack.request('GET', `/v1/workspaces/${own.workspaceId}/knowledge`, { headers: h });
      assertHelp(res, 401, 'Invalid or expired access token', 'token_revoked', 'Authorization');
    });
  });

  describe('unsupported files', () => {
    const upload = (filename: string, contentType: string, bytes: Buffer, part = 'file') => {
      const { body, contentType: type } = multipartBody({}, { filename, contentType, bytes });
      const renamed =
        part === 'file'
          ? body
          : Buffer.from(body.toString('latin1').replace('name="file"', `name="${part}"`), 'latin1');
      return stack.request('POST', v1('/knowledge/file'), {
        headers: { ...headers, 'content-type': type },
        raw: renamed,
      });
    };
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

    it('names the type detected and lists the supported types', async () => {
      const cases: Array<[string, string, Buffer, RegExp]> = [
        ['setup.exe', 'application/octet-stream', exe, /taken as \(none\)|looks? like application\/x-msdownload/],
        [
          'setup.exe',
          'application/x-msdownload',
          exe,
          /sent as application\/x-msdownload; its bytes look like application\/x-msdownload/,
        ],
        [
          'report.pdf',
          'application/pdf',
          png,
          /sent as application\/pdf, but no %PDF- header; its bytes look like image\/png/,
        ],
      ];
      for (const [filename, type, bytes, detected] of cases) {
        const res = await upload(filename, type, bytes);
        assertHelp(res, 400, 'Unsupported file type', 'unsupported_file_type', 'file');
        assert.match(res.body.hint, detected, `${filename} as ${type}: ${res.body.hint}`);
        assert.match(res.body.hint, /Supported: pdf, doc, docx, txt/);
      }
    });

    it('says an empty file has no bytes, once', async () => {
      const res = await upload('notes.txt', 'text/plain', Buffer.alloc(0));
      assertHelp(res, 400, 'Unsupported file type', 'file_empty', 'file');
      assert.equal(
        res.body.hint,
        'The file was sent as text/plain and has no bytes: send its content (curl -F file=@path reads the file at path).',
      );
    });

    it('names the file part when it is missing, and the part the file came as', async () => {
      const res = await upload('notes.txt', 'text/plain', Buffer.from('hello'), 'document');
      assertHelp(res, 400, 'Missing required field', 'missing_field', 'file');
      assert.match(res.body.hint, /came as the part document/);
    });
  });

  describe('numbers PostgreSQL cannot hold (issue 43)', () => {
    // As the JSON text says them: subnormal, the smallest double, huge, beyond double, negative zero, 17 digits.
    const SUBNORMAL = '2.1891022342735037e-88';
    const TINY = '5e-324';
    const HUGE = '1.7976931348623157e308';
    const BEYOND = '1e400';
    const NEG_ZERO = '-0';
    const DIGITS17 = '0.12345678901234567';
    const IN_UNIT = [SUBNORMAL, TINY, NEG_ZERO, DIGITS17, '-0.0', '1'];
    const OUT_OF_UNIT = [HUGE, BEYOND, '-1e-300', '1.0000000000000002'];
    /** What a stored number reads back as: the double the text names (-0 as 0, which JSON writes). */
    const stored = (text: string) => (Object.is(Number(text), -0) ? 0 : Number(text));

    it('maxDeleteShare: every share from 0 to 1 is kept as sent; anything else is 400 naming it', async () => {
      const config = '{"endpoint": "https://planted.example", "bucket": "planted"}';
      for (const value of IN_UNIT) {
        const created = await rawJson(
          'POST',
          v1('/sources'),
          `{"kind": "s3", "config": ${config}, "maxDeleteShare": ${value}}`,
        );
        assert.equal(created.status, 201, `${value}: ${created.text}`);
        assert.equal(created.body.maxDeleteShare, stored(value), value);
        const patched = await rawJson(
          'PATCH',
          v1(`/sources/${created.body.id}`),
          `{"maxDeleteShare": ${value}, "attributes": {"x": -9.978026222055143e-236}}`,
        );
        assert.equal(patched.status, 200, `${value}: ${patched.text}`);
        const read = await stack.request('GET', v1(`/sources/${created.body.id}`), { headers });
        assert.equal(read.body.maxDeleteShare, stored(value), value);
        assert.deepEqual(read.body.attributes, { x: -9.978026222055143e-236 });
      }
      for (const value of OUT_OF_UNIT) {
        const res = await rawJson(
          'POST',
          v1('/sources'),
          `{"kind": "s3", "config": ${config}, "maxDeleteShare": ${value}}`,
        );
        assertHelp(res, 400, 'Invalid field value', 'invalid_field', 'maxDeleteShare');
      }
      // The outside fuzzer's case: a git source whose config holds lone surrogates, with a subnormal share.
      const git = await rawJson(
        'POST',
        v1('/sources'),
        `{"kind": "git", "config": {"url": "https://example.com/r.git", "branch": "\\ud800", "paths": ["\\udfff"]}, "maxDeleteShare": ${SUBNORMAL}}`,
      );
      assert.equal(git.status, 400, git.text);
      assert.equal(git.body.code, 'unsafe_text');
    });

    it('attribute values: any finite number is kept exactly, on every path that sets them, and filters on them', async () => {
      const finite = [SUBNORMAL, TINY, HUGE, NEG_ZERO, DIGITS17, '-9.978026222055143e-236'];
      for (const value of finite) {
        const created = await rawJson(
          'POST',
          v1('/knowledge/text'),
          `{"title": "n ${value}", "content": "Number ${value}.", "attributes": {"n": ${value}}}`,
        );
        assert.equal(created.status, 201, `${value}: ${created.text}`);
        const patched = await rawJson(
          'PATCH',
          v1(`/knowledge/${created.body.id}`),
          `{"attributes": {"n": ${value}, "m": ${value}}}`,
        );
        assert.equal(patched.status, 200, `${value}: ${patched.text}`);
        assert.deepEqual(patched.body.attributes, { n: stored(value), m: stored(value) }, value);
        const { body, contentType } = multipartBody(
          { attributes: `{"n": ${value}}`, status: 'BACKGROUND_START' },
          { filename: 'n.txt', contentType: 'text/plain', bytes: Buffer.from(`Number ${value}.`) },
        );
        const uploaded = await stack.request('POST', v1('/knowledge/file'), {
          headers: { ...headers, 'content-type': contentType },
          raw: body,
        });
        assert.equal(uploaded.status, 200, `${value}: ${uploaded.text}`);
      }
      const beyond = await rawJson(
        'POST',
        v1('/knowledge/text'),
        `{"title": "t", "content": "c", "attributes": {"n": ${BEYOND}}}`,
      );
      assertHelp(beyond, 400, 'attributes.n must be a finite number', 'invalid_field', 'attributes.n');
      // Filters compare them exactly (numeric, not float4): one item per value, each found by eq and by a range.
      for (const value of finite) {
        for (const type of ['eq', 'gte', 'lte']) {
          const filter = encodeURIComponent(`{"type":"${type}","key":"m","value":${value}}`);
          const res = await stack.request('GET', v1(`/knowledge?filter=${filter}`), { headers });
          assert.equal(res.status, 200, `${type} ${value}: ${res.text}`);
          if (type === 'eq') assert.equal(res.body.total, 1, `eq ${value}`);
        }
        const found = await search({ query: 'Number', filter: JSON.parse(`{"type":"eq","key":"m","value":${value}}`) });
        assert.equal(found.status, 200, found.text);
      }
      const filter = encodeURIComponent(`{"type":"eq","key":"m","value":${BEYOND}}`);
      const res = await stack.request('GET', v1(`/knowledge?filter=${filter}`), { headers });
      assertHelp(res, 400, 'filter.value must be a finite number', 'invalid_filter', 'filter.value');
    });

    it('hybridWeight and scoreThreshold: 0 to 1 in every search, space RAG and agent RAG; anything else is 400', async () => {
      const space = await stack.request('PUT', `/workspaces/${tenant.workspaceId}/activate-or-retrieve-user-space`, {
        headers,
        json: { workspaceId: tenant.workspaceId, customerIdString: 'numbers' },
      });
      assert.equal(space.status, 200, space.text);
      const targets: Array<[string, string, string]> = [
        [
          '/knowledge/search',
          `/workspaces/${tenant.workspaceId}/knowledge/search`,
          '"query": "Number", "mode": "hybrid"',
        ],
        ['space RAG', v1(`/spaces/${space.body.spaceId}/rag`), '"text": "Number"'],
        ['agent RAG', v1('/agent/rag'), '"text": "Number"'],
      ];
      for (const [what, p, rest] of targets) {
        const h: Record<string, string> =
          what === 'space RAG'
            ? { authorization: `Bearer ${space.body.token}` }
            : { ...headers, 'x-api-key': tenant.apiKey };
        const send = (field: string, value: string) =>
          stack.request('POST', p, {
            headers: { ...h, 'content-type': 'application/json' },
            raw: `{${rest}, "${field}": ${value}}`,
          });
        for (const field of ['hybridWeight', 'scoreThreshold']) {
          for (const value of IN_UNIT) {
            const res = await send(field, value);
            assert.equal(res.status, 200, `${what} ${field}=${value}: ${res.text}`);
          }
          for (const value of OUT_OF_UNIT) {
            const res = await send(field, value);
            assert.equal(res.status, 400, `${what} ${field}=${value}: ${res.text}`);
            assert.equal(res.body.code, 'invalid_field');
            assert.equal(res.body.param, field);
          }
        }
      }
    });

    it('free metadata and bounded integers take the same values without a server error', async () => {
      for (const value of [SUBNORMAL, TINY, HUGE, NEG_ZERO, DIGITS17, BEYOND]) {
        const link = await rawJson(
          'POST',
          v1('/knowledge/link'),
          `{"type": "LINK", "url": "https://example.com/${encodeURIComponent(value)}", "metadata": {"n": ${value}}}`,
        );
        assert.equal(link.status, 201, `${value}: ${link.text}`);
        for (const [p, body] of [
          ['/knowledge/search', `{"metadata": {"type": "LINK"}, "limit": ${value}}`],
          ['/knowledge/search', `{"metadata": {"type": "LINK"}, "page": ${value}}`],
          ['/knowledge/website', `{"url": "https://example.com", "maxPages": ${value}}`],
        ] as const) {
          const res = await rawJson('POST', v1(p), body);
          assert.ok(res.status < 500, `${p} ${body}: ${res.text}`);
          assert.equal(res.status, 400, `${p} ${body}: ${res.text}`);
          assert.equal(res.body.code, 'invalid_field', res.text);
        }
      }
    });
  });
});
