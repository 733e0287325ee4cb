// The s3 source kind against the suite's S3-protocol server: a listing of more than one page (S3 answers
// at most 1,000 keys a page and continues with a token) yields every object under the prefix, once; and its
// refusals before any connection (an http:// endpoint where private networks are not allowed: keys, session
// tokens and signatures would travel in the clear).
import assert from 'node:assert/strict';
import { S3ConfigSchema, S3SecretsSchema, s3Kind } from '../../src/connectors/s3';
import { SourceUnavailableError, type SourceContext } from '../../src/connectors/kind';
import { startTestBucket, type TestBucket } from '../helpers/bucket';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';

const context = (allowPrivateNetworks = true): SourceContext => ({
  signal: new AbortController().signal,
  heartbeat: () => undefined,
  previous: new Map(),
  addressPolicy: { allowPrivateNetworks, own: NO_OWN_COMPONENTS },
});

describe('s3 source kind', function () {
  this.timeout(120_000);
  let bucket: TestBucket;

  before(async () => {
    bucket = await startTestBucket('paged-listing');
  });
  after(async () => {
    await bucket.close();
  });

  it('lists every object of a prefix holding more than one page of keys', async () => {
    const total = 1_205;
    for (let i = 0; i < total; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, total - i) }, (_, j) =>
          bucket.store.put(`docs/f${i + j}.txt`, Buffer.from(`file ${i + j}`), 'text/plain'),
        ),
      );
    }
    await bucket.store.put('other/outside.txt', Buffer.from('not under the prefix'), 'text/plain');
    const { config, secrets } = bucket.source('docs/');
    const keys: string[] = [];
    for await (const entry of s3Kind.list(context(), S3ConfigSchema.parse(config), S3SecretsSchema.parse(secrets))) {
      keys.push(entry.key);
    }
    assert.equal(keys.length, total);
    assert.equal(new Set(keys).size, total);
    assert.ok(keys.includes('docs/f0.txt') && keys.includes(`docs/f${total - 1}.txt`));
    assert.ok(!keys.includes('other/outside.txt'));
  });

  it('refuses an http:// endpoint unless private networks are allowed, before connecting', async () => {
    const config = {
      endpoint: 'http://s3.example.com',
      region: 'us-east-1',
      bucket: 'docs',
      prefix: '',
      forcePathStyle: true,
    };
    const secrets = { accessKeyId: 'AKIA', secretAccessKey: 'secret' };
    await assert.rejects(
      async () => {
        for await (const _ of s3Kind.list(context(false), config, secrets)) break;
      },
      (err: unknown) =>
        err instanceof SourceUnavailableError &&
        /http:\/\/: use https .*CRAWL_ALLOW_PRIVATE_NETWORKS/.test(err.message),
    );
    await assert.rejects(
      s3Kind.fetch(context(false), config, secrets, { key: 'a.txt', fingerprint: 'x', filename: 'a.txt' }),
      SourceUnavailableError,
    );
  });
});
