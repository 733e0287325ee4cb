// Retrieval evaluations end to end on the real stack (PostgreSQL, Temporal and its worker, the local embedding
// model): a small corpus ingested through the API with externalIds, two runs and two kinds of question; each
// question's rank and "what ranked above it" are exactly what the search endpoint answers for the same options,
// and the figures are the hand-checkable mean of those ranks. Then role scoping (an item the role cannot see is
// never found and never ranks above), the bounds (each a 4xx naming the bound), who may call, and the
// comparison of two evaluations.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { scoreQuestion, summarize, type Metrics } from '../../src/domain/retrievalMetrics';
import { Client, Connection } from '@temporalio/client';
import { connectTemporal } from '../../src/temporal/client';
import * as evaluationsRepo from '../../src/db/repositories/retrievalEvaluations';
import { assertError } from '../helpers/assertions';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { waitForJob } from '../helpers/knowledge';
import { testEnv } from '../helpers/env';
import { getStack, type TestStack } from '../helpers/stack';
import type { Request } from '../helpers/http';

/** A small manual: each page has an identifier of its own and says what it is for in other words. */
const PAGES = [
  {
    key: 'uploads',
    title: 'Upload limits',
    content:
      'Files larger than MAX_UPLOAD_BYTES are refused with status 413. The default allows one hundred megabytes; ' +
      'raise the setting when people need to store big videos or archives.',
  },
  {
    key: 'tokens',
    title: 'Access token lifetime',
    content:
      'ACCESS_TOKEN_TTL_SECONDS sets how long an access token stays valid. After that, clients must mint a new ' +
      'token with the API key; a short lifetime limits the harm of a leaked token.',
  },
  {
    key: 'quota',
    title: 'Storage quota errors',
    content:
      'Error E4031 means the workspace has used all of its storage quota. Delete old files or versions, or ask ' +
      'the operator for more space, before uploading again.',
  },
  {
    key: 'rbac',
    title: 'Role-based access',
    content:
      'Turn on RBAC with PUT rbac-status so that each end user only finds the documents assigned to their role. ' +
      'Items without a role are hidden from role-bound tokens.',
  },
  {
    key: 'webhooks',
    title: 'Webhook retries',
    content:
      'A webhook delivery that fails is retried with exponential backoff, up to WEBHOOK_MAX_ATTEMPTS times, so a ' +
      'receiver that was briefly down still gets every event.',
  },
  {
    key: 'crawl',
    title: 'Website crawling',
    content:
      'The crawler honours robots.txt and waits CRAWL_POLITENESS_DELAY_MS between requests to the same site, so ' +
      'indexing a website never overloads it.',
  },
  {
    key: 'lunch',
    title: 'Cafeteria hours',
    content: 'The cafeteria serves lunch from noon until two in the afternoon, with a vegetarian dish every day.',
  },
  {
    key: 'parking',
    title: 'Parking garage',
    content: 'The parking garage closes at midnight; badges open the side door after hours for late shifts.',
  },
];

const QUESTIONS = [
  { id: 'p1', kind: 'paraphrase', query: 'my big video file was rejected as too large', relevant: ['uploads'] },
  { id: 'p2', kind: 'paraphrase', query: 'how long does a login credential keep working', relevant: ['tokens'] },
  { id: 'p3', kind: 'paraphrase', query: 'we ran out of space for documents', relevant: ['quota', 'uploads'] },
  { id: 'p4', kind: 'paraphrase', query: 'show people only the files meant for their team', relevant: ['rbac'] },
  {
    id: 'p5',
    kind: 'paraphrase',
    query: 'what happens when my endpoint is offline for a while',
    relevant: ['webhooks'],
  },
  { id: 'i1', kind: 'identifier', query: 'MAX_UPLOAD_BYTES', relevant: ['uploads'] },
  { id: 'i2', kind: 'identifier', query: 'E4031', relevant: ['quota'] },
  { id: 'i3', kind: 'identifier', query: 'CRAWL_POLITENESS_DELAY_MS', relevant: ['crawl'] },
  { id: 'i4', kind: 'identifier', query: 'WEBHOOK_MAX_ATTEMPTS', relevant: ['webhooks'] },
];
/** p3's first page is the better answer: grade 2. */
const GRADES: Record<string, Record<string, number>> = { p3: { quota: 2 } };

type Figures = Record<keyof Metrics, number | null>;

