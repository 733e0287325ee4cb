// The clones a git kind keeps between a listing and the fetches that follow it: each source's last clone (keyed
// by its URL, branch and credentials), bounded in number and in time, removed from disk once retired and
// unused; and the sweep of the clone directories a stopped process left behind.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GitConfig, GitSecrets } from './rules';

/** One clone on disk; removed once retired (a newer clone replaced it, or it expired) and unused. */
export interface Clone {
  dir: string;
  commit: string;
  /** isomorphic-git's object cache for this clone (its parsed pack index): reads without it reparse the pack. */
  cache: object;
  users: number;
  retired: boolean;
  timer?: NodeJS.Timeout;
}

export const rmQuietly = (dir: string) => rm(dir, { recursive: true, force: true }).catch(() => undefined);

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

/** Each source's last clone, at most `maxKeptClones` of them, each for `cacheTtlMs`. */
export class CloneCache {
  private readonly clones = new Map<string, Clone>();
  private swept: Promise<void> | undefined;

  constructor(private readonly limits: { cacheTtlMs: number; maxKeptClones: number }) {}

  /** Which source a clone serves: a hash of the URL, branch and credentials. */
  static key(config: GitConfig, secrets: GitSecrets): string {
    return createHash('sha256')
      .update(JSON.stringify([config.url, config.branch ?? '', secrets.username ?? '', secrets.token ?? '']))
      .digest('hex');
  }

  /** A new directory for a clone; the first sweeps away what stopped processes left. */
  async newDirectory(): Promise<string> {
    this.swept ??= sweepStaleClones();
    await this.swept;
    return mkdtemp(path.join(os.tmpdir(), CLONE_PREFIX));
  }

  /** Keeps a clone as its source's last (retiring the one it replaces and the oldest past the bound). */
  keep(key: string, clone: Clone): void {
    const { clones, limits } = this;
    const previous = clones.get(key);
    if (previous && previous !== clone) this.retire(previous);
    clones.delete(key);
    clones.set(key, clone);
    // The map keeps insertion order: the first entries are the oldest kept.
    for (const [oldKey, old] of clones) {
      if (clones.size <= limits.maxKeptClones) break;
      clones.delete(oldKey);
      this.retire(old);
    }
    clone.timer = setTimeout(() => {
      if (clones.get(key) === clone) clones.delete(key);
      this.retire(clone);
    }, limits.cacheTtlMs);
    clone.timer.unref();
  }

  /** The source's kept clone, held for the caller until `release`; undefined when there is none. */
  acquire(key: string): Clone | undefined {
    const clone = this.clones.get(key);
    if (!clone || clone.retired) return undefined;
    clone.users++;
    return clone;
  }

  release(clone: Clone): void {
    clone.users--;
    if (clone.retired && clone.users === 0) void rmQuietly(clone.dir);
  }

  /** Removes every kept clone (tests, shutdown). */
  async close(): Promise<void> {
    const all = [...this.clones.values()];
    this.clones.clear();
    for (const clone of all) {
      clone.retired = true;
      clearTimeout(clone.timer);
    }
    await Promise.all(all.map((c) => rmQuietly(c.dir)));
  }

  private retire(clone: Clone): void {
    clone.retired = true;
    clearTimeout(clone.timer);
    if (clone.users === 0) void rmQuietly(clone.dir);
  }
}
