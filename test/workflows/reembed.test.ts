// The re-embed workflow end to end on the Temporal dev server and a database of its own (the switch alters
// knowledge_chunks): two test providers whose vectors differ, a stepped run that pauses between batches so
// search can be watched mid-way, a chunk ingested during the rebuild, and a batch that crashes after writing.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createReembedActivities } from '../../src/activities/reembed';
import { nearestChunks } from '../../src/db/repositories/search';
import { readEmbeddingSpace } from '../../src/db/repositories/embeddingSpace';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { ensureEmbeddingSpace } from '../../src/services/embeddingSpace';
import { localModelTarget, startReembed, targetOf } from '../../src/services/reembed';
import { DEFAULT_LOCAL_MODEL_DIR } from '../../src/embeddings';
import { reembedProgressQuery, reembedRunSignal, reembedStepSignal } from '../../src/workflows/reembed';
import { reembedWorkflowId } from '../../src/workflows/contracts';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testEnv } from '../helpers/env';
import { createTenant, insertItem, seededVector } from '../helpers/factories';
import { childEnv, kwsBin, repoRoot, runNode } from '../helpers/processes';
import { workflowBundle } from '../helpers/stack';

const DIM = 8;
const seedOf = (text: string) => createHash('sha1').update(text).digest().readUInt32BE(0);

/** A test provider: each text's vector drawn from its hash and the provider's own salt. */
function testProvider(model: string, salt: number): EmbeddingProvider & { documents: number } {
  const embed = (t: string) => seededVector(DIM, (seedOf(t) + salt) % 2 ** 31);
  const p = {
    name: 'test',
    model,
    modelVersion: `${model}-v1`,
    dimension: DIM,
    documents: 0,
    async embedDocuments(texts: string[]) {
      p.documents += texts.length;
      return texts.map(embed);
    },
    embedQuery: async (t: string) => embed(t),
    close: async () => undefined,
  };
  return p;
}

