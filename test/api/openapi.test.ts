// The published contract: the document is valid OpenAPI 3.1, has exactly one operation per mounted route (and
// none without one), covers every endpoint of the interface specification, carries each route's policy and
// security, is served publicly at GET /openapi.json, and equals the committed openapi.json and client types.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { apiRouter } from '../../src/api/app';
import { CLEAN_TEXT_PATTERN, isCleanText, UNSAFE_TEXT_MESSAGE } from '../../src/api/middleware/text';
import { patternExcludesNul } from '../../src/api/openapi/nulFree';
import { SECURITY_SCHEMES } from '../../src/api/openapi/render';
import { NON_BLANK } from '../../src/api/openapi/operation';
import { publishedOpenApiDocument } from '../../src/api/published';
import { routeAnswer, routeEntries } from '../../src/api/routes/table';
import { POLICY } from '../../src/policies/actions';
import { CREDENTIAL_KINDS } from '../../src/policies/credentials';
import { PUBLISHED_FILES } from '../../scripts/openapi';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createTenant } from '../helpers/factories';
import { createClient } from '../helpers/http';
import { run } from '../helpers/pythonTools';
import { getStack, type TestStack } from '../helpers/stack';

const ROOT = path.resolve(__dirname, '../../..');
// shared/ sits beside the checkout (CI's clone) or beside the folder of worktrees.
const SPECS = ['..', '../..'].map((up) => path.resolve(ROOT, up, 'shared/spec/interface-specification.md'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document

function documentedOperations(doc: Json): string[] {
  return Object.entries(doc.paths as Json).flatMap(([p, item]) =>
    METHODS.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${p}`),
  );
}

/** The spec's endpoint rows: `| METHOD | /path |`, the Agent API's relative to its base path. */
async function specRows(): Promise<string[]> {
  let text = '';
  for (const spec of SPECS) text ||= await readFile(spec, 'utf8').catch(() => '');
  if (!text) return [];
  const rows: string[] = [];
  let agent = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) agent = line.includes('Agent API');
    const m = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/[^\s|]+)/.exec(line);
    if (!m) continue;
    const p = m[2]!;
    rows.push(`${m[1]} ${agent ? `/v1/workspaces/{workspaceId}${p}` : p}`);
    // "also addressed as /v1/…": the title search's second path.
    const also = /also addressed as (\/v1\/[^\s)]+)/.exec(line);
    if (also) rows.push(`${m[1]} ${also[1]}`);
  }
  return rows;
}

describe('OpenAPI document', () => {
  let stack: TestStack;
  let doc: Json;
  before(async () => {
    stack = await getStack();
    doc = publishedOpenApiDocument() as unknown as Json;
  });

  it('is built once per process and frozen, the served one too (a change needs a copy)', async () => {
    const once = publishedOpenApiDocument();
    assert.equal(publishedOpenApiDocument(), once);
    assert.ok(Object.isFrozen(once) && Object.isFrozen(once.paths) && Object.isFrozen(once.components));
    assert.throws(() => {
      (once as Json).info.title = 'changed';
    }, TypeError);
    const served = await stack.request('GET', '/openapi.json');
    assert.deepEqual(served.body, JSON.parse(JSON.stringify(once)));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const { Validator } = (await import('@seriousme/openapi-schema-validator')) as {
      Validator: new () => { validate(d: unknown): Promise<{ valid: boolean; errors?: unknown }>; version: string };
    };
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(validator.version, '3.1');
  });

  it('has exactly one operation per mounted route, and none for a route that is not mounted', async () => {
    const routes = routeEntries(apiRouter(stack.deps)).map((r) => `${r.method} ${r.path}`);
    const documented = documentedOperations(doc);
    assert.equal(new Set(documented).size, documented.length, 'an operation is documented twice');
    const undocumented = routes.filter((r) => !documented.includes(r));
    const unmounted = documented.filter((d) => !routes.includes(d));
    assert.deepEqual(
      undocumented,
      [],
      'mounted routes without an operation: register them in src/api/routes/<resource>/openapi.ts',
    );
    assert.deepEqual(unmounted, [], 'documented operations that no route serves');
    const ids = documentedOperations(doc).map((o) => {
      const [method, p] = o.split(' ');
      return doc.paths[p!][method!.toLowerCase()].operationId;
    });
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  });

  it('covers every endpoint of the interface specification', async function () {
    const rows = await specRows();
    if (rows.length === 0) this.skip(); // the spec lives beside the repository (../shared); absent in a bare clone
    const documented = documentedOperations(doc);
    // The Agent API is built on its own branch; once any of it is mounted, all of it must be documented.
    const agentServed = documented.some((d) => d.includes('/agent/'));
    const missing = rows.filter((r) => !documented.includes(r) && (agentServed || !r.includes('/agent/')));
    assert.deepEqual(missing, [], 'spec rows without an operation');
    assert.ok(rows.length >= 38, `${rows.length} spec rows`);
  });

  it("carries each route's policy, security and organizationid header", async () => {
    for (const route of routeEntries(apiRouter(stack.deps))) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const where = `${route.method} ${route.path}`;
      assert.equal(op['x-kws-policy'].action, route.action, where);
      for (const kind of CREDENTIAL_KINDS) {
        const answer = routeAnswer(route, kind);
        if (answer === 'allowed') assert.ok(op['x-kws-policy'].allowed.includes(kind), `${where}: ${kind}`);
        else assert.equal(op['x-kws-policy'].refused[kind], answer, `${where}: ${kind}`);
      }
      assert.match(op.description, new RegExp(`\\*\\*Authorization\\*\\*: \`${route.action!.replace('.', '\\.')}\``));
      const schemes = (op.security as Json[]).flatMap((s) => Object.keys(s));
      for (const s of schemes) assert.ok(s in SECURITY_SCHEMES, `${where}: scheme ${s}`);
      const header = (op.parameters ?? []).find((p: Json) => p.in === 'header' && p.name === 'organizationid');
      if (route.credential === 'none') {
        // Public; GET /metrics has a token of its own outside the policy layer (METRICS_TOKEN, when set).
        const own = route.path === '/metrics' ? [{}, { metricsToken: [] }] : [];
        assert.deepEqual(op.security, own, `${where} is public`);
        assert.equal(header, undefined);
        assert.equal(op.responses['401'] !== undefined, own.length > 0, `${where}: 401 only with a token of its own`);
        continue;
      }
      assert.ok(op.responses['401'], `${where} documents 401`);
      if (route.credential === 'apiKey') {
        assert.deepEqual(op.security, [{ apiKey: [] }], where);
        continue;
      }
      const allow = POLICY[route.action!].allow as readonly string[];
      assert.equal(schemes.includes('userSpaceToken'), allow.includes('userSpace'), where);
      const required = route.options.organizationHeader !== 'optional' && !allow.includes('userSpace');
      assert.equal(header?.required === true, required, `${where}: organizationid required=${required}`);
    }
  });

  it('documents X-API-Version on every /v1 response and the error body on every error status', () => {
    for (const [p, item] of Object.entries(doc.paths as Json)) {
      for (const m of METHODS.filter((x) => x in item)) {
        for (const [status, res] of Object.entries(item[m].responses as Json)) {
          const where = `${m.toUpperCase()} ${p} ${status}`;
          if (p.startsWith('/v1/')) assert.ok(res.headers?.['X-API-Version'], `${where}: X-API-Version`);
          const own = (p === '/health/ready' && status === '503') || p.endsWith('/mcp'); // their own error bodies
          if (Number(status) >= 400 && !own) {
            assert.equal(res.content['application/json'].schema.$ref, '#/components/schemas/Error', where);
          }
        }
        assert.ok(item[m].responses['500'], `${m.toUpperCase()} ${p} documents 500`);
      }
    }
  });

  it('states on every request string that NUL and unpaired surrogates are refused, as the service does', async () => {
    const served = (await stack.request('GET', '/openapi.json')).body as Json;
    // Every string a request carries (but enums, constants, UUIDs, timestamps and file bytes) has the pattern.
    const unstated: string[] = [];
    const components = served.components.schemas as Json;
    const seen = new Set<string>();
    const selfClean = new Set<string>();
    const walk = (s: unknown, where: string): void => {
      if (typeof s !== 'object' || s === null) return;
      const schema = s as Json;
      if (typeof schema.$ref === 'string') {
        const name = schema.$ref.split('/').pop() as string;
        if (!seen.has(name)) {
          seen.add(name);
          walk(components[name], name);
        }
      }
      const strings = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
      const exempt = 'enum' in schema || 'const' in schema || ['uuid', 'date-time', 'binary'].includes(schema.format);
      // The clean-text pattern, or a pattern of the field's own that refuses NUL already (nulFree.ts).
      const patterns = [schema.pattern, ...((schema.allOf ?? []) as Json[]).map((x) => x.pattern)];
      const ownRefusesNul =
        typeof schema.pattern === 'string' &&
        schema.pattern !== CLEAN_TEXT_PATTERN &&
        patternExcludesNul(schema.pattern);
      if (strings && !exempt && !patterns.includes(CLEAN_TEXT_PATTERN) && !ownRefusesNul) unstated.push(where);
      if (ownRefusesNul) {
        assert.ok(!patterns.includes(CLEAN_TEXT_PATTERN), `${where}: the rule is stated once`);
        selfClean.add(schema.pattern);
      }
      const free = (v: unknown) =>
        typeof v === 'object' && v !== null && Object.keys(v).every((k) => k === 'description');
      for (const key of ['additionalProperties', 'items']) {
        if (free(schema[key])) unstated.push(`${where}.${key} (any value)`);
      }
      for (const [key, v] of Object.entries(schema)) {
        if (key === 'properties' || key === 'patternProperties') {
          for (const [name, p] of Object.entries(v as Json)) {
            if (free(p)) unstated.push(`${where}.${name} (any value)`);
            walk(p, `${where}.${name}`);
          }
        } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}.${key}[${i}]`));
        else if (typeof v === 'object' && key !== 'not') walk(v, `${where}.${key}`);
      }
    };
    for (const [p, item] of Object.entries(served.paths as Json)) {
      for (const m of METHODS.filter((x) => x in item)) {
        for (const param of (item[m].parameters ?? []) as Json[]) walk(param.schema, `${m} ${p} ${param.name}`);
        for (const [type, media] of Object.entries((item[m].requestBody?.content ?? {}) as Json)) {
          walk(media.schema, `${m} ${p} body (${type})`);
        }
      }
    }
    assert.deepEqual(unstated, [], 'request strings without the clean-text pattern');
    // Patterns that state the rule themselves: uuids, identifiers, tokens and the like, each refusing a NUL.
    assert.ok(selfClean.size >= 10, [...selfClean].join('\n'));
    for (const own of selfClean) assert.equal(new RegExp(own, 'u').test('\u0000'), false, own);

    // The pattern refuses exactly the strings holding a NUL; unpaired surrogates are stated in words.
    const pattern = new RegExp(CLEAN_TEXT_PATTERN, 'u');
    for (const sample of ['', 'plain', 'emoji \u{1F600} pair', 'a\u0000b', '\u0000']) {
      assert.equal(pattern.test(sample), !sample.includes('\u0000'), JSON.stringify(sample));
    }
    assert.match(served.info.description, /no unpaired UTF-16 surrogate/);
    assert.match(components.CleanJsonValue.description, /no unpaired UTF-16 surrogate/);
    assert.equal(isCleanText('\uD800'), false);

    // A validator of the document refuses what the service refuses: a NUL in a field, in a metadata key, or
    // deep in a metadata value, and a field the schema does not list (additionalProperties: false); the service
    // answers those (and an unpaired surrogate) 400 through HTTPS.
    const ajv = new Ajv2020({ strict: false });
    const text = served.paths['/v1/workspaces/{workspaceId}/knowledge/text'].post;
    const valid = ajv.compile({
      ...text.requestBody.content['application/json'].schema,
      components: served.components,
    });
    const good = { title: 'Refunds \u{1F600}', content: 'Within thirty days.', metadata: { team: ['a', { b: 1 }] } };
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const post = (json: unknown) =>
      stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/text`, { headers, json });
    assert.ok(valid(good), JSON.stringify(valid.errors));
    const res = await post(good);
    assert.equal(res.status, 201, res.text);
    for (const bad of [
      { ...good, 'unknown\u0000': 'refused \u0000' },
      { ...good, title: 'a\u0000b' },
      { ...good, metadata: { 'k\u0000': 1 } },
      { ...good, metadata: { team: ['a', { b: 'c\u0000' }] } },
    ]) {
      assert.equal(valid(bad), false, `the document allows ${JSON.stringify(bad)}`);
      assertError(await post(bad), 400, UNSAFE_TEXT_MESSAGE);
    }
    assertError(await post({ ...good, content: 'lone \uD800 surrogate' }), 400, UNSAFE_TEXT_MESSAGE);
  });

  it('spells "not blank" as the characters trim removes, which every regular expression dialect reads alike', () => {
    // \s and \S differ between dialects (Python's and Rust's, which schemathesis uses, count U+0085 as blank).
    assert.doesNotMatch(NON_BLANK, /\\[sS]/);
    const nonBlank = new RegExp(NON_BLANK, 'u');
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      assert.equal(nonBlank.test(ch), ch.trim() !== '', `U+${c.toString(16).padStart(4, '0')}`);
    }
  });

  it('is served without a credential at GET /openapi.json, and the docs page at GET /docs', async () => {
    const res = await stack.request('GET', '/openapi.json');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, JSON.parse(JSON.stringify(doc)));
    const page = await stack.request('GET', '/docs');
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
    assert.doesNotMatch(page.text, /https?:\/\//, 'the page loads nothing from another origin');
    for (const src of page.text.matchAll(/(?:href|src)="(docs\/assets\/[^"]+)"/g)) {
      const asset = await stack.request('GET', `/${src[1]}`);
      assert.equal(asset.status, 200, src[1]);
    }
    const missing = await stack.request('GET', '/docs/assets/nothing.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Asset not found');
  });

  it('moves /docs/ and /docs/errors/ to the page without the slash, where its relative URLs resolve', async () => {
    // No operation of the document: the drift guard would read the path as /docs.
    const request = createClient(stack.baseUrl, stack.ca, { contract: false });
    for (const [page, location] of [
      ['/docs/', '../docs'],
      ['/docs/errors/', '../errors'],
    ] as const) {
      const moved = await request('GET', page);
      assert.equal(moved.status, 301, moved.text);
      assert.equal(moved.headers.location, location);
      const target = new URL(location, `https://kws.invalid${page}`).pathname;
      assert.equal(target, page.slice(0, -1));
      assert.equal((await stack.request('GET', target)).status, 200);
    }
    // The console's asset URLs are absolute: its page is served with the slash as without it.
    const consolePage = await request('GET', '/console/');
    assert.equal(consolePage.status, (await stack.request('GET', '/console')).status);
  });

  it('equals the committed openapi.json and client types (run `npm run openapi` after changing the API)', async function () {
    this.timeout(120_000);
    // `npm run openapi -- --check` in a process of its own: generating the client types is seconds of one thread,
    // which in this process would hold the tasks of its Temporal worker (test/hooks.ts watches for that).
    const script = path.join(ROOT, 'dist/scripts/openapi.js');
    assert.ok(existsSync(script), `${script} is missing: npm run build first`);
    const { code, output } = await run(process.execPath, [script, '--check'], { cwd: ROOT });
    assert.equal(code, 0, `${output}\nthe files above are stale: run npm run openapi and commit the result`);
    assert.deepEqual(Object.keys(PUBLISHED_FILES).sort(), ['clientTypes', 'document', 'errorGuide']);
  });
});
