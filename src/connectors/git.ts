// The git source kind: the files of one branch of a repository reached over smart HTTP, filtered by path
// globs. A listing clones the branch head shallowly (depth 1, that branch only, no checkout) into a
// temporary directory and reads its tree: each matching file's fingerprint is its git blob id, so a file
// changes fingerprint exactly when its content changes. Every request goes through the one outbound door
// (src/web/fetch.ts) under the kind's address policy, bounded in bytes (the whole clone) and in time, and
// cancelled with the sync. The last clone of each source is kept for a while so that fetching the listed
// files reads their blobs from it instead of cloning again; a fetch that finds no clone (another worker, or
// it expired) clones again. The credentials (HTTP basic auth) are sent as a header and never appear in a
// message.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import git, { type GitHttpRequest, type GitHttpResponse, type HttpClient } from 'isomorphic-git';
import { z } from 'zod';
import { FetchError, openRequest, parseWebUrl, type AddressPolicy } from '../web/fetch';
import { checkPack, PackRefused, type PackLimits } from './gitPack';
import { CODEOWNERS_LIMITS, ownersOf, parseCodeowners } from './codeowners';
import { compileGlob, globProblem, matchesAnyGlob, MAX_GLOB_LENGTH, MAX_GLOBS, wellFormed } from './glob';
import {
  SourceUnavailableError,
  type FetchedDocument,
  type SourceContext,
  type SourceEntry,
  type SourceKind,
} from './kind';

export interface GitConfig {
  /** The repository's smart-HTTP URL (https; http only where the kind's options allow it). */
  url: string;
  /** The branch to follow; the repository's default branch when absent. */
  branch?: string;
  /** Globs of the paths to take, relative to the repository root. */
  paths: string[];
  /** A CODEOWNERS file to read at each listing (its path in the repository): the owners the rules may match. */
  codeowners?: string;
}

/** HTTP basic credentials; a token is sent as the password. */
export interface GitSecrets {
  username?: string;
  token?: string;
}

export interface GitKindOptions {
  /** Which addresses the kind may reach (the deployment's setting lifts the rule for private networks). */
  policy: AddressPolicy;
  /** Accept http:// repositories (tests; never for a deployment facing the internet). */
  allowHttp?: boolean;
  /** The whole clone, in ms. */
  timeoutMs?: number;
  /** The most bytes one clone may receive: a larger repository fails as too large. */
  maxRepositoryBytes?: number;
  /** The most tree entries one listing reads. */
  maxTreeEntries?: number;
  /** The largest object a clone may inflate (a file, or what a delta rebuilds): larger fails the clone. */
  maxObjectBytes?: number;
  /** The most bytes a clone's objects may inflate to together (checked before anything is inflated whole). */
  maxInflatedBytes?: number;
  /** How long a source's last clone is kept for the fetches that follow its listing, in ms. */
  cacheTtlMs?: number;
  /** How many sources' clones are kept at once (each holds its pack on disk and its index in memory). */
  maxKeptClones?: number;
  userAgent?: string;
}

/** The largest file (and object) a clone may hold; the largest object an S3 source fetches, too. */
export const GIT_MAX_FILE_BYTES = 100 * 1024 * 1024;

export const GIT_DEFAULTS = {
  timeoutMs: 120_000,
  maxRepositoryBytes: 256 * 1024 * 1024,
  maxTreeEntries: 200_000,
  maxObjectBytes: GIT_MAX_FILE_BYTES,
  maxInflatedBytes: 1024 * 1024 * 1024,
  cacheTtlMs: 10 * 60_000,
  maxKeptClones: 8,
  userAgent: 'knowledge-workspace-service (git source)',
} as const;

const MAX_URL_LENGTH = 2048;
const MAX_BRANCH_LENGTH = 255;
const MAX_REDIRECTS = 3;
/** The largest request body (the want/have negotiation of a depth-1 fetch is small). */
const MAX_REQUEST_BYTES = 1024 * 1024;

