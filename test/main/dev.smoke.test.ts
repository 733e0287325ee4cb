// The README's run command on its embedded defaults (PGlite, in-process S3, Temporal dev server):
// it comes up, prints its URL, serves the API, lets `kws bootstrap` work against the same data, and
// shuts down cleanly on Ctrl-C.
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
import { childEnv, freePort, kwsBin, repoRoot, runNode, waitForOutput } from '../helpers/processes';

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

describe('npm start (embedded defaults)', function () {
  this.timeout(180_000);
  let dataDir: string;
  let child: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let uiPort: number;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kws-dev-'));
    uiPort = await freePort();
    env = childEnv({
      DATA_DIR: dataDir,
      PORT: '0',
      TEMPORAL_DEV_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(uiPort),
      TEMPORAL_CLI_PATH: testEnv.temporalCliPath,
      LOG_LEVEL: 'warn',
    });
  });
  after(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('boots, serves the API and the Temporal Web UI, shares its data with kws, and stops on SIGINT', async () => {
    child = spawn(process.execPath, [path.join(repoRoot, 'dist/src/main/dev.js')], { env, cwd: repoRoot });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const [, baseUrl] = await waitForOutput(child, /ready at (https:\/\/\S+)/, 150_000);
    assert.ok(baseUrl);
    assert.equal(await httpStatus(`http://127.0.0.1:${uiPort}/`), 200, 'Temporal Web UI answers');

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

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const shutdownFrom = output.length;
    child.kill('SIGINT');
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
});
