// Ingestion activities are idempotent: run twice (a retry, or a re-run workflow), they leave one item and
// one set of chunks with vectors. And the deployment's embedding dimension is enforced at start.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createMetrics } from '../../src/observability/metrics';
import { createIngestionActivities } from '../../src/activities/ingestion';
import * as uploads from '../../src/db/repositories/uploads';
import { createExtractor, type Extractor } from '../../src/extract';
import { EmbeddingSpaceMismatchError, ensureEmbeddingSpace } from '../../src/services/search/embeddingSpace';
import { headerText, proseVector } from '../../src/domain/embeddingText';
import { uploadKey } from '../../src/storage/keys';
import { knowledgeIdForUpload } from '../../src/temporal/constants';
import { IngestionFailureTypes, type IndexSmallFileResult } from '../../src/workflows/contracts';
import { createTenant } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

describe('ingestion activities', () => {
  let stack: TestStack;
  let extractor: Extractor;
  before(async () => {
    stack = await getStack();
    extractor = createExtractor();
  });
  after(() => extractor.close());

  /** A stored plain-text upload with its record (BACKGROUND_START requested), as the API leaves it. */
  async function stagedTextUpload(text: string) {
    const { db, storage } = stack.deps;
    const tenant = await createTenant(db);
    const uploadId = randomUUID();
    const key = uploadKey(tenant.organizationId, tenant.workspaceId, uploadId, 'notes.txt');
    await storage.put(key, Buffer.from(text), 'text/plain');
    await uploads.insertUpload(db, {
      id: uploadId,
      workspace_id: tenant.workspaceId,
      organization_id: tenant.organizationId,
      filename: 'notes.txt',
      mimetype: 'text/plain',
      size_bytes: text.length,
      storage_key: key,
      title: 'Notes',
      description: null,
      language: null,
      requested_status: 'BACKGROUND_START',
      workflow_id: `ingest:${tenant.workspaceId}:${uploadId}`,
      space_id: null,
      source_visibility: 'source',
    });
    return { tenant, uploadId, key };
  }

  /** The ingestion activities on the test stack (chunks of 300 characters). */
  const activities = (metrics = createMetrics()) =>
    createIngestionActivities({
      ...stack.deps,
      extractor,
      ingestion: { chunkSize: 300, chunkOverlap: 50 },
      metrics,
      webhooks: stack.config.webhooks,
    });

  const minutes = Array.from(
    { length: 30 },
    (_, i) => `Paragraph ${i}: the archive keeps minutes of every board meeting.`,
  ).join('\n\n');

  it('never duplicates items or chunks when run again', async () => {
    const { db, embeddings } = stack.deps;
    const { tenant, uploadId } = await stagedTextUpload(minutes);
    const acts = activities();
    const env = new MockActivityEnvironment();
    const input = { workspaceId: tenant.workspaceId, organizationId: tenant.organizationId, uploadId };
    const counts = async (knowledgeId: string) => ({
      items: (await db('knowledge').where({ workspace_id: tenant.workspaceId })).length,
      chunks: (await db('knowledge_chunks').where({ knowledge_id: knowledgeId })).length,
      embedded: (await db('knowledge_chunks').where({ knowledge_id: knowledgeId }).whereNotNull('embedding')).length,
    });

    let first: Awaited<ReturnType<typeof counts>> | undefined;
    for (let run = 0; run < 2; run++) {
      const { knowledgeId } = (await env.run(acts.createKnowledgeForUpload, input)) as { knowledgeId: string };
      assert.equal(knowledgeId, knowledgeIdForUpload(uploadId));
      const { chunkCount } = (await env.run(acts.extractAndStoreChunks, { ...input, knowledgeId })) as {
        chunkCount: number;
      };
      assert.ok(chunkCount > 3, `${chunkCount} chunks`);
      await env.run(acts.embedChunks, { workspaceId: tenant.workspaceId, knowledgeId, from: 0, to: chunkCount });
      await env.run(acts.completeKnowledge, { workspaceId: tenant.workspaceId, knowledgeId });
      const now = await counts(knowledgeId);
      assert.deepEqual(now, { items: 1, chunks: chunkCount, embedded: chunkCount });
      if (first) assert.deepEqual(now, first, 'the second run changed nothing');
      first = now;
      const row = await db('knowledge_chunks').where({ knowledge_id: knowledgeId }).first();
      assert.equal(row.embedding_model, embeddings.model, 'the model is recorded with every vector');
      assert.equal(row.embedding_model_version, embeddings.modelVersion);
    }
  });

  it('indexSmallFile: a small file stored, embedded and completed in one attempt, and again without duplicates', async () => {
    const { db, embeddings } = stack.deps;
    const { tenant, uploadId } = await stagedTextUpload(minutes);
    const metrics = createMetrics();
    const acts = activities(metrics);
    const env = new MockActivityEnvironment();
    const knowledgeId = knowledgeIdForUpload(uploadId);
    const input = { workspaceId: tenant.workspaceId, organizationId: tenant.organizationId, uploadId, knowledgeId };
    let chunks: unknown[] | undefined;
    for (let run = 0; run < 2; run++) {
      const out = (await env.run(acts.indexSmallFile, input)) as { chunkCount: number; version: number };
      assert.ok(out.chunkCount > 3, `${out.chunkCount} chunks`);
      assert.equal(out.version, 1);
      const item = await db('knowledge').where({ id: knowledgeId }).first();
      assert.equal(item.status, 'COMPLETED');
      assert.equal((item.metadata as { extraction?: { pageCount?: number } }).extraction?.pageCount, 1);
      const rows = await db('knowledge_chunks')
        .where({ knowledge_id: knowledgeId })
        .orderBy('chunk_index')
        .select('chunk_index', 'content', 'embedding_model', db.raw('embedding IS NOT NULL AS embedded'));
      assert.equal(rows.length, out.chunkCount);
      for (const row of rows) assert.deepEqual([row.embedded, row.embedding_model], [true, embeddings.model]);
      if (chunks) assert.deepEqual(rows, chunks, 'the second run changed nothing');
      chunks = rows;
    }
    // The vectors are the model's for each chunk's own text (embedded from memory, not read back), and the prose
    // vector its own mixed with its header's (the title, then the headings), recorded as such (EMBEDDING_TEXT_SCHEME's
    // default, header-mix).
    const [first] = await db('knowledge_chunks as c')
      .join('knowledge as k', 'k.id', 'c.knowledge_id')
      .where({ 'c.knowledge_id': knowledgeId, 'c.chunk_index': 0 })
      .select(
        'c.content',
        'c.embedding_text_scheme',
        'c.heading_path',
        'k.title',
        db.raw('c.embedding::text AS vector'),
        db.raw('c.embedding_prose::text AS prose'),
      );
    assert.equal(first.embedding_text_scheme, 'header-mix');
    assert.ok(first.title, 'the item has a title, so its chunks have a header');
    const [own] = await embeddings.embedDocuments([first.content]);
    const [header] = await embeddings.embedDocuments([
      headerText({ title: first.title, headings: first.heading_path ?? [] }),
    ]);
    const near = (stored: string, expected: number[], within: number) =>
      (JSON.parse(stored) as number[]).forEach((x, i) =>
        assert.ok(Math.abs(x - expected[i]!) < within, `dimension ${i}`),
      );
    near(first.vector, own!, 1e-4);
    // Stored at half precision (halfvec).
    near(first.prose, proseVector(own!, header), 1e-3);
    assert.notEqual(first.prose, first.vector);
    // Every step it ran is in the step histogram: one status write, the chunks' insert and the vectors'
    // write with the completion.
    const steps = (await metrics.ingestionStep.get()).values.filter((v) => v.metricName?.endsWith('_count'));
    const count = (step: string) => steps.find((v) => v.labels.step === step)?.value ?? 0;
    assert.deepEqual([count('status'), count('insert'), count('embed')], [4, 2, 2], 'two runs');
  });

  it('indexSmallFile with completedEvent records knowledge.completed once, as the workflow used to, and answers its deliveries', async () => {
    const { db } = stack.deps;
    const { tenant, uploadId } = await stagedTextUpload(minutes);
    const endpoint = randomUUID();
    await db('webhook_endpoints').insert({
      id: endpoint,
      workspace_id: tenant.workspaceId,
      url: 'https://hooks.invalid/kws',
      secret: 'whsec_dGVzdA==',
      events: ['knowledge.completed'],
    });
    const acts = activities();
    const env = new MockActivityEnvironment({
      workflowExecution: { workflowId: `ingest:${tenant.workspaceId}:${uploadId}`, runId: randomUUID() },
    });
    const knowledgeId = knowledgeIdForUpload(uploadId);
    const input = {
      workspaceId: tenant.workspaceId,
      organizationId: tenant.organizationId,
      uploadId,
      knowledgeId,
      completedEvent: true,
    };
    const first = (await env.run(acts.indexSmallFile, input)) as IndexSmallFileResult;
    const again = (await env.run(acts.indexSmallFile, input)) as IndexSmallFileResult;
    const deliveries = await db('webhook_deliveries').where({ workspace_id: tenant.workspaceId });
    assert.equal(deliveries.length, 1, 'a retried attempt records the event once');
    const [delivery] = deliveries;
    assert.equal(delivery.endpoint_id, endpoint);
    assert.equal(delivery.event_type, 'knowledge.completed');
    assert.deepEqual(
      delivery.payload.data,
      {
        workspaceId: tenant.workspaceId,
        knowledgeId,
        uploadId,
        version: 1,
        status: 'COMPLETED',
        chunkCount: first.chunkCount,
        pageCount: 1,
      },
      "the data the workflow's own event carried",
    );
    assert.deepEqual(first.completedEvent?.deliveryIds, [delivery.id]);
    assert.deepEqual(again.completedEvent?.deliveryIds, [delivery.id]);
    // Without the flag (a run started before 'small-file-completed-event') the workflow records it instead.
    const older = await stagedTextUpload(minutes);
    const plain = (await env.run(acts.indexSmallFile, {
      workspaceId: older.tenant.workspaceId,
      organizationId: older.tenant.organizationId,
      uploadId: older.uploadId,
      knowledgeId: knowledgeIdForUpload(older.uploadId),
    })) as IndexSmallFileResult;
    assert.equal(plain.completedEvent, undefined);
  });

  it('indexSmallFile: a small file whose bytes are gone fails for good and leaves its item unfinished', async () => {
    const { db, storage } = stack.deps;
    const { tenant, uploadId, key } = await stagedTextUpload(minutes);
    await storage.delete([key]);
    const acts = activities();
    const knowledgeId = knowledgeIdForUpload(uploadId);
    const input = { workspaceId: tenant.workspaceId, organizationId: tenant.organizationId, uploadId, knowledgeId };
    await assert.rejects(new MockActivityEnvironment().run(acts.indexSmallFile, input), (err: unknown) => {
      assert.ok(err instanceof ApplicationFailure, String(err));
      assert.equal(err.nonRetryable, true);
      assert.equal(err.type, IngestionFailureTypes.extraction);
      return true;
    });
    const item = await db('knowledge').where({ id: knowledgeId }).first();
    assert.equal(item.status, 'BACKGROUND_START', 'the workflow records the failure (failKnowledge)');
    assert.equal((await db('knowledge_chunks').where({ knowledge_id: knowledgeId })).length, 0);
  });

  it('stops a deployment whose provider changes the vector dimension, and warns on a model change', async () => {
    const { db, embeddings } = stack.deps;
    await assert.rejects(
      ensureEmbeddingSpace(
        { db },
        { name: 'openai', model: 'text-embedding-3-small', modelVersion: 'x', dimension: 1536 },
      ),
      (err: unknown) =>
        err instanceof EmbeddingSpaceMismatchError &&
        /stores 384-dimensional vectors .* produces 1536/.test(err.message),
    );
    const warning = await ensureEmbeddingSpace(
      { db },
      {
        name: 'local',
        model: 'other-384',
        modelVersion: '1',
        dimension: embeddings.dimension,
      },
    );
    assert.match(warning ?? '', /not comparable/);
    assert.equal(await ensureEmbeddingSpace({ db }, embeddings), undefined);
  });
});
