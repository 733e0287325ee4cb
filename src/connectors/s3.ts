// The s3 source kind: the objects of any S3-compatible bucket under a prefix; an object's ETag is its
// fingerprint. The SDK's connections resolve through the outbound door's checked, pinned lookup, so the
// source's endpoint is held to the same address policy as every other outbound request.
import {
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { posix } from 'node:path';
import { z } from 'zod';
import { checkUrlAddress, FetchError, outboundAgents, type AddressPolicy } from '../web/fetch';
import {
  SourceUnavailableError,
  type FetchedDocument,
  type SourceContext,
  type SourceEntry,
  type SourceKind,
} from './kind';
import type { DocumentFacts } from './sourceRules';

const INVALID = 'Invalid field value';

export const S3ConfigSchema = z.strictObject(
  {
    /** An S3-compatible endpoint (MinIO, R2, …); AWS S3 when absent. */
    endpoint: z
      .string({ error: INVALID })
      .max(2000, { message: INVALID })
      .regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^/@\s]+\/?$/, { message: INVALID })
      .optional()
      .meta({ description: 'An S3-compatible endpoint, http(s)://host[:port] (absent: AWS S3)' }),
    region: z
      .string({ error: INVALID })
      .regex(/^[a-z0-9-]{1,40}$/, { message: INVALID })
      .default('us-east-1')
      .meta({
        description: 'The region (lowercase letters, digits and hyphens, such as eu-west-1; default us-east-1)',
      }),
    bucket: z
      .string({ error: 'Missing required field' })
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: INVALID })
      .meta({ description: 'The bucket name (3 to 63 lowercase letters, digits, dots and hyphens)' }),
    prefix: z
      .string({ error: INVALID })
      .max(1000, { message: INVALID })
      .default('')
      .meta({ description: 'Only the objects whose keys start with it' }),
    forcePathStyle: z.boolean({ error: INVALID }).default(true),
  },
  { error: INVALID },
);
export type S3SourceConfig = z.infer<typeof S3ConfigSchema>;

/**
 * A credential: printable ASCII without spaces (it is signed into HTTP headers), so a pasted placeholder such as
 * "…" or a stray newline is refused when given, not at every sync as an unreadable signature mismatch.
 */
const credential = (maxChars: number, what: string) =>
  z
    .string({ error: INVALID })
    .min(1, { message: INVALID })
    .max(maxChars, { message: INVALID })
    .regex(/^[\x21-\x7e]+$/, { message: INVALID })
    .meta({ description: `${what}: printable ASCII without spaces (not a placeholder such as …)` });

export const S3SecretsSchema = z.strictObject(
  {
    accessKeyId: credential(256, 'The access key id'),
    secretAccessKey: credential(256, 'The secret access key'),
    sessionToken: credential(4096, 'A temporary session token (STS)').optional(),
  },
  { error: INVALID },
);
export type S3SourceSecrets = z.infer<typeof S3SecretsSchema>;

/** Objects larger than this are listed but not fetched (the sync records them as failed). */
export const S3_MAX_OBJECT_BYTES = 100 * 1024 * 1024;

const unquote = (etag: string | undefined) => (etag ?? '').replace(/^(W\/)?"|"$/g, '');

function client(ctx: SourceContext, config: S3SourceConfig, secrets: S3SourceSecrets | undefined): S3Client {
  const policy: AddressPolicy = ctx.addressPolicy;
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: secrets
      ? {
          accessKeyId: secrets.accessKeyId,
          secretAccessKey: secrets.secretAccessKey,
          ...(secrets.sessionToken ? { sessionToken: secrets.sessionToken } : {}),
        }
      : { accessKeyId: '', secretAccessKey: '' },
    maxAttempts: 3,
    requestHandler: { ...outboundAgents(policy), connectionTimeout: 10_000, requestTimeout: 60_000 },
  });
}

/**
 * Why the source cannot be read, in plain words (the sync fails with it and deletes nothing). `anonymous`: the
 * source has no secrets (never given, or dropped when its config moved to another endpoint or bucket), so a
 * refusal is of anonymous access and the fix is to supply them, not to check them.
 */
