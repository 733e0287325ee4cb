// The git source kind: the files of one branch of a repository reached over smart HTTP, filtered by path
// globs. A listing clones the branch head shallowly (depth 1, that branch only, no checkout) into a
// temporary directory and reads its tree: each matching file's fingerprint is its git blob id, so a file
// changes fingerprint exactly when its content changes. Every request goes through the one outbound door
// (src/web/fetch.ts) under the kind's address policy, bounded in bytes (the whole clone) and in time, and
// cancelled with the sync. The last clone of each source is kept for a while so that fetching the listed
// files reads their blobs from it instead of cloning again; a fetch that finds no clone (another worker, or
// it expired) clones again. The credentials (HTTP basic auth) are sent as a header and never appear in a
// message.
// This module is the connector; the form rules are in ./rules, the HTTP adapter in ./http, the kept clones in
// ./clones and the packfile bounds in ./pack.
import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import { FetchError, type AddressPolicy } from '../../web/fetch';
import {
  SourceUnavailableError,
  type FetchedDocument,
  type SourceContext,
  type SourceEntry,
  type SourceKind,
} from '../kind';
import { CODEOWNERS_LIMITS, ownersOf, parseCodeowners } from '../codeowners';
import { CloneCache, rmQuietly, type Clone } from './clones';
import { compileGlob, matchesAnyGlob } from '../glob';
import { basicAuthorization, gitHttpClient, RepositoryTooLarge } from './http';
import { checkPack, PackRefused, type PackLimits } from './pack';
import { checkRepositoryUrl, type GitConfig, type GitSecrets } from './rules';

export { STALE_CLONE_MS } from './clones';
export {
  GitConfigSchema,
  gitConfigSchema,
  GitSecretsSchema,
  gitSecretsSchema,
  HTTP_URL_PATTERN,
  parseGitConfig,
  parseGitSecrets,
  type GitConfig,
  type GitSecrets,
} from './rules';

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

export interface GitSourceKind extends SourceKind<GitConfig, GitSecrets> {
  /** Removes every kept clone (tests, shutdown). */
  close(): Promise<void>;
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

/** The git kind, with its address policy and limits. */
export function createGitKind(opts: GitKindOptions): GitSourceKind {
  const limits: Required<GitKindOptions> = { ...GIT_DEFAULTS, allowHttp: false, ...opts };
  const clones = new CloneCache(limits);

  /** Clones the branch head into a new directory, kept as the source's clone; the caller holds it (users 1). */
  async function cloneRepository(ctx: SourceContext, config: GitConfig, secrets: GitSecrets): Promise<Clone> {
    try {
      checkRepositoryUrl(config.url, limits.allowHttp);
    } catch (err) {
      // A URL stored before today's rule (or under a deployment that allowed http then) cannot succeed on a retry:
      // the sync ends FAILED saying why, rather than retrying it.
      throw new SourceUnavailableError((err as Error).message);
    }
    const timeout = new AbortController();
    const why = { tooLarge: false, timedOut: false };
    const timer = setTimeout(() => {
      why.timedOut = true;
      timeout.abort(new Error('timed out'));
    }, limits.timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout.signal]);
    const budget = { left: limits.maxRepositoryBytes };
    const dir = await clones.newDirectory();
    try {
      await git.clone({
        fs: packCheckingFs(limits),
        http: gitHttpClient(limits, signal, budget),
        dir,
        url: config.url,
        ...(config.branch !== undefined ? { ref: config.branch } : {}),
        singleBranch: true,
        depth: 1,
        noCheckout: true,
        noTags: true,
        headers: basicAuthorization(secrets),
        onProgress: () => ctx.heartbeat({ phase: 'clone' }),
      });
      const commit = await git.resolveRef({ fs, dir, ref: 'HEAD' });
      const clone: Clone = { dir, commit, cache: {}, users: 1, retired: false };
      clones.keep(CloneCache.key(config, secrets), clone);
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
   * The blobs under the head commit whose paths match the globs (symlinks, submodules and the config's CODEOWNERS
   * file left out), and the blob id of the config's CODEOWNERS file when it is there.
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
        // The CODEOWNERS file configured is the source's rules' input, not a document (and no accepted type).
        else if (
          item.type === 'blob' &&
          item.mode !== '120000' &&
          key !== config.codeowners &&
          matchesAnyGlob(globs, key)
        ) {
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
        clones.release(clone);
      }
      yield* entries;
    },

    async fetch(ctx, config, secrets, entry) {
      let read: { oid: string; blob: Uint8Array } | undefined;
      const cached = clones.acquire(CloneCache.key(config, secrets));
      if (cached) {
        try {
          // Blob ids name their content: the listed fingerprint reads the listed bytes.
          read = await git.readBlob({ fs, dir: cached.dir, oid: entry.fingerprint, cache: cached.cache });
        } catch {
          // Not in this clone (it is older than the listing): clone again below.
        } finally {
          clones.release(cached);
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
        clones.release(clone);
      }
      return document(entry, read.oid, read.blob);
    },

    close: () => clones.close(),
  };
}

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

/**
 * The git kind as a sync runs it: each run under the sync's address policy, and http:// repositories only
 * where that policy allows private networks.
 */
export const gitSourceKind: SourceKind<GitConfig, GitSecrets | undefined> = {
  kind: 'git',
  list: (ctx, config, secrets) => gitKindFor(ctx.addressPolicy).list(ctx, config, credentialsOf(secrets)),
  fetch: (ctx, config, secrets, entry) =>
    gitKindFor(ctx.addressPolicy).fetch(ctx, config, credentialsOf(secrets), entry),
};
