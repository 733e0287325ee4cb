// Migration 0040 (version authors) on a database that already holds text items: a text item's version 1, which
// recorded size 0, gets its text's size while the text is kept; other versions are left as they are.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { migrationSource } from '../../../src/db/migrations';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createTenant } from '../../helpers/factories';

describe('migration 0040_version_authors', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  it("fills in a text item's version 1 size and adds the upload's author", async () => {
    const { db } = t;
    const { workspaceId } = await createTenant(db);
    await db.migrate.down({ migrationSource, name: '0040_version_authors' });
    const current = randomUUID(); // version 1 current: its text is the item's content
    const replaced = randomUUID(); // version 2 current: version 1 keeps its text
    const file = randomUUID();
    const item = (id: string, type: string, content: string) => ({
      id,
      workspace_id: workspaceId,
      type,
      title: 't',
      content,
      status: 'COMPLETED',
    });
    await db('knowledge').insert([
      item(current, 'STRING', 'Héron'),
      item(replaced, 'STRING', 'second text'),
      item(file, 'FILE', 'a.txt'),
    ]);
    await db('knowledge').where({ id: replaced }).update({ current_version: 2 });
    const version = (knowledgeId: string, number: number, text: string | null = null) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      knowledge_id: knowledgeId,
      number,
      status: 'COMPLETED',
      text,
      size_bytes: 0,
    });
    await db('knowledge_versions').insert([
      version(current, 1),
      version(replaced, 1, 'first'),
      version(replaced, 2, 'second text'),
      version(file, 1),
    ]);
    await db.migrate.up({ migrationSource, name: '0040_version_authors' });

    const sizes = await db('knowledge_versions')
      .where({ workspace_id: workspaceId })
      .orderBy(['number'])
      .select('knowledge_id', 'number', 'size_bytes');
    const size = (id: string, number: number) =>
      Number(sizes.find((v) => v.knowledge_id === id && v.number === number)!.size_bytes);
    assert.equal(size(current, 1), Buffer.byteLength('Héron'), 'bytes, not characters');
    assert.equal(size(replaced, 1), Buffer.byteLength('first'));
    assert.equal(size(replaced, 2), 0, 'only version 1 is filled in (a replacement records its size)');
    assert.equal(size(file, 1), 0, "a file's size is its file's, never its name's");
    assert.ok(await db.schema.hasColumn('upload_file_metadata', 'created_by'));
  });
});
