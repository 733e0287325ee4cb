// The README's run command, `npm start`, on its embedded defaults (PGlite, in-process S3, Temporal dev server):
// it comes up, prints its URL, serves the API, lets `kws bootstrap` work against the same data, and shuts down
// cleanly when npm's own process alone gets SIGINT or SIGTERM (a supervisor's or `kill`'s signal, not a terminal's
// Ctrl-C, which reaches the whole process group): within 10 s no process of its tree is left. If its Temporal dev
// server dies, it says so and exits 1, leaving nothing running.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '../helpers/http';
import { uploadRequest } from '../helpers/knowledge';
import { testEnv } from '../helpers/env';
import {
  childEnv,
  freePort,
  kwsBin,
  processTree,
  repoRoot,
  runNode,
  stillRunning,
  survivorsAfter,
  waitForOutput,
  type ProcessEntry,
} from '../helpers/processes';

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

/** How long the whole tree may take to stop after one signal to npm. */
const STOP_WITHIN_MS = 10_000;
/** Every process a test signalled, for the clean-up after a failure. */
const seen: ProcessEntry[] = [];

/**
 * `npm start` as a terminal starts it, in a process group of its own, with the suite's build (KWS_SKIP_BUILD: a
 * rebuild would rewrite dist/ under the running suite).
 */
function npmStart(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('npm', ['start'], { env: { ...env, KWS_SKIP_BUILD: '1' }, cwd: repoRoot, detached: true });
}

/** Sends `signal` to npm's own process only and answers what of the tree it had is still running 10 s later. */
async function signalTop(
  child: ChildProcess,
  signal: NodeJS.Signals,
): Promise<{ tree: ProcessEntry[]; left: string[] }> {
  const tree = processTree(child.pid!);
  seen.push(...tree);
  process.kill(child.pid!, signal);
  const left = await survivorsAfter(tree, STOP_WITHIN_MS);
  return { tree, left: left.map((p) => `${p.pid} ${p.command}`) };
}

