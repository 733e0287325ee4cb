// The operator console in a real headless Chromium (Debian's, driven by playwright-core), walked as an operator
// would: sign in with the API key, upload three files by drag and drop (a progress bar each), crawl a small site,
// create a role, turn RBAC on, assign the role to one file, search as that role (it finds that file) and ask
// "why not?" for another (RBAC_ON: it is assigned to no role); on the overview, the workspace's jobs linked to the
// Temporal Web UI; then a webhook's test event (to a receiver in the test) seen delivered in its log, and an API
// key created (shown once) and revoked. Along the way: nothing from another origin, no script error, axe-core
// finds no serious or critical violation on any view, and every API answer the page receives passes the
// contract tests' drift guard. Screenshots go to the test output.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS as OUTPUT, launchChromium } from '../helpers/chromium';
import { publishedContract } from '../helpers/contract';
import { createTenant } from '../helpers/factories';
import { page as sitePage, startSite, type TestSite } from '../helpers/site';
import { getStack, type TestStack } from '../helpers/stack';

const FILES = [
  { name: 'vacation-policy.txt', text: 'Vacation policy: every employee takes twenty five days of paid vacation. ' },
  { name: 'salary-bands.txt', text: 'Salary bands: engineering levels and their pay ranges for the year. ' },
  { name: 'onboarding.txt', text: 'Onboarding checklist: laptop, badge, accounts and the first week plan. ' },
];

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page, source: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') stays as served.
  await page.evaluate(source);
  const found = await page.evaluate(`axe.run().then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.help))`);
  return found as string[];
}

