// The documentation's examples, run as written against the service `npm start` runs (node dist/src/main/dev.js on
// its embedded defaults, with a data directory and ports of its own):
// - the README's quickstart: its bash blocks in order, in one bash, as a newcomer pastes them; each block's
//   output must match the `text` block shown under it (`…` stands for any text within a line);
// - the task guides' curl blocks the same way, after the quickstart's first two steps (the guides say so);
// - the task guides' TypeScript samples (packages/client): type-checked by tsc, then run with Node;
// - the task guides' Python samples (kws-client, packages/python, installed from its wheel into a fresh virtualenv):
//   type-checked by mypy --strict, then run with that virtualenv's python.
// Each sample reads what the quickstart's step 1 exports (KWS, WS, ORG, KEY; the Python ones CURL_CA_BUNDLE too)
// and must exit 0 printing what its guide shows under it.
// A README or guide edit that breaks a step fails here, naming the step's line.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { codeBlocks, matchesExpected, section, type CodeBlock } from '../helpers/markdown';
import { createDb } from '../../src/db/knex';
import { readLiveRuntimeInfo } from '../../src/embedded/runtime';
import { createTenant, type Tenant } from '../helpers/factories';
import { repoRoot, RunCommand, runCommandEnv, runNode } from '../helpers/processes';
import { installPythonSdk, pythonToolsVenv, run } from '../helpers/pythonTools';

/**
 * The main tasks' guides: their curl blocks (after the quickstart's steps 1 and 2), TypeScript samples and Python
 * samples run.
 */
const TASK_GUIDES = ['docs/guides/uploads.md', 'docs/guides/search.md', 'docs/guides/roles-and-tokens.md'];
/** Files whose TypeScript samples run too: the task guides' and the typed client's first call. */
const TS_SAMPLE_FILES = [...TASK_GUIDES, 'packages/client/README.md'];
/**
 * Further guides whose curl blocks run the same way (the others' examples need servers outside this machine). The
 * sources guide serves its website, bucket and repository on loopback, and the webhooks guide its receiver, as their
 * "Try … on your machine" sections say, and the Agent API guide its toy agent server, so the service runs with
 * CRAWL_ALLOW_PRIVATE_NETWORKS=true, WEBHOOK_ALLOW_PRIVATE_TARGETS=true, AGENT_ALLOW_HTTP_LOOPBACK=true and
 * AGENT_ALLOW_PRIVATE_NETWORKS=true (below).
 */
const OTHER_GUIDES = [
  'text-url-website',
  'versions',
  'external-ids',
  'chunks',
  'mcp',
  'agent-api',
  'retrieval-evaluation',
  'source-rules',
  'sources',
  'webhooks',
].map((name) => `docs/guides/${name}.md`);

interface StepResult {
  block: CodeBlock;
  output: string;
  ms: number;
}

