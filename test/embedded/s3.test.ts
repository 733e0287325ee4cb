// The embedded S3 store's credentials (Security III, finding 1): random per data directory, persisted there like
// the signing key, never s3rver's well-known S3RVER/S3RVER; every request must be signed with them (s3rver alone
// lets unsigned requests through and does not check SigV4 signatures).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startEmbeddedS3, type EmbeddedS3 } from '../../src/embedded/s3';
import { createBlobStore } from '../../src/storage/blobStore';

const client = (s3: EmbeddedS3, accessKeyId: string, secretAccessKey: string) =>
  new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });

const rawGet = (url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

describe('embedded S3 credentials', function () {
  this.timeout(60_000);
  const dirs: string[] = [];
  const servers: EmbeddedS3[] = [];
  const start = async (dataDir?: string) => {
    const dir = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'kws-s3-')));
    if (!dirs.includes(dir)) dirs.push(dir);
    const s3 = await startEmbeddedS3({ dataDir: dir, bucket: 'kws-files' });
    servers.push(s3);
    return { dir, s3 };
  };
  after(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('are random per data directory, kept in it (0600) across restarts, never S3RVER', async () => {
    const a = await start();
    const b = await start();
    assert.notEqual(a.s3.accessKeyId, 'S3RVER');
    assert.notEqual(a.s3.secretAccessKey, 'S3RVER');
    assert.notEqual(a.s3.accessKeyId, b.s3.accessKeyId);
    assert.notEqual(a.s3.secretAccessKey, b.s3.secretAccessKey);
    assert.ok(a.s3.secretAccessKey.length >= 32);
    const file = path.join(a.dir, 's3-credentials');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.ok(!(await readFile(file, 'utf8')).includes(a.s3.secretAccessKey), 'the file holds a seed, not the key');
    await a.s3.stop();
    const again = await start(a.dir);
    assert.equal(again.s3.accessKeyId, a.s3.accessKeyId, 'the same directory keeps its credentials');
    assert.equal(again.s3.secretAccessKey, a.s3.secretAccessKey);
  });

  it('refuse unsigned requests, the well-known keys, a wrong secret and another store’s keys', async () => {
    const { s3 } = await start();
    const other = (await start()).s3;
    const store = createBlobStore({
      region: 'us-east-1',
      bucket: 'kws-files',
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    await store.put('org/x/ws/y/secret.txt', Buffer.from('the secret'), 'text/plain');
    assert.equal((await store.get('org/x/ws/y/secret.txt'))?.toString(), 'the secret', 'its own keys work');
    store.close();

    const unsigned = await rawGet(`${s3.endpoint}/kws-files/org/x/ws/y/secret.txt`);
    assert.equal(unsigned.status, 403);
    assert.match(unsigned.body, /<Code>AccessDenied<\/Code>/);
    assert.doesNotMatch(unsigned.body, /the secret/);
    assert.equal((await rawGet(`${s3.endpoint}/kws-files?list-type=2`)).status, 403, 'no anonymous listing');

    const refusals: Array<[string, string, string]> = [
      ['S3RVER', 'S3RVER', 'InvalidAccessKeyId'],
      [s3.accessKeyId, 'not-the-secret-at-all-0000000000000000000', 'SignatureDoesNotMatch'],
      [other.accessKeyId, other.secretAccessKey, 'InvalidAccessKeyId'],
    ];
    for (const [id, secret, code] of refusals) {
      const s3Client = client(s3, id, secret);
      await assert.rejects(s3Client.send(new ListObjectsV2Command({ Bucket: 'kws-files' })), (err: Error) => {
        assert.equal(err.name, code, `${id}: ${err.message}`);
        return true;
      });
      s3Client.destroy();
    }
  });
});
