// Migration 0034 (embedding text scheme) on a database that already holds vectors: they were computed from the
// chunk alone, so they become `chunk`, and the count an operator reads (kws reembed-status) holds them.
import assert from 'node:assert/strict';
import { migrationSource } from '../../../src/db/migrations';
import { countOtherTextScheme } from '../../../src/db/repositories/embeddingSpace';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createTenant, insertItem } from '../../helpers/factories';

describe('migration 0034_embedding_text_scheme', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  it('marks the vectors stored before it as of the chunk alone; chunks without a vector stay unmarked', async () => {
    const { db } = t;
    const { workspaceId } = await createTenant(db);
    await db.migrate.down({ migrationSource, name: '0034_embedding_text_scheme' });
    const embedded = await insertItem(db, workspaceId, { title: 'a', vector: [1, 0, 0] });
    const pending = await insertItem(db, workspaceId, { title: 'b', vector: [0, 1, 0] });
    await db('knowledge_chunks').where({ knowledge_id: pending }).update({ embedding: null });
    await db.migrate.up({ migrationSource, name: '0034_embedding_text_scheme' });

    const schemes = await db('knowledge_chunks')
      .where({ workspace_id: workspaceId })
      .select('knowledge_id', 'embedding_text_scheme', 'embedding_next_text_scheme');
    assert.deepEqual(
      new Map(schemes.map((r) => [r.knowledge_id, [r.embedding_text_scheme, r.embedding_next_text_scheme]])),
      new Map([
        [embedded, ['chunk', null]],
        [pending, [null, null]],
      ]),
    );
    // A deployment switched to `title` counts it; one on the default `chunk` does not.
    assert.equal(await countOtherTextScheme(db, 'title'), 1);
    assert.equal(await countOtherTextScheme(db, 'chunk'), 0);

    // A vector stored with the current scheme is not counted.
    await db('knowledge_chunks').where({ knowledge_id: embedded }).update({ embedding_text_scheme: 'title' });
    assert.equal(await countOtherTextScheme(db, 'title'), 0);
    assert.equal(await countOtherTextScheme(db, 'chunk'), 1);
  });
});
