// The docs page in a real headless Chromium (Debian's, driven by playwright-core; no browser download): it loads
// with nothing from another origin, lists every tag and every operation of the document, and a request tried from
// the page with a token through the Authorize box answers 200, and so do knowledge search tried with its default
// example (the hand-written one, finding the runbook it asks about) and the MCP endpoint with its tools/list.
// Screenshots go to the test output.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS as OUTPUT, launchChromium } from '../helpers/chromium';
import { publishedOpenApiDocument } from '../../src/api/published';
import { createTextExamples, searchExamples, uploadFileExamples } from '../../src/api/routes/knowledge/examples';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import { waitForJob } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

describe('docs page in Chromium', function () {
  this.timeout(180_000);
  let stack: TestStack;
  let browser: Browser;

  before(async () => {
    stack = await getStack();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  /** "Try it out" on knowledge search, Execute with the default example: 200 and the runbook found. */
  async function searchWithDefaultExample(page: Page, tenant: Tenant): Promise<void> {
    const op = page.locator('#operations-Search-searchKnowledge');
    await op.locator('.opblock-summary').click();
    await op.locator('.try-out__btn').click();
    const body = op.locator('textarea.body-param__text');
    assert.deepEqual(JSON.parse((await body.inputValue()) || 'null'), searchExamples.request.semantic.value);
    await op.locator('tr[data-param-name="workspaceId"] input').fill(tenant.workspaceId);
    await op.locator('.execute').click();
    const status = op.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    const answer = await op.locator('.live-responses-table tbody .response-col_description pre').first().textContent();
    assert.equal((await status.textContent())?.trim(), '200', answer ?? '');
    const results = JSON.parse(answer ?? '').results as Array<{ title: string }>;
    assert.equal(results[0]?.title, 'Rotating API keys', answer ?? '');
    await op.scrollIntoViewIfNeeded();
  }

  it('lists every tag and operation, and requests tried with a token (the search with its example) answer 200', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { token, headers } = await accessHeaders(stack, tenant);
    // Something to find: the runbook of the examples.
    const created = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/text`, {
      headers,
      json: createTextExamples.request.runbook.value,
    });
    assert.equal(created.status, 201, created.text);
    const job = await waitForJob(stack.request, tenant.workspaceId, headers, created.body.jobId);
    assert.equal(job.status, 'COMPLETED');
    const doc = publishedOpenApiDocument();
    // The self-signed test certificate is the only thing the browser is told to accept.
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const foreign: string[] = [];
    const origin = new URL(stack.baseUrl).origin;
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(m.text());
    });

    await page.goto(`${stack.baseUrl}/docs`, { waitUntil: 'load' });
    await page.waitForSelector('.opblock', { timeout: 60_000 });

    const tags = await page.$$eval('h3.opblock-tag', (hs) => hs.map((h) => h.getAttribute('data-tag')));
    assert.deepEqual(tags.sort(), (doc.tags ?? []).map((t) => t.name).sort(), 'every tag is listed');
    const listed = await page.$$eval('.opblock', (blocks) =>
      blocks.map((b) => {
        const method = b.querySelector('.opblock-summary-method')?.textContent?.trim();
        const p = b.querySelector('.opblock-summary-path')?.getAttribute('data-path');
        return `${method} ${p}`;
      }),
    );
    const documented = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
      ['get', 'post', 'put', 'patch', 'delete']
        .filter((m) => (item as Record<string, unknown>)[m])
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    assert.deepEqual(listed.sort(), documented.sort(), 'every operation is listed');

    // Authorize with the access token and the API key (the dialog says which goes where), then try
    // GET /v1/workspaces/{workspaceId}/role from the page.
    await page.click('.auth-wrapper .authorize');
    const dialog = page.locator('.modal-ux');
    const dialogText = (await dialog.textContent()) ?? '';
    for (const words of ['generate-access-key-token', 'organizationid', 'x-api-key', 'Every /v1 route refuses it']) {
      assert.ok(dialogText.includes(words), `the Authorize dialog says ${words}`);
    }
    for (const [scheme, value] of [
      ['accessToken', token],
      ['apiKey', tenant.apiKey],
    ] as const) {
      const section = page.locator('.auth-container').filter({ has: page.locator('h4 code', { hasText: scheme }) });
      await section.locator('input').fill(value);
      await section.locator('button.authorize').click();
    }
    await mkdir(OUTPUT, { recursive: true });
    await page.screenshot({ path: path.join(OUTPUT, 'docs-authorize.png') });
    await page.click('.modal-ux .close-modal');

    const op = page.locator('#operations-RBAC-listRoles');
    await op.locator('.opblock-summary').click();
    await op.locator('.try-out__btn').click();
    await op.locator('tr[data-param-name="workspaceId"] input').fill(tenant.workspaceId);
    await op.locator('tr[data-param-name="organizationid"] input').fill(tenant.organizationId);
    await op.locator('.execute').click();
    const status = op.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    assert.equal((await status.textContent())?.trim(), '200');
    const body = await op.locator('.live-responses-table tbody .response-col_description pre').first().textContent();
    assert.deepEqual(JSON.parse(body ?? ''), { roles: [], total: 0 });

    await mkdir(OUTPUT, { recursive: true });
    await op.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUTPUT, 'docs-page.png') });

    // Knowledge search as a newcomer tries it: the body is the hand-written example, sent as it stands.
    await searchWithDefaultExample(page, tenant);
    await page.screenshot({ path: path.join(OUTPUT, 'docs-search.png') });

    // The MCP endpoint tried with its default example (tools/list): the transport asks for Accept naming both
    // application/json and text/event-stream, which Swagger UI alone never sends (it drops an Accept parameter).
    const mcp = page.locator('#operations-Agent-mcp');
    await mcp.locator('.opblock-summary').click();
    await mcp.locator('.try-out__btn').click();
    await mcp.locator('tr[data-param-name="workspaceId"] input').fill(tenant.workspaceId);
    await mcp.locator('tr[data-param-name="organizationid"] input').fill(tenant.organizationId);
    await mcp.locator('.execute').click();
    const mcpStatus = mcp.locator('.live-responses-table tbody .response-col_status').first();
    await mcpStatus.waitFor({ timeout: 30_000 });
    const mcpAnswer = await mcp
      .locator('.live-responses-table tbody .response-col_description pre')
      .first()
      .textContent();
    assert.equal((await mcpStatus.textContent())?.trim(), '200', mcpAnswer ?? '');
    const listedTools = (JSON.parse(mcpAnswer ?? '') as { result: { tools: Array<{ name: string }> } }).result.tools;
    assert.deepEqual(
      listedTools.map((t) => t.name),
      ['knowledge_search', 'title_search', 'get_knowledge', 'rag'],
    );

    // A multipart form is filled field by field from the example too (not from the fields' patterns).
    const upload = page.locator('#operations-Knowledge-uploadFile');
    await upload.locator('.opblock-summary').click();
    await upload.locator('.try-out__btn').click();
    const field = (name: string) => upload.locator(`tr[data-property-name="${name}"] input:not([type="checkbox"])`);
    const { title, language } = uploadFileExamples.request.background.value as Record<string, string>;
    assert.equal(await field('title').inputValue(), title);
    assert.equal(await field('language').inputValue(), language);
    await page.screenshot({ path: path.join(OUTPUT, 'docs-page-full.png'), fullPage: true });
    await context.close();

    assert.deepEqual(foreign, [], 'the page loads nothing from another origin');
    assert.deepEqual(failures, [], 'no script errors');
  });
});
