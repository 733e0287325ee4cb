// The kept workflow bundle (src/temporal/bundle.ts): built once, loaded by later starts, never stale.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleKey, keptWorkflowBundle } from '../../../src/temporal/bundle';

describe('the kept workflow bundle', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(async () => {
    // Inside the project, where webpack resolves @temporalio/workflow from node_modules.
    const runDir = path.resolve(__dirname, '..', '..', '..', '..', '.test-run');
    await mkdir(runDir, { recursive: true });
    dir = await mkdtemp(path.join(runDir, 'bundle-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keys on the workflows module, the interceptor modules and every compiled file, and on nothing else', async () => {
    const root = path.join(dir, 'src');
    await mkdir(path.join(root, 'workflows'), { recursive: true });
    await writeFile(path.join(root, 'workflows', 'index.js'), 'exports.a = 1;');
    await writeFile(path.join(root, 'domain.js'), 'exports.b = 2;');
    await writeFile(path.join(root, 'domain.js.map'), '{}');
    const workflows = path.join(root, 'workflows', 'index.js');
    const key = (modules: string[], entry = workflows) => bundleKey(entry, modules, root);
    const first = await key(['m']);
    assert.match(first, /^[0-9a-f]{32}$/);
    assert.equal(await key(['m']), first, 'the same inputs, the same key');
    assert.notEqual(await key(['m', 'tracing']), first, 'another interceptor module');
    assert.notEqual(await key(['m'], path.join(root, 'domain.js')), first, 'another workflows module');
    await writeFile(path.join(root, 'domain.js.map'), '{"changed":true}');
    assert.equal(await key(['m']), first, 'a source map is not code');
    await writeFile(path.join(root, 'domain.js'), 'exports.b = 3;');
    assert.notEqual(await key(['m']), first, 'a compiled file workflows import changed');
  });

  it('builds and keeps a bundle once, loads it on the next start, and still builds where the folder is not writable', async () => {
    const workflows = path.join(dir, 'workflows.js');
    await writeFile(workflows, 'exports.hello = async function hello() { return "hello"; };\n');
    const kept = path.join(dir, 'bundles');
    const built = await keptWorkflowBundle(workflows, [], kept);
    assert.equal(built.source, 'built');
    assert.ok(built.seconds >= 0);
    assert.equal(built.file, path.join(kept, `${built.key}.js`));
    assert.match(built.bundle.code, /async function hello\(\)/);
    assert.deepEqual(await readdir(kept), [`${built.key}.js`], 'written whole: no partial file left');
    const file = built.file!;
    assert.match(
      await readFile(file, 'utf8'),
      /\n\/\/# kws-workflow-bundle-sha256=[0-9a-f]{64}\n$/,
      'sealed with its hash',
    );

    const loaded = await keptWorkflowBundle(workflows, [], kept);
    assert.deepEqual(
      { source: loaded.source, key: loaded.key, seconds: loaded.seconds },
      { source: 'kept', key: built.key, seconds: 0 },
    );
    assert.equal(loaded.bundle.code, built.bundle.code, 'the code without its seal');

    // Loading renews the file's date, so the cleanup of unloaded bundles spares one in use.
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await utimes(file, dayAgo, dayAgo);
    await keptWorkflowBundle(workflows, [], kept);
    assert.ok(Date.now() - (await stat(file)).mtimeMs < 3600_000, 'renewed by the load');

    // A file cut short (a full disk) or changed since fails its seal: rebuilt and replaced, never loaded. The
    // rebuild keeps its file, and so removes a bundle nobody loaded for a day; the current one stays.
    const old = path.join(kept, `${'0'.repeat(32)}.js`);
    await writeFile(old, 'old');
    await utimes(old, dayAgo, dayAgo);
    const whole = await readFile(file, 'utf8');
    await writeFile(file, whole.slice(0, whole.length / 2));
    const afterCut = await keptWorkflowBundle(workflows, [], kept);
    assert.equal(afterCut.source, 'built');
    assert.equal(await readFile(file, 'utf8'), whole);
    assert.deepEqual(await readdir(kept), [`${built.key}.js`]);
    await writeFile(file, whole.replace('return "hello"', 'return "HACKED"'));
    assert.equal((await keptWorkflowBundle(workflows, [], kept)).source, 'built');
    assert.equal(await readFile(file, 'utf8'), whole);

    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, '');
    const unkept = await keptWorkflowBundle(workflows, [], path.join(blocked, 'bundles'));
    assert.equal(unkept.source, 'built');
    assert.equal(unkept.file, undefined, 'nothing written under a file');
    assert.equal(unkept.bundle.code, built.bundle.code);
    assert.equal(await readFile(blocked, 'utf8'), '');
  });
});
