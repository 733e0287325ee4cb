// The operator console in a real headless Chromium (Debian's, driven by playwright-core), walked as an operator
// would: sign in with the API key alone (the page says where keys come from), see a fresh workspace's empty states
// and its RBAC status, upload three files by drag and drop (a progress bar each; the items appear in the list as
// they are processed, without leaving the view) and one the service refuses (red, with the reason), crawl a small
// site, create a role, turn RBAC on (the confirmation counts the items no role will see), assign the role to one
// file, see the others marked as hidden from every role (in the list, on the item, on the overview), search as
// that role (it finds that file) and ask "why not?" for another (RBAC_ON: it is assigned to no role); compare the
// three columns of a search (each names its scores in the same words; 0.000 results greyed); on the overview, the
// workspace's jobs linked to the Temporal Web UI, with human dates; then a webhook's test event (to a receiver in
// the test) seen delivered in its log, and an API key created (shown once) and revoked, dated as a person reads
// dates. Along the way: nothing from another origin, no script error, axe-core finds no serious or critical
// violation on any view, and every API answer the page receives passes the contract tests' drift guard.
// Screenshots go to the test output (and, retaken, to docs/console/).
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS as OUTPUT, axeViolations, guardConsolePage, launchChromium } from '../helpers/chromium';
import { accessHeaders, createTenant } from '../helpers/factories';
import { uploadRequest } from '../helpers/knowledge';
import { page as sitePage, startSite, type TestSite } from '../helpers/site';
import { getStack, type TestStack } from '../helpers/stack';