function unavailable(err: unknown, config: S3SourceConfig, anonymous = false): SourceUnavailableError {
  const where = config.endpoint ?? 'AWS S3';
  if (err instanceof FetchError)
    return new SourceUnavailableError(`The S3 endpoint ${where} was refused: ${err.message}`);
  if (err instanceof S3ServiceException) {
    const code = err.name;
    if (['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'Forbidden'].includes(code)) {
      return new SourceUnavailableError(
        anonymous
          ? `The bucket ${config.bucket} refused anonymous access (${code}): the source has no secrets (a config ` +
              'change to another endpoint or bucket drops them); supply them with PATCH …/sources/{sourceId} {"secrets": …}'
          : `The bucket ${config.bucket} refused the source's credentials (${code})`,
      );
    }
    if (code === 'NoSuchBucket') return new SourceUnavailableError(`The bucket ${config.bucket} does not exist`);
    return new SourceUnavailableError(`The bucket ${config.bucket} could not be read (${code})`);
  }
  const cause = err as { cause?: unknown; message?: string };
  if (cause?.cause instanceof FetchError) return unavailable(cause.cause, config, anonymous);
  return new SourceUnavailableError(
    `The S3 endpoint ${where} could not be reached: ${String(cause?.message ?? err).slice(0, 300)}`,
  );
}

/** A listing longer than this fails the sync (a hostile or broken endpoint must not page forever). */
export const S3_MAX_LISTED_OBJECTS = 200_000;

async function checkEndpoint(ctx: SourceContext, config: S3SourceConfig): Promise<void> {
  if (!config.endpoint) return;
  // Keys, session tokens and signatures travel in the clear over http: only where private networks are
  // allowed (a local or test setup), as for git sources.
  if (/^http:/i.test(config.endpoint) && !ctx.addressPolicy.allowPrivateNetworks) {
    throw new SourceUnavailableError(
      `The S3 endpoint ${config.endpoint} is http://: use https (credentials would travel unencrypted); plain ` +
        'http is accepted only where the operator allows private networks (CRAWL_ALLOW_PRIVATE_NETWORKS, for a ' +
        'local or test store)',
    );
  }
  try {
    await checkUrlAddress(new URL(config.endpoint), ctx.addressPolicy);
  } catch (err) {
    throw unavailable(err, config);
  }
}

const tooLarge = () => new Error(`The object is larger than ${S3_MAX_OBJECT_BYTES} bytes`);

/** Reads an object's body, refusing it past S3_MAX_OBJECT_BYTES whatever the listing or the headers said. */
async function readBounded(body: AsyncIterable<Uint8Array> | undefined, length: number | undefined): Promise<Buffer> {
  if ((length ?? 0) > S3_MAX_OBJECT_BYTES) throw tooLarge();
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of body ?? []) {
    total += chunk.byteLength;
    if (total > S3_MAX_OBJECT_BYTES) {
      (body as { destroy?: () => void }).destroy?.();
      throw tooLarge();
    }
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts, total);
}

/** An object's path for the source's rules: its key after the source's prefix. */
export const s3DocumentPath = (config: Pick<S3SourceConfig, 'prefix'>, key: string): string =>
  config.prefix && key.startsWith(config.prefix) ? key.slice(config.prefix.length) : key;

/** Requests for the metadata and tags of one page of objects made at once. */
const FACT_CONCURRENCY = 8;

/**
 * What the source's rules may match of each object: its key after the prefix and, when the rules read them
 * (ctx.facts), its user metadata (a HEAD request) and its tags (GetObjectTagging). An object deleted since the
 * listing has none; a refusal fails the listing with its reason.
 */
