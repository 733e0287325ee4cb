// The OpenAPI document reads whole in the generators and linters people point at it: openapi-python-client (its
// default settings, as a Python developer would run it on /openapi.json) generates a function for every operation
// with no warning; openapi-typescript (what packages/client is built from) generates types that compile with the
// client; Redocly's recommended ruleset (redocly.yaml: each rule turned off says why) finds no error and no warning.
import assert from 'node:assert/strict';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openApiFileText } from '../../src/api/published';
import { repoRoot } from '../helpers/processes';
import { pythonToolsVenv, run, type Run } from '../helpers/pythonTools';

const WORK = path.join(process.env.KWS_RUN_DIR ?? path.join(repoRoot, '.test-run'), 'generators');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document

const snake = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();

async function pythonModules(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.py') && e.name !== '__init__.py').map((e) => e.name);
}

describe('the OpenAPI document in generators and linters', function () {
  this.timeout(300_000);
  const documentPath = path.join(WORK, 'openapi.json');
  let doc: Json;
  // The three runs start together (each test awaits its own): they take seconds each, mostly on their own.
  const runs: Partial<Record<'python' | 'typescript' | 'redocly', Promise<Run>>> = {};
  before(async () => {
    await rm(WORK, { recursive: true, force: true });
    await mkdir(WORK, { recursive: true });
    const text = openApiFileText();
    doc = JSON.parse(text);
    await writeFile(documentPath, text);
    runs.python = generatePython();
    runs.typescript = compileTypescript();
    runs.redocly = lint();
    // Settled here too, so that a test failing early leaves no run behind.
    await Promise.allSettled(Object.values(runs));
  });
  after(() => rm(WORK, { recursive: true, force: true }));

  const operationIds = () =>
    Object.values(doc.paths as Json).flatMap((item: Json) =>
      ['get', 'post', 'put', 'patch', 'delete'].filter((m) => m in item).map((m) => item[m].operationId as string),
    );

  const pythonOut = path.join(WORK, 'python');
  async function generatePython(): Promise<Run> {
    const tools = pythonToolsVenv();
    // Its default settings; the tools' bin on PATH for its formatting step (ruff, a dependency of the generator).
    return run(
      tools.bin('openapi-python-client'),
      ['generate', '--path', documentPath, '--output-path', pythonOut, '--meta', 'none', '--fail-on-warning'],
      { env: { ...process.env, NO_COLOR: '1', PATH: `${path.dirname(tools.bin('python'))}:${process.env.PATH}` } },
    );
  }

  const clientDir = path.join(WORK, 'client');
  async function compileTypescript(): Promise<Run> {
    await cp(path.join(repoRoot, 'packages/client/src'), path.join(clientDir, 'src'), { recursive: true });
    await cp(path.join(repoRoot, 'packages/client/tsconfig.json'), path.join(clientDir, 'tsconfig.json'));
    // src/schema.ts as committed: test/api/openapi.test.ts checks it equals openapi-typescript's output for the
    // document (in a process of its own: generating it here held this process's thread for seconds).
    return run(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', clientDir, '--noEmit']);
  }

  function lint(): Promise<Run> {
    return run(path.join(repoRoot, 'node_modules/.bin/redocly'), [
      'lint',
      documentPath,
      '--config',
      path.join(repoRoot, 'redocly.yaml'),
      '--format=json',
    ]);
  }

  it('openapi-python-client generates a function for every operation, with no warning', async () => {
    const res = await runs.python!;
    console.log(`      openapi-python-client: ${res.seconds.toFixed(1)} s`);
    assert.equal(res.code, 0, res.output);
    assert.doesNotMatch(res.output, /warning|unable to parse|will not be generated/i, res.output);
    const modules = new Set(await pythonModules(path.join(pythonOut, 'api')));
    const missing = operationIds().filter((id) => !modules.has(`${snake(id)}.py`));
    assert.deepEqual(missing, [], 'operations without a generated function');
  });

  it('openapi-typescript generates types that packages/client compiles with', async () => {
    const res = await runs.typescript!;
    console.log(`      openapi-typescript + tsc: ${res.seconds.toFixed(1)} s`);
    assert.equal(res.code, 0, res.output);
  });

  it("Redocly's recommended ruleset finds no error and no warning", async () => {
    const res = await runs.redocly!;
    console.log(`      redocly lint: ${res.seconds.toFixed(1)} s`);
    const report = JSON.parse(res.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 }, problems.join('\n'));
    assert.equal(res.code, 0, res.output);
  });
});
