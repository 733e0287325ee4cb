// The embedded S3 server: s3rver in-process (the real S3 protocol over HTTP) storing under <dataDir>/s3, so
// the blob store keeps one code path for AWS S3, MinIO and this default. Its credentials are random, generated
// once per data directory (<dataDir>/s3-credentials, like the signing key) and never s3rver's well-known
// S3RVER/S3RVER; every request must carry a valid SigV4 signature made with them (src/embedded/sigv4.ts), which
// s3rver alone does not check.
import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { checkSignature, type Credentials } from './sigv4';
import { loadOrCreateSecret } from './signingKey';

export interface EmbeddedS3Options {
  dataDir: string;
  bucket: string;
  /** 0 (default) lets the OS choose; the real port is in the returned endpoint. */
  port?: number;
  host?: string;
}

export interface EmbeddedS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

// s3rver ships no type declarations: the part we use.
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  configureBuckets: Array<{ name: string }>;
}
interface KoaContext {
  method: string;
  req: { url?: string };
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverInstance {
  httpServer?: Server;
  /** Koa's middleware list, composed when the server starts listening. */
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  run(): Promise<net.AddressInfo>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rverInstance;

// s3rver's ListObjectsV2 cipher its continuation tokens with DES, which the OpenSSL of Node 17+ refuses:
// every listing of more than 1,000 keys (the one that needs a token) failed with InternalError. Its list
// controller is looked up at each request, so a V2 listing is answered here from its V1 (marker) listing,
// the token being the last key listed, base64url-encoded.
interface ListContext {
  query: Record<string, string | string[] | undefined>;
  body?: { ListBucketResult?: Record<string, unknown> & { Contents?: Array<{ Key: string; Owner?: unknown }> } };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const bucketController = require('s3rver/lib/controllers/bucket') as {
  getBucket(ctx: ListContext): Promise<void>;
};
const listObjects = bucketController.getBucket.bind(bucketController);
bucketController.getBucket = async (ctx) => {
  const query = ctx.query;
  if (query['list-type'] !== '2') return listObjects(ctx);
  const token = typeof query['continuation-token'] === 'string' ? query['continuation-token'] : '';
  const startAfter = typeof query['start-after'] === 'string' ? query['start-after'] : undefined;
  const marker = token ? Buffer.from(token, 'base64url').toString('utf8') : startAfter;
  const v1 = { ...query };
  for (const name of ['list-type', 'continuation-token', 'start-after', 'fetch-owner']) delete v1[name];
  ctx.query = { ...v1, ...(marker ? { marker } : {}) };
  await listObjects(ctx);
  const result = ctx.body?.ListBucketResult;
  if (!result) return;
  const contents = result.Contents ?? [];
  const last = (result.NextMarker as string | undefined) ?? contents[contents.length - 1]?.Key;
  delete result.Marker;
  delete result.NextMarker;
  if (query['fetch-owner'] !== 'true') for (const c of contents) delete c.Owner;
  Object.assign(result, {
    StartAfter: token ? undefined : startAfter,
    ContinuationToken: token || undefined,
    NextContinuationToken: result.IsTruncated && last ? Buffer.from(last, 'utf8').toString('base64url') : undefined,
    KeyCount: contents.length,
  });
};

// s3rver registers its well-known key pair (S3RVER/S3RVER) in a process-wide registry when loaded: it is
// revoked, and each embedded server registers its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void; revokeAccessKey(id: string): void };
};
DUMMY_ACCOUNT.revokeAccessKey('S3RVER');

/** The file under DATA_DIR whose random bytes the embedded store's credentials derive from. */
export const S3_CREDENTIALS_FILE = 's3-credentials';

/** The embedded store's credentials: derived from 32 random bytes generated once into the data directory. */
export async function loadOrCreateS3Credentials(dataDir: string): Promise<Credentials> {
  const seed = Buffer.from(await loadOrCreateSecret(dataDir, S3_CREDENTIALS_FILE));
  const derive = (label: string) => createHmac('sha256', seed).update(label).digest();
  return {
    // AWS's shape: 20 upper-case characters for the key id, 40 for the secret.
    accessKeyId: `KWS${derive('access-key-id').toString('hex').slice(0, 17).toUpperCase()}`,
    secretAccessKey: derive('secret-access-key').toString('base64url').slice(0, 40),
  };
}

function refuse(ctx: KoaContext, code: string, message: string): void {
  ctx.status = 403;
  ctx.type = 'application/xml';
  const escaped = message.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escaped}</Message></Error>`;
}

export async function startEmbeddedS3(opts: EmbeddedS3Options): Promise<EmbeddedS3> {
  const host = opts.host ?? '127.0.0.1';
  const directory = path.join(opts.dataDir, 's3');
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const credentials = await loadOrCreateS3Credentials(opts.dataDir);
  DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const server = new S3rver({
    address: host,
    port: opts.port ?? 0,
    directory,
    silent: true,
    vhostBuckets: false, // clients use path-style URLs; never guess a bucket from the Host header
    configureBuckets: [{ name: opts.bucket }], // created before listening; an existing bucket is kept
  });
  // First of all: every request is signed with this directory's credentials, or refused.
  server.middleware.unshift(async (ctx, next) => {
    const refusal = checkSignature({ method: ctx.method, url: ctx.req.url ?? '/', headers: ctx.headers }, credentials);
    if (refusal) return refuse(ctx, refusal.code, refusal.message);
    await next();
  });
  const address = await server.run();
  let stopping: Promise<void> | undefined;
  return {
    endpoint: `http://${urlHost(host)}:${address.port}`,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    stop() {
      stopping ??= (async () => {
        const closing = server.close();
        // SDK clients keep sockets alive; close() alone would wait for them.
        server.httpServer?.closeIdleConnections();
        const force = setTimeout(() => server.httpServer?.closeAllConnections(), 2000);
        force.unref();
        try {
          await closing;
        } finally {
          clearTimeout(force);
        }
      })();
      return stopping;
    },
  };
}

function urlHost(host: string): string {
  const connectable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return net.isIPv6(connectable) ? `[${connectable}]` : connectable;
}