describe('operator console in Chromium', function () {
  this.timeout(300_000);
  let stack: TestStack;
  let browser: Browser;
  let site: TestSite;
  let receiver: http.Server;
  const received: string[] = [];

  before(async () => {
    stack = await getStack();
    browser = await launchChromium();
    site = await startSite('127.0.0.1');
    site.routes.set('/', sitePage('Handbook site', ['The company handbook, online.'], ['/travel', '/tools']));
    site.routes.set('/travel', sitePage('Travel', ['Book travel through the portal at least two weeks ahead.']));
    site.routes.set('/tools', sitePage('Tools', ['The tools every team uses, and who owns them.']));
    // The webhook receiver: a real HTTP server that records each event and answers 204.
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  });

  it('walks from sign-in to a search as a role that explains why another item is hidden', async () => {
    const tenant = await createTenant(stack.deps.db);
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const origin = new URL(stack.baseUrl).origin;
    const foreign: string[] = [];
    const failures: string[] = [];
    const checks: Array<Promise<void>> = [];
    const apiCalls = new Set<string>();
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(`${m.text()} (${m.location().url})`);
    });
    // The drift guard on every API answer the console receives (its own static files aside).
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.origin !== origin || url.pathname.startsWith('/console')) return;
      const method = res.request().method();
      apiCalls.add(`${method} ${url.pathname.replace(/[0-9a-f-]{36}/g, '{id}')}`);
      checks.push(
        res.text().then((text) => {
          const type = res.headers()['content-type'] ?? '';
          const body = type.startsWith('application/json') && text ? (JSON.parse(text) as unknown) : undefined;
          publishedContract().check(method, url.pathname + url.search, {
            status: res.status(),
            headers: res.headers(),
            text,
            body,
          });
        }),
      );
    });
    const violations: string[] = [];
    const audit = async (view: string) => {
      for (const v of await axeViolations(page, axeSource)) violations.push(`${view}: ${v}`);
    };
    const tab = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true }).click();

    // Sign in: the key is exchanged for a token; the page names the organization and the workspace.
    await mkdir(OUTPUT, { recursive: true });
    const served = await page.goto(`${stack.baseUrl}/console`, { waitUntil: 'load' });
    assert.match(served?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    // The cold first load (new context, empty cache, HTTPS on loopback), for the record: a figure, not a target.
    const loadMs = await page.evaluate(
      `(() => { const n = performance.getEntriesByType('navigation')[0]; return Math.round(n.loadEventEnd - n.startTime); })()`,
    );
    await writeFile(
      path.join(OUTPUT, 'console-load.json'),
      JSON.stringify({ coldLoadMs: loadMs, loadavg: os.loadavg() }),
    );
    await audit('sign-in');
    await page.getByLabel('Workspace id').fill(tenant.workspaceId);
    await page.getByLabel('Workspace API key').fill(tenant.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('workspace-id').waitFor();
    assert.equal(await page.getByTestId('workspace-id').textContent(), tenant.workspaceId);
    assert.equal(await page.getByTestId('organization-id').textContent(), tenant.organizationId);
    assert.equal(
      await page.evaluate(`JSON.stringify(sessionStorage) + document.documentElement.outerHTML.includes('sk-')`),
      '{}false',
      'the key is kept nowhere; nothing in sessionStorage unless asked',
    );

    // Three files dropped at once, each with its progress bar run to the end.
    await tab('Knowledge');
    const transfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      for (const f of ${JSON.stringify(FILES)}) dt.items.add(new File([f.text.repeat(400)], f.name, { type: 'text/plain' }));
      return dt;
    })()`);
    await page.dispatchEvent('[data-testid="drop-zone"]', 'drop', { dataTransfer: transfer });
    const uploads = page.getByTestId('upload');
    await uploads.filter({ hasText: 'uploaded' }).nth(2).waitFor({ timeout: 60_000 });
    assert.equal(await uploads.count(), 3);
    assert.deepEqual(
      await page.$$eval('[data-testid="upload"] progress', (ps) =>
        ps.map((p) => (p as unknown as { value: number }).value),
      ),
      [1, 1, 1],
    );

    // A website crawl with its live progress.
    await page.getByLabel('Website crawl').check();
    await page.getByLabel('Address (URL)').fill(`${site.origin}/`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('crawl-progress').filter({ hasText: 'Crawl COMPLETED' }).waitFor({ timeout: 120_000 });
    assert.match((await page.getByTestId('crawl-progress').textContent()) ?? '', /3 of 3 pages indexed/);
    // Everything processed: the tree shows no item in progress.
    await waitFor(async () => (await page.getByText('BACKGROUND_START').count()) === 0, 120_000);
    await page
      .getByRole('button', { name: /^Expand / })
      .first()
      .click();
    await page
      .getByRole('button', { name: /Travel/ })
      .first()
      .waitFor();
    await audit('knowledge');

    // A role, RBAC on (the confirmation names the effect), the role assigned to the vacation policy.
    await tab('Roles and access');
    await page.getByLabel('Role name').fill('Support');
    await page.getByLabel('customerRoleId').fill('support');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('cell', { name: 'Support', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Turn RBAC on' }).click();
    assert.match(
      (await page.getByRole('group', { name: 'Confirmation' }).textContent()) ?? '',
      /see only knowledge assigned to their role/,
    );
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('rbac-status').filter({ hasText: 'ACTIVE' }).waitFor();
    await page.getByRole('checkbox', { name: 'vacation-policy.txt' }).check();
    await page.locator('select[name="assignRole"]').selectOption({ label: 'Support' });
    await page.getByRole('button', { name: 'Assign to selected' }).click();
    await page.getByText('Assigned to 1 item(s)').waitFor();
    const vacation = await stack.deps
      .db('knowledge')
      .where({ workspace_id: tenant.workspaceId, title: 'vacation-policy.txt' })
      .first('id');
    await waitFor(async () => {
      const n = await stack.deps
        .db('knowledge_roles')
        .where({ knowledge_id: vacation.id })
        .count<{ n: string }[]>({ n: '*' });
      return Number(n[0]?.n) === 1;
    });
    await audit('roles');

    await tab('Overview');
    await page.getByTestId('status-counts').waitFor();
    // The workspace's jobs (GET background-jobs), each linked to the Temporal Web UI: an upload's ingestion names
    // its item.
    const ingestRow = page.getByRole('row').filter({ hasText: 'vacation-policy.txt' }).filter({ hasText: 'ingest' });
    await ingestRow.first().waitFor();
    assert.match(
      (await ingestRow.first().getByRole('link').getAttribute('href')) ?? '',
      /^http:\/\/[^/]+\/namespaces\/[^/]+\/workflows\/ingest%3A/,
    );
    // The storage meter in a unit a person reads at a glance (the default quota is 10 GiB, 10.7 GB).
    assert.match(
      (await page.getByTestId('storage').textContent()) ?? '',
      /^Storage: \d+(\.\d)? (bytes|KB|MB) of 10\.7 GB used/,
    );
    await audit('overview');
    await page.screenshot({ path: path.join(OUTPUT, 'console-overview.png') });

    // Search as the role: the vacation policy only; "why not?" for the salary bands names the rule.
    await tab('Search');
    await page.getByLabel('Query').fill('paid vacation days');
    await page.getByLabel('Search as').selectOption({ label: 'role Support' });
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('results-semantic').getByTestId('hit').first().waitFor({ timeout: 30_000 });
    for (const mode of ['semantic', 'keyword', 'hybrid']) {
      const titles = await page.getByTestId(`results-${mode}`).getByTestId('hit').locator('strong').allTextContents();
      assert.deepEqual(titles, ['vacation-policy.txt'], `${mode}: the role finds its one item`);
    }
    await page.getByLabel('Item the search did not find').selectOption({ label: 'salary-bands.txt' });
    await page.getByRole('button', { name: 'Why not?' }).click();
    await page.getByTestId('why-not').filter({ hasText: 'RBAC_ON' }).waitFor();
    await audit('search');
    await page.screenshot({ path: path.join(OUTPUT, 'console-search-as-role.png') });

    await tab('Integrations');
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await audit('integrations');

    // A webhook to a receiver in this test: "Send test event", the receiver gets it, the log shows it delivered.
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await page.getByLabel('Endpoint URL').fill(hookUrl);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText('Signing secret (shown once)').waitFor();
    const hook = page.getByRole('listitem').filter({ hasText: hookUrl });
    await hook.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/^Test event sent/).waitFor();
    await waitFor(async () => received.some((b) => b.includes('"webhook.test"')));
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByRole('cell', { name: 'SUCCEEDED', exact: true }).waitFor({ timeout: 30_000 });
    assert.match((await deliveries.textContent()) ?? '', /webhook\.test/);
    await audit('webhooks');

    // API keys: a new key is shown once, then revoked after a confirmation.
    await page.getByLabel('Key name').fill('walk key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shownKey = page.getByRole('status').filter({ hasText: 'New key (shown once' });
    await shownKey.waitFor();
    const newKey = (await shownKey.locator('code').textContent()) ?? '';
    assert.ok(newKey.length > 20, 'the new key is shown');
    const keyRow = page.getByRole('row').filter({ hasText: 'walk key' });
    await keyRow.getByRole('button', { name: 'Revoke' }).click();
    assert.match((await keyRow.getByRole('group', { name: 'Confirmation' }).textContent()) ?? '', /Revoke "walk key"/);
    await audit('api keys');
    await keyRow.getByRole('button', { name: 'Confirm' }).click();
    await keyRow.getByText(/^revoked /).waitFor();
    const minted = await stack.request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': newKey },
      json: {},
    });
    assert.equal(minted.status, 401, 'the revoked key mints nothing');
    await page.screenshot({ path: path.join(OUTPUT, 'console-integrations.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(OUTPUT, 'console-integrations-dark.png') });
    // Keyboard: Tab reaches the section buttons, with a visible focus ring.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(`document.activeElement?.tagName === 'BUTTON'`)) break;
    }
    const outline = await page.evaluate(`getComputedStyle(document.activeElement).outlineStyle`);
    assert.notEqual(outline, 'none', 'the focused control shows its focus');

    await Promise.all(checks);
    await context.close();
    assert.deepEqual(violations, [], 'axe-core: no serious or critical violations');
    assert.deepEqual(foreign, [], 'the console loads nothing from another origin');
    assert.deepEqual(failures, [], 'no script errors');
    // The calls the walk made (each checked above against the published document).
    for (const call of [
      'POST /workspaces/{id}/generate-access-key-token',
      'POST /v1/workspaces/{id}/knowledge/file',
      'POST /v1/workspaces/{id}/knowledge/website',
      'PUT /v1/workspaces/{id}/rbac-status',
      'POST /v1/workspaces/{id}/knowledge/{id}/role',
      'POST /workspaces/{id}/knowledge/search',
      'GET /v1/workspaces/{id}/knowledge/{id}/access',
      'GET /v1/workspaces/{id}/background-jobs',
      'POST /v1/workspaces/{id}/webhooks/{id}/test',
      'POST /v1/workspaces/{id}/api-keys',
      'DELETE /v1/workspaces/{id}/api-keys/{id}',
    ]) {
      assert.ok(apiCalls.has(call), `the walk made ${call}`);
    }
  });
});

async function waitFor(ok: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}