// The form rules, each stated once: the JSON schema carries the patterns and the parser tests with them.
// They are fixed patterns (user input is only ever the subject), anchored, without nested quantifiers.
// The host as a URL parser takes it: a name in labels of 1 to 63 (253 in all) whose last starts with a letter
// (a last label of digits would be read as an IPv4 address), no "xn--" label (invalid punycode fails the
// parse), or a dotted IPv4 address; a port of 1 to 65535.
const NAME_LABEL = '(?![Xx][Nn]--)[A-Za-z0-9_-]{1,63}';
const HOST_NAME = `(?=[A-Za-z0-9_.-]{1,253}(?:[:/]|$))(?:${NAME_LABEL}\\.)*(?![Xx][Nn]--)[A-Za-z_][A-Za-z0-9_-]{0,62}\\.?`;
const IPV4_PART = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `(?:${IPV4_PART}\\.){3}${IPV4_PART}`;
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?';
const URL_REST = `(?:${HOST_NAME}|${IPV4})${PORT}(?:/[^\\s\\u0000-\\u001f\\u007f?#]*)?$`;
const URL_PATTERN = `^https://${URL_REST}`;
export const HTTP_URL_PATTERN = `^https?://${URL_REST}`;
// git check-ref-format: no control characters, space, ~ ^ : ? * [ \; no "..", "@{", "//"; no component
// starting with "."; not starting with "-" or "/", not ending with "/", "." or ".lock".
const BRANCH_PATTERN =
  '^(?!-)(?!/)(?!\\.)(?!.*\\.\\.)(?!.*@\\{)(?!.*//)(?!.*/\\.)(?!.*/$)(?!.*\\.$)(?!.*\\.lock$)[^\\u0000-\\u0020~^:?*\\[\\\\\\u007f]+$';
const GLOB_PATTERN = '^(?!/)(?!.*//)(?!.*/$)[^\\u0000-\\u001f\\u007f]+$';
const USERNAME_PATTERN = '^[^\\u0000-\\u001f\\u007f:]+$';
const SECRET_PATTERN = '^[^\\u0000-\\u001f\\u007f]+$';
const urlForm = new RegExp(URL_PATTERN);
const httpUrlForm = new RegExp(HTTP_URL_PATTERN);
const branchForm = new RegExp(BRANCH_PATTERN);
const usernameForm = new RegExp(USERNAME_PATTERN);
const secretForm = new RegExp(SECRET_PATTERN);

/** The secrets' JSON schema: HTTP basic credentials, a token being sent as the password. */
export const gitSecretsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    username: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      pattern: USERNAME_PATTERN,
      description: 'The HTTP basic user name ("git" when only a token is given).',
    },
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      pattern: SECRET_PATTERN,
      description: 'An access token or password, sent as the HTTP basic password. Sealed; never returned.',
    },
    password: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      pattern: SECRET_PATTERN,
      description: 'Another name for token (give one of them).',
    },
  },
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function onlyKeys(input: Record<string, unknown>, allowed: readonly string[], what: string) {
  const extra = Object.keys(input).find((k) => !allowed.includes(k));
  if (extra !== undefined) throw new Error(`${what} has an unknown field "${extra.slice(0, 64)}"`);
}

function boundedString(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw new Error(`${field} must be a string`);
  if (value.length === 0) throw new Error(`${field} must not be empty`);
  if (value.length > max) throw new Error(`${field} is longer than ${max} characters`);
  if (!wellFormed(value)) throw new Error(`${field} is not valid Unicode (a lone surrogate)`);
  return value;
}

/** Checks a repository URL's form: https (http only when allowed), a host, no credentials, query or fragment. */
function checkRepositoryUrl(raw: string, allowHttp: boolean): string {
  if (!(allowHttp ? httpUrlForm : urlForm).test(raw)) {
    throw new Error(
      `config.url must be an ${allowHttp ? 'http(s)' : 'https'} URL without credentials, query or fragment`,
    );
  }
  try {
    parseWebUrl(raw);
  } catch (err) {
    throw new Error(`config.url: ${(err as Error).message}`);
  }
  return raw;
}

