// AWS Signature Version 4 as the embedded S3 server checks it: s3rver itself lets unsigned requests through and
// takes any SigV4 request whose access key id it knows, whatever its signature. The embedded store's
// credentials are random per data directory (src/embedded/s3.ts); this check is what makes them a secret. Only
// the Authorization header form is accepted (the service never presigns URLs); the signed payload hash is the
// one the client declares (x-amz-content-sha256), as S3 signs it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  /** Header names in lower case; repeated headers joined as Node joins them. */
  headers: Record<string, string | string[] | undefined>;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Why a request is refused, as S3 names it (the SDK shows the code), or undefined when it is signed by us. */
export type SignatureRefusal = {
  code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'RequestTimeTooSkewed';
  message: string;
};

/** How far a request's x-amz-date may be from our clock (S3's own bound). */
export const MAX_CLOCK_SKEW_MS = 15 * 60_000;

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986 encoding, as SigV4 wants every query name and value. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      return [encode(decode(name)), encode(decode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');

/** Parses x-amz-date (20250102T030405Z) into ms since the epoch. */
function amzDateMs(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : undefined;
}

/** Checks a request's SigV4 Authorization header against the credentials. */
export function checkSignature(
  req: SignedRequest,
  credentials: Credentials,
  now = Date.now(),
): SignatureRefusal | undefined {
  const authorization = headerValue(req.headers.authorization);
  if (!authorization) return { code: 'AccessDenied', message: 'Anonymous requests are not accepted' };
  const auth = AUTHORIZATION.exec(authorization);
  if (!auth) return { code: 'AccessDenied', message: 'Only AWS4-HMAC-SHA256 header signatures are accepted' };
  const [, keyId, day, region, service, signedHeaders, signature] = auth as unknown as string[];
  if (keyId !== credentials.accessKeyId) {
    return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  const names = signedHeaders!.split(';');
  const amzDate = headerValue(req.headers['x-amz-date']);
  const payloadHash = headerValue(req.headers['x-amz-content-sha256']);
  const signedAt = amzDateMs(amzDate);
  if (!names.includes('host') || !names.includes('x-amz-date') || signedAt === undefined || !payloadHash) {
    return { code: 'AccessDenied', message: 'The signature must cover host and x-amz-date' };
  }
  if (amzDate.slice(0, 8) !== day) return { code: 'SignatureDoesNotMatch', message: 'The credential date differs' };
  if (Math.abs(now - signedAt) > MAX_CLOCK_SKEW_MS) {
    return { code: 'RequestTimeTooSkewed', message: 'The request time is too far from the server time' };
  }
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const canonicalRequest = [
    req.method.toUpperCase(),
    path || '/',
    canonicalQuery(q < 0 ? '' : req.url.slice(q + 1)),
    names.map((name) => `${name}:${headerValue(req.headers[name])}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day!);
  for (const part of [region!, service!, 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  return undefined;
}
