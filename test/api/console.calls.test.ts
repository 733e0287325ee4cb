// Every API call in the console's source names a documented operation: the walk in console.browser.test.ts
// checks the answers it receives against the document, and this covers the calls a walk does not make (creating
// a webhook or an agent server, an item's chunks and versions), read from the source itself.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileTemplate } from '../../src/api/middleware/methods';
import { publishedOpenApiDocument } from '../../src/api/published';

const SOURCE = path.resolve(__dirname, '../../../console/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/** `api('METHOD', '/path')` calls (workspace-relative, `~/` for the unversioned routes) as method and full path. */
function consoleCalls(): string[] {
  const calls: string[] = [];
  const call = /\(\s*'(GET|POST|PUT|PATCH|DELETE)',\s*[`']([^`']+)[`']/g;
  const byVariable = /\(\s*action,\s*`([^`]+)`/g;
  for (const file of sources(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    const full = (p: string) =>
      (p.startsWith('~/') ? `/workspaces/{w}/${p.slice(2)}` : p.startsWith('/v1/') ? p : `/v1/workspaces/{w}${p}`)
        .replace(/\$\{[^}]+\}/g, '{x}')
        .split('?')[0]!;
    for (const m of text.matchAll(call)) {
      // New sources: `/knowledge/${kind}` for the three kinds the form offers.
      if (m[2] === '/knowledge/${kind}')
        calls.push(...['text', 'url', 'website'].map((k) => `POST ${full(`/knowledge/${k}`)}`));
      else calls.push(`${m[1]} ${full(m[2]!)}`);
    }
    // The role assignment's method is a variable: POST (assign) or DELETE (remove).
    for (const m of text.matchAll(byVariable)) calls.push(`POST ${full(m[1]!)}`, `DELETE ${full(m[1]!)}`);
    // The token endpoint is called with fetch outside the api() helper (the upload's XMLHttpRequest is matched above).
    if (text.includes('generate-access-key-token')) calls.push('POST /workspaces/{w}/generate-access-key-token');
  }
  return [...new Set(calls)].sort();
}

describe('console API calls', () => {
  it('are each a documented operation', () => {
    const doc = publishedOpenApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), ...compileTemplate(template), template })),
    );
    const calls = consoleCalls();
    assert.ok(calls.length >= 20, `found the console's calls (${calls.length})`);
    // The overview's storage and the integrations' test event and key panel are read from the source too.
    for (const c of [
      'GET /v1/workspaces/{w}/storage',
      'POST /v1/workspaces/{w}/webhooks/{x}/test',
      'GET /v1/workspaces/{w}/api-keys',
      'POST /v1/workspaces/{w}/api-keys',
      'DELETE /v1/workspaces/{w}/api-keys/{x}',
    ]) {
      assert.ok(calls.includes(c), `the console calls ${c}`);
    }
    const undocumented = calls.filter((c) => {
      const [method, p] = c.split(' ') as [string, string];
      const matching = operations.filter((o) => o.pattern.test(p));
      const literals = Math.max(...matching.map((o) => o.literals));
      return !matching.some((o) => o.literals === literals && o.method === method);
    });
    assert.deepEqual(undocumented, [], 'every call the console makes is in the OpenAPI document');
  });
});