/** Parses a git source's config; throws an Error saying what is wrong. */
export function parseGitConfig(input: unknown, options: { allowHttp?: boolean } = {}): GitConfig {
  if (!isRecord(input)) throw new Error('config must be an object');
  onlyKeys(input, ['url', 'branch', 'paths', 'codeowners'], 'config');
  const url = checkRepositoryUrl(boundedString(input.url, 'config.url', MAX_URL_LENGTH), options.allowHttp ?? false);
  let branch: string | undefined;
  if (input.branch !== undefined) {
    branch = boundedString(input.branch, 'config.branch', MAX_BRANCH_LENGTH);
    if (!branchForm.test(branch)) throw new Error('config.branch is not a valid git branch name');
  }
  let paths = ['**'];
  if (input.paths !== undefined) {
    if (!Array.isArray(input.paths)) throw new Error('config.paths must be an array of globs');
    if (input.paths.length === 0) throw new Error('config.paths must hold at least one glob');
    if (input.paths.length > MAX_GLOBS) throw new Error(`config.paths holds more than ${MAX_GLOBS} globs`);
    paths = input.paths.map((p: unknown, i) => {
      if (typeof p !== 'string') throw new Error(`config.paths[${i}] must be a string`);
      const problem = globProblem(p);
      if (problem) throw new Error(`config.paths[${i}] ${problem}`);
      return p;
    });
  }
  let codeowners: string | undefined;
  if (input.codeowners !== undefined) {
    codeowners = boundedString(input.codeowners, 'config.codeowners', MAX_GLOB_LENGTH);
    if (globProblem(codeowners))
      throw new Error('config.codeowners must be a path in the repository, like .github/CODEOWNERS');
  }
  return {
    url,
    ...(branch !== undefined ? { branch } : {}),
    paths,
    ...(codeowners !== undefined ? { codeowners } : {}),
  };
}

/** Parses a git source's secrets (absent for a public repository); throws an Error saying what is wrong. */
export function parseGitSecrets(input: unknown): GitSecrets {
  if (input === undefined || input === null) return {};
  if (!isRecord(input)) throw new Error('secrets must be an object');
  onlyKeys(input, ['username', 'token', 'password'], 'secrets');
  if (input.token !== undefined && input.password !== undefined) {
    throw new Error('secrets: give token or password, not both');
  }
  const out: GitSecrets = {};
  if (input.username !== undefined) {
    out.username = boundedString(input.username, 'secrets.username', 256);
    if (!usernameForm.test(out.username)) {
      throw new Error('secrets.username must not contain ":" or control characters');
    }
  }
  const rawToken = input.token ?? input.password;
  if (rawToken !== undefined) {
    const field = input.token !== undefined ? 'secrets.token' : 'secrets.password';
    out.token = boundedString(rawToken, field, 4096);
    if (!secretForm.test(out.token)) throw new Error(`${field} must not contain control characters`);
  }
  if (out.username !== undefined && out.token === undefined) {
    throw new Error('secrets.username needs a token or password');
  }
  return out;
}

const authorization = (secrets: GitSecrets): Record<string, string> =>
  secrets.token === undefined
    ? {}
    : {
        authorization: `Basic ${Buffer.from(`${secrets.username ?? 'git'}:${secrets.token}`).toString('base64')}`,
      };

/** Raised inside the HTTP client and recognised when the clone fails. */
class RepositoryTooLarge extends Error {}

/** One clone on disk; removed once retired (a newer clone replaced it, or it expired) and unused. */
interface Clone {
  dir: string;
  commit: string;
  /** isomorphic-git's object cache for this clone (its parsed pack index): reads without it reparse the pack. */
  cache: object;
  users: number;
  retired: boolean;
  timer?: NodeJS.Timeout;
}

