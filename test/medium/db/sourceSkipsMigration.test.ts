// Migration 0041 (source skips) on a database that already holds a source's syncs and documents: a sync reads as
// having skipped nothing, and a document that failed before (an unsupported file, no item) has no skip reason,
// so the next sync fetches it once more and then skips it. Down removes the columns again.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { migrationSource } from '../../../src/db/migrations';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createTenant } from '../../helpers/factories';

describe('migration 0041_source_skips', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  const columns = async (table: string) => Object.keys(await t.db(table).columnInfo());

  it('adds the counts with their defaults to existing syncs and a null reason to existing documents', async () => {
    const { db } = t;
    const { workspaceId } = await createTenant(db);
    await db.migrate.down({ migrationSource, name: '0041_source_skips' });
    assert.ok(!(await columns('source_syncs')).includes('skipped'));
    assert.ok(!(await columns('source_documents')).includes('skip_reason'));

    const sourceId = randomUUID();
    const rootId = randomUUID();
    await db('knowledge').insert({
      id: rootId,
      workspace_id: workspaceId,
      type: 'FOLDER',
      title: 'Handbook',
      content: '',
      status: 'COMPLETED',
    });
    await db('sources').insert({
      id: sourceId,
      workspace_id: workspaceId,
      kind: 'git',
      name: 'Handbook',
      config: JSON.stringify({ url: 'https://git.example.com/handbook.git' }),
      root_id: rootId,
    });
    const syncId = randomUUID();
    const failure = { key: 'Makefile', reason: 'unsupported file type (no extension)' };
    await db('source_syncs').insert({
      id: syncId,
      workspace_id: workspaceId,
      source_id: sourceId,
      job_id: `source-sync:${workspaceId}:${sourceId}:${syncId}`,
      status: 'COMPLETED',
      trigger: 'manual',
      seen: 2,
      added: 1,
      failed: 1,
      failures: JSON.stringify([failure]),
    });
    await db('source_documents').insert({
      workspace_id: workspaceId,
      source_id: sourceId,
      key: 'Makefile',
      listed_sync_id: syncId,
      listed_fingerprint: 'abc',
    });
    await db.migrate.up({ migrationSource, name: '0041_source_skips' });

    const sync = await db('source_syncs').where({ id: syncId }).first();
    assert.deepEqual([sync.failed, sync.failures, sync.skipped, sync.skips], [1, [failure], 0, []]);
    const doc = await db('source_documents').where({ source_id: sourceId, key: 'Makefile' }).first();
    assert.equal(doc.skip_reason, null, 'a document that failed before is fetched once more, then skipped');

    await db.migrate.down({ migrationSource, name: '0041_source_skips' });
    assert.ok(!(await columns('source_syncs')).includes('skips'));
    assert.equal((await db('source_syncs').where({ id: syncId }).first()).failed, 1);
    await db.migrate.up({ migrationSource, name: '0041_source_skips' });
  });
});