const FILES = [
  { name: 'vacation-policy.txt', text: 'Vacation policy: every employee takes twenty five days of paid vacation. ' },
  { name: 'salary-bands.txt', text: 'Salary bands: engineering levels and their pay ranges for the year. ' },
  { name: 'onboarding.txt', text: 'Onboarding checklist: laptop, badge, accounts and the first week plan. ' },
];

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
    const { foreign, failures, checks, apiCalls } = guardConsolePage(page, origin);
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
    // The page says where a key comes from, and the key is all it asks for.
    const keySource = (await page.getByTestId('key-source').textContent()) ?? '';
    assert.match(keySource, /npx kws bootstrap/);
    assert.match(keySource, /operates this service/);
    assert.equal(await page.getByLabel('Workspace id').count(), 0, 'no workspace id to look up');
    await page.screenshot({ path: path.join(OUTPUT, 'console-sign-in.png') });
    await page.getByLabel('Workspace API key').fill('sk-kws-not-a-real-key-0000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid or missing API key' }).waitFor();
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

    // A fresh workspace: RBAC's status on the overview, empty states where there is nothing yet.
    assert.match(
      (await page.getByTestId('overview-rbac').textContent()) ?? '',
      /^RBAC is INACTIVE: every access token sees all of the workspace's knowledge/,
    );
    await tab('Integrations');
    assert.match((await page.getByTestId('webhooks-empty').textContent()) ?? '', /^No webhooks yet\. Add an endpoint/);
    assert.match((await page.getByTestId('servers-empty').textContent()) ?? '', /^No agent servers yet\./);
    await tab('Knowledge');
    await page.getByTestId('knowledge-empty').waitFor();

    // Three files dropped at once, each with its progress bar run to the end; each item appears in the list as the
    // service creates it, and each upload ends "indexed", all without leaving the view. A fourth file, of a type
    // the service does not take, is refused: red, with the service's reason in place of a full bar.
    const transfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      for (const f of ${JSON.stringify(FILES)}) dt.items.add(new File([f.text.repeat(400)], f.name, { type: 'text/plain' }));
      return dt;
    })()`);
    await page.dispatchEvent('[data-testid="drop-zone"]', 'drop', { dataTransfer: transfer });
    const uploads = page.getByTestId('upload');
    await uploads.filter({ hasText: 'indexed' }).nth(2).waitFor({ timeout: 60_000 });
    assert.equal(await uploads.count(), 3);
    assert.deepEqual(
      await page.$$eval('[data-testid="upload"] progress', (ps) =>
        ps.map((p) => (p as unknown as { value: number }).value),
      ),
      [1, 1, 1],
    );
    const tree = page.getByRole('main').locator('ul.tree');
    for (const f of FILES) {
      await tree.getByRole('button', { name: new RegExp(`^${f.name}.*COMPLETED`) }).waitFor({ timeout: 30_000 });
    }
    const refusedFile = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 3, 0, 0, 0])], 'setup.exe', { type: 'application/x-msdownload' }));
      return dt;
    })()`);
    await page.dispatchEvent('[data-testid="drop-zone"]', 'drop', { dataTransfer: refusedFile });
    const refused = uploads.filter({ hasText: 'setup.exe' });
    await refused.and(page.locator('[data-state="refused"]')).waitFor();
    assert.match((await refused.textContent()) ?? '', /Refused: Unsupported file type/);
    assert.equal(await refused.locator('progress').count(), 0, 'no bar for a refused upload');
    const refusedLook = await refused.evaluate((li) => {
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> })
        .getComputedStyle;
      return { border: style(li).borderLeftColor, text: style(li.querySelector('.error')).color };
    });
    assert.deepEqual(refusedLook, { border: 'rgb(164, 14, 38)', text: 'rgb(164, 14, 38)' }, 'refused shows in red');
    await page.screenshot({ path: path.join(OUTPUT, 'console-knowledge-uploads.png') });

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
    // The confirmation says what changes, and how many items no role will then see (3 files, the site, its pages).
    await waitFor(async () => (await page.getByRole('checkbox').count()) >= 4);
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: 'Turn RBAC on' }).click();
    const confirmation = (await page.getByRole('group', { name: 'Confirmation' }).textContent()) ?? '';
    assert.match(confirmation, /see only knowledge assigned to their role/);
    assert.match(confirmation, /7 items have no role yet and will be hidden from every role until assigned one/);
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

    // Under RBAC, the items no role sees are marked where items are listed, and on the item.
    await tab('Knowledge');
    await page
      .getByTestId('no-role-warning')
      .filter({ hasText: '6 items marked no role: Hidden from every role' })
      .waitFor();
    const marked = async (name: string) =>
      (await tree
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .getByTestId('no-role')
        .count()) === 1;
    assert.equal(await marked('salary-bands.txt'), true, 'a file with no role is marked');
    assert.equal(await marked('vacation-policy.txt'), false, 'the file with a role is not');
    await tree.getByRole('button', { name: /^salary-bands\.txt/ }).click();
    assert.match(
      (await page.getByTestId('item-no-role').textContent()) ?? '',
      /^Hidden from every role: under RBAC a role-bound token sees only items assigned to its role/,
    );
    assert.match((await page.locator('.facts').textContent()) ?? '', /Createdjust now|Created\d+ min ago/);
    await audit('knowledge under RBAC');
    await page.screenshot({ path: path.join(OUTPUT, 'console-knowledge-no-role.png') });

    await tab('Overview');
    await page.getByTestId('status-counts').waitFor();
    assert.match((await page.getByTestId('overview-rbac').textContent()) ?? '', /^RBAC is ACTIVE: a role-bound token/);
    await page
      .getByTestId('overview-no-role')
      .filter({ hasText: /^6 items have no role, so no role-bound token finds them/ })
      .waitFor();
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

    // As the workspace, a query two files each half match: the keyword column takes any word, hybrid's keyword side
    // needs every word, and the hybrid column says so instead of "keyword —"; a 0.000 result is greyed.
    await page.getByLabel('Search as').selectOption({ label: 'the workspace' });
    await page.getByLabel('Query').fill('vacation badge');
    await page.getByRole('spinbutton', { name: 'Results' }).fill('10');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('results-keyword').getByTestId('hit').nth(1).waitFor({ timeout: 30_000 });
    const keywordTitles = await page
      .getByTestId('results-keyword')
      .getByTestId('hit')
      .locator('strong')
      .allTextContents();
    assert.deepEqual(keywordTitles.sort(), ['onboarding.txt', 'vacation-policy.txt']);
    for (const mode of ['semantic', 'keyword', 'hybrid']) {
      const hits = page.getByTestId(`results-${mode}`).getByTestId('hit');
      for (const hit of await hits.all()) {
        const text = (await hit.textContent()) ?? '';
        assert.doesNotMatch(text, /—/, `${mode}: every score named, none a dash: ${text}`);
        const zero = (await hit.locator('.score').textContent()) === '0.000';
        assert.equal(await hit.evaluate((li) => li.classList.contains('zero')), zero, `${mode}: 0.000 greyed: ${text}`);
      }
    }
    // A question in words takes pseudo-relevance feedback in hybrid mode: the column says so, and each hit names
    // its feedback beside the other scores, so that its fused score reads from what the column shows.
    assert.match((await page.getByTestId('results-hybrid').locator('.hint').first().textContent()) ?? '', /feedback/);
    for (const hit of await page.getByTestId('results-hybrid').getByTestId('hit').all()) {
      assert.match((await hit.getByTestId('scores').textContent()) ?? '', / · feedback \d\.\d{3} · fused \d\.\d{3}/);
    }
    for (const title of keywordTitles) {
      assert.match(
        (await page.getByTestId('results-hybrid').getByTestId('hit').filter({ hasText: title }).textContent()) ?? '',
        /keyword: no chunk with every query word \(the keyword column, which takes any word, found it\)/,
      );
    }
    // This query shares nothing with the salary bands: 0.000 by meaning, greyed, and said so under the column.
    await page.getByTestId('results-semantic').getByTestId('zero-note').waitFor();
    await page.screenshot({ path: path.join(OUTPUT, 'console-search-columns.png') });

    // A Markdown handbook: its semantic result says where its best passage sits (the section path), as the API's
    // `headings` does; a plain-text file that opens with a sentence has none, so no line.
    const para = (s: string) => `${s} `.repeat(12).trim();
    const handbook = await uploadRequest(
      stack.request,
      tenant.workspaceId,
      (await accessHeaders(stack, tenant)).headers,
      {
        filename: 'fleet-handbook.md',
        contentType: 'text/markdown',
        bytes: Buffer.from(
          `# Fleet handbook\n\n${para('Every driver signs the logbook before taking a vehicle out.')}\n\n` +
            `## Returning a car\n\n### After hours\n\n` +
            para('Company cars returned after hours go to the lower car park with a full tank.'),
        ),
      },
      { title: 'Fleet handbook' },
    );
    assert.equal(handbook.body.status, 'COMPLETED', handbook.text);
    await page.getByLabel('Query').fill('where do I leave a company car after hours');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    const fleet = page.getByTestId('results-semantic').getByTestId('hit').filter({ hasText: 'Fleet handbook' });
    await fleet.getByTestId('where').waitFor({ timeout: 30_000 });
    assert.equal(await fleet.getByTestId('where').textContent(), 'Fleet handbook › Returning a car › After hours');
    const plain = page.getByTestId('results-semantic').getByTestId('hit').filter({ hasText: 'vacation-policy.txt' });
    assert.equal(await plain.count(), 1, 'the plain-text file is among the results');
    assert.equal(await plain.getByTestId('where').count(), 0, 'a plain-text file has no section path');
    await page.screenshot({ path: path.join(OUTPUT, 'console-search-headings.png') });

    // A source with rules: the integrations view shows each rule with the documents it matched, and the default.
    const ruled = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/sources`, {
      headers: (await accessHeaders(stack, tenant)).headers,
      json: {
        kind: 'git',
        name: 'Handbook',
        config: { url: 'https://git.example.com/acme/handbook.git' },
        rules: [{ match: { paths: ['engineering/**'] }, roleIds: [] }],
      },
    });
    assert.equal(ruled.status, 201, ruled.text);
    await tab('Integrations');
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    const rulesTable = page.getByTestId('source-rules').getByRole('table', { name: /^Handbook \(git\): 0 documents/ });
    await rulesTable.getByRole('cell', { name: 'paths engineering/**' }).waitFor();
    assert.match((await rulesTable.textContent()) ?? '', /defaultno rule above/);
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
    // Dates as a person reads them (the exact moment on hover), never raw ISO timestamps.
    const keyCells = await keyRow.getByRole('cell').allTextContents();
    assert.match(keyCells[2] ?? '', /^(just now|\d+ min ago)$/, keyCells.join(' | '));
    assert.match(keyCells[4] ?? '', /^revoked (just now|\d+ min ago)$/, keyCells.join(' | '));
    assert.doesNotMatch(
      (await page.getByRole('main').textContent()) ?? '',
      /\d{4}-\d\d-\d\dT\d\d:/,
      'no ISO timestamp on the page',
    );
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
    // The browser logs every 4xx it loads: the two the walk asks for (a made-up key, a refused file) are expected.
    const expected = [/status of 401 .*\/api-keys\/current\)$/, /status of 400 .*\/knowledge\/file\)$/];
    assert.deepEqual(
      failures.filter((f) => !expected.some((e) => e.test(f))),
      [],
      'no script errors',
    );
    // The calls the walk made (each checked above against the published document).
    for (const call of [
      'GET /api-keys/current',
      'POST /workspaces/{id}/generate-access-key-token',
      'GET /v1/workspaces/{id}/upload-file-metadata/{id}',
      'GET /v1/workspaces/{id}/knowledge/{id}/role',
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
