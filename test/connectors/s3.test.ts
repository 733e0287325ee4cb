// The s3 source kind's own refusals, before any connection: an http:// endpoint where private networks are
// not allowed (keys, session tokens and signatures would travel in the clear).
import assert from 'node:assert/strict';
import { SourceUnavailableError, type SourceContext } from '../../src/connectors/kind';
import { s3Kind } from '../../src/connectors/s3';

const context = (allowPrivateNetworks: boolean): SourceContext => ({
  signal: new AbortController().signal,
  heartbeat: () => undefined,
  previous: new Map(),
  addressPolicy: { allowPrivateNetworks },
});

describe('s3 source kind', () => {
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
      (err: unknown) => err instanceof SourceUnavailableError && /http:\/\/: use https/.test(err.message),
    );
    await assert.rejects(
      s3Kind.fetch(context(false), config, secrets, { key: 'a.txt', fingerprint: 'x', filename: 'a.txt' }),
      SourceUnavailableError,
    );
  });
});
