// Migration 0020 (versions) on a database that already holds knowledge: every item becomes its version 1, with
// its chunks, and keeps answering searches (the chunks' version equals the item's current version).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { migrationSource } from '../../../src/db/migrations';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createTenant } from '../../helpers/factories';

describe('migration 0020_versions', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  it('makes every existing item version 1 with its chunks', async () => {
    const { db } = t;
    const tenant = await createTenant(db);
    // 0022 (retention) and 0023 (version-aware statistics) build on what 0020 adds: they go first and come
    // back last.
    await db.migrate.down({ migrationSource, name: '0023_version_statistics' });
    await db.migrate.down({ migrationSource, name: '0022_version_retention' });
    await db.migrate.down({ migrationSource, name: '0020_versions' });
    const done = randomUUID();
    const failed = randomUUID();
    await db('knowledge').insert([
      { id: done, workspace_id: tenant.workspaceId, type: 'FILE', title: 'a', content: 'a.txt', status: 'COMPLETED' },
      {
        id: failed,
        workspace_id: tenant.workspaceId,
        type: 'STRING',
        title: 'b',
        content: 'b',
        status: 'BACKGROUND_ERROR',
      },
    ]);
    await db('knowledge')
      .where({ id: done })
      .update({ storage_key: 'k/a.txt', size_bytes: 12, mimetype: 'text/plain' });
    await db('knowledge_chunks').insert({
      id: randomUUID(),
      workspace_id: tenant.workspaceId,
      knowledge_id: done,
      chunk_index: 0,
      page_number: 1,
      content: 'a',
    });
    await db.migrate.up({ migrationSource, name: '0020_versions' });
    await db.migrate.up({ migrationSource, name: '0022_version_retention' });
    await db.migrate.up({ migrationSource, name: '0023_version_statistics' });

    const versions = await db('knowledge_versions').where({ workspace_id: tenant.workspaceId }).orderBy('status');
    assert.deepEqual(
      versions.map((v) => [v.knowledge_id, v.number, v.status, v.storage_key, Number(v.size_bytes)]),
      [
        [done, 1, 'COMPLETED', 'k/a.txt', 12],
        [failed, 1, 'FAILED', null, 0],
      ],
    );
    const items = await db('knowledge').whereIn('id', [done, failed]).select('current_version');
    assert.deepEqual(
      items.map((i) => i.current_version),
      [1, 1],
    );
    const chunk = await db('knowledge_chunks').where({ knowledge_id: done }).first();
    assert.equal(chunk.version, 1);
  });
});
