// The run command's embedded defaults, booted in a temporary data directory: PGlite (+pgvector, pg_trgm)
// over its wire protocol with knex, the in-process S3 server, the TLS certificate, the signing secret and
// runtime.json. The Temporal dev server is covered by the dev smoke test. In the medium tier, whose process runs no
// Temporal worker: PGlite is WASM on this thread (seconds of it while it starts or migrates, on a loaded machine),
// which beside the end-to-end tier's workers held their workflow tasks.
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateLatest } from '../../../src/db/knex';
import { startEmbeddedPostgres } from '../../../src/embedded/postgres';
import {
  readLiveRuntimeInfo,
  removeRuntimeInfo,
  writeRuntimeInfo,
  type RuntimeInfo,
} from '../../../src/embedded/runtime';
import { startEmbeddedS3 } from '../../../src/embedded/s3';
import { loadOrCreateSigningSecret } from '../../../src/embedded/signingKey';
import { loadOrCreateTlsCertificate } from '../../../src/embedded/tls';
import { createBlobStore } from '../../../src/storage/blobStore';

async function fileMode(file: string): Promise<number> {
  return (await stat(file)).mode & 0o777;
}

describe('embedded defaults (smoke)', function () {
  this.timeout(120_000);
  let dataDir: string;

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-embedded-'));
  });

  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('PGlite: migrations, pgvector and pg_trgm through knex; data persists across a restart', async () => {
    const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
    let db = createDb(pg.url, 10);
    try {
      assert.match(pg.url, /^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      assert.ok((await migrateLatest(db)).length > 0);
      const { rows } = await db.raw(`select '[1,2,3]'::vector <=> '[1,2,4]'::vector as distance`);
      assert.ok(Math.abs(Number(rows[0].distance) - 0.0085399) < 1e-6);
      await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      const trgm = await db.raw(`select similarity('knowledge', 'knowlege') as s`);
      assert.ok(Number(trgm.rows[0].s) > 0.5);
      await db.raw('create table smoke_items (id int primary key, embedding vector(3))');
      await db('smoke_items').insert([
        { id: 1, embedding: '[1,0,0]' },
        { id: 2, embedding: '[0,1,0]' },
      ]);
    } finally {
      await db.destroy();
      await pg.stop();
    }

    const again = await startEmbeddedPostgres({ dataDir, port: 0 });
    db = createDb(again.url, 10);
    try {
      assert.deepEqual(await migrateLatest(db), []);
      const nearest = await db('smoke_items').select('id').orderByRaw(`embedding <-> '[0.9,0.1,0]'`).first();
      assert.equal(nearest.id, 1);
    } finally {
      await db.destroy();
      await again.stop();
    }
  });

  it('PGlite: concurrent connections keep large statements and transactions apart', async () => {
    // The first test's directory: opening a database is 0.3 s, creating one 4 s (10-15 s beside CI's other work).
    const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
    const db = createDb(pg.url, 10);
    try {
      // Parameters larger than one TCP read, with different statement texts on different connections.
      const big = 'y'.repeat(200_000);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2
            ? db.raw(`select length(?) + ${i} as v`, [big]).then((r) => Number(r.rows[0].v) === 200_000 + i)
            : db.raw(`select ?::int + 200000 as v`, [i]).then((r) => Number(r.rows[0].v) === 200_000 + i),
        ),
      );
      assert.deepEqual(
        answers.filter((ok) => !ok),
        [],
      );

      await db.raw('create table tx_items (id int primary key)');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          db.transaction(async (trx) => {
            await trx('tx_items').insert({ id: i });
            if (i % 4 === 0) throw new Error('roll back');
          }),
        ),
      );
      assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 15);
      const row = await db('tx_items').count('* as count').first();
      assert.equal(Number(row?.count), 15);
    } finally {
      await db.destroy();
      await pg.stop();
    }
  });

  it('PGlite: refuses a data directory that another live process holds', async () => {
    // The first test's database, stopped cleanly: the lock is what refuses it, before the database is opened.
    const lock = path.join(dataDir, 'pglite.lock');
    await writeFile(lock, String(process.ppid));
    try {
      await assert.rejects(startEmbeddedPostgres({ dataDir }), /in use by process/);
    } finally {
      await rm(lock);
    }
    const reopened = await startEmbeddedPostgres({ dataDir, port: 0 });
    await reopened.stop();
  });

  it('S3: put, get and delete through the blob store', async () => {
    const s3 = await startEmbeddedS3({ dataDir, bucket: 'kws-smoke' });
    const store = createBlobStore({ ...s3, bucket: 'kws-smoke', region: 'us-east-1', forcePathStyle: true });
    try {
      assert.match(s3.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
      await store.ensureBucket();
      await store.check();
      await store.put('a/b.txt', Buffer.from('hello'), 'text/plain');
      assert.equal((await store.get('a/b.txt'))?.toString(), 'hello');
      assert.equal(await store.exists('a/b.txt'), true);
      await store.delete(['a/b.txt', 'never-there']);
      assert.equal(await store.get('a/b.txt'), undefined);
    } finally {
      store.close();
      await s3.stop();
    }
  });

  it('TLS: a self-signed certificate is generated once, reused, and trusted by a client that pins it', async () => {
    const first = await loadOrCreateTlsCertificate({ dataDir });
    assert.equal(first.generated, true);
    assert.equal(await fileMode(path.join(dataDir, 'tls', 'key.pem')), 0o600);
    const second = await loadOrCreateTlsCertificate({ dataDir });
    assert.equal(second.generated, false);
    assert.equal(second.cert, first.cert);
    assert.equal(second.key, first.key);

    const server = https.createServer({ cert: first.cert, key: first.key }, (_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const servername of [undefined, 'localhost']) {
        const body = await new Promise<string>((resolve, reject) => {
          https
            .get({ host: '127.0.0.1', port, ca: first.cert, servername }, (res) => {
              let text = '';
              res.on('data', (c: Buffer) => (text += c.toString()));
              res.on('end', () => resolve(text));
            })
            .on('error', reject);
        });
        assert.equal(body, 'ok');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('signing secret: 32+ random bytes, persisted with mode 0600 and reused', async () => {
    const first = await loadOrCreateSigningSecret(dataDir);
    assert.ok(first.length >= 32);
    assert.equal(await fileMode(path.join(dataDir, 'jwt-secret')), 0o600);
    const second = await loadOrCreateSigningSecret(dataDir);
    assert.deepEqual(Buffer.from(second), Buffer.from(first));
  });

  it('runtime.json: written 0600, read while its process lives, ignored once it is gone', async () => {
    const info: RuntimeInfo = {
      pid: process.pid,
      databaseUrl: 'postgres://postgres@127.0.0.1:1/postgres',
      s3: { endpoint: 'http://127.0.0.1:2', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', bucket: 'kws-files' },
      temporalAddress: '127.0.0.1:7233',
      baseUrl: 'https://127.0.0.1:8443',
    };
    assert.equal(await readLiveRuntimeInfo(dataDir), undefined);
    await writeRuntimeInfo(dataDir, info);
    assert.equal(await fileMode(path.join(dataDir, 'runtime.json')), 0o600);
    assert.deepEqual(await readLiveRuntimeInfo(dataDir), info);
    await writeRuntimeInfo(dataDir, { ...info, pid: 2 ** 22 + 1 }); // above Linux's pid_max: never alive
    assert.equal(await readLiveRuntimeInfo(dataDir), undefined);
    await removeRuntimeInfo(dataDir);
    assert.equal(await readLiveRuntimeInfo(dataDir), undefined);
  });
});
