// A web resource as the service indexes it: an HTML page (its main text and links) or a file of an
// accepted upload type (a PDF, a Word document, ...), fetched under the crawl settings.
import { posix } from 'node:path';
import type { Config } from '../config';
import { isAcceptedMime, mimeFromFilename, normalizeMime } from '../extract/mime';
import { fetchResource, FetchError, type FetchPolicy } from './fetch';
import { decodeHtml, parseHtmlPage, type HtmlPage } from './html';
import type { OwnComponents } from './ownComponents';

export type WebSettings = Config['web'];

/** The crawl settings' fetch policy, refusing the service's own components. */
export const fetchPolicy = (web: WebSettings, own: OwnComponents): FetchPolicy => ({
  allowPrivateNetworks: web.allowPrivateNetworks,
  own,
  timeoutMs: web.timeoutMs,
  userAgent: web.userAgent,
});

/** The response's validators (ETag, Last-Modified), for a later conditional GET. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type WebDocument =
  | ({ kind: 'html'; url: URL; redirectedFrom: string[]; page: HtmlPage } & Validators)
  | ({ kind: 'file'; url: URL; redirectedFrom: string[]; mime: string; filename: string; bytes: Buffer } & Validators);

const EXTENSIONS = [
  '.pdf',
  '.docx',
  '.doc',
  '.xlsx',
  '.xls',
  '.csv',
  '.txt',
  '.md',
  '.json',
  '.zip',
  '.png',
  '.jpg',
  '.gif',
  '.webp',
  '.mp3',
  '.mp4',
  '.wav',
];
const HTML = new Set(['text/html', 'application/xhtml+xml']);

/** The file name a URL stands for (its last path segment), with the extension its type implies. */
function filenameOf(url: URL, mime: string): string {
  let name = 'download';
  try {
    name = decodeURIComponent(posix.basename(url.pathname)) || name;
  } catch {
    // keep the default
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  name = name.replace(/[\u0000-\u001f/\\]/g, '_').slice(0, 200);
  if (mimeFromFilename(name) !== mime) {
    const ext = EXTENSIONS.find((e) => mimeFromFilename(`x${e}`) === mime);
    if (ext) name += ext;
  }
  return name;
}

/** The accepted file type of a response: its declared type, or for a generic one the URL's extension. */
function fileMime(mime: string, url: URL): string | undefined {
  const declared = normalizeMime(mime);
  if (isAcceptedMime(declared)) return declared;
  if (declared === '' || declared === 'application/octet-stream') return mimeFromFilename(url.pathname);
  return undefined;
}

/**
 * Fetches an HTML page or an accepted file; anything else fails with UNSUPPORTED_TYPE. `headers` makes it a
 * conditional GET (a 304 fails with HTTP_STATUS 304).
 */
export async function fetchWebDocument(
  url: string | URL,
  web: WebSettings,
  policy: FetchPolicy,
  headers?: Record<string, string>,
): Promise<WebDocument> {
  const res = await fetchResource(url, policy, {
    ...(headers ? { headers } : {}),
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    wants: (mime, at) => HTML.has(mime) || fileMime(mime, at) !== undefined,
    maxBytes: (mime) => (HTML.has(mime) ? web.maxPageBytes : web.maxFileBytes),
  });
  const validators: Validators = {
    ...(res.etag !== undefined ? { etag: res.etag } : {}),
    ...(res.lastModified !== undefined ? { lastModified: res.lastModified } : {}),
  };
  if (HTML.has(res.mime)) {
    const page = parseHtmlPage(decodeHtml(res.body, res.charset), res.url);
    return { kind: 'html', url: res.url, redirectedFrom: res.redirectedFrom, page, ...validators };
  }
  const mime = fileMime(res.mime, res.url);
  if (!mime) throw new FetchError(`Unsupported content type ${res.mime || '(none)'}`, 'UNSUPPORTED_TYPE');
  return {
    kind: 'file',
    url: res.url,
    redirectedFrom: res.redirectedFrom,
    mime,
    filename: filenameOf(res.url, mime),
    bytes: res.body,
    ...validators,
  };
}