/** Runs the blocks in one bash (set -euo pipefail), in order; resolves with each block's stdout and time. */
async function runBlocks(
  blocks: CodeBlock[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ steps: StepResult[]; code: number | null; stderr: string; failedAt?: CodeBlock }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kws-docs-bash-'));
  const script = path.join(dir, 'steps.sh');
  const marker = (i: number | 'end') => `printf '\\n::kws-step %s %s::\\n' ${i} "$(date +%s%3N)"`;
  await writeFile(
    script,
    ['set -euo pipefail', ...blocks.flatMap((b, i) => [marker(i), b.code]), marker('end'), ''].join('\n'),
  );
  // A process group of its own: the servers a guide starts in the background end with its run.
  const child = spawn('bash', [script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  try {
    process.kill(-(child.pid as number), 'SIGTERM');
  } catch {
    // ESRCH: nothing of the group is left.
  }
  await rm(dir, { recursive: true, force: true });

  const parts = stdout.split(/\n?::kws-step (\d+|end) (\d+)::\n/);
  // parts: [before, index0, time0, output0, index1, time1, output1, …]
  const marks: Array<{ index: string; at: number; output: string }> = [];
  for (let p = 1; p + 1 < parts.length; p += 3) {
    marks.push({ index: parts[p]!, at: Number(parts[p + 1]), output: parts[p + 2] ?? '' });
  }
  const steps: StepResult[] = [];
  for (let m = 0; m < marks.length; m++) {
    const mark = marks[m]!;
    const next = marks[m + 1];
    if (mark.index === 'end' || !next) continue;
    steps.push({ block: blocks[Number(mark.index)]!, output: mark.output, ms: next.at - mark.at });
  }
  const finished = marks.some((mark) => mark.index === 'end');
  const last = marks[marks.length - 1];
  const failedAt = finished || !last ? undefined : blocks[Number(last.index)];
  if (failedAt) steps.push({ block: failedAt, output: last!.output, ms: NaN });
  return { steps, code, stderr, failedAt };
}

/** Asserts that the run finished and that every block printed what its expected-output block shows. */
function assertSteps(
  file: string,
  run: Awaited<ReturnType<typeof runBlocks>>,
  blocks: CodeBlock[],
  serviceLog: () => string,
): void {
  const show = (b: CodeBlock) => `${file}:${b.line}`;
  const finished = run.failedAt ? run.steps.slice(0, -1) : run.steps;
  const mismatches = finished
    .filter((s) => s.block.expected !== undefined && !matchesExpected(s.output, s.block.expected))
    .map((s) => `${show(s.block)}: printed\n${s.output}\n--- where the doc shows\n${s.block.expected}`);
  if (run.code !== 0 || run.failedAt) {
    const step = run.failedAt ?? blocks[0]!;
    assert.fail(
      [
        ...mismatches,
        `${show(step)}: the block failed (bash exit ${run.code}):\n${step.code}`,
        `--- its output:\n${run.steps[run.steps.length - 1]?.output ?? ''}`,
        `--- stderr:\n${run.stderr}`,
        `--- the service's last log:\n${serviceLog().slice(-4000)}`,
      ].join('\n'),
    );
  }
  assert.equal(run.steps.length, blocks.length, `every block ran: ${run.steps.length} of ${blocks.length}`);
  assert.deepEqual(mismatches, [], `${mismatches.join('\n\n')}\n--- stderr:\n${run.stderr}`);
}

interface Sample {
  file: string;
  where: string;
  expected?: string;
}

/** Writes the `lang` blocks of `files` (the task guides) into `dir` as `<file>_<line><ext>`; a file without one is a problem. */
async function writeSamples(
  lang: string,
  dir: string,
  ext: string,
  files: readonly string[] = TASK_GUIDES,
): Promise<{ samples: Sample[]; problems: string[] }> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const samples: Sample[] = [];
  const problems: string[] = [];
  for (const guide of files) {
    const blocks = codeBlocks(await readFile(path.join(repoRoot, guide), 'utf8')).filter((b) => b.lang === lang);
    if (blocks.length === 0) problems.push(`${guide} has no ${lang} sample`);
    for (const block of blocks) {
      // (a Python module's name: no hyphen)
      const file = path.join(dir, `${path.basename(guide, '.md').replace(/-/g, '_')}_${block.line}${ext}`);
      await writeFile(file, block.code + '\n');
      samples.push({ file, where: `${guide}:${block.line}`, expected: block.expected });
    }
  }
  return { samples, problems };
}

/** Runs the samples one after another; one that fails, or prints other than its guide shows, is a problem. */
async function runEach(
  samples: Sample[],
  runOne: (file: string) => Promise<{ code: number | null; stdout: string; output: string }>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const sample of samples) {
    const ran = await runOne(sample.file);
    if (ran.code !== 0) problems.push(`${sample.where} failed (exit ${ran.code}):\n${ran.output}`);
    else if (sample.expected !== undefined && !matchesExpected(ran.stdout, sample.expected)) {
      problems.push(`${sample.where} printed\n${ran.stdout}\n--- where the guide shows\n${sample.expected}`);
    }
  }
  return problems;
}

/** The workspace's variables as the quickstart's step 1 exports them (the samples read these). */
const stepOneEnv = (env: NodeJS.ProcessEnv, tenant: Tenant): NodeJS.ProcessEnv => ({
  ...env,
  WS: tenant.workspaceId,
  ORG: tenant.organizationId,
  KEY: tenant.apiKey,
  CURL_CA_BUNDLE: env.KWS_CA,
});

/** Writes the TypeScript samples out, type-checks them with tsc, then runs each with Node in the tenant's workspace. */
async function runSamples(env: NodeJS.ProcessEnv, tenant: Tenant): Promise<string[]> {
  const { samples, problems } = await writeSamples(
    'ts',
    path.join(repoRoot, '.test-run', 'docs-samples'),
    '.mts',
    TS_SAMPLE_FILES,
  );
  const tsc = await runNode(
    [
      path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
      ...['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--types', 'node'],
      ...['--module', 'nodenext', '--moduleResolution', 'nodenext'],
      ...samples.map((s) => s.file),
    ],
    env,
  );
  if (tsc.code !== 0) return [...problems, `tsc found errors in the samples:\n${tsc.stdout}${tsc.stderr}`];
  const sampleEnv = stepOneEnv(env, tenant);
  return [
    ...problems,
    ...(await runEach(samples, async (file) => {
      const ran = await runNode([file], sampleEnv);
      return { ...ran, output: ran.stdout + ran.stderr };
    })),
  ];
}

