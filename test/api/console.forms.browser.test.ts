// The console's Roles and Search views in a real headless Chromium. The Roles table says when there is no role
// yet. Each form keeps its own errors, for as long as they apply: a refused role shows its reason beside the
// "Create role" form (not under the assignment's buttons, whose own refusal shows beside them), and a new attempt
// or a success clears it; in the search playground a new search clears the columns' server errors, a filter that is
// not JSON replaces them instead of sitting beside them, a filter edited back to valid JSON (or emptied) clears its
// parse error, and "why not?" shows its refusal under its own button. Nothing from another origin, no script error
// beyond the refusals asked for, no serious axe-core violation, and every API answer the page receives passes the
// drift guard. (The session is restored from sessionStorage, as the console does after "keep for this tab".)
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ARTIFACTS, axeViolations, guardConsolePage, launchChromium, signedInContext } from '../helpers/chromium';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import { waitForJob } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

describe('operator console: roles and search forms in Chromium', function () {
  this.timeout(120_000);
  let stack: TestStack;
  let browser: Browser;
  let axeSource: string;

  before(async () => {
    stack = await getStack();
    browser = await launchChromium();
    axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await mkdir(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
  });

  /** A fresh workspace holding one text item, and the console open on it, signed in as the workspace. */
  async function open(tab: string): Promise<{ tenant: Tenant; context: BrowserContext; page: Page; done: Done }> {
    const tenant = await createTenant(stack.deps.db);
    const { token, headers } = await accessHeaders(stack, tenant);
    const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/text`, {
      headers,
      json: { title: 'returns.md', content: 'Shoes can be sent back within thirty days of delivery.' },
    });
    assert.equal(res.status, 201, res.text);
    await waitForJob(stack.request, tenant.workspaceId, headers, res.body.jobId);
    const context = await signedInContext(browser, { ...tenant, token });
    const page = await context.newPage();
    const { foreign, failures, checks } = guardConsolePage(page, new URL(stack.baseUrl).origin);
    await page.goto(`${stack.baseUrl}/console`, { waitUntil: 'load' });
    await page.getByRole('navigation').getByRole('button', { name: tab, exact: true }).click();
    // The browser logs each 4xx it loads: the refusals a test asks for are expected, nothing else.
    const done: Done = async (expected) => {
      const violations = await axeViolations(page, axeSource);
      await Promise.all(checks);
      await context.close();
      assert.deepEqual(violations, [], 'axe-core');
      assert.deepEqual(foreign, [], 'requests to another origin');
      assert.deepEqual(
        failures.filter((f) => !expected.some((e) => e.test(f))),
        [],
        'script errors',
      );
    };
    return { tenant, context, page, done };
  }

  const alerts = (where: Locator) => where.getByRole('alert').allTextContents();
  /** No error left in that part of the page (soon: the page renders after the event). */
  const noAlert = (where: Locator) => where.getByRole('alert').first().waitFor({ state: 'detached', timeout: 5_000 });

  it('says when there is no role yet', async () => {
    const { page, done } = await open('Roles and access');
    const roles = page.getByRole('region', { name: 'Roles', exact: true });
    const empty = roles.getByTestId('roles-empty');
    await empty.waitFor();
    assert.match((await empty.textContent()) ?? '', /^No roles yet: create one below/);
    assert.equal(await roles.getByRole('table').count(), 0, 'no table of no rows');
    await page.screenshot({ path: path.join(ARTIFACTS, 'console-roles-empty.png') });

    await page.getByLabel('Role name').fill('Support agents');
    await page.getByRole('button', { name: 'Create role' }).click();
    await roles.getByRole('cell', { name: 'Support agents', exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await empty.count(), 0, 'the empty state goes with the first role');
    await done([]);
  });

  it("shows each roles form's error beside it, cleared by a new attempt or a success", async () => {
    const { page, done } = await open('Roles and access');
    const roles = page.getByRole('region', { name: 'Roles', exact: true });
    const assign = page.getByRole('region', { name: 'Assign roles to items' });
    await assign.getByRole('checkbox', { name: 'returns.md' }).waitFor();

    // A customerRoleId the service refuses: the reason beside the "Create role" form, nothing under the assignment.
    await page.getByLabel('Role name').fill('Support agents');
    await page.getByLabel('customerRoleId').fill('support team!');
    await page.getByRole('button', { name: 'Create role' }).click();
    await roles.getByRole('alert').filter({ hasText: 'customerRoleId has an invalid format' }).waitFor();
    assert.deepEqual(await alerts(assign), [], 'the create error is not shown under the assignment');
    await page.screenshot({ path: path.join(ARTIFACTS, 'console-roles-create-error.png') });

    // Corrected: the new attempt clears the error at once, and the role appears.
    await page.getByLabel('customerRoleId').fill('support-agents');
    await page.getByRole('button', { name: 'Create role' }).click();
    await noAlert(roles);
    await roles.getByRole('cell', { name: 'Support agents', exact: true }).waitFor({ timeout: 30_000 });
    assert.deepEqual(await alerts(roles), [], 'nothing after the success');

    // Assigning under INACTIVE RBAC is refused: the reason under the assignment's buttons, not beside the form above.
    await assign.getByRole('checkbox', { name: 'returns.md' }).check();
    await assign.getByLabel('Role').selectOption({ label: 'Support agents' });
    await assign.getByRole('button', { name: 'Assign to selected' }).click();
    await assign.getByRole('alert').filter({ hasText: 'RBAC is not enabled' }).waitFor();
    assert.deepEqual(await alerts(roles), [], 'the assignment error is not shown beside the create form');

    // The same customerRoleId again: refused beside the form; the assignment keeps its own error.
    await page.getByLabel('Role name').fill('Support again');
    await page.getByLabel('customerRoleId').fill('support-agents');
    await page.getByRole('button', { name: 'Create role' }).click();
    await roles.getByRole('alert').waitFor();
    assert.equal((await alerts(assign)).length, 1, 'each form shows its own error');
    await page.screenshot({ path: path.join(ARTIFACTS, 'console-roles-both-errors.png') });

    // RBAC on, then the assignment succeeds: its error goes, the create form's stays (it still applies).
    await page.getByRole('button', { name: 'Turn RBAC on' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('rbac-status').filter({ hasText: 'ACTIVE' }).waitFor();
    await assign.getByRole('button', { name: 'Assign to selected' }).click();
    await assign.getByText('Assigned to 1 item(s)').waitFor();
    assert.deepEqual(await alerts(assign), [], 'a success clears the assignment error');
    assert.equal((await alerts(roles)).length, 1, 'the create form keeps its own');
    await done([
      /status of 400 .*\/role\)$/,
      /status of 409 .*\/role\)$/,
      /status of 4\d\d .*\/knowledge\/[^/]+\/role\)$/,
    ]);
  });

  it('search playground: clears the errors that no longer apply', async () => {
    const { tenant, page, done } = await open('Search');
    const playground = page.getByRole('region', { name: 'Search playground' });
    const columns = page.locator('.columns');
    await page.getByLabel('API key (search needs it beside the token)').fill(tenant.apiKey);
    await page.getByLabel('Query').fill('how long do I have to send shoes back');
    const search = () => playground.getByRole('button', { name: 'Search', exact: true }).click();
    const filter = page.getByLabel('Filter (JSON, optional)');

    // A filter the service refuses: its reason in each column.
    await filter.fill('{"type":"eq","key":"team"}');
    await search();
    for (const mode of ['semantic', 'keyword', 'hybrid']) {
      await page
        .getByTestId(`results-${mode}`)
        .getByRole('alert')
        .filter({ hasText: 'filter.value is required' })
        .waitFor();
    }

    // "Why not?" with the same filter: the refusal under its own button, not among the search's errors.
    const whyNot = page.getByRole('region', { name: 'Why not?' });
    await whyNot.getByLabel('Item the search did not find').selectOption({ label: 'returns.md' });
    await whyNot.getByRole('button', { name: 'Why not?' }).click();
    await whyNot.getByRole('alert').filter({ hasText: 'filter.value is required' }).waitFor();
    assert.equal((await alerts(playground)).length, 3, "the search's own errors only, one a column");

    // A filter that is not JSON: its parse error replaces the columns' server errors.
    await filter.fill('{type: eq}');
    await search();
    await playground.getByRole('alert').filter({ hasText: /JSON/ }).waitFor();
    assert.deepEqual(await alerts(columns), [], 'no stale server error beside the parse error');
    assert.equal((await alerts(playground)).length, 1, 'one error: the filter is not JSON');
    assert.equal(await filter.getAttribute('aria-invalid'), 'true', 'the field says it is at fault');
    await page.screenshot({ path: path.join(ARTIFACTS, 'console-search-filter-not-json.png') });

    // Emptied, the filter no longer fails to parse: its error goes without another search.
    await filter.fill('');
    await noAlert(playground);
    assert.equal(await filter.getAttribute('aria-invalid'), null);

    // Bad again, then edited into valid JSON: the error goes as the input becomes valid; still bad, it stays.
    await filter.fill('{type: eq}');
    await search();
    await playground.getByRole('alert').filter({ hasText: /JSON/ }).waitFor();
    await filter.fill('{"type":"eq","key":"team"');
    assert.equal((await alerts(playground)).length, 1, 'still not JSON: the error stays');
    await filter.fill('{"type":"eq","key":"team","value":"hr"}');
    await noAlert(playground);

    // A search that succeeds: no error anywhere, each column says it found nothing (no item has that attribute).
    await search();
    for (const mode of ['semantic', 'keyword', 'hybrid']) {
      await page.getByTestId(`results-${mode}`).getByText('No results.').waitFor({ timeout: 30_000 });
    }
    assert.deepEqual(await alerts(playground), []);
    await page.screenshot({ path: path.join(ARTIFACTS, 'console-search-errors-cleared.png') });
    await done([/status of 400 .*\/knowledge\/search\)$/, /status of 400 .*\/knowledge\/[^/]+\/access\?/]);
  });
});

type Done = (expectedFailures: RegExp[]) => Promise<void>;