export interface GitSourceKind extends SourceKind<GitConfig, GitSecrets> {
  /** Removes every kept clone (tests, shutdown). */
  close(): Promise<void>;
}

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
function doorClient(
  options: Required<Pick<GitKindOptions, 'allowHttp' | 'userAgent'>> & { policy: AddressPolicy },
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

/** A clone's failure in plain words, with nothing of the credentials in it. */
function unavailable(err: unknown, why: { tooLarge: boolean; timedOut: boolean }, limits: Required<GitKindOptions>) {
  if (err instanceof PackRefused) return new SourceUnavailableError(err.message);
  if (why.tooLarge || err instanceof RepositoryTooLarge) {
    return new SourceUnavailableError(
      `The repository is larger than the ${limits.maxRepositoryBytes} bytes a git source may clone`,
    );
  }
  if (why.timedOut) {
    const ms = limits.timeoutMs;
    return new SourceUnavailableError(
      `The repository did not answer within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`,
    );
  }
  if (err instanceof FetchError) {
    if (err.code === 'NETWORK')
      return new SourceUnavailableError('The repository could not be reached: connection failed');
    return new SourceUnavailableError(`The repository could not be reached: ${err.message}`);
  }
  const e = err as { code?: string; data?: { statusCode?: number }; message?: string };
  if (e.code === 'HttpError') {
    const status = e.data?.statusCode ?? 0;
    if (status === 401 || status === 403) {
      return new SourceUnavailableError(
        `The repository refused the credentials (HTTP ${status}): check the user name and token, which may have been revoked`,
      );
    }
    if (status === 404) return new SourceUnavailableError('The repository was not found (HTTP 404)');
    return new SourceUnavailableError(`The repository answered HTTP ${status}`);
  }
  if (e.code === 'SmartHttpError') {
    return new SourceUnavailableError('The URL does not answer as a git repository over smart HTTP');
  }
  return new SourceUnavailableError('The repository could not be read');
}

/**
 * The file system a clone is written through: the packfile is checked against the inflation limits when
 * isomorphic-git writes it, before it indexes the pack (which inflates every object whole).
 */
function packCheckingFs(limits: PackLimits): typeof fs {
  const writeFile = (async (file: fs.PathLike, data: unknown, options?: unknown) => {
    if (String(file).endsWith('.pack') && data instanceof Uint8Array) checkPack(data, limits);
    return fs.promises.writeFile(file, data as Uint8Array, options as fs.WriteFileOptions);
  }) as typeof fs.promises.writeFile;
  return { ...fs, promises: { ...fs.promises, writeFile } };
}

const missingBranch = (branch: string) => new SourceUnavailableError(`The repository has no branch "${branch}"`);

const rmQuietly = (dir: string) => rm(dir, { recursive: true, force: true }).catch(() => undefined);

const CLONE_PREFIX = 'kws-git-';
/** A clone directory this old was left by a process that stopped (clones live minutes): it is removed. */
export const STALE_CLONE_MS = 24 * 60 * 60_000;

/** Removes the clone directories that stopped processes left behind. */
async function sweepStaleClones(now = Date.now()): Promise<void> {
  const root = os.tmpdir();
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(CLONE_PREFIX)) continue;
    const dir = path.join(root, name);
    const info = await stat(dir).catch(() => undefined);
    if (info?.isDirectory() && now - info.mtimeMs > STALE_CLONE_MS) await rmQuietly(dir);
  }
}

