// The Python tools the SDK and generator tests run: the virtualenv scripts/setup.sh makes from
// packages/python/requirements-test.txt (every version pinned), named by that file's hash, with the wheels it
// installed from (so a test can install into a fresh virtualenv offline).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes';

export const PYTHON_REQUIREMENTS = path.join(repoRoot, 'packages/python/requirements-test.txt');

/** .tools/venv/python-sdk-<first 12 hex of the requirements' sha256> (scripts/setup.sh names it the same way). */
export function pythonToolsVenv(): { venv: string; bin: (name: string) => string; wheels: string } {
  const hash = createHash('sha256').update(readFileSync(PYTHON_REQUIREMENTS)).digest('hex').slice(0, 12);
  const tools = process.env.KWS_TOOLS_DIR ?? path.join(repoRoot, '.tools');
  const venv = path.join(tools, 'venv', `python-sdk-${hash}`);
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
