// Ingestion activities are idempotent: run twice (a retry, or a re-run workflow), they leave one item and
// one set of chunks with vectors. And the deployment's embedding dimension is enforced at start.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createMetrics } from '../../src/observability/metrics';
import { createIngestionActivities } from '../../src/activities/ingestion';
import * as uploads from '../../src/db/repositories/uploads';
import { createExtractor, type Extractor } from '../../src/extract';
import { EmbeddingSpaceMismatchError, ensureEmbeddingSpace } from '../../src/services/search/embeddingSpace';
import { uploadKey } from '../../src/storage/keys';
import { knowledgeIdForUpload } from '../../src/temporal/constants';
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

  it('never duplicates items or chunks when run again', async () => {
    const { db, storage, embeddings } = stack.deps;
    const tenant = await createTenant(db);
    const uploadId = randomUUID();
    const key = uploadKey(tenant.organizationId, tenant.workspaceId, uploadId, 'notes.txt');
    const text = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i}: the archive keeps minutes of every board meeting.`,
    ).join('\n\n');
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
    const acts = createIngestionActivities({
      db,
      storage,
      extractor,
      embeddings,
      ingestion: { chunkSize: 300, chunkOverlap: 50 },
      metrics: createMetrics(),
    });
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