/** The git kind, with its address policy and limits. */
export function createGitKind(opts: GitKindOptions): GitSourceKind {
  const limits: Required<GitKindOptions> = { ...GIT_DEFAULTS, allowHttp: false, ...opts };
  /** Each source's last clone, keyed by a hash of the URL, branch and credentials. */
  const clones = new Map<string, Clone>();
  let swept: Promise<void> | undefined;

  const cacheKey = (config: GitConfig, secrets: GitSecrets) =>
    createHash('sha256')
      .update(JSON.stringify([config.url, config.branch ?? '', secrets.username ?? '', secrets.token ?? '']))
      .digest('hex');

  const retire = (clone: Clone) => {
    clone.retired = true;
    clearTimeout(clone.timer);
    if (clone.users === 0) void rmQuietly(clone.dir);
  };
  const release = (clone: Clone) => {
    clone.users--;
    if (clone.retired && clone.users === 0) void rmQuietly(clone.dir);
  };
  const keep = (key: string, clone: Clone) => {
    const previous = clones.get(key);
    if (previous && previous !== clone) retire(previous);
    clones.delete(key);
    clones.set(key, clone);
    // The map keeps insertion order: the first entries are the oldest kept.
    for (const [oldKey, old] of clones) {
      if (clones.size <= limits.maxKeptClones) break;
      clones.delete(oldKey);
      retire(old);
    }
    clone.timer = setTimeout(() => {
      if (clones.get(key) === clone) clones.delete(key);
      retire(clone);
    }, limits.cacheTtlMs);
    clone.timer.unref();
  };

  /** Clones the branch head into a new directory, kept as the source's clone; the caller holds it (users 1). */
  async function cloneRepository(ctx: SourceContext, config: GitConfig, secrets: GitSecrets): Promise<Clone> {
    checkRepositoryUrl(config.url, limits.allowHttp);
    const timeout = new AbortController();
    const why = { tooLarge: false, timedOut: false };
    const timer = setTimeout(() => {
      why.timedOut = true;
      timeout.abort(new Error('timed out'));
    }, limits.timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout.signal]);
    const budget = { left: limits.maxRepositoryBytes };
    swept ??= sweepStaleClones();
    await swept;
    const dir = await mkdtemp(path.join(os.tmpdir(), CLONE_PREFIX));
    try {
      await git.clone({
        fs: packCheckingFs(limits),
        http: doorClient(limits, signal, budget),
        dir,
        url: config.url,
        ...(config.branch !== undefined ? { ref: config.branch } : {}),
        singleBranch: true,
        depth: 1,
        noCheckout: true,
        noTags: true,
        headers: authorization(secrets),
        onProgress: () => ctx.heartbeat({ phase: 'clone' }),
      });
      const commit = await git.resolveRef({ fs, dir, ref: 'HEAD' });
      const clone: Clone = { dir, commit, cache: {}, users: 1, retired: false };
      keep(cacheKey(config, secrets), clone);
      return clone;
    } catch (err) {
      await rmQuietly(dir);
      if (ctx.signal.aborted) throw ctx.signal.reason;
      why.tooLarge = budget.left < 0;
      const e = err as { code?: string };
      if (config.branch !== undefined && e.code === 'NotFoundError') throw missingBranch(config.branch);
      throw unavailable(err, why, limits);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The blobs under the head commit whose paths match the globs (symlinks and submodules left out), and the blob
   * id of the config's CODEOWNERS file when it is there.
   */
  async function matchingFiles(
    ctx: SourceContext,
    clone: Clone,
    config: GitConfig,
  ): Promise<{ entries: SourceEntry[]; codeowners?: string }> {
    const globs = config.paths.map(compileGlob);
    const { cache } = clone;
    const { commit } = await git.readCommit({ fs, dir: clone.dir, oid: clone.commit, cache });
    const entries: SourceEntry[] = [];
    let codeowners: string | undefined;
    let seen = 0;
    const visit = async (treeOid: string, prefix: string): Promise<void> => {
      const { tree } = await git.readTree({ fs, dir: clone.dir, oid: treeOid, cache });
      for (const item of tree) {
        if (++seen > limits.maxTreeEntries) {
          throw new SourceUnavailableError(`The repository's tree has more than ${limits.maxTreeEntries} entries`);
        }
        if (seen % 1000 === 0) {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          ctx.heartbeat({ phase: 'list', seen });
        }
        const key = prefix + item.path;
        if (item.type === 'blob' && key === config.codeowners) codeowners = item.oid;
        if (item.type === 'tree') await visit(item.oid, `${key}/`);
        else if (item.type === 'blob' && item.mode !== '120000' && matchesAnyGlob(globs, key)) {
          entries.push({ key, fingerprint: item.oid, filename: path.posix.basename(key) });
        }
      }
    };
    await visit(commit.tree, '');
    return { entries, ...(codeowners ? { codeowners } : {}) };
  }

  /**
   * Each file's facts for the source's rules: its path and, with a CODEOWNERS file in the config, its owners (a
   * file missing from the branch, or larger than GitHub reads, gives none).
   */
  async function withOwners(
    clone: Clone,
    entries: SourceEntry[],
    config: GitConfig,
    codeowners: string | undefined,
  ): Promise<SourceEntry[]> {
    let lines: ReturnType<typeof parseCodeowners> | undefined;
    if (config.codeowners !== undefined) {
      lines = [];
      if (codeowners) {
        const { blob } = await git.readBlob({ fs, dir: clone.dir, oid: codeowners, cache: clone.cache });
        if (blob.byteLength <= CODEOWNERS_LIMITS.bytes) lines = parseCodeowners(Buffer.from(blob).toString('utf8'));
      }
    }
    return entries.map((e) => ({ ...e, facts: { path: e.key, ...(lines ? { owners: ownersOf(lines, e.key) } : {}) } }));
  }

  const document = (entry: SourceEntry, oid: string, blob: Uint8Array): FetchedDocument => {
    // The file fails (the sync goes on): a file larger than an upload may be is not indexed.
    if (blob.byteLength > GIT_MAX_FILE_BYTES) throw new Error(`The file is larger than ${GIT_MAX_FILE_BYTES} bytes`);
    return {
      bytes: Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength),
      filename: path.posix.basename(entry.key),
      fingerprint: oid,
    };
  };

  return {
    kind: 'git',

    async *list(ctx, config, secrets) {
      const clone = await cloneRepository(ctx, config, secrets);
      let entries: SourceEntry[];
      try {
        const listed = await matchingFiles(ctx, clone, config);
        entries = await withOwners(clone, listed.entries, config, listed.codeowners);
      } finally {
        release(clone);
      }
      yield* entries;
    },

    async fetch(ctx, config, secrets, entry) {
      let read: { oid: string; blob: Uint8Array } | undefined;
      const kept = clones.get(cacheKey(config, secrets));
      if (kept && !kept.retired) {
        kept.users++;
        try {
          // Blob ids name their content: the listed fingerprint reads the listed bytes.
          read = await git.readBlob({ fs, dir: kept.dir, oid: entry.fingerprint, cache: kept.cache });
        } catch {
          // Not in this clone (it is older than the listing): clone again below.
        } finally {
          release(kept);
        }
        if (read) return document(entry, read.oid, read.blob);
      }
      const clone = await cloneRepository(ctx, config, secrets);
      try {
        read = await git.readBlob({
          fs,
          dir: clone.dir,
          oid: clone.commit,
          filepath: entry.key,
          cache: clone.cache,
        });
      } catch {
        throw new SourceUnavailableError(`${entry.key} is no longer in the repository's branch`);
      } finally {
        release(clone);
      }
      return document(entry, read.oid, read.blob);
    },

    async close() {
      const all = [...clones.values()];
      clones.clear();
      for (const clone of all) {
        clone.retired = true;
        clearTimeout(clone.timer);
      }
      await Promise.all(all.map((c) => rmQuietly(c.dir)));
    },
  };
}

