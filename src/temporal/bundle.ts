// The workflow bundle a worker runs: webpack's bundle of src/workflows with the interceptor modules, built once
// and kept under a hash of everything that goes into it, so that a worker's start (and its restart after a
// crash) loads a file instead of running webpack for about 3 CPU-seconds. `npm run build` (and the image's build)
// writes the bundle of the default modules (src/main/bundleWorkflows.ts); a worker that finds no bundle for its
// hash builds one and keeps it for the next start when the folder is writable.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';

/** The compiled sources (dist/src), whose files are the bundle's code. */
const compiledRoot = path.resolve(__dirname, '..');
const packageRoot = path.resolve(compiledRoot, '..', '..');
/** Where bundles are kept: beside the compiled sources (dist/workflow-bundles). */
export const DEFAULT_BUNDLE_DIR = path.resolve(compiledRoot, '..', 'workflow-bundles');
/** Bundles not loaded for this long go when another is kept (loading one renews its date). */
const STALE_MS = 24 * 3600_000;

export interface KeptBundle {
  bundle: WorkflowBundle;
  /** The first 32 hex digits of the hash of its inputs (its file's name). */
  key: string;
  /** `kept`: read from its file; `built`: bundled now (and kept when the folder is writable). */
  source: 'kept' | 'built';
  /** The file it was read from or written to (undefined when the folder was not writable). */
  file?: string;
  /** Seconds spent bundling (0 for a kept bundle). */
  seconds: number;
}

/**
 * The hash of a bundle's inputs: the workflows' module and the interceptor modules' names, every compiled file under dist/src (workflows
 * import domain code from there) and the installed packages (node_modules/.package-lock.json, which npm rewrites
 * on every install and prune; package-lock.json where it is missing).
 */
export async function bundleKey(
  workflowsPath: string,
  modules: readonly string[],
  root = compiledRoot,
): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify([workflowsPath, ...modules]));
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.js')).sort();
  for (const file of files) hash.update(file).update(await readFile(path.join(root, file)));
  const installed =
    (await readFile(path.join(packageRoot, 'node_modules', '.package-lock.json')).catch(() => undefined)) ??
    (await readFile(path.join(packageRoot, 'package-lock.json')).catch(() => undefined)) ??
    Buffer.from('no lock file');
  hash.update(installed);
  return hash.digest('hex').slice(0, 32);
}

/** The bundle of src/workflows with the given interceptor modules: the kept one, or one built and kept now. */
export async function keptWorkflowBundle(
  workflowsPath: string,
  modules: readonly string[],
  dir = DEFAULT_BUNDLE_DIR,
  /** `rebuild`: bundle even when a kept one exists, and replace it (the build's step). */
  opts: { rebuild?: boolean } = {},
): Promise<KeptBundle> {
  const key = await bundleKey(workflowsPath, modules);
  const file = path.join(dir, `${key}.js`);
  const code = opts.rebuild ? undefined : whole(await readFile(file, 'utf8').catch(() => undefined));
  if (code !== undefined) {
    // Renewed, so the cleanup of bundles nobody loads spares it.
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return { bundle: { code }, key, source: 'kept', file, seconds: 0 };
  }
  const started = Date.now();
  const bundle = await bundleWorkflowCode({
    workflowsPath,
    workflowInterceptorModules: [...modules],
    logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
  });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  // Kept only when the sources are still the ones hashed: a compile while webpack read them would otherwise
  // file newer code under an older key.
  const unchanged = (await bundleKey(workflowsPath, modules)) === key;
  const kept = unchanged && (await keep(dir, file, sealed(bundle.code)).catch(() => false));
  return { bundle, key, source: 'built', ...(kept ? { file } : {}), seconds };
}

/** The last line of a kept file: the SHA-256 of the code before it. */
const SEAL = '\n//# kws-workflow-bundle-sha256=';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sealed = (code: string) => `${code}${SEAL}${sha256(code)}\n`;

/** A kept file's code when its seal matches it; undefined for a file cut short or changed since (rebuilt). */
function whole(file: string | undefined): string | undefined {
  const at = file?.lastIndexOf(SEAL) ?? -1;
  if (file === undefined || at < 0) return undefined;
  const code = file.slice(0, at);
  return file.slice(at + SEAL.length) === `${sha256(code)}\n` ? code : undefined;
}

/**
 * Writes the bundle under a temporary name, flushes it and renames it into place (a reader sees the whole file or
 * none); removes bundles nobody loaded for a day.
 */
async function keep(dir: string, file: string, code: string): Promise<boolean> {
  await mkdir(dir, { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  const handle = await open(partial, 'w');
  try {
    await handle.writeFile(code);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  for (const name of await readdir(dir)) {
    const other = path.join(dir, name);
    if (other === file) continue;
    const { mtimeMs } = await stat(other).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_MS) await rm(other, { force: true });
  }
  return true;
}
