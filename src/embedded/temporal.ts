// The embedded Temporal: the Temporal CLI's dev server (frontend + Web UI) with its SQLite history under
// <dataDir>, so workflows survive restarts. The binary is TEMPORAL_CLI_PATH, else the one `npm run setup`
// builds into <repo>/.tools/bin/temporal; without one, the SDK's own download (which needs internet).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { SearchAttributes } from '../workflows/contracts';

/** `--search-attribute Name=Keyword` for each custom search attribute the service sets (all Keyword). */
export const searchAttributeArgs = (): string[] =>
  Object.values(SearchAttributes).flatMap((key) => ['--search-attribute', `${key.name}=Keyword`]);

/**
 * Eager activity execution: an activity the workflow schedules on its own task queue goes straight back to
 * the worker that completed the workflow task, without a poll through the server (the SDK asks for it by
 * default; the server's flag is off by default). A one-page synchronous upload answered in 354 ms instead of
 * 565 ms (p50, npm run bench, quiet machine). Operators of a cluster set the same dynamic config value.
 */
const EAGER_ACTIVITIES = ['--dynamic-config-value', 'system.enableActivityEagerExecution=true'];
/**
 * Fair dispatch of backlogged tasks round the fairness keys every job carries (its workspace: src/temporal/jobs.ts),
 * so one tenant's backlog does not queue the others behind it. Operators of a cluster set the same value.
 */
const FAIRNESS = ['--dynamic-config-value', 'matching.enableFairness=true'];

export interface TemporalDevServerOptions {
  dataDir: string;
  cliPath?: string;
  port: number;
  uiPort: number;
  /**
   * The frontend's HTTP API (grpc-gateway) and the server's Prometheus /metrics. The CLI cannot turn either off
   * and would pick random ports for them; pinned, they are known own components (src/web/ownComponents.ts).
   */
  httpPort: number;
  metricsPort: number;
  namespace: string;
  log?: (msg: string) => void;
  /** How long to wait for the frontend and Web UI ports (default 60 s). */
  startTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL (default 10 s). */
  stopTimeoutMs?: number;
}

export interface TemporalDevServer {
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
  /**
   * Called once if the server exits on its own after start-up (killed, crashed), with its exit code and the tail of
   * its log; not after stop(). (The SDK's download runs inside the SDK and reports nothing.)
   */
  onUnexpectedExit(listener: (code: number | null, logTail: string) => void): void;
}

const HOST = '127.0.0.1';

/** `--http-port` and `--metrics-port`: the listeners the CLI would otherwise open on random ports. */
const pinnedPortArgs = (opts: TemporalDevServerOptions): string[] => [
  '--http-port',
  String(opts.httpPort),
  '--metrics-port',
  String(opts.metricsPort),
];
const SETUP_HINT =
  'run `npm run setup` (builds .tools/bin/temporal, or bin/temporal under KWS_TOOLS_DIR), or set TEMPORAL_CLI_PATH or TEMPORAL_ADDRESS';

// Runs the server in its own process group under a small sh wrapper that holds a pipe from this process:
// when this process dies, even by SIGKILL, the pipe closes and the wrapper stops the server.
const WATCHDOG = `
exec 3<&0 0</dev/null
"$@" 3<&- &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
( cat <&3 >/dev/null; kill -TERM "$child" 2>/dev/null ) &
watcher=$!
exec 3<&-
status=0
while :; do
  wait "$child"; status=$?
  kill -0 "$child" 2>/dev/null || break
done
kill "$watcher" 2>/dev/null
exit "$status"
`;

export async function startTemporalDevServer(opts: TemporalDevServerOptions): Promise<TemporalDevServer> {
  const cliPath = opts.cliPath ?? defaultCliPath();
  const ports = [
    { port: opts.port, name: 'TEMPORAL_DEV_PORT', what: 'its gRPC port' },
    { port: opts.uiPort, name: 'TEMPORAL_UI_PORT', what: 'its Web UI' },
    { port: opts.httpPort, name: 'TEMPORAL_HTTP_PORT', what: 'its HTTP API (TEMPORAL_DEV_PORT + 10 unless set)' },
    { port: opts.metricsPort, name: 'TEMPORAL_METRICS_PORT', what: 'its metrics (TEMPORAL_DEV_PORT + 20 unless set)' },
  ];
  for (const { port, name, what } of ports) {
    // Otherwise another server on the port would look like ours starting up.
    if (await portAcceptsConnections(port)) {
      throw new Error(
        `Temporal dev server: port ${HOST}:${port}, ${what}, is already in use (another dev server?); set ` +
          `${name} to a free port (or TEMPORAL_DEV_PORT, which moves the HTTP and metrics ports with it), ` +
          'or TEMPORAL_ADDRESS to use that server',
      );
    }
  }
  const dbFilename = path.join(opts.dataDir, 'temporal.sqlite');
  if (cliPath) return startFromBinary(opts, cliPath, dbFilename);
  return startFromSdkDownload(opts, dbFilename);
}