/** No bytecode written beside the samples or into the checkout. */
const PYTHON_ENV = { PYTHONDONTWRITEBYTECODE: '1', NO_COLOR: '1' };

/**
 * The Python samples, with kws-client installed as a user installs it (`installed`: its wheel, in a fresh
 * virtualenv under `work`): type-checked with mypy --strict, then each run with that virtualenv's python in the
 * tenant's workspace.
 */
async function runPythonSamples(
  env: NodeJS.ProcessEnv,
  tenant: Tenant,
  work: string,
  installed: Promise<{ python: string }>,
): Promise<string[]> {
  const pythonEnv = { ...env, ...PYTHON_ENV };
  const { python } = await installed;
  const { samples, problems } = await writeSamples('python', path.join(work, 'samples'), '.py');
  const mypy = await run(
    pythonToolsVenv().bin('mypy'),
    [
      ...['--strict', '--python-executable', python, '--cache-dir', path.join(work, 'mypy-cache')],
      ...samples.map((s) => s.file),
    ],
    { env: pythonEnv },
  );
  if (mypy.code !== 0) return [...problems, `mypy --strict found errors in the samples:\n${mypy.output}`];
  const sampleEnv = stepOneEnv(pythonEnv, tenant);
  return [
    ...problems,
    ...(await runEach(samples, (file) => run(python, [file], { env: sampleEnv, timeoutMs: 300_000 }))),
  ];
}