describe('npm start (embedded defaults)', function () {
  this.timeout(180_000);
  const dataDirs: string[] = [];
  const started: ChildProcess[] = [];
  let env: NodeJS.ProcessEnv;
  let uiPort: number;
  let temporalHttpPort: number;
  const freshEnv = async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-dev-'));
    dataDirs.push(dataDir);
    uiPort = await freePort();
    env = childEnv({
      DATA_DIR: dataDir,
      PORT: '0',
      TEMPORAL_DEV_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(uiPort),
      TEMPORAL_HTTP_PORT: String((temporalHttpPort = await freePort())),
      TEMPORAL_METRICS_PORT: String(await freePort()),
      TEMPORAL_CLI_PATH: testEnv.temporalCliPath,
      LOG_LEVEL: 'warn',
    });
    return dataDir;
  };
  after(async () => {
    const running = [...started.flatMap((c) => (c.exitCode === null ? processTree(c.pid!) : [])), ...seen];
    for (const p of running.filter(stillRunning)) process.kill(p.pid, 'SIGKILL');
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('boots, serves the API and the Temporal Web UI, shares its data with kws, and stops on SIGINT to npm', async () => {
    const dataDir = await freshEnv();
    const child = npmStart(env);
    started.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const [, baseUrl] = await waitForOutput(child, /ready at (https:\/\/\S+)/, 150_000);
    // The first run talks: setup's steps, each with its elapsed time, then the service's start-up time.
    assert.match(output, /\[setup\] Temporal CLI v[\d.]+: present: .* \(\d+ s\)/, output);
    assert.match(output, /\[start\] build: skipped \(KWS_SKIP_BUILD/, output);
    assert.match(output, /ready at https:\S+ \(started in \d+ s\)/, output);
    // The certificate the README's step 1 exports for curl, as an absolute path under DATA_DIR (the banner's lines
    // may arrive after the first one).
    const certLine = /TLS certificate: (\S+)\n/;
    const [, certPath] = output.match(certLine) ?? (await waitForOutput(child, certLine, 10_000));
    assert.equal(certPath, path.resolve(dataDir, 'tls', 'cert.pem'), output);
    // The bootstrap command it prints names the data directory kws must open (DATA_DIR is set here).
    const bootLine = /Create a workspace and API key: (.*)\n/;
    const [, bootCommand] = output.match(bootLine) ?? (await waitForOutput(child, bootLine, 10_000));
    assert.equal(bootCommand, `DATA_DIR=${path.resolve(dataDir)} npx kws bootstrap --json`, output);
    // The deliveries worker has no workflows by design: the SDK's warning about it is not shown.
    assert.doesNotMatch(output, /\[WARN\] No workflows registered/, output);
    assert.ok(baseUrl);
    assert.equal(await httpStatus(`http://127.0.0.1:${uiPort}/`), 200, 'Temporal Web UI answers');
    // The dev server's HTTP API listens where the service knows it (an own component), not on a random port.
    assert.equal(await httpStatus(`http://127.0.0.1:${temporalHttpPort}/api/v1/namespaces`), 200, 'pinned HTTP API');

    const boot = await runNode([kwsBin, 'bootstrap', '--json'], env);
    assert.equal(boot.code, 0, boot.stderr);
    const tenant = JSON.parse(boot.stdout.trim());

    const request = createClient(baseUrl, await readFile(path.join(dataDir, 'tls', 'cert.pem'), 'utf8'));
    const ready = await request('GET', '/health/ready');
    assert.equal(ready.status, 200, ready.text);
    const token = await request('POST', `/workspaces/${tenant.workspaceId}/generate-access-key-token`, {
      headers: { 'x-api-key': tenant.apiKey },
    });
    assert.equal(token.status, 200, token.text);
    const list = await request('GET', `/v1/workspaces/${tenant.workspaceId}/knowledge`, {
      headers: { authorization: `Bearer ${token.body.token}`, organizationid: tenant.organizationId },
    });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.headers['x-api-version'], 'v1');

    // The embedded stack ingests and finds a file end to end (PGlite + pgvector, in-process S3, dev server).
    const v1 = { authorization: `Bearer ${token.body.token}`, organizationid: tenant.organizationId };
    const uploaded = await uploadRequest(request, tenant.workspaceId, v1, {
      filename: 'lunch.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('The canteen serves soup and sandwiches from noon until two.'),
    });
    assert.equal(uploaded.status, 200, uploaded.text);
    assert.equal(uploaded.body.status, 'COMPLETED');
    const found = await request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
      headers: { ...v1, 'x-api-key': tenant.apiKey },
      json: { query: 'when can I get a midday meal', limit: 1 },
    });
    assert.equal(found.status, 200, found.text);
    assert.equal(found.body.results[0]?.id, uploaded.body.knowledgeId);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const shutdownFrom = output.length;
    const { tree, left } = await signalTop(child, 'SIGINT');
    assert.ok(
      tree.some((p) => p.command.includes('dist/src/main/dev.js')) && tree.some((p) => / start-dev /.test(p.command)),
      `the tree holds the service and the Temporal dev server: ${tree.map((p) => p.command).join('; ')}`,
    );
    assert.deepEqual(left, [], `still running ${STOP_WITHIN_MS / 1000} s after SIGINT to npm`);
    assert.equal(await exited, 0);
    // Ctrl-C is clean and silent: no error line (the SDK runtime no longer stops the worker behind our back).
    const shutdownLog = output.slice(shutdownFrom);
    assert.doesNotMatch(shutdownLog, /stop failed|Not running|"level":(50|60)/, shutdownLog);
    assert.doesNotMatch(shutdownLog, /ERROR|Error:/, shutdownLog);
    assert.equal(existsSync(path.join(dataDir, 'runtime.json')), false, 'runtime file removed');
    await assert.rejects(httpStatus(`http://127.0.0.1:${uiPort}/`), 'the dev server child has ended');

    // The data persisted: kws reopens the embedded database on its own and sees the workspace.
    const list2 = await runNode([kwsBin, 'workspace', 'list', '--json'], env);
    assert.equal(list2.code, 0, list2.stderr);
    assert.ok(JSON.parse(list2.stdout).some((w: { id: string }) => w.id === tenant.workspaceId));
  });

  it('stops its whole tree within 10 s of SIGTERM to npm, even in the middle of its start-up', async () => {
    await freshEnv();
    const child = npmStart(env);
    started.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The moment the Temporal dev server is up as a process (the service is still starting: the worker, the API).
    const until = Date.now() + 120_000;
    while (!processTree(child.pid!).some((p) => / start-dev /.test(p.command))) {
      assert.ok(Date.now() < until && child.exitCode === null, 'the Temporal dev server starts');
      await new Promise((r) => setTimeout(r, 100));
    }
    const { tree, left } = await signalTop(child, 'SIGTERM');
    assert.ok(
      tree.some((p) => p.command.includes('dist/src/main/dev.js')),
      tree.map((p) => p.command).join('; '),
    );
    assert.deepEqual(left, [], `still running ${STOP_WITHIN_MS / 1000} s after SIGTERM to npm`);
    assert.equal(await exited, 0, 'the service stopped cleanly, and npm with it');
    await assert.rejects(httpStatus(`http://127.0.0.1:${uiPort}/`), 'the dev server has ended');
  });

  it('says so and exits 1 when its Temporal dev server dies, instead of serving on without it', async () => {
    await freshEnv();
    const child = npmStart(env);
    started.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await waitForOutput(child, /ready at (https:\/\/\S+)/, 150_000);
    const tree = processTree(child.pid!);
    seen.push(...tree);
    // The server itself, not the sh wrapper that runs it (whose command line names start-dev too).
    const temporal = tree.find((p) => / start-dev /.test(p.command) && !p.command.startsWith('/bin/sh'));
    assert.ok(temporal, tree.map((p) => p.command).join('; '));
    process.kill(temporal.pid, 'SIGKILL');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    assert.equal(code, 1, output);
    assert.match(output, /the Temporal dev server exited \(code -?\d+\); shutting down/, output);
    assert.deepEqual(
      tree.filter(stillRunning).map((p) => `${p.pid} ${p.command}`),
      [],
      'nothing of its tree is left',
    );
  });
});