function defaultCliPath(): string | undefined {
  // The repository root is the nearest ancestor with a package.json (src/embedded or dist/src/embedded).
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) {
      const candidate = path.join(dir, '.tools', 'bin', 'temporal');
      return existsSync(candidate) ? candidate : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

async function startFromBinary(
  opts: TemporalDevServerOptions,
  cliPath: string,
  dbFilename: string,
): Promise<TemporalDevServer> {
  if (!existsSync(cliPath)) throw new Error(`Temporal CLI not found at ${cliPath}; ${SETUP_HINT}`);
  const logPath = path.join(opts.dataDir, 'temporal.log');
  const args = [
    'server',
    'start-dev',
    '--ip',
    HOST,
    '--port',
    String(opts.port),
    '--ui-port',
    String(opts.uiPort),
    ...pinnedPortArgs(opts),
    '--db-filename',
    dbFilename,
    '--namespace',
    opts.namespace,
    '--log-level',
    'warn',
    ...EAGER_ACTIVITIES,
    ...FAIRNESS,
    ...searchAttributeArgs(),
  ];
  const logFile = await open(logPath, 'a', 0o600);
  const logStart = (await logFile.stat()).size; // start-up errors quote this run's part only
  let child: ChildProcess;
  try {
    await logFile.write(`\n--- ${new Date().toISOString()} ${cliPath} ${args.join(' ')}\n`);
    child = spawn('/bin/sh', ['-c', WATCHDOG, 'kws-temporal', cliPath, ...args], {
      stdio: ['pipe', logFile.fd, logFile.fd],
      detached: true, // its own process group, so stop() can signal the wrapper and the server together
    });
  } finally {
    await logFile.close(); // the child holds its own copy
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Temporal dev server: could not start ${cliPath}`);
  opts.log?.(`Temporal dev server starting (${cliPath}, pid ${pid}, log ${logPath})`);

  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      child.stdin?.destroy(); // lets the wrapper's watcher exit
      resolve();
    }),
  );
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  // A normal exit of this process without stop() (process.exit, an uncaught error).
  const onParentExit = () => signalGroup('SIGTERM');
  process.once('exit', onParentExit);

  // An exit not asked for by stop(), kept for a listener attached after it (the server may die before the caller
  // has finished starting and listens).
  let stopping = false;
  const unexpectedExit = exited.then(async () =>
    stopping ? undefined : { code: exitCode ?? null, tail: await logTail(logPath, logStart) },
  );
  const stop = async () => {
    stopping = true;
    process.off('exit', onParentExit);
    // The wrapper gone (killed on its own) may have left the server in the group: it is stopped too.
    if (exitCode !== undefined) return signalGroup('SIGTERM');
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), opts.stopTimeoutMs ?? 10_000);
    await exited;
    clearTimeout(timer);
  };

  const started = Date.now();
  const timeoutMs = opts.startTimeoutMs ?? 60_000;
  try {
    for (const port of [opts.port, opts.uiPort]) {
      while (!(await portAcceptsConnections(port))) {
        if (exitCode !== undefined) {
          throw new Error(
            `Temporal dev server (${cliPath}) exited with code ${exitCode} during start-up; see ${logPath}${await logTail(logPath, logStart)}`,
          );
        }
        if (Date.now() - started > timeoutMs) {
          throw new Error(
            `Temporal dev server (${cliPath}) did not open ${HOST}:${opts.port} and the Web UI on :${opts.uiPort} ` +
              `within ${timeoutMs / 1000} s; see ${logPath}${await logTail(logPath, logStart)}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
  opts.log?.(`Temporal dev server ready on ${HOST}:${opts.port} in ${Date.now() - started} ms`);
  return {
    address: `${HOST}:${opts.port}`,
    uiUrl: `http://${HOST}:${opts.uiPort}`,
    stop,
    onUnexpectedExit: (listener) =>
      void unexpectedExit.then((exit) => {
        if (exit && !stopping) listener(exit.code, exit.tail);
      }),
  };
}

async function startFromSdkDownload(opts: TemporalDevServerOptions, dbFilename: string): Promise<TemporalDevServer> {
  opts.log?.('No Temporal CLI binary found; trying the Temporal SDK download of the dev server');
  // Loaded only here: it pulls in the SDK's native bridge.
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  let env: Awaited<ReturnType<typeof TestWorkflowEnvironment.createLocal>>;
  try {
    env = await TestWorkflowEnvironment.createLocal({
      server: {
        ip: HOST,
        port: opts.port,
        ui: true,
        uiPort: opts.uiPort,
        dbFilename,
        namespace: opts.namespace,
        log: { format: 'pretty', level: 'warn' },
        searchAttributes: Object.values(SearchAttributes),
        extraArgs: pinnedPortArgs(opts),
      },
    });
  } catch (err) {
    // Offline this fails within milliseconds ("failed to download ephemeral server executable").
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Temporal dev server: no binary available and the SDK could not start one (${reason}); ${SETUP_HINT}`,
      {
        cause: err,
      },
    );
  }
  let stopping: Promise<void> | undefined;
  return {
    address: env.address,
    uiUrl: `http://${HOST}:${opts.uiPort}`,
    stop() {
      stopping ??= env.teardown();
      return stopping;
    },
    onUnexpectedExit: () => undefined,
  };
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function logTail(logPath: string, from: number): Promise<string> {
  const text = (await readFile(logPath).catch(() => Buffer.alloc(0))).subarray(from).toString('utf8');
  const lines = text.trim().split('\n').slice(-15).join('\n');
  return lines ? `:\n${lines}` : '';
}