// The sources API's schemas of a git source (src/connectors/registry.ts): the same form rules as the parser,
// stated so the OpenAPI document carries them. http:// passes the form; a sync refuses it unless the
// deployment allows private networks (a local or test setup), since basic auth over http exposes the token.
const INVALID = 'Invalid field value';
export const GitConfigSchema = z
  .strictObject(
    {
      url: z
        .string({ error: INVALID })
        .min(1, { message: INVALID })
        .max(MAX_URL_LENGTH, { message: INVALID })
        .regex(httpUrlForm, { message: INVALID })
        .meta({
          description: 'The repository over smart HTTP: https, no credentials, query, fragment or control characters.',
          examples: ['https://git.example.com/team/handbook.git'],
        }),
      branch: z
        .string({ error: INVALID })
        .min(1, { message: INVALID })
        .max(MAX_BRANCH_LENGTH, { message: INVALID })
        .regex(branchForm, { message: INVALID })
        .optional()
        .meta({
          description: "The branch to follow (a git branch name); the repository's default branch when absent.",
        }),
      paths: z
        .array(
          z
            .string({ error: INVALID })
            .min(1, { message: INVALID })
            .max(MAX_GLOB_LENGTH, { message: INVALID })
            .regex(new RegExp(GLOB_PATTERN), { message: INVALID }),
          { error: INVALID },
        )
        .min(1, { message: INVALID })
        .max(MAX_GLOBS, { message: INVALID })
        .default(['**'])
        .meta({
          description: 'Globs of the files to follow, relative to the root (default ["**"])',
          examples: [['docs/**/*.md']],
        }),
      codeowners: z
        .string({ error: INVALID })
        .min(1, { message: INVALID })
        .max(MAX_GLOB_LENGTH, { message: INVALID })
        .regex(new RegExp(GLOB_PATTERN), { message: INVALID })
        .optional()
        .meta({
          description:
            "A CODEOWNERS file to read at each sync (its path in the repository): each file's owners, which the source's rules may match (rules[].match.owners)",
          examples: ['.github/CODEOWNERS'],
        }),
    },
    { error: INVALID },
  )
  .superRefine((value, ctx) => {
    try {
      parseGitConfig(value, { allowHttp: true });
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
    }
  });

