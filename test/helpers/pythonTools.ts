// The Python tools the SDK and generator tests run: the virtualenv scripts/setup.sh makes from
// packages/python/requirements-test.txt (every version pinned), named by that file's hash, with the wheels it
// installed from (so a test can install into a fresh virtualenv offline).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openApiFileText } from '../../src/api/published';
import { repoRoot } from './processes';

export const PYTHON_PACKAGE = path.join(repoRoot, 'packages/python');

export const PYTHON_REQUIREMENTS = path.join(repoRoot, 'packages/python/requirements-test.txt');

/** The tools folder setup provisions: KWS_TOOLS_DIR, empty being unset as setup (${KWS_TOOLS_DIR:-…}) and config read it. */
export const toolsDir = (): string =>
  process.env.KWS_TOOLS_DIR?.trim() ? path.resolve(process.env.KWS_TOOLS_DIR) : path.join(repoRoot, '.tools');

/** .tools/venv/python-sdk-<first 12 hex of the requirements' sha256> (scripts/setup.sh names it the same way). */
export function pythonToolsVenv(): { venv: string; bin: (name: string) => string; wheels: string } {
  const hash = createHash('sha256').update(readFileSync(PYTHON_REQUIREMENTS)).digest('hex').slice(0, 12);
  const venv = path.join(toolsDir(), 'venv', `python-sdk-${hash}`);
  if (!existsSync(path.join(venv, '.complete'))) {
    throw new Error(`${venv} is missing or incomplete: run npm run setup (scripts/setup.sh provisions it)`);
  }
  return { venv, bin: (name) => path.join(venv, 'bin', name), wheels: path.join(venv, 'wheels') };
}

export interface Run {
  code: number;
  /** stdout and stderr, interleaved */
  output: string;
  stdout: string;
  seconds: number;
}

/** Runs a command to its end, its stdout and stderr interleaved. */
export function run(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd ?? repoRoot,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          output += `\n[killed after ${opts.timeoutMs} ms]`;
          child.kill('SIGKILL');
        }, opts.timeoutMs)
      : undefined;
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output, stdout, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** pytest's and ruff's rule lines ("=== 3 failed in 2s ===") reworded: CI reads such lines as a pytest run's tally. */
export const withoutRuleLines = (text: string) => text.replace(/^=+ (.*?) =+$/gm, 'python: $1');

/**
 * kws-client as a user installs it: its wheel built from the document this code serves (not the committed copy;
 * written to `<work>/openapi.json`), installed with `extra` packages into a fresh virtualenv `<work>/venv`, offline
 * from the wheels setup fetched. Throws naming the step that failed; `times` says how long each step took.
 */
export async function installPythonSdk(
  work: string,
  opts: { env?: NodeJS.ProcessEnv; extra?: string[] } = {},
): Promise<{ python: string; document: string; times: string[] }> {
  const tools = pythonToolsVenv();
  // Nothing written into the checkout: no bytecode.
  const env = { ...(opts.env ?? process.env), PYTHONDONTWRITEBYTECODE: '1' };
  const times: string[] = [];
  const step = async (what: string, ran: Promise<Run>) => {
    const res = await ran;
    times.push(`${what} ${res.seconds.toFixed(1)} s`);
    if (res.code !== 0) {
      throw new Error(`${what} failed (exit ${res.code}):\n${withoutRuleLines(res.output.slice(-20_000))}`);
    }
  };
  const document = path.join(work, 'openapi.json');
  await writeFile(document, openApiFileText());
  const wheels = path.join(work, 'wheel');
  await step(
    'build',
    run(
      tools.bin('pip'),
      ['wheel', '-q', '--no-deps', '--no-build-isolation', '--no-index', '-w', wheels, PYTHON_PACKAGE],
      {
        env: { ...env, KWS_OPENAPI_DOCUMENT: document },
        timeoutMs: 300_000,
      },
    ),
  );
  const [wheel] = (await readdir(wheels)).filter((f) => f.endsWith('.whl'));
  if (!wheel) throw new Error(`no wheel built in ${wheels}`);
  const venv = path.join(work, 'venv');
  await step('venv', run('python3', ['-m', 'venv', '--without-pip', venv], { env }));
  const python = path.join(venv, 'bin/python');
  await step(
    'install',
    run(
      tools.bin('pip'),
      [
        '--python',
        python,
        'install',
        '-q',
        '--no-index',
        '--find-links',
        tools.wheels,
        path.join(wheels, wheel),
        ...(opts.extra ?? []),
      ],
      { env, timeoutMs: 300_000 },
    ),
  );
  return { python, document, times };
}
