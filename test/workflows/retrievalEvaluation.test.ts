// The retrieval evaluation workflow survives its worker: a worker is stopped in the middle of an evaluation
// (a batch under way), a new one takes over, and the evaluation completes with every question evaluated once:
// one result per question and run, each written once, each question's query embedded once over both workers
// (a question evaluated again would embed it again). And an evaluation deleted while it runs ends its workflow at
// the next question, without failing. The Temporal dev server and the real database and model.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createEvaluationActivities } from '../../src/activities/retrievalEvaluations';
import { findWorkspace } from '../../src/db/repositories/workspaces';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { createEvaluation, deleteEvaluation } from '../../src/services/search/retrievalEvaluations';
import { testEnv } from '../helpers/env';
import { createTenant, insertItem } from '../helpers/factories';
import { getStack, workflowBundle, type TestStack } from '../helpers/stack';

const TOPICS = [
  'harbour',
  'orchard',
  'glacier',
  'market',
  'library',
  'railway',
  'vineyard',
  'observatory',
  'bakery',
  'lighthouse',
  'quarry',
  'aquarium',
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('retrievalEvaluationWorkflow', function () {
  this.timeout(180_000);
  let stack: TestStack;

  before(async () => {
    stack = await getStack();
  });

  /**
   * A workspace of twelve committee pages, an evaluation of twelve questions (two runs) on a task queue of its
   * own, and workers for it whose model is slowed down (so a batch is caught half way) and counts each query it
   * embeds over all of them.
   */
  async function setup() {
    const { db } = stack.deps;
    const tenant = await createTenant(db);
    const texts = TOPICS.map((t) => `The ${t} committee reviewed its budget and agreed on next steps for the ${t}.`);
    const vectors = await stack.deps.embeddings.embedDocuments(texts);
    const ids: string[] = [];
    for (const [i, text] of texts.entries()) {
      ids.push(await insertItem(db, tenant.workspaceId, { title: TOPICS[i]!, content: text, vector: vectors[i]! }));
    }

    // The model, slowed down so a batch is caught half way, counting each query it embeds (over both workers).
    const embedded = new Map<string, number>();
    const slow: EmbeddingProvider = {
      name: stack.deps.embeddings.name,
      model: stack.deps.embeddings.model,
      modelVersion: stack.deps.embeddings.modelVersion,
      dimension: stack.deps.embeddings.dimension,
      embedDocuments: (t) => stack.deps.embeddings.embedDocuments(t),
      async embedQuery(text) {
        embedded.set(text, (embedded.get(text) ?? 0) + 1);
        await sleep(250);
        return stack.deps.embeddings.embedQuery(text);
      },
      close: async () => undefined,
    };
    const taskQueue = `evaluation-${randomUUID()}`;
    const startWorker = async () => {
      const connection = await NativeConnection.connect({ address: testEnv.temporalAddress });
      const worker = await Worker.create({
        connection,
        taskQueue,
        workflowBundle: await workflowBundle(),
        activities: createEvaluationActivities({ db, embeddings: slow }),
        maxHeartbeatThrottleInterval: '2 seconds',
      });
      return { worker, running: worker.run(), connection };
    };

    const workspace = (await findWorkspace(db, tenant.workspaceId))!;
    const questions = TOPICS.map((t, i) => ({
      id: `q${i}`,
      kind: i % 2 === 0 ? 'paraphrase' : 'identifier',
      query: `what did the ${t} committee decide`,
      relevant: [{ knowledgeId: ids[i]! }],
    }));
    const row = await createEvaluation(
      { db, config: stack.config, logger: stack.deps.logger, temporal: { ...stack.deps.temporal, taskQueue } },
      workspace,
      {
        questions,
        runs: [
          { name: 'semantic', mode: 'semantic' },
          { name: 'hybrid', mode: 'hybrid' },
        ],
      },
      { batchSize: 5 },
    );
    return { db, row, questions, embedded, startWorker };
  }

  it('completes after its worker is stopped mid-evaluation and another starts, each question evaluated once', async () => {
    const { db, row, questions, embedded, startWorker } = await setup();
    const done = async () =>
      (await db('retrieval_evaluations').where({ id: row.id }).first('questions_done')).questions_done as number;

    const first = await startWorker();
    const deadline = Date.now() + 60_000;
    while ((await done()) < 2) {
      assert.ok(Date.now() < deadline, 'the first worker evaluated nothing');
      await sleep(50);
    }
    // Stopped in the middle of its first batch of five: the batch stops between questions.
    first.worker.shutdown();
    await first.running;
    await first.connection.close();
    const doneByFirst = await done();
    assert.ok(doneByFirst >= 2 && doneByFirst < questions.length, `stopped mid-evaluation (${doneByFirst} done)`);
    const resumedAt = Date.now();

    const second = await startWorker();
    try {
      const result = await stack.deps.temporal.client.workflow.getHandle(row.job_id).result();
      assert.equal(result.status, 'COMPLETED');
      // The workflow's own count over both workers: each question recorded once.
      assert.equal(result.questionsEvaluated, questions.length);
    } finally {
      second.worker.shutdown();
      await second.running;
      await second.connection.close();
    }

    console.log(
      `      ${doneByFirst}/${questions.length} questions done when the first worker stopped; ` +
        `the second finished in ${Date.now() - resumedAt} ms`,
    );
    const evaluation = await db('retrieval_evaluations').where({ id: row.id }).first();
    assert.equal(evaluation.status, 'COMPLETED');
    assert.equal(evaluation.questions_done, questions.length);
    const results = await db('retrieval_evaluation_results').where({ evaluation_id: row.id });
    assert.equal(results.length, questions.length * 2, 'one result per question and run');
    assert.deepEqual(
      results.filter((r: { writes: number }) => r.writes !== 1),
      [],
      'every result written once',
    );
    for (const q of questions) assert.equal(embedded.get(q.query), 1, `${q.id} evaluated once`);
    // The stored summary: every question scored; each finds its own committee's page first.
    assert.equal(evaluation.summary[0].all.questions, questions.length);
    assert.equal(evaluation.summary[0].all.recallAt1, 1);
    assert.deepEqual(Object.keys(evaluation.summary[1].kinds), ['identifier', 'paraphrase']);
  });
  it('ends DELETED, without failing, when the evaluation is deleted while it runs', async () => {
    const { db, row, questions, startWorker } = await setup();
    const worker = await startWorker();
    try {
      const deadline = Date.now() + 60_000;
      while (
        ((await db('retrieval_evaluations').where({ id: row.id }).first('questions_done'))?.questions_done ?? 0) < 1
      ) {
        assert.ok(Date.now() < deadline, 'nothing evaluated');
        await sleep(50);
      }
      await deleteEvaluation({ db }, row.workspace_id, row.id);
      const result = await stack.deps.temporal.client.workflow.getHandle(row.job_id).result();
      assert.equal(result.status, 'DELETED');
      assert.ok(result.questionsEvaluated < questions.length, 'it stopped at its next question');
      assert.equal((await db('retrieval_evaluation_results').where({ evaluation_id: row.id })).length, 0);
    } finally {
      worker.worker.shutdown();
      await worker.running;
      await worker.connection.close();
    }
  });
});