interface StringRule {
  type: 'string';
  pattern: string;
  minLength: number;
  maxLength: number;
  description?: string;
}

/** The config's JSON schema, derived from GitConfigSchema (the form rules are stated once). */
export const gitConfigSchema = z.toJSONSchema(GitConfigSchema, { io: 'input' }) as unknown as {
  properties: { url: StringRule; branch: StringRule; paths: { items: StringRule; default: string[] } };
};

export const GitSecretsSchema = z.strictObject(
  {
    username: z
      .string({ error: INVALID })
      .min(1, { message: INVALID })
      .max(256, { message: INVALID })
      .regex(usernameForm, { message: INVALID })
      .optional(),
    token: z
      .string({ error: INVALID })
      .min(1, { message: INVALID })
      .max(4096, { message: INVALID })
      .regex(secretForm, { message: INVALID })
      .optional(),
  },
  { error: INVALID },
);

/**
 * The git kind as a sync runs it: each run under the sync's address policy, and http:// repositories only
 * where that policy allows private networks.
 */
/** A user name without a token sends no credentials (basic auth needs the token). */
const credentialsOf = (secrets: GitSecrets | undefined): GitSecrets => (secrets?.token ? secrets : {});

// One kind (and its clone cache) per process's own components and private-network setting.
const gitKindsByReach = new WeakMap<AddressPolicy['own'], Map<boolean, GitSourceKind>>();
function gitKindFor(policy: AddressPolicy): GitSourceKind {
  const open = policy.allowPrivateNetworks;
  const byOwn = gitKindsByReach.get(policy.own) ?? new Map<boolean, GitSourceKind>();
  gitKindsByReach.set(policy.own, byOwn);
  let kind = byOwn.get(open);
  if (!kind) {
    kind = createGitKind({ policy: { allowPrivateNetworks: open, own: policy.own }, allowHttp: open });
    byOwn.set(open, kind);
  }
  return kind;
}

export const gitSourceKind: SourceKind<GitConfig, GitSecrets | undefined> = {
  kind: 'git',
  list: (ctx, config, secrets) => gitKindFor(ctx.addressPolicy).list(ctx, config, credentialsOf(secrets)),
  fetch: (ctx, config, secrets, entry) =>
    gitKindFor(ctx.addressPolicy).fetch(ctx, config, credentialsOf(secrets), entry),
};
