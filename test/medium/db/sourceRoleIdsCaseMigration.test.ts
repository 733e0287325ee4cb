// Migration 0042 (source role ids in lower case) on a database holding a source whose role ids were stored in
// capitals: the ids are lowered (rules' other fields untouched), its documents are marked for the next sync to give
// them their roles again, and a source already in lower case is left as it was.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { migrationSource } from '../../../src/db/migrations';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { createRole, createTenant } from '../../helpers/factories';

describe('migration 0042_source_role_ids_case', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  it('lowers the role ids a source names and has its documents given their roles again', async () => {
    const { db } = t;
    const { workspaceId } = await createTenant(db);
    const [hr, all] = [await createRole(db, workspaceId), await createRole(db, workspaceId)];
    await db.migrate.down({ migrationSource, name: '0042_source_role_ids_case' });

    const source = async (roleIds: string[], rules: unknown[]) => {
      const id = randomUUID();
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
        id,
        workspace_id: workspaceId,
        kind: 's3',
        name: `Handbook ${id}`,
        config: JSON.stringify({ bucket: 'handbook' }),
        root_id: rootId,
        role_ids: JSON.stringify(roleIds),
        rules: JSON.stringify(rules),
        rules_version: 3,
      });
      await db('source_documents').insert({
        workspace_id: workspaceId,
        source_id: id,
        key: 'HR/Pay.txt',
        listed_fingerprint: 'abc',
        rules_version: 3,
      });
      return id;
    };
    const rule = (roleIds: string[]) => ({ match: { paths: ['HR/**'] }, roleIds, label: 'People Team' });
    const shouted = await source([all.id.toUpperCase()], [rule([hr.id.toUpperCase(), all.id]), { match: {} }]);
    const quiet = await source([all.id], [rule([hr.id])]);
    await db.migrate.up({ migrationSource, name: '0042_source_role_ids_case' });

    const read = (id: string) => db('sources').where({ id }).first();
    const doc = async (id: string) => (await db('source_documents').where({ source_id: id }).first()).rules_version;
    const lowered = await read(shouted);
    assert.deepEqual(lowered.role_ids, [all.id]);
    assert.deepEqual(lowered.rules, [rule([hr.id, all.id]), { match: {} }], 'paths and labels keep their case');
    assert.equal(lowered.rules_version, 3, 'the rules version (and its rulesJobId) is unchanged');
    assert.equal(await doc(shouted), null, 'the next sync gives the document its roles again');
    const untouched = await read(quiet);
    assert.deepEqual([untouched.role_ids, untouched.rules], [[all.id], [rule([hr.id])]]);
    assert.equal(await doc(quiet), 3);
  });
});