describe('retrieval evaluations', function () {
  this.timeout(240_000);
  let stack: TestStack;
  let tenant: Tenant;
  let headers: Record<string, string>;
  /** Item id by page key. */
  const ids = new Map<string, string>();
  const v1 = (path: string, t: Tenant = tenant) => `/v1/workspaces/${t.workspaceId}${path}`;
  const evaluations = (path = '', t?: Tenant) => v1(`/retrieval-evaluations${path}`, t);

  /** The search endpoint, as the given credential, for a run's options. */
  const search = async (query: string, run: Record<string, unknown>, h = headers, request: Request = stack.request) => {
    const res = await request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...h, 'x-api-key': tenant.apiKey },
      json: { query, limit: 10, ...run },
    });
    assert.equal(res.status, 200, res.text);
    return res.body.results as Array<{ id: string; title: string; score: number }>;
  };

  /** Creates an evaluation and waits for its job; background-jobs reports questions done of total meanwhile. */
  async function evaluate(body: Record<string, unknown>, h = headers) {
    const created = await stack.request('POST', evaluations(), { headers: h, json: body });
    assert.equal(created.status, 202, created.text);
    assert.equal(created.body.status, 'RUNNING');
    const job = await waitForJob(stack.request, tenant.workspaceId, h, created.body.jobId);
    assert.equal(job.status, 'COMPLETED', JSON.stringify(job));
    const questions = (body.questions as unknown[]).length;
    assert.deepEqual(job.progress, { questionsDone: questions, questionsTotal: questions });
    return created.body as { id: string; jobId: string };
  }

  const read = async (id: string, query = '') => {
    const res = await stack.request('GET', evaluations(`/${id}${query}`), { headers });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };

  before(async () => {
    stack = await getStack();
    tenant = await createTenant(stack.deps.db);
    ({ headers } = await accessHeaders(stack, tenant));
    for (const page of PAGES) {
      const res = await stack.request('POST', v1('/knowledge/text'), {
        headers,
        json: { title: page.title, content: page.content, externalId: `manual-${page.key}` },
      });
      assert.equal(res.status, 201, res.text);
      assert.equal((await waitForJob(stack.request, tenant.workspaceId, headers, res.body.jobId)).status, 'COMPLETED');
      ids.set(page.key, res.body.id);
    }
  });

  const labelledSet = () =>
    QUESTIONS.map((q) => ({
      id: q.id,
      kind: q.kind,
      query: q.query,
      // Half the items named by externalId, half by id.
      relevant: q.relevant.map((key, i) => ({
        ...(i % 2 === 0 ? { externalId: `manual-${key}` } : { knowledgeId: ids.get(key) }),
        ...(GRADES[q.id]?.[key] ? { grade: GRADES[q.id]![key] } : {}),
      })),
    }));

  it('evaluates two runs over two kinds: ranks and "what ranked above" are the search endpoint\'s, figures their mean', async () => {
    const runs = [
      { name: 'semantic', mode: 'semantic' },
      { name: 'keyword', mode: 'keyword' },
    ];
    const { id } = await evaluate({ name: 'manual', questions: labelledSet(), runs });
    const evaluation = await read(id);
    assert.equal(evaluation.status, 'COMPLETED');
    assert.deepEqual(evaluation.kinds, ['identifier', 'paraphrase']);
    assert.deepEqual(evaluation.progress, { questionsDone: QUESTIONS.length, questionsTotal: QUESTIONS.length });
    assert.equal(evaluation.total, QUESTIONS.length);
    assert.equal(evaluation.questions.length, QUESTIONS.length);

    // Every question, every run: the evaluation saw exactly what the search endpoint answers.
    const scores = runs.map(() => new Map<string, ReturnType<typeof scoreQuestion>>());
    for (const [qi, q] of QUESTIONS.entries()) {
      const shown = evaluation.questions[qi];
      assert.equal(shown.id, q.id);
      assert.deepEqual(
        shown.relevant.map((r: { knowledgeId: string }) => r.knowledgeId),
        q.relevant.map((key) => ids.get(key)),
      );
      for (const [ri, run] of runs.entries()) {
        const results = await search(q.query, { mode: run.mode });
        const relevant = new Map(q.relevant.map((key) => [ids.get(key)!, GRADES[q.id]?.[key] ?? 1]));
        const score = scoreQuestion({ ranking: results.map((r) => r.id), relevant });
        scores[ri]!.set(q.id, score);
        const got = shown.runs[ri];
        assert.equal(got.run, run.name);
        assert.equal(got.evaluated, true);
        assert.equal(got.rank, score.rank, `${q.id} under ${run.name}`);
        const above = results.slice(0, score.rank === null ? results.length : score.rank - 1);
        assert.deepEqual(
          got.above.map((a: { knowledgeId: string; title: string }) => [a.knowledgeId, a.title]),
          above.map((r) => [r.id, r.title]),
        );
        if (score.rank !== null) assert.equal(got.found.knowledgeId, results[score.rank - 1]!.id);
        else assert.equal(got.found, null);
      }
    }
    // Hand-checked: keyword search finds each identifier (a word only its page holds) first.
    for (const q of QUESTIONS.filter((x) => x.kind === 'identifier')) assert.equal(scores[1]!.get(q.id)!.rank, 1, q.id);

    // The figures: the mean per run and per kind, to four decimals.
    const r4 = (m: Metrics): Figures => ({
      questions: m.questions,
      recallAt1: Math.round(m.recallAt1 * 1e4) / 1e4,
      recallAt5: Math.round(m.recallAt5 * 1e4) / 1e4,
      recallAt10: Math.round(m.recallAt10 * 1e4) / 1e4,
      mrrAt10: Math.round(m.mrrAt10 * 1e4) / 1e4,
      ndcgAt10: Math.round(m.ndcgAt10 * 1e4) / 1e4,
    });
    for (const [ri, run] of runs.entries()) {
      const figures = evaluation.figures[ri];
      assert.equal(figures.run, run.name);
      const of = (kind?: string) =>
        r4(summarize(QUESTIONS.filter((q) => !kind || q.kind === kind).map((q) => scores[ri]!.get(q.id)!)));
      assert.deepEqual(figures.all, of());
      assert.deepEqual(figures.kinds, { identifier: of('identifier'), paraphrase: of('paraphrase') });
      assert.deepEqual(figures.rerank, {});
    }
    assert.equal(evaluation.figures[1].kinds.identifier.recallAt1, 1);
    assert.equal(evaluation.figures[1].kinds.identifier.mrrAt10, 1);

    // The page narrows by kind and to what a run missed (in its first k, or its first 10); the list holds it.
    const identifiers = await read(id, '?kind=identifier&limit=2&page=2');
    assert.deepEqual(
      [identifiers.total, identifiers.page, identifiers.limit, identifiers.questions.map((q: { id: string }) => q.id)],
      [4, 2, 2, ['i3', 'i4']],
    );
    const missedBy = (k: number, runIndex?: number) =>
      QUESTIONS.filter((q) =>
        scores.some((s, ri) => (runIndex === undefined || ri === runIndex) && !((s.get(q.id)!.rank ?? Infinity) <= k)),
      ).map((q) => q.id);
    const idsOf = (page: { questions: Array<{ id: string }> }) => page.questions.map((q) => q.id);
    assert.deepEqual(idsOf(await read(id, '?missedAt=10')), missedBy(10));
    assert.deepEqual(idsOf(await read(id, '?missedAt=1')), missedBy(1));
    assert.deepEqual(idsOf(await read(id, '?missedAt=1&run=keyword')), missedBy(1, 1));
    assert.deepEqual(idsOf(await read(id, '?run=semantic')), missedBy(10, 0));
    assert.ok(missedBy(1).length > 0, 'some question was not answered first');
    const unknownRun = await stack.request('GET', evaluations(`/${id}?run=nope`), { headers });
    assertError(unknownRun, 400, 'run must be one of the evaluation\'s runs: "semantic", "keyword"');
    assert.deepEqual([unknownRun.body.code, unknownRun.body.param], ['evaluation_unknown_run_or_kind', 'run']);
    // A kind the set does not have (a typo, a wrong case) is refused, not read as a page without misses.
    const unknownKind = await stack.request('GET', evaluations(`/${id}?kind=Identifier`), { headers });
    assertError(unknownKind, 400, 'kind must be one of the evaluation\'s kinds: "identifier", "paraphrase"');
    assert.deepEqual([unknownKind.body.code, unknownKind.body.param], ['evaluation_unknown_run_or_kind', 'kind']);
    // Only hybrid runs take feedback: the semantic and keyword runs say false.
    assert.deepEqual(
      evaluation.runs.map((r: { feedback: boolean }) => r.feedback),
      [false, false],
    );
    const list = await stack.request('GET', evaluations('?limit=1'), { headers });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.evaluations[0].id, id);
    assert.deepEqual([list.body.page, list.body.limit], [1, 1]);
    assert.ok(list.body.total >= 1);
  });

  it('compares hybrid with and without feedback, each run ranking as the search endpoint with the same option', async () => {
    const runs = [{ mode: 'hybrid' }, { mode: 'hybrid', feedback: false }];
    const { id } = await evaluate({ name: 'feedback', questions: labelledSet(), runs });
    const evaluation = await read(id);
    assert.equal(evaluation.status, 'COMPLETED');
    assert.deepEqual(
      evaluation.runs.map((r: { name: string; feedback: boolean }) => [r.name, r.feedback]),
      [
        ['hybrid', true],
        ['hybrid without feedback', false],
      ],
    );
    let fedBack = 0;
    for (const [qi, q] of QUESTIONS.entries()) {
      for (const [ri, run] of runs.entries()) {
        const results = await search(q.query, run);
        const relevant = new Map(q.relevant.map((key) => [ids.get(key)!, GRADES[q.id]?.[key] ?? 1]));
        const { rank } = scoreQuestion({ ranking: results.map((r) => r.id), relevant });
        assert.equal(evaluation.questions[qi].runs[ri].rank, rank, `${q.id} under ${evaluation.runs[ri].name}`);
      }
      // The search endpoint: feedback for prose queries by default (explain.feedback), none when turned off.
      const explained = async (extra: Record<string, unknown>) =>
        (await search(q.query, { mode: 'hybrid', explain: true, ...extra })) as unknown as Array<{
          explain: { feedback?: number; queryShape: string };
        }>;
      const on = await explained({});
      if (on[0]?.explain.queryShape === 'prose' && on.length > 1) {
        assert.ok(
          on.every((r) => typeof r.explain.feedback === 'number'),
          q.id,
        );
        fedBack += 1;
      }
      assert.ok(
        (await explained({ feedback: false })).every((r) => r.explain.feedback === undefined),
        q.id,
      );
    }
    assert.ok(fedBack > 0, 'some prose question took feedback');
  });

  it("the guide's 100 questions over its 20 pages: per-kind figures and misses within minutes", async () => {
    // docs/guides/retrieval-evaluation.md's example set, as the guide posts it.
    const dir = path.resolve(__dirname, '../../../docs/guides/retrieval-evaluation');
    const lines = (file: string) =>
      readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l));
    const guide = await createTenant(stack.deps.db);
    const { headers: guideHeaders } = await accessHeaders(stack, guide);
    const ingestStarted = Date.now();
    for (const page of lines('pages.jsonl')) {
      const res = await stack.request('POST', v1('/knowledge/text', guide), { headers: guideHeaders, json: page });
      assert.equal(res.status, 201, res.text);
      const job = await waitForJob(stack.request, guide.workspaceId, guideHeaders, res.body.jobId);
      assert.equal(job.status, 'COMPLETED');
    }
    const ingestMs = Date.now() - ingestStarted;
    const questions = lines('questions.jsonl');
    assert.equal(questions.length, 100);
    const started = Date.now();
    const created = await stack.request('POST', evaluations('', guide), {
      headers: guideHeaders,
      json: {
        name: 'relay manual',
        questions,
        runs: [
          { name: 'semantic', mode: 'semantic' },
          { name: 'hybrid', mode: 'hybrid' },
        ],
      },
    });
    assert.equal(created.status, 202, created.text);
    const job = await waitForJob(stack.request, guide.workspaceId, guideHeaders, created.body.jobId, 300_000);
    const seconds = (Date.now() - started) / 1000;
    assert.equal(job.status, 'COMPLETED');
    assert.ok(seconds < 300, `100 questions took ${seconds} s`);
    const res = await stack.request('GET', evaluations(`/${created.body.id}?missedAt=1&limit=200`, guide), {
      headers: guideHeaders,
    });
    assert.equal(res.status, 200, res.text);
    const table = res.body.figures.flatMap((f: { run: string; all: Figures; kinds: Record<string, Figures> }) =>
      [['all', f.all] as const, ...Object.entries(f.kinds)].map(
        ([kind, m]) =>
          `${f.run}/${kind}: n ${m.questions} R@1 ${m.recallAt1} R@5 ${m.recallAt5} R@10 ${m.recallAt10} MRR ${m.mrrAt10} nDCG ${m.ndcgAt10}`,
      ),
    );
    console.log(
      `      20 pages ingested in ${(ingestMs / 1000).toFixed(1)} s; 100 questions x 2 runs evaluated in ${seconds.toFixed(1)} s; ` +
        `${res.body.total} not answered first by a run\n        ${table.join('\n        ')}`,
    );
    for (const f of res.body.figures) {
      assert.deepEqual(Object.keys(f.kinds), ['identifier', 'paraphrase']);
      assert.deepEqual([f.kinds.identifier.questions, f.kinds.paraphrase.questions], [36, 64]);
    }
  });

  it('a run evaluated as a role sees what the role sees: a hidden item is never found and never ranks above', async () => {
    const { db } = stack.deps;
    const role = await createRole(db, tenant.workspaceId, { customerRoleId: `support-${randomUUID().slice(0, 8)}` });
    // Every page but the quota page is the role's; RBAC on.
    for (const [key, id] of ids) {
      if (key !== 'quota')
        await db('knowledge_roles').insert({ knowledge_id: id, role_id: role.id, workspace_id: tenant.workspaceId });
    }
    await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
    try {
      const hidden = ids.get('quota')!;
      const questions = [
        { id: 'q-hidden', kind: 'identifier', query: 'E4031', relevant: [{ externalId: 'manual-quota' }] },
        {
          id: 'q-space',
          kind: 'paraphrase',
          query: 'we ran out of space for documents',
          relevant: [{ externalId: 'manual-uploads' }],
        },
        {
          id: 'q-quota',
          kind: 'paraphrase',
          query: 'storage quota used up error',
          relevant: [{ externalId: 'manual-rbac' }],
        },
      ];
      const runs = [
        { name: 'as workspace', mode: 'hybrid' },
        { name: 'as support', mode: 'hybrid', customerRoleId: role.customer_role_id },
        { name: 'as support (id)', mode: 'keyword', roleId: role.id },
      ];
      const { id } = await evaluate({ questions, runs });
      const evaluation = await read(id);
      assert.deepEqual(
        evaluation.runs.map((r: { roleId: string | null; customerRoleId: string | null }) => [
          r.roleId,
          r.customerRoleId,
        ]),
        [
          [null, null],
          [role.id, role.customer_role_id],
          [role.id, role.customer_role_id],
        ],
      );
      const [hiddenQuestion] = evaluation.questions;
      // The workspace finds the quota page first; the role never finds it.
      assert.equal(hiddenQuestion.runs[0].rank, 1);
      for (const r of [1, 2]) {
        assert.equal(hiddenQuestion.runs[r].rank, null);
        assert.equal(hiddenQuestion.runs[r].found, null);
      }
      for (const figures of evaluation.figures.slice(1)) assert.equal(figures.kinds.identifier.recallAt10, 0);
      // Nothing the role cannot see ranks above anything, in any of its runs, and its lists are its token's.
      const { headers: roleHeaders } = await accessHeaders(stack, tenant, { customerRoleId: role.customer_role_id });
      for (const [qi, q] of questions.entries()) {
        for (const [ri, run] of runs.entries()) {
          if (ri === 0) continue;
          const shown = evaluation.questions[qi].runs[ri];
          const listed = [...shown.above, ...(shown.found ? [shown.found] : [])].map(
            (a: { knowledgeId: string }) => a.knowledgeId,
          );
          assert.ok(!listed.includes(hidden), `${q.id} under ${run.name} lists the hidden page`);
          const results = await search(q.query, { mode: run.mode }, roleHeaders);
          assert.deepEqual(
            shown.above.map((a: { knowledgeId: string }) => a.knowledgeId),
            results.slice(0, shown.rank === null ? results.length : shown.rank - 1).map((r) => r.id),
            `${q.id} under ${run.name}: the role token's own ranking`,
          );
        }
      }
      // Feedback (the default for a prose query) reranks the role token's own candidates only: the hidden page is
      // in no answer to the token, with feedback or without, and explain.feedback reaches the token as it does
      // the workspace.
      let fedBack = 0;
      for (const q of questions) {
        for (const feedback of [true, false]) {
          const results = (await search(q.query, { mode: 'hybrid', explain: true, feedback }, roleHeaders)) as Array<{
            id: string;
            explain?: { feedback?: number; queryShape?: string };
          }>;
          assert.ok(!results.some((r) => r.id === hidden), `${q.id}, feedback ${feedback}: the hidden page`);
          const prose = results[0]?.explain?.queryShape === 'prose' && results.length > 1;
          if (feedback && prose) {
            assert.ok(
              results.every((r) => typeof r.explain?.feedback === 'number'),
              q.id,
            );
            fedBack += 1;
          }
          if (!feedback)
            assert.ok(
              results.every((r) => r.explain?.feedback === undefined),
              q.id,
            );
        }
      }
      assert.ok(fedBack > 0, 'a prose question took feedback under the role token');
      // The question about the hidden page: the workspace lists the page above the labelled one; the role does not.
      const quotaQuestion = evaluation.questions[2];
      assert.ok(quotaQuestion.runs[0].above.some((a: { knowledgeId: string }) => a.knowledgeId === hidden));
      // A role that does not exist is refused at creation.
      const failing = await stack.request('POST', evaluations(), {
        headers,
        json: { questions: questions.slice(0, 1), runs: [{ roleId: randomUUID() }] },
      });
      assertError(failing, 404, 'Role not found');
    } finally {
      await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: false } });
    }
  });

  it('compares two evaluations per run and kind, with deltas', async () => {
    const questions = labelledSet();
    const baseline = await evaluate({ name: 'semantic only', questions, runs: [{ name: 'main', mode: 'semantic' }] });
    const later = await evaluate({
      name: 'hybrid',
      questions,
      runs: [{ name: 'main', mode: 'hybrid' }, { mode: 'keyword' }],
    });
    const res = await stack.request('GET', evaluations(`/${later.id}/compare/${baseline.id}`), { headers });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.evaluation.id, res.body.baseline.id], [later.id, baseline.id]);
    assert.deepEqual(
      res.body.runs.map((r: { run: string }) => r.run),
      ['main', 'keyword'],
    );
    const [main, keyword] = res.body.runs;
    const [a, b] = [await read(later.id), await read(baseline.id)];
    assert.deepEqual(main.all.evaluation, a.figures[0].all);
    assert.deepEqual(main.all.baseline, b.figures[0].all);
    for (const m of ['recallAt1', 'recallAt5', 'recallAt10', 'mrrAt10', 'ndcgAt10']) {
      assert.ok(Math.abs(main.all.delta[m] - (a.figures[0].all[m] - b.figures[0].all[m])) < 1e-4, m);
      assert.ok(
        Math.abs(
          main.kinds.identifier.delta[m] - (a.figures[0].kinds.identifier[m] - b.figures[0].kinds.identifier[m]),
        ) < 1e-4,
        m,
      );
    }
    assert.equal(main.all.delta.questions, 0);
    // A run of one side only: the other side is null, and so is the delta.
    assert.deepEqual([keyword.all.baseline, keyword.all.delta], [null, null]);
    assert.equal(keyword.all.evaluation.questions, QUESTIONS.length);
    const missing = await stack.request('GET', evaluations(`/${later.id}/compare/${randomUUID()}`), { headers });
    assertError(missing, 404, 'Retrieval evaluation not found');
  });

  it('only workspace credentials create, list, read, compare or delete; another workspace finds nothing', async () => {
    const { id } = await evaluate({ questions: labelledSet().slice(0, 1), runs: [{}] });
    const role = await createRole(stack.deps.db, tenant.workspaceId);
    const { headers: roleHeaders } = await accessHeaders(stack, tenant, { roleId: role.id });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', evaluations()],
      ['POST', evaluations(), { questions: labelledSet().slice(0, 1), runs: [{}] }],
      ['GET', evaluations(`/${id}`)],
      ['GET', evaluations(`/${id}/compare/${id}`)],
      ['DELETE', evaluations(`/${id}`)],
    ];
    for (const [method, path, json] of calls) {
      assertError(await stack.request(method, path, { headers: roleHeaders, json }), 403, 'Insufficient permissions');
    }
    // Another workspace's token, on its own workspace: the evaluation is not there.
    const other = await createTenant(stack.deps.db);
    const { headers: otherHeaders } = await accessHeaders(stack, other);
    for (const path of [`/${id}`, `/${id}/compare/${id}`]) {
      assertError(
        await stack.request('GET', evaluations(path, other), { headers: otherHeaders }),
        404,
        'Retrieval evaluation not found',
      );
    }
    assertError(await stack.request('DELETE', evaluations(`/${id}`, other), { headers: otherHeaders }), 404);
    // On this workspace's path it is refused before any lookup.
    assertError(await stack.request('GET', evaluations(`/${id}`), { headers: otherHeaders }), 403);
    // A role's token sees no evaluation's progress in background-jobs; the workspace's does.
    const jobId = (await read(id)).jobId;
    const jobs = await stack.request('POST', v1('/background-jobs'), {
      headers: roleHeaders,
      json: { jobIds: [jobId] },
    });
    assert.equal(jobs.status, 200, jobs.text);
    assert.equal(jobs.body.jobs[0].progress, undefined);
    const deleted = await stack.request('DELETE', evaluations(`/${id}`), { headers });
    assert.deepEqual([deleted.status, deleted.body], [200, { success: true }]);
    assertError(await stack.request('GET', evaluations(`/${id}`), { headers }), 404, 'Retrieval evaluation not found');
    assertError(await stack.request('GET', evaluations('/not-a-uuid'), { headers }), 404);
  });

  /**
   * The API under other evaluation bounds, its evaluations started on a task queue no worker polls (they stay
   * RUNNING until terminated); close `temporal` after.
   */
  async function serveIdle(retrievalEvaluations: TestStack['config']['retrievalEvaluations']) {
    const temporal = await connectTemporal(
      testEnv.temporalAddress,
      stack.deps.temporal.namespace,
      `nobody-${randomUUID()}`,
    );
    const { request } = await stack.serve({
      ...stack.deps,
      temporal,
      config: { ...stack.config, retrievalEvaluations },
    });
    return { temporal, request };
  }

  it('refuses past each bound with a 4xx naming it (code, param, hint), and bad input by field', async () => {
    // A deployment with low bounds, whose evaluations wait on a task queue no worker polls (they stay RUNNING);
    // the workspace may keep two more evaluations than it holds now.
    const held = (await stack.request('GET', evaluations(), { headers })).body.total as number;
    const maxStored = held + 2;
    const retrievalEvaluations = {
      maxQuestions: 3,
      maxRuns: 2,
      maxQueryChars: 20,
      maxRunning: 1,
      maxRunningTotal: 10_000,
      maxStored,
      questionRunsPerHour: 0,
    };
    const { temporal, request } = await serveIdle(retrievalEvaluations);
    const post = (json: unknown) => request('POST', evaluations(), { headers, json });
    const question = (query = 'E4031') => ({ query, relevant: [{ externalId: 'manual-quota' }] });
    const refused = async (json: unknown, status: number, code: string, param: string, message: RegExp) => {
      const res = await post(json);
      assertError(res, status);
      assert.match(res.body.message, message);
      assert.equal(res.body.code, code, res.text);
      assert.equal(res.body.param, param, res.text);
      assert.equal(typeof res.body.hint, 'string');
      return res;
    };
    try {
      await refused(
        { questions: [question(), question(), question(), question()], runs: [{}] },
        400,
        'evaluation_questions_limit',
        'questions',
        /at most 3 questions \(RETRIEVAL_EVAL_MAX_QUESTIONS\); this one has 4/,
      );
      await refused(
        { questions: [question()], runs: [{}, { mode: 'hybrid' }, { mode: 'keyword' }] },
        400,
        'evaluation_runs_limit',
        'runs',
        /at most 2 runs \(RETRIEVAL_EVAL_MAX_RUNS\); this one has 3/,
      );
      await refused(
        { questions: [question(), question('a question longer than twenty characters')], runs: [{}] },
        400,
        'evaluation_query_too_long',
        'questions[1].query',
        /questions\[1\]\.query must be at most 20 characters \(RETRIEVAL_EVAL_MAX_QUERY_CHARS\)/,
      );
      await refused(
        {
          questions: [question(), { query: 'x', relevant: [{ externalId: 'nope' }, { knowledgeId: randomUUID() }] }],
          runs: [{}],
        },
        400,
        'evaluation_unknown_item',
        'questions[1].relevant[0].externalId',
        /no item of the workspace has this externalId \(2 of the relevant items sent name no item of the workspace; this is the first\)/,
      );
      await refused(
        { questions: [question()], runs: [{ mode: 'hybrid' }, { mode: 'hybrid' }] },
        400,
        'invalid_field',
        'runs[1].name',
        /another run is named "hybrid"/,
      );
      // Bad input, by field (the schema).
      for (const [json, message] of [
        [{ runs: [{}] }, /questions/],
        [{ questions: [question()], runs: [{ mdoe: 'hybrid' }] }, /Unknown field: runs\[0\]\.mdoe/],
        [{ questions: [question()], runs: [{ mode: 'hybrid', feedback: 'no' }] }, /runs\[0\]\.feedback/],
        [
          { questions: [question()], runs: [{ roleId: randomUUID(), customerRoleId: 'x' }] },
          /either customerRoleId or roleId/,
        ],
        [
          { questions: [{ query: 'x', relevant: [{ knowledgeId: randomUUID(), externalId: 'y' }] }], runs: [{}] },
          /either knowledgeId or externalId/,
        ],
        [
          { questions: [{ query: 'x', relevant: [{ externalId: 'manual-quota', grade: 0 }] }], runs: [{}] },
          /grade must be a number above 0/,
        ],
        [
          { questions: [{ query: '   ', relevant: [{ externalId: 'manual-quota' }] }], runs: [{}] },
          /query must not be blank/,
        ],
        [
          { questions: [question()], runs: [{ filter: { type: 'gt', key: 'year', value: true } }] },
          /^runs\[0\]\.filter\.value: gt needs a number/,
        ],
        [
          { questions: [question()], runs: [{ customerRoleId: 'no-such-role' }] },
          /role with the given customerRoleId not found/,
        ],
        [
          {
            questions: [{ query: 'x', relevant: [{ externalId: 'manual-quota' }, { externalId: 'manual-quota' }] }],
            runs: [{}],
          },
          /^questions\[0\]\.relevant\[1\] names the same item as questions\[0\]\.relevant\[0\]$/,
        ],
        [
          // The same item by its externalId and by its id.
          {
            questions: [
              question(),
              { query: 'x', relevant: [{ externalId: 'manual-quota' }, { knowledgeId: ids.get('quota') }] },
            ],
            runs: [{}],
          },
          /^questions\[1\]\.relevant\[1\] names the same item as questions\[1\]\.relevant\[0\]$/,
        ],
      ] as Array<[unknown, RegExp]>) {
        const res = await post(json);
        assert.ok(res.status === 400 || res.status === 404, res.text);
        assert.match(res.body.message, message, res.text);
      }
      // An exclusive bound is spelled as one in the hint too.
      const zero = await post({
        questions: [{ query: 'x', relevant: [{ externalId: 'manual-quota', grade: 0 }] }],
        runs: [{}],
      });
      assert.equal(zero.body.param, 'questions[0].relevant[0].grade');
      assert.doesNotMatch(zero.body.hint, /at least 0/, zero.text);
      assert.match(zero.body.hint, /above 0/, zero.text);

      // Running at once: the first stays RUNNING (no worker), the second is refused until the first ends.
      const first = await post({ questions: [question()], runs: [{}] });
      assert.equal(first.status, 202, first.text);
      const busy = await refused(
        { questions: [question()], runs: [{}] },
        409,
        'evaluation_running_limit',
        'workspaceId',
        /1 retrieval evaluation is running in this workspace, the most at once \(RETRIEVAL_EVAL_MAX_RUNNING\)/,
      );
      assert.equal(busy.headers['retry-after'], '30');
      // Its job ended without finishing (terminated): it is marked FAILED and no longer counts.
      await temporal.client.workflow.getHandle(first.body.jobId).terminate('test');
      const second = await post({ questions: [question()], runs: [{}] });
      assert.equal(second.status, 202, second.text);
      const ended = await request('GET', evaluations(`/${first.body.id}`), { headers });
      assert.deepEqual(
        [ended.body.status, ended.body.error],
        ['FAILED', "The evaluation's job ended (TERMINATED) before every question was evaluated"],
      );
      await temporal.client.workflow.getHandle(second.body.jobId).terminate('test');
      // Kept: two more than before, at most; deleting one makes room.
      const full = await refused(
        { questions: [question()], runs: [{}] },
        409,
        'evaluation_stored_limit',
        'workspaceId',
        new RegExp(`holds its maximum of ${maxStored} retrieval evaluations \\(RETRIEVAL_EVAL_MAX_STORED\\)`),
      );
      assert.match(full.body.hint, /DELETE/);
      assert.equal((await request('DELETE', evaluations(`/${first.body.id}`), { headers })).status, 200);
      const third = await post({ questions: [question()], runs: [{}] });
      assert.equal(third.status, 202, third.text);
      await temporal.client.workflow.getHandle(third.body.jobId).terminate('test');
    } finally {
      await temporal.connection.close();
    }
  });

  it('charges question runs (questions × runs) to the workspace hour at creation, kept after a delete', async () => {
    // Charges are per clock hour: start clear of the hour's end, so that the whole test falls in one hour.
    const { resetsIn } = await evaluationsRepo.questionRunsThisHour(stack.deps.db, tenant.workspaceId);
    if (resetsIn < 60) await sleep(resetsIn * 1000 + 500);
    const { used } = await evaluationsRepo.questionRunsThisHour(stack.deps.db, tenant.workspaceId);
    const bounds = { ...stack.config.retrievalEvaluations, maxRunning: 10, maxStored: 100_000 };
    const question = { query: 'E4031', relevant: [{ externalId: 'manual-quota' }] };
    const threeByTwo = { questions: [question, question, question], runs: [{}, { mode: 'keyword' }] };
    // One evaluation larger than the whole budget can never start: 400, naming its size.
    const small = await serveIdle({ ...bounds, questionRunsPerHour: 5 });
    try {
      const tooBig = await small.request('POST', evaluations(), { headers, json: threeByTwo });
      assertError(tooBig, 400);
      assert.equal(
        tooBig.body.message,
        "This evaluation needs 6 question runs (3 questions × 2 runs), more than a workspace's hourly budget of 5 " +
          '(RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR)',
      );
      assert.deepEqual([tooBig.body.code, tooBig.body.param], ['evaluation_hourly_budget', 'questions']);
    } finally {
      await small.temporal.connection.close();
    }
    // A start the workflow service refuses (down) keeps nothing: the evaluation goes, and its charge comes back.
    const connection = Connection.lazy({ address: '127.0.0.1:1' });
    try {
      const down = await stack.serve({
        ...stack.deps,
        config: { ...stack.config, retrievalEvaluations: { ...bounds, questionRunsPerHour: used + 6 } },
        temporal: { ...stack.deps.temporal, client: new Client({ connection, namespace: 'default' }), connection },
      });
      const held = (await stack.request('GET', evaluations(), { headers })).body.total as number;
      assertError(await down.request('POST', evaluations(), { headers, json: threeByTwo }), 503);
      assert.equal((await stack.request('GET', evaluations(), { headers })).body.total, held, 'nothing stored');
      const after = await evaluationsRepo.questionRunsThisHour(stack.deps.db, tenant.workspaceId);
      assert.equal(after.used, used, 'the charge was given back');
    } finally {
      await connection.close();
    }
    const { temporal, request } = await serveIdle({ ...bounds, questionRunsPerHour: used + 6 });
    const post = (json: unknown) => request('POST', evaluations(), { headers, json });
    try {
      const first = await post(threeByTwo);
      assert.equal(first.status, 202, first.text);
      await temporal.client.workflow.getHandle(first.body.jobId).terminate('test');
      const spent = await post({ questions: [question], runs: [{}] });
      assertError(spent, 429);
      assert.equal(
        spent.body.message,
        `This workspace's evaluations have used ${used + 6} of their ${used + 6} question runs this hour ` +
          '(RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR); this one needs 1',
      );
      assert.deepEqual([spent.body.code, spent.body.param], ['evaluation_hourly_budget', 'workspaceId']);
      const retryAfter = Number(spent.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 3600, spent.headers['retry-after']);
      assert.match(
        spent.body.hint,
        new RegExp(`afresh in ${retryAfter} s \\(Retry-After\\); 0 question runs are left`),
      );
      // Deleting the evaluation gives nothing back: create, delete, create again buys no fresh budget.
      assert.equal((await request('DELETE', evaluations(`/${first.body.id}`), { headers })).status, 200);
      assertError(await post({ questions: [question], runs: [{}] }), 429);
    } finally {
      await temporal.connection.close();
    }
  });

  it("bounds the deployment's running evaluations, every workspace's together (RETRIEVAL_EVAL_MAX_RUNNING_TOTAL)", async () => {
    // Room for exactly one more in this database: earlier tests' evaluations whose jobs have ended would be settled
    // (and stop counting) by the bound's check itself, so only those whose jobs still run are counted here.
    const running = await evaluationsRepo.runningEverywhere(stack.deps.db, 10_000);
    let runningNow = 0;
    for (const row of running) {
      const described = await stack.deps.temporal.client.workflow
        .getHandle(row.job_id)
        .describe()
        .catch(() => undefined); // a job that never started (or is gone) ended too
      if (described?.status.name === 'RUNNING') runningNow += 1;
    }
    // Another workspace's evaluation stored a moment ago, whose job has not started yet (createEvaluation stores
    // the row first): the bound's settling must not fail it.
    const other = await createTenant(stack.deps.db);
    const phantomId = randomUUID();
    await evaluationsRepo.insertEvaluation(
      stack.deps.db,
      {
        id: phantomId,
        workspace_id: other.workspaceId,
        name: null,
        job_id: `retrieval-evaluation:${other.workspaceId}:${phantomId}`,
        runs: [],
        kinds: [],
        question_count: 0,
      },
      [],
    );
    const { temporal, request } = await serveIdle({
      ...stack.config.retrievalEvaluations,
      maxRunning: 5,
      maxRunningTotal: runningNow + 2,
    });
    const post = () =>
      request('POST', evaluations(), {
        headers,
        json: { questions: [{ query: 'E4031', relevant: [{ externalId: 'manual-quota' }] }], runs: [{}] },
      });
    try {
      const first = await post();
      assert.equal(first.status, 202, first.text);
      // The workspace may run five, the deployment no more.
      const busy = await post();
      assertError(busy, 409);
      assert.equal(
        busy.body.message,
        `${runningNow + 2} retrieval evaluations are running in this deployment, ` +
          'the most at once (RETRIEVAL_EVAL_MAX_RUNNING_TOTAL); retry when one has finished',
      );
      assert.equal(busy.body.code, 'evaluation_running_limit');
      assert.equal(busy.body.param, undefined, 'no field of the request is at fault');
      assert.equal(busy.headers['retry-after'], '30');
      const phantom = () => stack.deps.db('retrieval_evaluations').where({ id: phantomId }).first();
      assert.equal((await phantom()).status, 'RUNNING', "a job about to start is not another request's to fail");
      // Once its job has ended, the first no longer counts; a row whose job never appeared within a minute has ended.
      await temporal.client.workflow.getHandle(first.body.jobId).terminate('test');
      await stack.deps
        .db('retrieval_evaluations')
        .where({ id: phantomId })
        .update({ created_at: stack.deps.db.raw("now() - interval '2 minutes'") });
      const next = await post();
      assert.equal(next.status, 202, next.text);
      await temporal.client.workflow.getHandle(next.body.jobId).terminate('test');
      assert.equal((await phantom()).status, 'FAILED');
      await request('DELETE', evaluations(`/${first.body.id}`), { headers });
      await request('DELETE', evaluations(`/${next.body.id}`), { headers });
    } finally {
      await temporal.connection.close();
    }
  });
});
