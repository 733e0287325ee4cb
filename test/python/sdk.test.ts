// The Python SDK (packages/python) against the live service: its wheel is built from the document the code generates
// (openapi-python-client runs in the build), installed into a fresh virtualenv offline from the pinned wheels
// scripts/setup.sh fetched from PyPI, checked (mypy --strict, ruff) and its pytest suite run against the test stack:
// bootstrap (the kws CLI, as a new user runs it), upload and wait, every search mode with a filter, roles and RBAC
// with a role-bound token, a user space with RAG, an agent thread, the async client, and the Python blocks of the
// docs (but the task guides': test/docs/examples.test.ts runs those). A change to the API that breaks the client
// fails here.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { childEnv, kwsBin } from '../helpers/processes';
import {
  installPythonSdk,
  PYTHON_PACKAGE,
  pythonToolsVenv,
  run,
  withoutRuleLines,
  type Run,
} from '../helpers/pythonTools';
import { getStack } from '../helpers/stack';

function assertRan(what: string, res: Run): void {
  assert.equal(res.code, 0, `${what} failed (exit ${res.code}):\n${withoutRuleLines(res.output.slice(-20_000))}`);
}

describe('the Python SDK against the live service', function () {
  this.timeout(900_000);
  let work: string;
  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'kws-python-sdk-'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('builds, type-checks, and passes its tests and the docs samples', async () => {
    const tools = pythonToolsVenv();
    const stack = await getStack();
    const times: string[] = [];
    const timed = (what: string, res: Run) => {
      times.push(`${what} ${res.seconds.toFixed(1)} s`);
      assertRan(what, res);
      return res;
    };
    // Nothing written into the checkout: no bytecode, no pytest cache.
    const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', NO_COLOR: '1' };
    // The wheel, generated from the document this code serves, in a fresh virtualenv with pytest.
    const { python, document, times: installTimes } = await installPythonSdk(work, { env, extra: ['pytest'] });
    times.push(...installTimes);

    const ca = path.join(work, 'ca.pem');
    await writeFile(ca, stack.ca);
    const dataDir = path.join(work, 'kws-data');
    await mkdir(dataDir);
    const pytestEnv = {
      ...childEnv({ DATABASE_URL: stack.testDb.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      ...env,
      KWS_URL: stack.baseUrl,
      KWS_CA_BUNDLE: ca,
      KWS_BOOTSTRAP: `${process.execPath} ${kwsBin} bootstrap --json`,
      KWS_OPENAPI_DOCUMENT: document,
    };
    // The checks and the suite side by side (the checks need no service).
    const [mypy, lint, format, pytest] = await Promise.all([
      run(
        tools.bin('mypy'),
        [
          '--config-file',
          path.join(PYTHON_PACKAGE, 'pyproject.toml'),
          '--python-executable',
          python,
          '--cache-dir',
          path.join(work, 'mypy-cache'),
          '-p',
          'kws',
        ],
        { env },
      ),
      run(tools.bin('ruff'), ['check', '--no-cache', PYTHON_PACKAGE], { env }),
      run(tools.bin('ruff'), ['format', '--no-cache', '--check', PYTHON_PACKAGE], { env }),
      run(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '--durations=5', 'tests'], {
        cwd: PYTHON_PACKAGE,
        env: pytestEnv,
        timeoutMs: 600_000,
      }),
    ]);
    timed('mypy --strict', mypy);
    timed('ruff check', lint);
    timed('ruff format', format);
    timed('pytest', pytest);
    const tally = /^(\d+ passed.*)$/m.exec(pytest.output)?.[1] ?? '';
    assert.doesNotMatch(tally, /skipped|failed|error/, withoutRuleLines(pytest.output));
    console.log(`      ${times.join(', ')}\n      pytest: ${tally}`);
  });
});
