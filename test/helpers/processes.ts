import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { reservePort } from './ports';
import { testEnv } from './env';
import { createClient } from './http';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const kwsBin = path.join(repoRoot, 'bin', 'kws.js');

/** Environment for a child process without this run's component addresses, plus the given overrides. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'TEMPORAL_ADDRESS',
    'S3_ENDPOINT',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'JWT_SECRET',
    'AGENT_SECRET_KEY',
  ]) {
    delete env[name];
  }
  return { ...env, ...overrides };
}

/** The environment of the run command (`node dist/src/main/dev.js`) on its embedded defaults, with ports of its own. */
export async function runCommandEnv(dataDir: string): Promise<NodeJS.ProcessEnv> {
  return childEnv({
    DATA_DIR: dataDir,
    PORT: '0',
    TEMPORAL_DEV_PORT: String(await reservePort()),
    TEMPORAL_UI_PORT: String(await reservePort()),
    TEMPORAL_HTTP_PORT: String(await reservePort()),
    TEMPORAL_METRICS_PORT: String(await reservePort()),
    TEMPORAL_CLI_PATH: testEnv.temporalCliPath,
    LOG_LEVEL: 'warn',
  });
}

export function runNode(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves with the first match of `pattern` in the child's stdout, or rejects on exit/timeout. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${seen}`)),
      timeoutMs,
    );
    const onData = (d: Buffer) => {
      seen += d.toString();
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(m);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (seen += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code} before ${pattern}; output:\n${seen}`));
    });
  });
}

/**
 * A TCP port free on 127.0.0.1 for the rest of this process: parallel runs on one machine do not collide, and a
 * port freed by a killed server is not handed to another process before the restart (test/helpers/ports.ts).
 */
export { reservePort as freePort } from './ports';

/** Resolves once nothing accepts connections on the port (a killed server's children may linger a moment). */
export async function waitPortFree(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!open) return;
    if (Date.now() > deadline) throw new Error(`port ${port} still in use after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The README's run command (`node dist/src/main/dev.js`, what `npm start` runs after its build) as a
 * process group of its own, so a test can kill the whole of it at once, as a crash or an OOM kill would.
 */
export class RunCommand {
  private output = '';
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly ca: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static async start(env: NodeJS.ProcessEnv, timeoutMs = 150_000): Promise<RunCommand> {
    const child = spawn(process.execPath, [path.join(repoRoot, 'dist/src/main/dev.js')], {
      env,
      cwd: repoRoot,
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
    child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
    const [, baseUrl] = await waitForOutput(child, /ready at (https:\/\/\S+)/, timeoutMs);
    const ca = await readFile(path.join(env.DATA_DIR!, 'tls', 'cert.pem'), 'utf8');
    const run = new RunCommand(child, baseUrl!, ca);
    run.output = output;
    child.stdout?.on('data', (d: Buffer) => (run.output = (run.output + d.toString()).slice(-20_000)));
    child.stderr?.on('data', (d: Buffer) => (run.output = (run.output + d.toString()).slice(-20_000)));
    return run;
  }

  get request() {
    return createClient(this.baseUrl, this.ca);
  }

  /** The last output, for failure messages. */
  get log(): string {
    return this.output;
  }

  /** kill -9 of the whole process group: nothing gets to shut down cleanly. */
  async kill9(): Promise<void> {
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    await this.exited;
  }

  /** Ctrl-C: the clean shutdown; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill('SIGINT');
    return this.exited;
  }
}

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no drain, no cleanup. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `node dist/src/main/<kind>.js` and resolves once it logs that it is ready. */
export async function startServiceProcess(
  kind: 'api' | 'worker',
  env: NodeJS.ProcessEnv,
  timeoutMs = 90_000,
): Promise<ServiceProcess & { url?: string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'dist', 'src', 'main', `${kind}.js`)], {
    env,
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // The output's last lines may still be in the pipes at 'exit'; 'close' follows once they are read (a
  // lingering grandchild holding them open is not waited for long).
  const drained = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const ready = await waitForOutput(
    child,
    kind === 'api' ? /"url":"(https:[^"]+)".*"msg":"API ready"/ : /"msg":"worker running"/,
    timeoutMs,
  );
  return {
    child,
    url: kind === 'api' ? ready[1] : undefined,
    output: () => out,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      return code;
    },
  };
}

/** A process as /proc shows it: its id, its start time (so a reused id is not mistaken for it) and command. */
export interface ProcessEntry {
  pid: number;
  startTime: string;
  command: string;
}

function procStat(pid: number): { ppid: number; state: string; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ..." where comm may hold spaces and parentheses: fields follow the last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]), startTime: fields[19]! };
  } catch {
    return undefined;
  }
}

function procCommand(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The process and every descendant it has right now (Linux /proc). */
export function processTree(rootPid: number): ProcessEntry[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(name)]);
  }
  const out: ProcessEntry[] = [];
  const visit = (pid: number) => {
    const stat = procStat(pid);
    if (!stat) return;
    out.push({ pid, startTime: stat.startTime, command: procCommand(pid) });
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return out;
}

/** Whether the process still runs (a zombie, exited and waiting for its parent to read its status, does not). */
export function stillRunning(entry: ProcessEntry): boolean {
  const stat = procStat(entry.pid);
  return stat !== undefined && stat.startTime === entry.startTime && stat.state !== 'Z';
}

/** Resolves with the processes of `tree` still running once all are gone or `timeoutMs` has passed. */
export async function survivorsAfter(tree: ProcessEntry[], timeoutMs: number): Promise<ProcessEntry[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = tree.filter(stillRunning);
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await new Promise((r) => setTimeout(r, 100));
  }
}
