// The S3 blob store: one code path for AWS S3, MinIO and the embedded in-process server.
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';

export type S3Settings = Config['s3'];

export interface BlobStore {
  readonly bucket: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Streams a body of unknown length to the key (multipart above one part, so memory stays at a few
   * parts whatever the size). Aborting the signal abandons the upload and removes its parts.
   */
  putStream(key: string, body: Readable, contentType: string, signal?: AbortSignal): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Streams the object into a file; false when there is no such object. */
  download(key: string, filePath: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  /** Keys under a prefix (at most `max`). */
  list(prefix: string, max?: number): Promise<string[]>;
  /**
   * Deletes the keys; absent keys are not an error, so retries are safe. Keys the store fails to delete
   * make it throw, after every other key has been deleted.
   */
  delete(keys: string[]): Promise<void>;
  ensureBucket(): Promise<void>;
  /** Throws when the bucket cannot be reached. */
  check(): Promise<void>;
  close(): void;
}

/** Multipart part size (S3's minimum) and parts in flight per upload: about 15 MiB of memory per upload. */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export function createBlobStore(s: S3Settings): BlobStore {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  });
  const Bucket = s.bucket;
  return {
    bucket: Bucket,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async putStream(key, body, contentType, signal) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize: UPLOAD_PART_BYTES,
        queueSize: UPLOAD_QUEUE_SIZE,
        leavePartsOnError: false,
      });
      const abort = () => void upload.abort().catch(() => undefined);
      signal?.addEventListener('abort', abort, { once: true });
      try {
        if (signal?.aborted) throw signal.reason as Error;
        await upload.done();
      } finally {
        signal?.removeEventListener('abort', abort);
      }
    },
    async download(key, filePath) {
      let out;
      try {
        out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
      await pipeline(out.Body as Readable, createWriteStream(filePath, { mode: 0o600 }));
      return true;
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return Buffer.alloc(0);
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async delete(keys) {
      const failed: string[] = [];
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length === 0) continue;
        const out = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        for (const error of out.Errors ?? []) if (error.Code !== 'NoSuchKey' && error.Key) failed.push(error.Key);
      }
      if (failed.length > 0) throw new Error(`the store failed to delete ${failed.length} of ${keys.length} key(s)`);
    },
    async list(prefix, max = 1000) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: Math.min(1000, max) }),
        );
        for (const object of out.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token && keys.length < max);
      return keys.slice(0, max);
    },
    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
