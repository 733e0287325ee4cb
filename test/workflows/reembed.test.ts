// The re-embed workflow end to end on the Temporal dev server and a database of its own (the switch alters
// knowledge_chunks): two test providers whose vectors differ, a stepped run that pauses between batches so
// search can be watched mid-way, a chunk ingested during the rebuild, and a batch that crashes after writing.
// A deployment set to the title text scheme (EMBEDDING_TEXT_SCHEME=title): every way in embeds title + chunk and
// records it, search answers over a mix of schemes, and a re-embed to the live model moves the older vectors.
// With title-heading, a Markdown upload's chunks keep their section headings through every way in.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createReembedActivities } from '../../src/activities/reembed';
import { nearestChunks, proseVectorsComplete } from '../../src/db/repositories/search';
import { readEmbeddingSpace } from '../../src/db/repositories/embeddingSpace';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import type { Db } from '../../src/db/knex';
import { ensureEmbeddingSpace } from '../../src/services/search/embeddingSpace';
import { localModelTarget, reembedStatus, startReembed, targetOf } from '../../src/services/search/reembed';
import { DEFAULT_EMBEDDING_TEXT_SCHEME, embeddingText, proseVector } from '../../src/domain/embeddingText';
import { provisionedModelDir } from '../../src/embeddings';
import { reembedProgressQuery, reembedRunSignal, reembedStepSignal } from '../../src/workflows/reembed';
import { reembedWorkflowId } from '../../src/workflows/contracts';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testEnv } from '../helpers/env';
import { testProvider } from '../helpers/embeddings';
import { accessHeaders, createRole, createTenant, insertItem } from '../helpers/factories';
import { childEnv, kwsBin, repoRoot, runNode } from '../helpers/processes';
import { uploadRequest } from '../helpers/knowledge';
import { startStack, workflowBundle, type TestStack } from '../helpers/stack';
import { createLiveModelProvider } from '../../src/embeddings/liveModel';
import { liveEmbeddingModel } from '../../src/services/search/embeddingSpace';
import { embedItemChunks } from '../../src/services/knowledge/ingestion';