const waitFor = async (what: string, check: () => Promise<boolean>) => {
  const until = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('reembedWorkflow', function () {
  this.timeout(120_000);
  let database: TestDatabase;
  let connection: Connection;
  let client: Client;

  before(async () => {
    database = await createTestDatabase('kws_reembed');
    connection = await Connection.connect({ address: testEnv.temporalAddress });
    client = new Client({ connection });
  });
  after(async () => {
    await connection?.close();
    await database?.drop();
  });

  it('builds the new vectors beside the old, search answers from the old until the atomic switch, then from the new', async () => {
    const { db } = database;
    const oldModel = testProvider('model-a', 0);
    const newModel = testProvider('model-b', 7777);
    await ensureEmbeddingSpace(db, oldModel);
    const { workspaceId } = await createTenant(db);
    const texts = ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((w) => `${w} ${randomUUID()}`);
    for (const title of texts) await insertItem(db, workspaceId, { title, vector: await oldModel.embedQuery(title) });
    /** The distance of a text's nearest chunk when searched with the given model's vector of that text. */
    const nearest = async (model: EmbeddingProvider, text: string) => {
      const [hit] = await nearestChunks(db, workspaceId, {}, await model.embedQuery(text), 1, 'exact');
      return hit?.distance ?? NaN;
    };

    // A batch that crashes once after its write: the retry must neither lose nor count twice.
    const activities = createReembedActivities({ db, nextEmbeddings: newModel });
    let crashed = false;
    const taskQueue = `reembed-${randomUUID()}`;
    const worker = await Worker.create({
      connection: await NativeConnection.connect({ address: testEnv.temporalAddress }),
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: {
        ...activities,
        async reembedBatch(input: Parameters<typeof activities.reembedBatch>[0]) {
          const result = await activities.reembedBatch(input);
          if (input.afterId !== undefined && !crashed) {
            crashed = true;
            throw new Error('the worker died after writing the batch');
          }
          return result;
        },
      },
    });
    const running = worker.run();
    try {
      const target = targetOf(newModel);
      const { jobId } = await startReembed({ client, connection, taskQueue, namespace: 'default' }, target, {
        batchSize: 2,
        stepped: true,
      });
      assert.equal(jobId, reembedWorkflowId(target));
      const handle = client.workflow.getHandle(jobId);
      // A second start joins the running job.
      assert.equal((await startReembed({ client, connection, taskQueue, namespace: 'default' }, target)).jobId, jobId);

      await handle.signal(reembedStepSignal);
      await waitFor('the first batch', async () => (await handle.query(reembedProgressQuery)).batches === 1);
      // Mid-way: the old vectors answer, and the new ones are not searched.
      assert.equal((await readEmbeddingSpace(db))?.model, 'model-a');
      for (const text of texts) assert.ok(Math.abs(await nearest(oldModel, text)) < 1e-6, text);
      assert.ok((await nearest(newModel, texts[0] as string)) > 1e-3);
      const built = await db('knowledge_chunks').whereNotNull('embedding_next').count('* as n').first();
      assert.equal(Number(built?.n), 2);

      // A chunk ingested during the rebuild (embedded with the live model, as ingestion does).
      const late = `foxtrot ${randomUUID()}`;
      await insertItem(db, workspaceId, { title: late, vector: await oldModel.embedQuery(late) });

      await handle.signal(reembedStepSignal);
      await handle.signal(reembedRunSignal);
      const result = await handle.result();
      assert.equal(result.phase, 'done');
      assert.equal(result.embedded, 6, 'every chunk once, the crashed batch included');
      assert.ok(crashed, 'the crash hook ran');

      // After the switch: the new model answers every chunk, the late one included; the old vectors are gone.
      const space = await readEmbeddingSpace(db);
      assert.deepEqual(
        { model: space?.model, version: space?.model_version },
        { model: 'model-b', version: 'model-b-v1' },
      );
      for (const text of [...texts, late]) assert.ok(Math.abs(await nearest(newModel, text)) < 1e-6, text);
      assert.ok((await nearest(oldModel, texts[0] as string)) > 1e-3);
      const models = await db('knowledge_chunks').where({ workspace_id: workspaceId }).distinct('embedding_model');
      assert.deepEqual(
        models.map((r: { embedding_model: string }) => r.embedding_model),
        ['model-b'],
      );
      assert.equal(Number((await db('knowledge_chunks').whereNotNull('embedding_next').count('* as n').first())?.n), 0);
      const index = await db('pg_indexes').where({ indexname: 'knowledge_chunks_embedding_hnsw' }).first();
      assert.match(index.indexdef, /\(embedding vector_cosine_ops\)/);
      assert.equal(await db('embedding_reembed').first(), undefined);
      // The approximate plan (through the swapped-in HNSW index) finds them too.
      const [viaIndex] = await nearestChunks(db, workspaceId, {}, await newModel.embedQuery(late), 1, 'hnsw');
      assert.ok(Math.abs(viaIndex?.distance ?? NaN) < 1e-6);
    } finally {
      worker.shutdown();
      await running;
    }
  });

  it('refuses, without retrying, a target the worker has no provider for', async () => {
    const target = targetOf(testProvider('model-c', 1));
    for (const nextEmbeddings of [undefined, testProvider('model-d', 2)]) {
      const activities = createReembedActivities({ db: database.db, nextEmbeddings });
      await assert.rejects(
        activities.beginReembed({ target }),
        (err: ApplicationFailure) =>
          err instanceof ApplicationFailure &&
          err.nonRetryable &&
          err.type === 'ReembedRefused' &&
          /cannot build vectors of model-c/.test(err.message),
      );
    }
    assert.equal(await database.db('embedding_reembed').first(), undefined, 'nothing begun');
  });

  it('kws reembed starts the job under its deterministic id and refuses bad arguments', async () => {
    const taskQueue = `reembed-cli-${randomUUID()}`;
    const env = childEnv({
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: testEnv.temporalAddress,
      TEMPORAL_TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'silent',
    });
    const modelDir = path.join(repoRoot, DEFAULT_LOCAL_MODEL_DIR);
    const bad = await runNode([kwsBin, 'reembed', '--model-dir', modelDir, '--batch-size', '0', '--json'], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--batch-size must be an integer from 1 to 4096/);
    const missing = await runNode([kwsBin, 'reembed', '--model-dir', '/nonexistent', '--json'], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Local embedding model not found/);

    const res = await runNode([kwsBin, 'reembed', '--model-dir', modelDir, '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    const out = JSON.parse(res.stdout);
    const target = await localModelTarget(modelDir);
    assert.equal(out.jobId, reembedWorkflowId(target));
    assert.deepEqual(out.target, target);
    const handle = client.workflow.getHandle(out.jobId);
    assert.equal((await handle.describe()).status.name, 'RUNNING');
    await handle.terminate('test over');
  });
});
