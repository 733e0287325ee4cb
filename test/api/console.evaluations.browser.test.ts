// The console's Evaluations view in a real headless Chromium: a labelled set pasted as JSON Lines, three runs
// started, the progress followed to the end, a table of figures per kind of question that shows what the API
// answers, the questions a run did not answer first with what ranked above their answer, and a comparison with
// an earlier evaluation. Nothing from another origin, no script error, no serious axe-core violation, and every
// API answer the page receives passes the drift guard. (The session is restored from sessionStorage, as the
// console does after "keep for this tab", so the walk does not depend on the sign-in form.)
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS, axeViolations, guardConsolePage, launchChromium, signedInContext } from '../helpers/chromium';
import { accessHeaders, createRole, createTenant } from '../helpers/factories';
import { waitForJob } from '../helpers/knowledge';
import { getStack, type TestStack } from '../helpers/stack';

const PAGES = [
  {
    externalId: 'tea',
    title: 'Tea kitchen',
    content: 'The tea kitchen on floor two has a kettle, green tea and mint.',
  },
  {
    externalId: 'bikes',
    title: 'Bicycle parking',
    content: 'Bicycle racks stand behind the building; code B-7731 opens the gate.',
  },
  {
    externalId: 'printer',
    title: 'Printer jams',
    content: 'When the printer reports PJ-404, open tray two and remove the paper.',
  },
  {
    externalId: 'leave',
    title: 'Annual leave',
    content: 'Request holidays in the HR portal at least two weeks ahead.',
  },
];
const QUESTIONS = [
  { id: 'a', kind: 'paraphrase', query: 'where can I make a hot drink', relevant: [{ externalId: 'tea' }] },
  { id: 'b', kind: 'paraphrase', query: 'how do I ask for days off', relevant: [{ externalId: 'leave' }] },
  { id: 'c', kind: 'identifier', query: 'B-7731', relevant: [{ externalId: 'bikes' }] },
  { id: 'd', kind: 'identifier', query: 'PJ-404', relevant: [{ externalId: 'printer' }] },
];

