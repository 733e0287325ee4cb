// What kws says before it opens an embedded database itself (no DATABASE_URL, no running service found): a warning
// naming the directory and how to point kws at the running service, or a refusal to create a database nobody serves.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ownEmbeddedDatabase } from '../../../src/cli/connect';

describe('kws on an embedded database of its own', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-connect-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a data directory with no database, naming it and DATA_DIR, unless --init', async () => {
    await assert.rejects(ownEmbeddedDatabase(dataDir, false), (err: Error) => {
      assert.match(err.message, new RegExp(`no running service uses DATA_DIR=${dataDir} `));
      assert.match(err.message, /runtime\.json is absent or stale/);
      assert.match(err.message, /DATA_DIR \(or its DATABASE_URL\), or pass --init/);
      return true;
    });
    const created = await ownEmbeddedDatabase(dataDir, true);
    assert.match(created, new RegExp(`created the embedded database ${path.join(dataDir, 'pglite')} directly`));
  });

  it('warns when it opens an existing database directly, and says how to reach the running one', async () => {
    await mkdir(path.join(dataDir, 'pglite'));
    const warning = await ownEmbeddedDatabase(dataDir, false);
    assert.match(warning, /^kws: warning: no running service uses DATA_DIR=/);
    assert.match(warning, new RegExp(`opened the embedded database ${path.join(dataDir, 'pglite')} directly`));
    assert.match(warning, /another DATA_DIR does not see these changes: run kws with the running service's DATA_DIR/);
  });
});