async function objectFacts(
  s3: S3Client,
  ctx: SourceContext,
  config: S3SourceConfig,
  keys: string[],
  anonymous: boolean,
): Promise<DocumentFacts[]> {
  const out: DocumentFacts[] = keys.map((key) => ({ path: s3DocumentPath(config, key) }));
  const metadata = ctx.facts?.has('metadata') ?? false;
  const tags = ctx.facts?.has('tags') ?? false;
  if (!metadata && !tags) return out;
  const gone = (err: unknown) => err instanceof S3ServiceException && ['NotFound', 'NoSuchKey'].includes(err.name);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < keys.length; i = next++) {
      const Key = keys[i]!;
      let asked = 'HeadObject';
      try {
        if (metadata) {
          const head = await s3.send(new HeadObjectCommand({ Bucket: config.bucket, Key }), {
            abortSignal: ctx.signal,
          });
          out[i]!.metadata = { ...head.Metadata };
        }
        if (tags) {
          asked = 'GetObjectTagging';
          const tagging = await s3.send(new GetObjectTaggingCommand({ Bucket: config.bucket, Key }), {
            abortSignal: ctx.signal,
          });
          out[i]!.tags = Object.fromEntries((tagging.TagSet ?? []).map((t) => [t.Key ?? '', t.Value ?? '']));
        }
      } catch (err) {
        if (gone(err)) continue;
        const refused = unavailable(err, config, anonymous);
        // The rules need more than reading objects: say which permission.
        throw err instanceof S3ServiceException
          ? new SourceUnavailableError(
              `${refused.message} on ${asked}: the source's rules read object ${metadata && asked === 'HeadObject' ? 'metadata' : 'tags'}`,
            )
          : refused;
      }
      if (i % 100 === 0) ctx.heartbeat();
    }
  };
  await Promise.all(Array.from({ length: Math.min(FACT_CONCURRENCY, keys.length) }, worker));
  return out;
}

export const s3Kind: SourceKind<S3SourceConfig, S3SourceSecrets | undefined> = {
  kind: 's3',
  async *list(ctx, config, secrets): AsyncIterable<SourceEntry> {
    await checkEndpoint(ctx, config);
    const s3 = client(ctx, config, secrets);
    let listed = 0;
    try {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await s3.send(
            new ListObjectsV2Command({
              Bucket: config.bucket,
              Prefix: config.prefix || undefined,
              ContinuationToken: token,
            }),
            { abortSignal: ctx.signal },
          );
        } catch (err) {
          throw unavailable(err, config, secrets === undefined);
        }
        ctx.heartbeat();
        listed += page.Contents?.length ?? 0;
        if (listed > S3_MAX_LISTED_OBJECTS) {
          throw new SourceUnavailableError(
            `The bucket lists more than ${S3_MAX_LISTED_OBJECTS} objects under the prefix: narrow the prefix`,
          );
        }
        const objects = (page.Contents ?? []).filter((o) => o.Key && !o.Key.endsWith('/')); // no folder markers
        const facts = await objectFacts(
          s3,
          ctx,
          config,
          objects.map((o) => o.Key!),
          secrets === undefined,
        );
        for (const [i, o] of objects.entries()) {
          yield {
            key: o.Key!,
            fingerprint: unquote(o.ETag),
            filename: posix.basename(o.Key!),
            size: o.Size,
            facts: facts[i]!,
          };
        }
        // A truncated page without a continuation token is a broken listing: stopping there would read
        // as deletions of everything after it.
        if (page.IsTruncated && !page.NextContinuationToken) {
          throw new SourceUnavailableError('The S3 listing was truncated without a continuation token');
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } finally {
      s3.destroy();
    }
  },
  async fetch(ctx, config, secrets, entry): Promise<FetchedDocument> {
    if ((entry.size ?? 0) > S3_MAX_OBJECT_BYTES) throw tooLarge();
    await checkEndpoint(ctx, config);
    const s3 = client(ctx, config, secrets);
    try {
      let out;
      try {
        out = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: entry.key }), {
          abortSignal: ctx.signal,
        });
      } catch (err) {
        throw unavailable(err, config, secrets === undefined);
      }
      const bytes = await readBounded(out.Body as AsyncIterable<Uint8Array> | undefined, out.ContentLength);
      const mimetype = out.ContentType?.split(';')[0]?.trim().toLowerCase();
      return {
        bytes,
        filename: entry.filename,
        ...(mimetype && mimetype !== 'application/octet-stream' && mimetype !== 'binary/octet-stream'
          ? { mimetype }
          : {}),
        fingerprint: unquote(out.ETag) || entry.fingerprint,
      };
    } finally {
      s3.destroy();
    }
  },
};