describe('the documentation examples, run against npm start', function () {
  this.timeout(600_000);
  let dataDir: string;
  let service: RunCommand | undefined;
  /** The quickstart's blocks: every bash block of the README's Quickstart section. */
  let quickstart: CodeBlock[];
  /** Every run starts at once, each in a workspace of its own (they mostly wait on polls), and each test awaits its own. */
  let quickstartRun: Promise<Awaited<ReturnType<typeof runBlocks>>>;
  const guideRuns = new Map<string, { blocks: CodeBlock[]; run: Promise<Awaited<ReturnType<typeof runBlocks>>> }>();
  let samplesRun: Promise<string[]>;
  let pythonWork: string;
  let pythonSamplesRun: Promise<string[]>;

  before(async function () {
    this.timeout(200_000);
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
    const { text, firstLine } = section(readme, 'Quickstart');
    quickstart = codeBlocks(text, firstLine).filter((b) => b.lang === 'bash');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-docs-'));
    // kws-client's wheel builds and installs while the service starts (its failure is reported by the Python test).
    pythonWork = await mkdtemp(path.join(os.tmpdir(), 'kws-docs-python-'));
    const pythonSdk = installPythonSdk(pythonWork, { env: { ...process.env, ...PYTHON_ENV } });
    pythonSdk.catch(() => undefined);
    // The sources, webhooks and Agent API guides restart npm start with these to reach their loopback servers.
    const serviceEnv = {
      ...(await runCommandEnv(dataDir)),
      CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      AGENT_ALLOW_HTTP_LOOPBACK: 'true',
      AGENT_ALLOW_PRIVATE_NETWORKS: 'true',
    };
    const started = Date.now();
    service = await RunCommand.start(serviceEnv);
    console.log(`      (the service started in ${Date.now() - started} ms)`);
    // What the README's step 1 reads: the base URL npm start printed and the certificate it wrote (step 1 exports
    // it as CURL_CA_BUNDLE, whatever the machine's CURL_CA_BUNDLE was; the guides' runs start with step 1's exports).
    const env = {
      ...serviceEnv,
      KWS: service.baseUrl,
      KWS_CA: path.join(dataDir, 'tls', 'cert.pem'),
      NODE_EXTRA_CA_CERTS: path.join(dataDir, 'tls', 'cert.pem'),
    };
    // The guides and samples get their workspaces straight from the running service's database (what the
    // quickstart's step 1 does through `npx kws bootstrap`, which the quickstart run itself checks): a dozen
    // CLI processes at once would only compete for the CPU.
    const runtime = await readLiveRuntimeInfo(dataDir);
    assert.ok(runtime, 'the running service wrote its runtime.json');
    const db = createDb(runtime.databaseUrl, 1);
    const tenants: Tenant[] = [];
    try {
      for (let i = 0; i <= OTHER_GUIDES.length + TASK_GUIDES.length + 1; i++) tenants.push(await createTenant(db));
    } finally {
      await db.destroy();
    }
    quickstartRun = runBlocks(quickstart, env, 300_000);
    for (const guide of [...TASK_GUIDES, ...OTHER_GUIDES]) {
      const blocks = codeBlocks(await readFile(path.join(repoRoot, guide), 'utf8')).filter((b) => b.lang === 'bash');
      const { workspaceId, organizationId, apiKey } = tenants.pop()!;
      const stepOne: CodeBlock = {
        lang: 'bash',
        line: quickstart[0]!.line,
        code: [
          ...quickstart[0]!.code.split('\n').filter((l) => /^export (KWS|CURL_CA_BUNDLE)=/.test(l)),
          `export WS=${workspaceId} ORG=${organizationId} KEY=${apiKey}`,
        ].join('\n'),
      };
      guideRuns.set(guide, { blocks, run: runBlocks([stepOne, quickstart[1]!, ...blocks], env, 300_000) });
    }
    samplesRun = runSamples(env, tenants.pop()!).catch((err: unknown) => [`the samples could not run: ${String(err)}`]);
    pythonSamplesRun = runPythonSamples(env, tenants.pop()!, pythonWork, pythonSdk).catch((err: unknown) => [
      `the Python samples could not run: ${String(err)}`,
    ]);
  });
  after(async function () {
    this.timeout(60_000);
    await Promise.allSettled([
      quickstartRun,
      samplesRun,
      pythonSamplesRun,
      ...[...guideRuns.values()].map((g) => g.run),
    ]);
    if (service) {
      const stopped = await Promise.race([service.stop(), new Promise((r) => setTimeout(() => r('late'), 30_000))]);
      if (stopped === 'late') await service.kill9();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (pythonWork) await rm(pythonWork, { recursive: true, force: true });
  });

  it("README's quickstart: each block runs as written and prints what the README shows under it", async () => {
    assert.ok(quickstart.length >= 8, `the Quickstart section has ${quickstart.length} bash blocks`);
    assert.ok(
      quickstart.filter((b) => b.expected !== undefined).length >= 8,
      'most quickstart blocks show their output',
    );
    const run = await quickstartRun;
    console.log(
      `      (steps, ms: ${run.steps.map((s) => `README.md:${s.block.line} ${s.ms}`).join(', ')}; total ${run.steps.reduce((t, s) => t + s.ms, 0)} ms)`,
    );
    assertSteps('README.md', run, quickstart, () => service!.log);
  });

  for (const [guidePath, server] of [
    ['docs/guides/webhooks.md', 'docs/guides/webhooks/receiver.mjs'],
    ['docs/guides/agent-api.md', 'docs/guides/agent-api/model.mjs'],
  ] as const) {
    it(`${guidePath} shows the server its run starts (${server}), as it is`, async () => {
      const guide = await readFile(path.join(repoRoot, guidePath), 'utf8');
      const shown = codeBlocks(guide).filter((b) => b.lang === 'js');
      assert.equal(shown.length, 1, 'one js block: the server');
      const file = await readFile(path.join(repoRoot, server), 'utf8');
      assert.equal(`${shown[0]!.code}\n`, file);
    });
  }

  for (const guide of [...TASK_GUIDES, ...OTHER_GUIDES]) {
    it(`${guide}: its curl blocks run after the quickstart's steps 1 and 2, and print what the guide shows`, async () => {
      const { blocks, run } = guideRuns.get(guide)!;
      assert.ok(blocks.length >= 1, `${guide} has no bash block`);
      const result = await run;
      // The quickstart's own steps are checked by the test above; here only that they ran.
      assertSteps(guide, { ...result, steps: result.steps.slice(2) }, blocks, () => service!.log);
    });
  }

  it("the main tasks' TypeScript samples (packages/client) type-check and run, printing what the guides show", async () => {
    const problems = await samplesRun;
    assert.deepEqual(problems, [], problems.join('\n\n'));
  });

  it("the main tasks' Python samples (kws-client) type-check with mypy --strict and run, printing what the guides show", async () => {
    const problems = await pythonSamplesRun;
    assert.deepEqual(problems, [], problems.join('\n\n'));
  });
});
