// isomorphic-git's HTTP client over the one outbound door (src/web/fetch.ts): each request under the kind's
// address policy, redirects re-checked, the credentials sent to the repository's own origin only, and the
// bodies counted against the clone's byte budget.
import type http from 'node:http';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { FetchError, openRequest, type AddressPolicy } from '../../web/fetch';
import type { GitSecrets } from './rules';

const MAX_REDIRECTS = 3;
/** The largest request body (the want/have negotiation of a depth-1 fetch is small). */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** The HTTP basic authorization header of the secrets (none without a token). */
export const basicAuthorization = (secrets: GitSecrets): Record<string, string> =>
  secrets.token === undefined
    ? {}
    : {
        authorization: `Basic ${Buffer.from(`${secrets.username ?? 'git'}:${secrets.token}`).toString('base64')}`,
      };

/** Raised inside the HTTP client and recognised when the clone fails. */
export class RepositoryTooLarge extends Error {}

async function collect(body: GitHttpRequest['body']): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body as AsyncIterable<Uint8Array>) {
    size += part.length;
    if (size > MAX_REQUEST_BYTES) throw new Error('The request to the repository grew too large');
    parts.push(Buffer.from(part));
  }
  return Buffer.concat(parts);
}

const flatHeaders = (headers: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
  );

/**
 * isomorphic-git's HTTP client, through the door: each request (and each redirect hop, re-checked; the
 * credentials go to the repository's own origin only) under the address policy, the bodies counted against
 * the clone's byte budget, everything aborted with `signal`.
 */
export function gitHttpClient(
  options: { policy: AddressPolicy; allowHttp: boolean; userAgent: string },
  signal: AbortSignal,
  budget: { left: number },
): HttpClient {
  // Like git, a redirect of the first request (the ref advertisement) moves the repository: later requests
  // go to the new base (isomorphic-git would send them to the old one).
  const ADVERTISEMENT = '/info/refs?service=git-upload-pack';
  let moved: { from: string; to: string } | undefined;
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      const method = (req.method ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET';
      const body = await collect(req.body);
      const origin = new URL(req.url).origin;
      let target = moved && req.url.startsWith(moved.from) ? moved.to + req.url.slice(moved.from.length) : req.url;
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = { ...req.headers, 'user-agent': options.userAgent };
        if (new URL(target).origin !== origin) {
          for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
        }
        const res = await openRequest(target, options.policy, { method, headers, body, signal });
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (method === 'GET' && [301, 302, 303, 307, 308].includes(status) && location && hop < MAX_REDIRECTS) {
          res.resume();
          const next = new URL(location, target);
          if (next.protocol !== 'https:' && !(options.allowHttp && next.protocol === 'http:')) {
            throw new FetchError('The repository redirected to a URL that is not https', 'UNSUPPORTED_SCHEME');
          }
          target = next.toString();
          continue;
        }
        if (hop > 0 && req.url.endsWith(ADVERTISEMENT) && target.endsWith(ADVERTISEMENT)) {
          moved = { from: req.url.slice(0, -ADVERTISEMENT.length), to: target.slice(0, -ADVERTISEMENT.length) };
        }
        return {
          url: target,
          method,
          statusCode: status,
          statusMessage: res.statusMessage ?? '',
          headers: flatHeaders(res.headers),
          body: counted(res, budget),
        };
      }
    },
  };
}

async function* counted(res: http.IncomingMessage, budget: { left: number }): AsyncIterableIterator<Uint8Array> {
  for await (const chunk of res as AsyncIterable<Buffer>) {
    budget.left -= chunk.length;
    if (budget.left < 0) {
      res.destroy();
      throw new RepositoryTooLarge('too large');
    }
    yield chunk;
  }
}
