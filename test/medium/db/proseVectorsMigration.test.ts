// Migration 0038 (prose vectors) on a deployment that already holds vectors: the prose column gets the recorded
// dimension and its HNSW index at once, and the chunks stored before it, which have no prose vector, keep their
// workspace on the chunks' own vectors (proseVectorsComplete) until a re-embed fills them.
import assert from 'node:assert/strict';
import { migrationSource } from '../../../src/db/migrations';
import { proseVectorsComplete } from '../../../src/db/repositories/search';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createTenant, insertItem } from '../../helpers/factories';

describe('migration 0038_prose_vectors', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  const indexes = async () =>
    (
      await t
        .db('pg_indexes')
        .where({ tablename: 'knowledge_chunks' })
        .whereLike('indexname', '%prose%')
        .select('indexname')
    )
      .map((r: { indexname: string }) => r.indexname)
      .sort();

  it('types the prose column by the recorded space, indexes it, and leaves older workspaces on their own vectors', async () => {
    const { db } = t;
    const { workspaceId } = await createTenant(db);
    await db.migrate.down({ migrationSource, name: '0038_prose_vectors' });
    assert.deepEqual(await indexes(), []);
    if (!(await db('embedding_space').first())) {
      await db('embedding_space').insert({ id: 1, dimension: 3, provider: 'test', model: 'm', model_version: 'm-v1' });
    }
    const { dimension } = await db('embedding_space').first('dimension');
    const vector = Array.from({ length: dimension }, (_, i) => (i === 0 ? 1 : 0));
    const stored = await insertItem(db, workspaceId, { title: 'stored before 0038', vector });
    const filenode = async () =>
      (await db.raw(`SELECT pg_relation_filenode('knowledge_chunks') AS f`)).rows[0].f as string;
    const before = await filenode();
    await db.migrate.up({ migrationSource, name: '0038_prose_vectors' });
    // The table was not rewritten (a type change of the added column would have rewritten it and its indexes).
    assert.equal(await filenode(), before);

    assert.deepEqual(await indexes(), ['knowledge_chunks_embedding_prose_hnsw', 'knowledge_chunks_prose_missing']);
    const { rows } = await db.raw(
      `SELECT format_type(atttypid, atttypmod) AS type, attstorage FROM pg_attribute
        WHERE attrelid = 'knowledge_chunks'::regclass AND attname = 'embedding_prose'`,
    );
    assert.deepEqual(rows[0], { type: `halfvec(${dimension})`, attstorage: 'm' });
    assert.equal(await proseVectorsComplete(db, workspaceId), false, 'the chunk stored before has no prose vector');

    // Once it has one (a re-embed, a new version), the workspace reads the prose vectors.
    await db('knowledge_chunks')
      .where({ knowledge_id: stored })
      .update({
        embedding_prose: db.raw('?::halfvec', [`[${vector.join(',')}]`]),
        embedding_text_scheme: 'header-mix',
      });
    assert.equal(await proseVectorsComplete(db, workspaceId), true);
  });
});

describe('migration 0038_prose_vectors during a re-embed', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  it('gives a re-embed building at the upgrade its next prose column, index and twin partial index; down relabels header-mix vectors chunk', async () => {
    const { db } = t;
    const { workspaceId } = await createTenant(db);
    await db.migrate.down({ migrationSource, name: '0038_prose_vectors' });
    await db('embedding_reembed')
      .insert({ id: 1, dimension: 4, provider: 'test', model: 'n', model_version: 'n-v1', status: 'building' })
      .onConflict('id')
      .merge();
    await db.migrate.up({ migrationSource, name: '0038_prose_vectors' });
    const { rows } = await db.raw(
      `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
        WHERE attrelid = 'knowledge_chunks'::regclass AND attname = 'embedding_next_prose'`,
    );
    assert.equal(rows[0].type, 'halfvec(4)');
    const names = (
      await db('pg_indexes').where({ tablename: 'knowledge_chunks' }).whereLike('indexname', '%next_prose%')
    ).map((r: { indexname: string }) => r.indexname);
    assert.deepEqual(names.sort(), [
      'knowledge_chunks_embedding_next_prose_hnsw',
      'knowledge_chunks_next_prose_missing',
    ]);
    await db('embedding_reembed').where({ id: 1 }).delete();

    const id = await insertItem(db, workspaceId, { title: 'mixed', vector: [1, 0, 0] });
    await db('knowledge_chunks').where({ knowledge_id: id }).update({ embedding_text_scheme: 'header-mix' });
    await db.migrate.down({ migrationSource, name: '0038_prose_vectors' });
    const row = await db('knowledge_chunks').where({ knowledge_id: id }).first('embedding_text_scheme');
    assert.equal(row.embedding_text_scheme, 'chunk');
    await db.migrate.up({ migrationSource, name: '0038_prose_vectors' });
  });
});