describe('operator console: retrieval evaluations in Chromium', function () {
  this.timeout(240_000);
  let stack: TestStack;
  let browser: Browser;

  before(async () => {
    stack = await getStack();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('starts an evaluation, follows it, shows a table per kind, the misses and what ranked above, and a comparison', async () => {
    const tenant = await createTenant(stack.deps.db);
    const { token, headers } = await accessHeaders(stack, tenant);
    const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
    for (const page of PAGES) {
      const res = await stack.request('POST', v1('/knowledge/text'), { headers, json: page });
      assert.equal(res.status, 201, res.text);
      await waitForJob(stack.request, tenant.workspaceId, headers, res.body.jobId);
    }
    // An earlier evaluation to compare with.
    const earlier = await stack.request('POST', v1('/retrieval-evaluations'), {
      headers,
      json: { name: 'earlier', questions: QUESTIONS, runs: [{ name: 'semantic', mode: 'semantic' }] },
    });
    assert.equal(earlier.status, 202, earlier.text);
    await waitForJob(stack.request, tenant.workspaceId, headers, earlier.body.jobId);

    // A role to search as beside the workspace; and a set of 60 questions the bikes page answers, most of them
    // labelled with another page, for more misses than one page of the list shows.
    await createRole(stack.deps.db, tenant.workspaceId, { name: 'Support agents', customerRoleId: 'support-agents' });
    const many = await stack.request('POST', v1('/retrieval-evaluations'), {
      headers,
      json: {
        name: 'many misses',
        questions: Array.from({ length: 60 }, (_, i) => ({
          query: `where do I leave my bicycle, case ${i + 1}`,
          relevant: [{ externalId: 'printer' }],
        })),
        runs: [{ name: 'semantic', mode: 'semantic' }],
      },
    });
    assert.equal(many.status, 202, many.text);
    await waitForJob(stack.request, tenant.workspaceId, headers, many.body.jobId);

    const context = await signedInContext(browser, { ...tenant, token });
    const page = await context.newPage();
    const { foreign, failures, checks } = guardConsolePage(page, new URL(stack.baseUrl).origin);
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

    await page.goto(`${stack.baseUrl}/console`, { waitUntil: 'load' });
    await page.getByRole('navigation').getByRole('button', { name: 'Evaluations', exact: true }).click();
    await page.getByRole('button', { name: 'earlier' }).waitFor();

    // The set pasted as JSON Lines, three runs (keyword added to the two checked by default).
    await page.getByLabel('Name', { exact: true }).fill('from the console');
    await page.getByLabel(/^Questions/).fill(QUESTIONS.map((q) => JSON.stringify(q)).join('\n'));
    await page.getByLabel('keyword').check();
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    const progress = page.getByTestId('evaluation-progress');
    await progress
      .filter({ hasText: `${QUESTIONS.length} of ${QUESTIONS.length} questions evaluated` })
      .waitFor({ timeout: 120_000 });
    await progress.filter({ hasText: 'COMPLETED' }).waitFor({ timeout: 30_000 });

    // A table per kind, each row a run, showing the API's figures.
    const list = await stack.request('GET', v1('/retrieval-evaluations'), { headers });
    const created = list.body.evaluations.find((e: { name: string }) => e.name === 'from the console');
    const evaluation = (await stack.request('GET', v1(`/retrieval-evaluations/${created.id}`), { headers })).body;
    for (const [caption, kind] of [
      ['All questions', 'all'],
      ['Kind: identifier', 'identifier'],
      ['Kind: paraphrase', 'paraphrase'],
    ]) {
      const table = page.locator('table', { has: page.locator('caption', { hasText: caption }) });
      const rows = await table.locator('tbody tr').allTextContents();
      assert.equal(rows.length, 3, caption);
      for (const [i, f] of evaluation.figures.entries()) {
        const m = kind === 'all' ? f.all : f.kinds[kind!];
        assert.ok(rows[i]!.startsWith(f.run), `${caption}: ${rows[i]}`);
        assert.ok(rows[i]!.includes(m.ndcgAt10.toFixed(3)), `${caption} ${f.run}: ${rows[i]} has nDCG ${m.ndcgAt10}`);
      }
    }
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'console-evaluations.png'), fullPage: true });

    // Not answered first: each listed question names its rank and what ranked above it, as the API does.
    await page.getByLabel('Missed in the first').selectOption('1');
    const notFirst = evaluation.questions.filter((q: { runs: Array<{ rank: number | null }> }) =>
      q.runs.some((r) => r.rank !== 1),
    );
    await page
      .getByTestId('misses-count')
      .filter({ hasText: `${notFirst.length} question` })
      .waitFor();
    const misses = await page.getByTestId('miss').allTextContents();
    assert.equal(misses.length, notFirst.length);
    for (const [i, q] of notFirst.entries()) {
      assert.ok(misses[i]!.startsWith(q.query), misses[i]);
      for (const r of q.runs as Array<{ rank: number | null; above: Array<{ title: string }> }>) {
        for (const above of r.above) assert.ok(misses[i]!.includes(above.title), `${misses[i]} names ${above.title}`);
      }
    }

    // Compared with the earlier evaluation: one row per run and kind.
    await page.getByLabel('Baseline').selectOption(earlier.body.id as string);
    const compared = page.locator('table', {
      has: page.locator('caption', { hasText: 'Change against the baseline' }),
    });
    await compared.waitFor();
    assert.equal(await compared.locator('tbody tr').count(), 3 * 3);

    // One evaluation searching as the workspace and as a role, hybrid with feedback and without: four runs.
    await page.getByLabel('Name', { exact: true }).fill('workspace and role');
    await page.getByLabel('semantic', { exact: true }).uncheck();
    await page.getByLabel('keyword', { exact: true }).uncheck();
    await page.getByLabel('hybrid also without feedback').check();
    await page.getByTestId('searchers').getByLabel('Support agents').check();
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    // Shown while it runs; then another evaluation is opened, and the list still follows the first to its end.
    await page.getByRole('row', { name: /workspace and role/ }).waitFor();
    await page.getByRole('button', { name: 'many misses' }).click();
    await page
      .getByRole('row', { name: /workspace and role/ })
      .filter({ hasText: 'COMPLETED' })
      .waitFor({ timeout: 120_000 });

    // More misses than a page (the bikes page answers these questions first, not the one labelled): the list pages.
    await page.getByTestId('evaluation-progress').filter({ hasText: '60 of 60' }).waitFor();
    await page.getByLabel('Missed in the first').selectOption('1');
    const missed = (
      await stack.request('GET', v1(`/retrieval-evaluations/${many.body.id}?missedAt=1&limit=1`), { headers })
    ).body.total as number;
    assert.ok(missed > 50, `${missed} of 60 not answered first`);
    const count = page.getByTestId('misses-count');
    await count.filter({ hasText: `${missed} questions (1 to 50 shown)` }).waitFor();
    await page.getByTestId('misses-pager').getByRole('button', { name: 'Next' }).click();
    await count.filter({ hasText: `(51 to ${missed} shown)` }).waitFor();
    assert.equal(await page.getByTestId('miss').count(), missed - 50);
    assert.equal(await page.locator('ol.misses').getAttribute('start'), '51', 'the second page numbers on from 51');
    // A new filter starts at the first page again.
    await page.locator('select', { has: page.locator('option', { hasText: 'any run' }) }).selectOption('semantic');
    await count.filter({ hasText: `${missed} questions (1 to 50 shown)` }).waitFor();

    // Four runs: hybrid with and without feedback, as the workspace and as the role.
    await page.getByRole('button', { name: 'workspace and role' }).click();
    await page.getByTestId('evaluation-progress').filter({ hasText: 'COMPLETED' }).waitFor();
    const pairs = (await stack.request('GET', v1('/retrieval-evaluations'), { headers })).body.evaluations.find(
      (e: { name: string }) => e.name === 'workspace and role',
    );
    assert.deepEqual(
      pairs.runs.map((r: { name: string; feedback: boolean; customerRoleId: string | null }) => [
        r.name,
        r.feedback,
        r.customerRoleId,
      ]),
      [
        ['hybrid', true, null],
        ['hybrid without feedback', false, null],
        ['hybrid as Support agents', true, 'support-agents'],
        ['hybrid without feedback as Support agents', false, 'support-agents'],
      ],
    );
    // Against a baseline with no run of the same name, the console says why every change is a dash.
    await page.getByLabel('Baseline').selectOption(earlier.body.id as string);
    await page.getByTestId('compare-unmatched').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'console-evaluations-paged.png'), fullPage: true });

    const violations = await axeViolations(page, axeSource);
    await Promise.all(checks);
    await context.close();
    assert.deepEqual(violations, [], 'axe-core');
    assert.deepEqual(foreign, [], 'requests to another origin');
    assert.deepEqual(failures, [], 'script errors');
  });
});
