// The opt-in all-mpnet-base-v2 (scripts/fetch-mpnet-model.sh) switched to through the re-embed workflow with the
// real models: a deployment on all-MiniLM-L6-v2 (384 dimensions) ends on all-mpnet-base-v2 (768), every chunk
// with its vector, and search answers with it. Skipped where the model has not been fetched (it is opt-in), like
// the candidate models in test/embeddings/reference.test.ts; the workflow's own rules are in reembed.test.ts.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readEmbeddingSpace } from '../../src/db/repositories/embeddingSpace';
import { createLocalEmbeddingProvider, provisionedModelDir } from '../../src/embeddings';
import { localModelTarget, startReembed } from '../../src/services/search/reembed';
import { accessHeaders, createTenant } from '../helpers/factories';
import { repoRoot } from '../helpers/processes';
import { startStack } from '../helpers/stack';

const MPNET_DIR = provisionedModelDir(repoRoot, 'all-mpnet-base-v2');

describe('re-embedding to all-mpnet-base-v2 (opt-in model)', function () {
  this.timeout(300_000);

  it('switches a deployment from all-MiniLM-L6-v2 (384) to all-mpnet-base-v2 (768); search then answers with it', async function () {
    if (!existsSync(path.join(MPNET_DIR, 'MODEL_INFO.json'))) this.skip(); // KWS_EXTRA_MODELS=all-mpnet-base-v2 npm run setup
    const oldModel = await createLocalEmbeddingProvider({ modelDir: provisionedModelDir(repoRoot) });
    const newModel = await createLocalEmbeddingProvider({ modelDir: MPNET_DIR });
    assert.equal(newModel.dimension, 768);
    const stack = await startStack({ embeddings: [oldModel, newModel] });
    try {
      const { db, temporal } = stack.deps;
      const tenant = await createTenant(db);
      const { headers } = await accessHeaders(stack, tenant);
      const texts = {
        tea: 'Steep green tea leaves in water just below boiling for two minutes, then pour.',
        bikes: 'Adjust the rear derailleur limit screws so the chain does not fall off the cassette.',
        taxes: 'Self-employed people must file quarterly estimated income tax payments.',
      };
      const ids: Record<string, string> = {};
      for (const [title, content] of Object.entries(texts)) {
        const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/knowledge/text`, {
          headers,
          json: { title, content },
        });
        assert.equal(res.status, 201, res.text);
        await temporal.client.workflow.getHandle(res.body.jobId as string).result();
        ids[title] = res.body.id as string;
      }
      assert.equal((await readEmbeddingSpace(db))?.dimension, 384);

      const target = await localModelTarget(MPNET_DIR);
      assert.deepEqual(
        { model: target.model, dimension: target.dimension },
        { model: 'sentence-transformers/all-mpnet-base-v2', dimension: 768 },
      );
      const { jobId } = await startReembed(temporal, target, { batchSize: 2 });
      await temporal.client.workflow.getHandle(jobId).result();

      const space = await readEmbeddingSpace(db);
      assert.deepEqual(
        { model: space?.model, version: space?.model_version, dimension: space?.dimension },
        { model: target.model, version: target.modelVersion, dimension: 768 },
      );
      const chunks = await db('knowledge_chunks').whereIn('knowledge_id', Object.values(ids));
      assert.ok(chunks.length >= 3);
      for (const chunk of chunks) assert.equal(chunk.embedding_model, target.model);

      // Paraphrases sharing no keyword with their text, embedded by the new model (the only one live).
      for (const [question, expected] of [
        ['how do I brew a cup of matcha-style beverage', 'tea'],
        ['my bicycle gears keep slipping', 'bikes'],
        ['freelancer paying the IRS every three months', 'taxes'],
      ] as const) {
        const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
          headers: { ...headers, 'x-api-key': tenant.apiKey },
          json: { query: question, limit: 1, mode: 'semantic' },
        });
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.results[0]?.id, ids[expected], `${question}: ${res.text}`);
      }
    } finally {
      await stack.close();
    }
  });
});