const waitFor = async (what: string, check: () => Promise<boolean>) => {
  const until = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** An item whose one chunk holds the live model's vector of its text alone, recorded as `chunk` (stored before a scheme). */
async function insertLegacyItem(db: Db, workspaceId: string, live: EmbeddingProvider, word: string): Promise<string> {
  const id = await insertItem(db, workspaceId, {
    title: `Legacy ${word}`,
    content: word,
    vector: await live.embedQuery(word),
  });
  await db('knowledge_chunks').where({ knowledge_id: id }).update({
    embedding_model: live.model,
    embedding_model_version: live.modelVersion,
    embedding_text_scheme: 'chunk',
  });
  return id;
}

/** A small text file `runbook.txt` uploaded (the small-file path, COMPLETED in the request): its item's id. */
async function uploadRunbook(stack: TestStack, workspaceId: string, headers: Record<string, string>, word: string) {
  const upload = await uploadRequest(stack.request, workspaceId, headers, {
    filename: 'runbook.txt',
    contentType: 'text/plain',
    bytes: Buffer.from(`${word} ${randomUUID()} restarts the ingestion worker`),
  });
  assert.equal(upload.status, 200, upload.text);
  assert.equal(upload.body.status, 'COMPLETED', upload.text);
  return upload.body.knowledgeId as string;
}

/** A text item created through the API, once its ingestion workflow has completed: its id and job id. */
async function addTextItem(
  stack: TestStack,
  workspaceId: string,
  headers: Record<string, string>,
  title: string,
  content: string,
): Promise<{ id: string; jobId: string }> {
  const res = await stack.request('POST', `/v1/workspaces/${workspaceId}/knowledge/text`, {
    headers,
    json: { title, content },
  });
  assert.equal(res.status, 201, res.text);
  await stack.deps.temporal.client.workflow.getHandle(res.body.jobId as string).result();
  return { id: res.body.id as string, jobId: res.body.jobId as string };
}

/** The best hit of a search (semantic unless told), explained. */
function topHit(stack: TestStack, tenant: { workspaceId: string; apiKey: string }, headers: Record<string, string>) {
  return async (query: string, mode = 'semantic') => {
    const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...headers, 'x-api-key': tenant.apiKey },
      json: { query, limit: 1, mode, explain: true },
    });
    assert.equal(res.status, 200, res.text);
    return res.body.results[0] as {
      id: string;
      score: number;
      explain: { queryShape?: string; semantic?: number; vector?: string };
    };
  };
}

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
    await ensureEmbeddingSpace({ db }, oldModel);
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

  it('EMBEDDING_TEXT_SCHEME=title: every way in embeds title + chunk, search works on a mix of schemes, a re-embed to the live model moves the old ones', async () => {
    const live = testProvider('model-t', 4242);
    // The live model as the next one too: what an operator configures to re-embed to the live model itself
    // (EMBEDDING_NEXT_MODEL_DIR = EMBEDDING_MODEL_DIR). A stack of its own: the switch alters knowledge_chunks.
    const stack = await startStack({
      embeddings: [live, testProvider('model-t', 4242)],
      env: { EMBEDDING_TEXT_SCHEME: 'title' },
    });
    try {
      const { db, temporal } = stack.deps;
      const tenant = await createTenant(db);
      const { headers } = await accessHeaders(stack, tenant);
      const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
      const titled = (title: string, chunk: string) => embeddingText('title', { title }, chunk);
      /** The item's chunk whose vector is exactly the live model's of `text`, with its recorded scheme. */
      const exactly = async (id: string, text: string) => {
        const [hit] = await nearestChunks(db, tenant.workspaceId, {}, await live.embedQuery(text), 1, 'exact');
        assert.equal(hit?.knowledgeId, id, text);
        assert.ok(Math.abs(hit?.distance ?? NaN) < 1e-6, `the vector is of ${JSON.stringify(text)}`);
        const schemes = await db('knowledge_chunks').where({ knowledge_id: id }).distinct('embedding_text_scheme');
        assert.deepEqual(
          schemes.map((r: { embedding_text_scheme: string }) => r.embedding_text_scheme),
          ['title'],
        );
      };

      // Stored before the switch: the vector of the chunk alone (migration 0034 marks such vectors `chunk`).
      const word = `golf ${randomUUID()}`;
      const oldId = await insertLegacyItem(db, tenant.workspaceId, live, word);

      // An upload (the small-file path): its chunk's vector is of its title, then the chunk.
      const newId = await uploadRunbook(stack, tenant.workspaceId, headers, 'hotel');
      const [uploadedChunk] = await db('knowledge_chunks').where({ knowledge_id: newId }).select('id', 'content');
      const uploaded = titled('runbook.txt', uploadedChunk.content as string);
      await exactly(newId, uploaded);

      // The ingestion workflow's path (embedItemChunks), a link and a chunk edit embed the same way.
      const laterWord = `india ${randomUUID()}`;
      const laterId = (await addTextItem(stack, tenant.workspaceId, headers, 'Later', laterWord)).id;
      await exactly(laterId, titled('Later', laterWord));
      await db('knowledge_chunks')
        .where({ knowledge_id: laterId })
        .update({ embedding: null, embedding_text_scheme: null });
      const embeddedNow = await embedItemChunks(
        { db, embeddings: stack.deps.embeddings, textScheme: 'title' },
        tenant.workspaceId,
        laterId,
        { from: 0, to: 1 },
        (p, texts) => p.embedDocuments(texts),
      );
      assert.equal(embeddedNow, 1);
      await exactly(laterId, titled('Later', laterWord));
      const linkTitle = `Juliet ${randomUUID()}`;
      const link = await stack.request('POST', v1('/knowledge/link'), {
        headers,
        json: { type: 'LINK', url: 'https://example.com/juliet', title: linkTitle },
      });
      assert.equal(link.status, 201, link.text);
      const [linkChunk] = await db('knowledge_chunks').where({ knowledge_id: link.body.id }).select('content');
      await exactly(link.body.id as string, titled(linkTitle, linkChunk.content as string));
      const edited = `kilo ${randomUUID()} drains the queue first`;
      const edit = await stack.request('PATCH', v1(`/knowledge/${newId}/chunks/${uploadedChunk.id}`), {
        headers,
        json: { text: edited },
      });
      assert.equal(edit.status, 200, edit.text);
      await exactly(newId, titled('runbook.txt', edited));
      const editedTitle = titled('runbook.txt', edited);

      // Search answers over both schemes: each item is found by the text its own vector was computed from.
      const search = topHit(stack, tenant, headers);
      for (const [query, id] of [
        [word, oldId],
        [editedTitle, newId],
      ] as const) {
        const hit = await search(query);
        assert.equal(hit?.id, id, query);
        assert.ok(hit.score > 0.999, `${query}: ${hit.score}`);
      }
      // With title vectors, hybrid mode reads identifier-shaped queries apart (retrievalSettingsFor).
      assert.equal((await search('os.path.join', 'hybrid'))?.explain?.queryShape, 'identifier');

      // The status counts the old vector; a re-embed to the live model moves it.
      const before = await reembedStatus({ db }, 'title');
      assert.deepEqual(before.textScheme, { current: 'title', chunksOfOtherSchemes: 1 });
      assert.equal(before.live?.modelVersion, live.modelVersion);
      const { jobId } = await startReembed(temporal, targetOf(live));
      assert.equal((await temporal.client.workflow.getHandle(jobId).result()).phase, 'done');
      const after = await reembedStatus({ db }, 'title');
      assert.deepEqual(after.textScheme, { current: 'title', chunksOfOtherSchemes: 0 });
      assert.equal(after.live?.modelVersion, live.modelVersion);
      assert.equal(after.building, null);
      // Switching back to `chunk` would count every vector.
      assert.equal((await reembedStatus({ db }, 'chunk')).textScheme.chunksOfOtherSchemes, 4);
      const moved = await search(titled(`Legacy ${word}`, word));
      assert.equal(moved?.id, oldId);
      assert.ok(moved.score > 0.999, 'the old chunk now has the vector of its title and its text');
      const hit = await search(editedTitle);
      assert.equal(hit?.id, newId);
      assert.ok(hit.score > 0.999, 'the upload keeps the vector of its title and its text');
    } finally {
      await stack.close();
    }
  });

  it('EMBEDDING_TEXT_SCHEME=header-mix (the default): every way in stores the chunk vector and the prose vector, an upgraded workspace reads its chunk vectors until a re-embed to the live model fills the prose ones', async () => {
    const live = testProvider('model-m', 6161);
    // The live model as the next one too (a re-embed to the live model). A stack of its own: the switch alters
    // knowledge_chunks.
    const stack = await startStack({ embeddings: [live, testProvider('model-m', 6161)] });
    try {
      const { db, temporal } = stack.deps;
      const tenant = await createTenant(db);
      const { headers } = await accessHeaders(stack, tenant);
      const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
      const one = async (t: string) => (await live.embedDocuments([t]))[0]!;
      // The prose vector is stored at half precision (halfvec: 11 significant bits), the chunk's own at single.
      const near = (stored: string | null, expected: number[], what: string, within = 1e-6) => {
        assert.ok(stored, `${what}: a vector`);
        const v = JSON.parse(stored) as number[];
        v.forEach((x, i) => assert.ok(Math.abs(x - expected[i]!) < within, `${what}, dimension ${i}`));
      };
      /** The item's chunk: its own vector is the chunk text's, its prose vector that mixed with `header`'s. */
      const bothVectors = async (id: string, header: string) => {
        const [row] = await db('knowledge_chunks')
          .where({ knowledge_id: id })
          .select(
            'content',
            'embedding_text_scheme',
            db.raw('embedding::text AS own'),
            db.raw('embedding_prose::text AS prose'),
          );
        assert.equal(row.embedding_text_scheme, 'header-mix');
        const own = await one(row.content as string);
        near(row.own, own, `${id}'s own vector`);
        near(row.prose, proseVector(own, await one(header)), `${id}'s prose vector`, 1e-3);
        return row.content as string;
      };
      const search = topHit(stack, tenant, headers);

      // Stored before the upgrade: the chunk's vector alone, no prose vector (as migration 0038 leaves them).
      const word = `lima ${randomUUID()}`;
      const oldId = await insertLegacyItem(db, tenant.workspaceId, live, word);

      // An upload (the small-file path), the ingestion workflow's path, a link and a chunk edit.
      const uploadId = await uploadRunbook(stack, tenant.workspaceId, headers, 'mike');
      await bothVectors(uploadId, 'runbook.txt');
      const later = await addTextItem(stack, tenant.workspaceId, headers, 'Later', `november ${randomUUID()}`);
      await bothVectors(later.id, 'Later');
      const linkTitle = `Oscar ${randomUUID()}`;
      const link = await stack.request('POST', v1('/knowledge/link'), {
        headers,
        json: { type: 'LINK', url: 'https://example.com/oscar', title: linkTitle },
      });
      assert.equal(link.status, 201, link.text);
      await bothVectors(link.body.id as string, linkTitle);
      const [chunk] = await db('knowledge_chunks').where({ knowledge_id: uploadId }).select('id');
      const edited = `papa ${randomUUID()} drains the queue first`;
      const edit = await stack.request('PATCH', v1(`/knowledge/${uploadId}/chunks/${chunk.id}`), {
        headers,
        json: { text: edited },
      });
      assert.equal(edit.status, 200, edit.text);
      assert.equal(await bothVectors(uploadId, 'runbook.txt'), edited);

      // The legacy chunk has no prose vector: the workspace's prose queries read the chunks' own vectors (a
      // chunk's own text scores 1 against them).
      assert.equal(await proseVectorsComplete(db, tenant.workspaceId), false);
      for (const [query, id] of [
        [word, oldId],
        [edited, uploadId],
      ] as const) {
        const hit = await search(query);
        assert.equal(hit?.id, id, query);
        assert.ok(hit.score > 0.999, `${query}: ${hit.score}, the chunk's own vector`);
        assert.equal(hit.explain.vector, 'chunk', 'the workspace has a chunk without a prose vector');
      }

      // The status counts the legacy vector; a re-embed to the live model gives it its prose vector.
      assert.deepEqual((await reembedStatus({ db }, 'header-mix')).textScheme, {
        current: 'header-mix',
        chunksOfOtherSchemes: 1,
      });
      const { jobId } = await startReembed(temporal, targetOf(live));
      assert.equal((await temporal.client.workflow.getHandle(jobId).result()).phase, 'done');
      assert.deepEqual((await reembedStatus({ db }, 'header-mix')).textScheme, {
        current: 'header-mix',
        chunksOfOtherSchemes: 0,
      });
      await bothVectors(oldId, `Legacy ${word}`);
      await bothVectors(uploadId, 'runbook.txt');
      assert.equal(await proseVectorsComplete(db, tenant.workspaceId), true);
      // The switch traded the indexes' names with the columns': each name is on the columns it says.
      const defs = new Map(
        (await db('pg_indexes').where({ tablename: 'knowledge_chunks' }).whereLike('indexname', '%prose%')).map(
          (r: { indexname: string; indexdef: string }) => [r.indexname, r.indexdef],
        ),
      );
      assert.match(defs.get('knowledge_chunks_embedding_prose_hnsw') ?? '', /\(embedding_prose halfvec_cosine_ops\)/);
      assert.match(
        defs.get('knowledge_chunks_prose_missing') ?? '',
        /WHERE \(\(embedding IS NOT NULL\) AND \(\(embedding_prose IS NULL\)/,
      );
      // The previous vectors went with their columns (finishReembed), and their indexes with them.
      assert.equal(defs.has('knowledge_chunks_next_prose_missing'), false);
      // Now prose queries read the prose vectors; identifier-shaped ones still the chunk's own.
      const own = await one(edited);
      const prose = proseVector(own, await one('runbook.txt'));
      const hit = await search(edited);
      assert.equal(hit?.id, uploadId);
      const cosine = own.reduce((sum, x, i) => sum + x * prose[i]!, 0);
      assert.ok(Math.abs(hit.explain.semantic! - cosine) < 2e-3, `${hit.explain.semantic} against ${cosine}`);
      assert.equal(hit.explain.vector, 'prose');
      assert.ok(cosine < 0.999);
      const ident = `q${randomUUID().slice(0, 8)}.run_now()`;
      const identId = (await addTextItem(stack, tenant.workspaceId, headers, 'Ident', ident)).id;
      await bothVectors(identId, 'Ident');
      const identHit = await search(ident);
      assert.equal(identHit?.id, identId);
      assert.ok(identHit.explain.semantic! > 0.999, 'an identifier-shaped query reads the chunk vector');
      assert.equal(identHit.explain.vector, 'chunk');
    } finally {
      await stack.close();
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
    const modelDir = provisionedModelDir(repoRoot);
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

    // The status: the chunks whose vector is of another text scheme than EMBEDDING_TEXT_SCHEME (`header-mix`
    // unless set), read from the database.
    const first = await database.db('knowledge_chunks').whereNotNull('embedding').first('id');
    await database.db('knowledge_chunks').where({ id: first.id }).update({ embedding_text_scheme: 'title' });
    const other = await database
      .db('knowledge_chunks')
      .whereNotNull('embedding')
      .andWhereRaw('embedding_text_scheme IS DISTINCT FROM ?', [DEFAULT_EMBEDDING_TEXT_SCHEME])
      .count('* as n')
      .first();
    const status = await runNode([kwsBin, 'reembed-status', '--json'], env);
    assert.equal(status.code, 0, status.stderr);
    const shown = JSON.parse(status.stdout);
    assert.deepEqual(shown.textScheme, { current: 'header-mix', chunksOfOtherSchemes: Number(other?.n) });
    assert.ok(shown.textScheme.chunksOfOtherSchemes >= 1);
    assert.equal(shown.live.modelVersion, (await readEmbeddingSpace(database.db))?.model_version);
    const titled = await runNode([kwsBin, 'reembed-status'], { ...env, EMBEDDING_TEXT_SCHEME: 'title' });
    assert.equal(titled.code, 0, titled.stderr);
    assert.match(titled.stdout, / chunks of another text scheme than title\n$/);
    const unknown = await runNode([kwsBin, 'reembed-status'], { ...env, EMBEDDING_TEXT_SCHEME: 'heading' });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /EMBEDDING_TEXT_SCHEME/);
  });
  it('a running server follows the switch: background-jobs shows the progress, new chunks and queries use the new model', async () => {
    const oldModel = testProvider('model-a', 0);
    const newModel = testProvider('model-b', 7777);
    // The server and its worker as in production: both models loaded, the old one live (a stack of its own:
    // the switch alters knowledge_chunks).
    const stack = await startStack({ embeddings: [oldModel, newModel] });
    try {
      const { db, temporal } = stack.deps;
      const tenant = await createTenant(db);
      const { headers } = await accessHeaders(stack, tenant);
      const v1 = (p: string) => `/v1/workspaces/${tenant.workspaceId}${p}`;
      const addText = async (word: string) => {
        const content = `${word} ${randomUUID()}`;
        const { id, jobId } = await addTextItem(stack, tenant.workspaceId, headers, word, content);
        const chunk = await db('knowledge_chunks').where({ knowledge_id: id }).first();
        return {
          id,
          jobId,
          text: chunk.content as string,
          model: chunk.embedding_model as string,
        };
      };
      /**
       * The best hit of a semantic search for the text. The texts read as prose, so under the default scheme
       * (header-mix) search reads the prose vectors: the query's vector (the chunk's own, with the live model)
       * against that chunk's own vector mixed with its title's, made by the same model.
       */
      const top = async (text: string) => {
        const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
          headers: { ...headers, 'x-api-key': tenant.apiKey },
          json: { query: text, limit: 1 },
        });
        assert.equal(res.status, 200, res.text);
        return res.body.results[0] as { id: string; score: number };
      };
      let live = oldModel;
      const finds = async (item: { id: string; text: string }) => {
        const hit = await top(item.text);
        assert.equal(hit?.id, item.id, item.text);
        const [own, header] = await live.embedDocuments([item.text, item.text.split(' ')[0]!]);
        const prose = proseVector(own!, header);
        const expected = own!.reduce((sum, x, i) => sum + x * prose[i]!, 0);
        assert.ok(expected < 0.999, 'the prose vector is not the chunk own');
        // The prose vector at half precision: the score within 2e-3 of the exact one.
        assert.ok(Math.abs(hit.score - expected) < 2e-3, `${item.text}: ${hit.score} against ${expected}`);
      };
      const job = async (jobId: string) => {
        const res = await stack.request('POST', v1('/background-jobs'), { headers, json: { jobIds: [jobId] } });
        assert.equal(res.status, 200, res.text);
        return res.body.jobs[0];
      };

      const items = [];
      for (const word of ['alpha', 'bravo', 'charlie', 'delta']) items.push(await addText(word));
      assert.deepEqual(new Set(items.map((i) => i.model)), new Set(['model-a']));
      for (const item of items) await finds(item);

      const target = targetOf(newModel);
      const { jobId } = await startReembed(temporal, target, { batchSize: 2, stepped: true });
      const handle = temporal.client.workflow.getHandle(jobId);
      await handle.signal(reembedStepSignal);
      await waitFor('the first batch in background-jobs', async () => (await job(jobId)).progress?.chunksDone === 2);
      const running = await job(jobId);
      assert.equal(running.status, 'RUNNING');
      assert.equal(running.type, 'reembedWorkflow');
      assert.deepEqual(running.progress, { phase: 'building', chunksDone: 2, chunksTotal: 4 });

      // Mid-way: the old model embeds the queries and answers from the old vectors; a new chunk gets the old model.
      const queries = newModel.queries;
      for (const item of items) await finds(item);
      assert.equal(newModel.queries, queries, 'no query embedded with the model being built');
      const late = await addText('echo');
      assert.equal(late.model, 'model-a');

      await handle.signal(reembedRunSignal);
      await handle.result();
      const done = await job(jobId);
      assert.equal(done.status, 'COMPLETED');
      assert.deepEqual(done.progress, { phase: 'done', chunksDone: 5, chunksTotal: 5 });
      // The deployment's job: another workspace's background-jobs reports it too (not this workspace's own jobs).
      const other = await createTenant(db);
      const seen = await stack.request('POST', `/v1/workspaces/${other.workspaceId}/background-jobs`, {
        headers: (await accessHeaders(stack, other)).headers,
        json: { jobIds: [jobId, late.jobId] },
      });
      assert.deepEqual(
        seen.body.jobs.map((j: { status: string }) => j.status),
        ['COMPLETED', 'NOT_FOUND'],
      );
      // The same id asked twice is answered twice, in the order asked, from one description.
      const twice = await stack.request('POST', v1('/background-jobs'), {
        headers,
        json: { jobIds: [jobId, late.jobId, jobId] },
      });
      assert.equal(twice.status, 200, twice.text);
      assert.deepEqual(
        twice.body.jobs.map((j: { jobId: string }) => j.jobId),
        [jobId, late.jobId, jobId],
      );
      assert.deepEqual(twice.body.jobs[2], twice.body.jobs[0]);
      // Its counts are that workspace's own chunks (none), not the deployment's.
      assert.deepEqual(seen.body.jobs[0].progress, { phase: 'done', chunksDone: 0, chunksTotal: 0 });
      // A role-bound token sees the phase only: the counts are every role's chunks.
      const role = await createRole(db, tenant.workspaceId);
      const asRole = await accessHeaders(stack, tenant, { roleId: role.id });
      const roleView = await stack.request('POST', v1('/background-jobs'), {
        headers: asRole.headers,
        json: { jobIds: [jobId] },
      });
      assert.equal(roleView.status, 200, roleView.text);
      assert.deepEqual(roleView.body.jobs[0].progress, { phase: 'done' });

      // After the switch, without a restart: queries are embedded with the new model and find every chunk by
      // its new prose vector; a chunk ingested now gets the new model's vectors.
      live = newModel;
      for (const item of [...items, late]) await finds(item);
      assert.ok(newModel.queries >= queries + 5, 'the queries were embedded with the new model');
      const fresh = await addText('foxtrot');
      assert.equal(fresh.model, 'model-b');
      await finds(fresh);

      // Vectors of the model no longer live are never stored: a batch embedded just before the switch is
      // refused where it is written, and embedded again with the live model.
      await db('knowledge_chunks').where({ knowledge_id: fresh.id }).update({ embedding: null, embedding_model: null });
      let reads = 0;
      const lagging = { ...stack.deps.embeddings, live: async () => (reads++ === 0 ? oldModel : newModel) };
      const documents = oldModel.documents;
      const embedded = await embedItemChunks(
        { db, embeddings: lagging },
        tenant.workspaceId,
        fresh.id,
        { from: 0, to: 1 },
        (p, texts) => p.embedDocuments(texts),
      );
      assert.equal(embedded, 1);
      // The chunk's text and its header (the title: header-mix's prose vector), once with the old model, refused.
      assert.equal(oldModel.documents, documents + 2, 'embedded once with the old model, refused');
      const stored = await db('knowledge_chunks').where({ knowledge_id: fresh.id }).first();
      assert.equal(stored.embedding_model, 'model-b');
      await finds(fresh);

      // A server without a provider for the live model answers 503 rather than searching with the wrong one.
      const stale = await stack.serve({
        ...stack.deps,
        embeddings: createLiveModelProvider([oldModel], () => liveEmbeddingModel({ db })),
      });
      const res = await stale.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query: fresh.text },
      });
      assert.equal(res.status, 503, res.text);
      assert.match(res.body.message, /no embedding model for the live vectors \(model-b, model-b-v1\)/);
    } finally {
      await stack.close();
    }
  });

  it("EMBEDDING_TEXT_SCHEME=title-heading: a Markdown upload's chunks keep their section headings (the chunks API shows them), and the upload, the workflow's embedding, an edit and a re-embed all embed title — headings", async () => {
    const live = testProvider('model-h', 5151);
    const stack = await startStack({
      embeddings: [live, testProvider('model-h', 5151)],
      env: { EMBEDDING_TEXT_SCHEME: 'title-heading', CHUNK_SIZE: '200', CHUNK_OVERLAP: '0' },
    });
    try {
      const { db, temporal } = stack.deps;
      const tenant = await createTenant(db);
      const { headers } = await accessHeaders(stack, tenant);
      const markdown = [
        '# Runbook',
        '',
        'What the on-call engineer does when the service misbehaves.',
        '',
        '## Rotating keys',
        '',
        'Create the new key first and roll it out to every service that calls the API. '.repeat(2),
        '',
        '### Revoking the old key',
        '',
        'Revoke the old key once its last-used date has stopped moving for a whole day. '.repeat(2),
        '',
        '```sh',
        '# not a heading: a shell comment',
        '```',
        '',
        '## Restoring backups',
        '',
        'Restore into a fresh database and compare row counts before switching traffic. '.repeat(2),
      ].join('\n');
      const upload = await uploadRequest(stack.request, tenant.workspaceId, headers, {
        filename: 'runbook.md',
        contentType: 'text/markdown',
        bytes: Buffer.from(markdown),
      });
      assert.equal(upload.status, 200, upload.text);
      assert.equal(upload.body.status, 'COMPLETED', upload.text);
      const id = upload.body.knowledgeId as string;

      // The chunks API shows each chunk's path.
      const listed = await stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge/${id}/chunks`, {
        headers,
      });
      assert.equal(listed.status, 200, listed.text);
      const chunks = listed.body.chunks as Array<{ id: string; text: string; headings: string[] }>;
      const under = (start: string) => chunks.find((c) => c.text.startsWith(start))?.headings;
      assert.deepEqual(under('Create the new key'), ['Runbook', 'Rotating keys']);
      assert.deepEqual(under('Revoke the old key'), ['Runbook', 'Rotating keys', 'Revoking the old key']);
      assert.deepEqual(under('Restore into'), ['Runbook', 'Restoring backups']);

      /** Every chunk's stored vector is the live model's of title — headings, then the chunk; returns them. */
      const expectVectors = async (scheme = 'title-heading') => {
        const rows: Array<{ content: string; heading_path: string[] | null; v: string; s: string }> = (
          await db.raw(
            `SELECT content, heading_path, embedding::text AS v, embedding_text_scheme AS s FROM knowledge_chunks
              WHERE knowledge_id = ? ORDER BY chunk_index`,
            [id],
          )
        ).rows;
        assert.equal(rows.length, chunks.length);
        for (const row of rows) {
          const text = embeddingText(
            'title-heading',
            { title: 'runbook.md', headings: row.heading_path ?? [] },
            row.content,
          );
          const [want] = await live.embedDocuments([text]);
          const got = JSON.parse(row.v) as number[];
          assert.ok(
            got.every((x, i) => Math.abs(x - want![i]!) < 1e-6),
            `${JSON.stringify(row.content.slice(0, 30))}: the vector is of ${JSON.stringify(text.split('\n')[0])}`,
          );
          assert.equal(row.s, scheme);
        }
        return rows;
      };
      // The small-file path embedded them; the heading that repeats the title is said once.
      const rows = await expectVectors();
      assert.ok(rows.some((r) => r.heading_path?.join('|') === 'Runbook|Rotating keys|Revoking the old key'));

      // The ingestion workflow's path reads the stored paths back (chunkTexts).
      await db('knowledge_chunks').where({ knowledge_id: id }).update({ embedding: null, embedding_text_scheme: null });
      const embedded = await embedItemChunks(
        { db, embeddings: stack.deps.embeddings, textScheme: 'title-heading' },
        tenant.workspaceId,
        id,
        { from: 0, to: chunks.length },
        (p, texts) => p.embedDocuments(texts),
      );
      assert.equal(embedded, chunks.length);
      await expectVectors();

      // An edited chunk keeps its headings, in the API and in its vector.
      const target = chunks.find((c) => c.text.startsWith('Revoke the old key'))!;
      const edit = await stack.request(
        'PATCH',
        `/v1/workspaces/${tenant.workspaceId}/knowledge/${id}/chunks/${target.id}`,
        {
          headers,
          json: { text: 'Revoke the old key after a quiet day.' },
        },
      );
      assert.equal(edit.status, 200, edit.text);
      assert.deepEqual(edit.body.headings, ['Runbook', 'Rotating keys', 'Revoking the old key']);
      await expectVectors();

      // A re-embed reads the paths too: a vector of the chunk alone moves to title — headings.
      const [alone] = await live.embedDocuments([target.text]);
      await db('knowledge_chunks')
        .where({ id: target.id })
        .update({ embedding: `[${alone!.join(',')}]`, embedding_text_scheme: 'chunk' });
      assert.equal((await reembedStatus({ db }, 'title-heading')).textScheme.chunksOfOtherSchemes, 1);
      const { jobId } = await startReembed(temporal, targetOf(live));
      assert.equal((await temporal.client.workflow.getHandle(jobId).result()).phase, 'done');
      await expectVectors();
      assert.equal((await reembedStatus({ db }, 'title-heading')).textScheme.chunksOfOtherSchemes, 0);
    } finally {
      await stack.close();
    }
  });
});
