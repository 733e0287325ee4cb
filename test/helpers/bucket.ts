// An S3-protocol server of a test's own (the suite's embedded s3rver) holding a bucket a source syncs from.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedS3, type EmbeddedS3 } from '../../src/embedded/s3';
import { createBlobStore, type BlobStore } from '../../src/storage/blobStore';

export interface TestBucket {
  s3: EmbeddedS3;
  store: BlobStore;
  bucket: string;
  /** The config and secrets of an s3 source of this bucket. */
  source(prefix?: string): { config: Record<string, unknown>; secrets: Record<string, string> };
  close(): Promise<void>;
}

export async function startTestBucket(bucket = 'source-docs'): Promise<TestBucket> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-bucket-'));
  const s3 = await startEmbeddedS3({ dataDir, bucket });
  const store = createBlobStore({
    region: 'us-east-1',
    bucket,
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  } as Parameters<typeof createBlobStore>[0]);
  return {
    s3,
    store,
    bucket,
    source: (prefix = '') => ({
      config: { endpoint: s3.endpoint, bucket, prefix },
      secrets: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    }),
    async close() {
      store.close();
      await s3.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
