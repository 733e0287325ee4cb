// `npm start`'s first part, scripts/setup.sh run, as a newcomer meets it: it checks every prerequisite of the
// work it has to do before doing any and names each missing one with how to get it; it says what each step does
// and how long it usually takes, then its elapsed time; and a SIGINT or SIGTERM sent to it alone (as npm forwards
// one) stops a one-time build under way with it, instead of leaving the build running. A fake `go` on PATH stands
// for the Go toolchain: an old one, or one whose `go install` runs for minutes as the Temporal CLI's build does.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { testEnv } from '../helpers/env';
import {
  processTree,
  repoRoot,
  stillRunning,
  survivorsAfter,
  waitForOutput,
  type ProcessEntry,
} from '../helpers/processes';

const SETUP = path.join(repoRoot, 'scripts', 'setup.sh');

/** A folder of stand-in commands, put first on PATH. */
async function fakeBin(dir: string, scripts: Record<string, string>): Promise<string> {
  const bin = path.join(dir, 'fake-bin');
  await mkdir(bin, { recursive: true });
  for (const [name, body] of Object.entries(scripts)) {
    await writeFile(path.join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
    await chmod(path.join(bin, name), 0o755);
  }
  return bin;
}

function runSetup(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [SETUP, 'run'], { env, cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** The process tree under `pid` once it runs the stand-in long work (`sleep 300`), noted in `seen` for clean-up. */
async function treeAtWork(pid: number, seen: ProcessEntry[]): Promise<ProcessEntry[]> {
  let tree: ProcessEntry[] = [];
  for (let i = 0; i < 100 && !tree.some((p) => /^sleep 300/.test(p.command)); i++) {
    await new Promise((r) => setTimeout(r, 100));
    tree = processTree(pid);
  }
  seen.push(...tree);
  assert.ok(
    tree.some((p) => /^sleep 300/.test(p.command)),
    tree.map((p) => p.command).join('; '),
  );
  return tree;
}

/** Sends the signal once the tree under `pid` is at work, and answers the commands of it still running 10 s later. */
async function signalTree(pid: number, signal: NodeJS.Signals, seen: ProcessEntry[]): Promise<string[]> {
  const tree = await treeAtWork(pid, seen);
  process.kill(pid, signal);
  return (await survivorsAfter(tree, 10_000)).map((p) => p.command);
}

describe('scripts/setup.sh run (the first part of npm start)', function () {
  this.timeout(60_000);
  let dir: string;
  const seen: ProcessEntry[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kws-setup-'));
  });
  afterEach(async () => {
    for (const p of seen.splice(0).filter(stillRunning)) process.kill(p.pid, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('names every missing prerequisite with how to get it, before changing anything', async () => {
    const bin = await fakeBin(dir, {
      go: 'case "$1 $2" in "env GOVERSION") echo go1.19.8 ;; *) echo "fake go: $*" >&2; exit 3 ;; esac',
      // A python3 without venv or pip (Debian's python3 before python3-venv is installed).
      python3: 'echo "No module named venv" >&2; exit 1',
    });
    const tools = path.join(dir, 'tools');
    const res = await runSetup({ ...process.env, PATH: `${bin}:${process.env.PATH}`, KWS_TOOLS_DIR: tools });
    assert.equal(res.code, 1, res.stdout + res.stderr);
    assert.match(res.stderr, /missing prerequisites \(nothing was changed\)/);
    assert.match(
      res.stderr,
      /go 1\.25 or later \(builds the Temporal CLI once; found go1\.19\.8\)\n\s+how: https:\/\/go\.dev\/dl\//,
    );
    assert.match(
      res.stderr,
      /python3's venv and pip \(build the embedding model once\)\n\s+how: .*apt-get install -y python3-venv/,
    );
    assert.doesNotMatch(res.stdout, /Node\.js|Temporal CLI|embedding model/, 'no step ran');
    assert.deepEqual(existsSync(tools) ? await readdir(tools) : [], [], 'nothing was built');
  });

  it('with everything provisioned, says so step by step with each elapsed time', async () => {
    const tools = path.dirname(path.dirname(testEnv.temporalCliPath));
    const res = await runSetup({ ...process.env, KWS_TOOLS_DIR: tools });
    assert.equal(res.code, 0, res.stdout + res.stderr);
    for (const line of [
      /^\[setup\] prerequisites: all there \(\d+ s\)$/m,
      /^\[setup\] Node\.js v22\.[\d.]+ \(the project's own\): present \(.*\) \(\d+ s\)$/m,
      /^\[setup\] Temporal CLI v1\.5\.1: present: temporal version .* \(\d+ s\)$/m,
      /^\[setup\] embedding model all-MiniLM-L6-v2: present \(\d+ s\)$/m,
      /^\[setup\] done: everything npm start needs is in place$/m,
    ]) {
      assert.match(res.stdout, line);
    }
    assert.doesNotMatch(res.stdout, /one-time/, 'nothing to build, nothing announced');
    assert.ok(res.ms < 20_000, `a provisioned setup takes seconds (${res.ms} ms)`);
  });

  it('waits for a run already at work (a lock on the tools folder), then checks and finds its steps done', async () => {
    const tools = path.dirname(path.dirname(testEnv.temporalCliPath));
    // Another run (npm start's setup, say): it holds the lock on the tools folder for 3 s.
    const other = spawn('flock', [tools, 'sleep', '3'], { stdio: 'ignore' });
    const held = () => spawnSync('flock', ['-n', tools, 'true']).status !== 0;
    for (let i = 0; i < 200 && !held(); i++) await new Promise((r) => setTimeout(r, 25));
    assert.ok(held(), 'the other run holds the lock');
    const res = await runSetup({ ...process.env, KWS_TOOLS_DIR: tools });
    other.kill();
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.match(
      res.stdout,
      /^\[setup\] waiting for another scripts\/setup\.sh run to finish its steps \(a lock on .*\)$/m,
    );
    assert.match(res.stdout, /^\[setup\] the other run ended after \d+ s of waiting$/m);
    assert.ok(res.ms >= 1_000, `it waited (${res.ms} ms)`);
    const waited = res.stdout.indexOf('the other run ended');
    assert.ok(waited < res.stdout.indexOf('prerequisites: all there'), 'the checks come after the wait');
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`announces the Temporal CLI's one-time build, and ${signal} to setup alone stops it with its tree`, async () => {
      // go install as the real one behaves for minutes: a child of its own doing the work.
      const bin = await fakeBin(dir, {
        go: [
          'case "$1" in',
          '  env) case "$2" in GOVERSION) echo go1.26.8 ;; GOPROXY) echo https://proxy.golang.org ;; esac ;;',
          '  install) sleep 300 & wait ;;',
          'esac',
        ].join('\n'),
      });
      const child = spawn('bash', [SETUP, 'run'], {
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, KWS_TOOLS_DIR: path.join(dir, 'tools') },
        cwd: repoRoot,
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
      await waitForOutput(child, /go install github\.com\/temporalio\/cli/, 30_000);
      assert.match(
        output,
        /\[setup\] Temporal CLI v1\.5\.1: one-time: builds the Temporal CLI .* from the Go module proxy, about \d+ minutes/,
      );
      // The build is under way: its process and its child.
      assert.deepEqual(await signalTree(child.pid!, signal, seen), [], 'nothing of the build is left running');
      assert.equal(await exited, signal, 'setup ends by the same signal (npm then reports it)');
      assert.match(output, new RegExp(`stopped by ${signal} during: Temporal CLI v1\\.5\\.1`));
    });
  }
});

// Independent one-time steps (npm test's pip installs) run beside the others: scripts/steps.sh's `beside` and
// `beside_wait`, driven by a script of stand-in steps.
describe('scripts/steps.sh: steps run beside the others', function () {
  this.timeout(60_000);
  const STEPS = path.join(repoRoot, 'scripts', 'steps.sh');
  const seen: ProcessEntry[] = [];
  afterEach(() => {
    for (const p of seen.splice(0).filter(stillRunning)) process.kill(p.pid, 'SIGKILL');
  });

  function script(body: string) {
    return spawn('bash', ['-c', `set -euo pipefail; STEP_TAG=t; source ${JSON.stringify(STEPS)}\n${body}`], {
      cwd: repoRoot,
    });
  }
  function collect(child: ReturnType<typeof script>) {
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('close', (code, signal) => resolve({ code, signal })),
    );
    return { output: () => output, done };
  }

  it("prints each one's output whole, in the order they started, after the steps in front; fails naming a failed one", async () => {
    const child = script(`
      slow() { step "slow"; step_work "one-time: waits" "about 1 s"; run_long sleep 1; step_done "done"; }
      broken() { step "broken"; fail "it broke"; }
      beside "slow" slow
      beside "broken" broken
      step "in front"; step_done "present"
      beside_wait
      say "not reached"`);
    const { output, done } = collect(child);
    const { code } = await done;
    assert.equal(code, 1, output());
    const lines = output().trim().split('\n');
    assert.match(lines[4] ?? '', /^\[t\] slow: done \(\d+ s\)$/);
    lines[4] = '[t] slow: done (N s)';
    assert.deepEqual(lines, [
      '[t] slow: runs beside the next steps; its output follows when they are done',
      '[t] broken: runs beside the next steps; its output follows when they are done',
      '[t] in front: present (0 s)',
      '[t] slow: one-time: waits, about 1 s',
      '[t] slow: done (N s)',
      '[t] FAILED: it broke',
      '[t] FAILED: broken (run beside the other steps: output above)',
    ]);
  });

  it('names the steps still at work at every tick while it waits for them, then prints their output', async () => {
    const child = script(`
      STEP_TICK=1
      quick() { step "quick"; step_done "present"; }
      long() { step "long"; run_long --quiet sleep 4; step_done "built"; }
      beside "quick" quick
      beside "long" long
      beside_wait
      say "after"`);
    const { output, done } = collect(child);
    assert.equal((await done).code, 0, output());
    const waiting = output().match(/^\[t\] waiting for the steps beside: .*$/gm) ?? [];
    assert.ok(waiting.length >= 2, output());
    for (const line of waiting) assert.match(line, /^\[t\] waiting for the steps beside: long \(\d+ s so far\)$/);
    const lines = output().trim().split('\n');
    assert.deepEqual(
      lines.slice(-3).map((l) => l.replace(/\(\d+ s\)/, '(N s)')),
      ['[t] quick: present (N s)', '[t] long: built (N s)', '[t] after'],
    );
  });

  it('a failed command inside a step beside fails it (errexit holds there), as setup.sh starts them', async () => {
    const child = script(`
      unguarded() { step "unguarded"; false; step_done "installed"; }
      if true; then beside "unguarded" unguarded; fi
      beside_wait`);
    const { output, done } = collect(child);
    assert.equal((await done).code, 1, output());
    assert.doesNotMatch(output(), /unguarded: installed/);
    assert.match(output(), /FAILED: unguarded \(run beside the other steps: output above\)/);
  });

  it('a foreground step that fails ends the steps beside it, leaving nothing running', async () => {
    const child = script(`
      long() { step "long"; run_long sleep 300; step_done; }
      beside "long" long
      step "in front"; run_long sleep 2; fail "the step in front broke"`);
    const { output, done } = collect(child);
    const tree = await treeAtWork(child.pid!, seen);
    assert.equal((await done).code, 1, output());
    assert.match(output(), /FAILED: the step in front broke/);
    assert.deepEqual(
      (await survivorsAfter(tree, 10_000)).map((p) => p.command),
      [],
      'the step beside is stopped with the script',
    );
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the script stops the steps beside it and their long work, naming them`, async () => {
      const child = script(`
        long() { step "long"; step_work "one-time: works" "about 5 minutes"; run_long sleep 300; step_done; }
        beside "long" long
        beside_wait`);
      const { output, done } = collect(child);
      assert.deepEqual(await signalTree(child.pid!, signal, seen), [], 'nothing of the step is left running');
      assert.equal((await done).signal, signal, output());
      assert.match(output(), new RegExp(`stopped by ${signal} during: long`));
    });
  }
});
