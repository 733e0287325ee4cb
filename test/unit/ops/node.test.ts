// The supported Node line: the suite itself runs on the project's pinned LTS binary (the devDependency
// `node`), package.json's engines, the Dockerfile and CI agree on it, and the native dependencies load on it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../helpers/processes';

const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const pinned = pkg.devDependencies.node!;

/** Whether `version` satisfies an engines range made of `>=a <b` / `>=a` alternatives joined by `||`. */
function satisfies(version: string, range: string): boolean {
  const v = version.replace(/^v/, '').split('.').map(Number);
  const cmp = (a: number[], b: number[]) => a.reduce((r, x, i) => r || x - (b[i] ?? 0), 0);
  return range.split('||').some((alt) =>
    alt
      .trim()
      .split(/\s+/)
      .every((cond) => {
        const m = /^(>=|<)(\d+(?:\.\d+){0,2})$/.exec(cond);
        assert.ok(m, `unsupported engines condition ${cond}`);
        const bound = m[2]!.split('.').map(Number);
        return m[1] === '>=' ? cmp(v, bound) >= 0 : cmp(v, bound) < 0;
      }),
  );
}

describe('Node.js line', () => {
  it('runs the suite on the pinned LTS binary from node_modules', () => {
    assert.equal(process.version, `v${pinned}`);
    const major = Number(pinned.split('.')[0]);
    assert.ok(major >= 22 && major % 2 === 0, `Node ${pinned} is not an LTS line of 22 or later`);
    assert.equal(process.execPath, path.join(repoRoot, 'node_modules', 'node', 'bin', 'node'));
  });

  it('agrees with engines, the Dockerfile and CI', () => {
    assert.ok(satisfies(pinned, pkg.engines.node), `${pinned} does not satisfy engines ${pkg.engines.node}`);
    assert.ok(!satisfies('20.19.0', pkg.engines.node), 'engines still admits Node 20');
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    assert.match(dockerfile, new RegExp(`^ARG NODE_VERSION=${pinned.replace(/\./g, '\\.')}$`, 'm'));
    const froms = dockerfile.match(/^FROM node:\S+/gm) ?? [];
    assert.ok(froms.length >= 2 && froms.every((f) => f === 'FROM node:${NODE_VERSION}-bookworm-slim'), froms.join());
    const ci = readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8');
    assert.match(ci, /source scripts\/node-env\.sh\nensure_project_node/);
    assert.ok(ci.indexOf('ensure_project_node') < ci.indexOf('phase lint'), 'CI lints and tests on the project Node');
  });

  it('loads every native dependency on it: onnxruntime-node, sharp, @swc/core, the Temporal core bridge, protobufjs', async () => {
    const ort = await import('onnxruntime-node');
    const tensor = new ort.Tensor('float32', new Float32Array([1, 2]), [1, 2]);
    assert.deepEqual(Array.from(tensor.data as Float32Array), [1, 2]);
    assert.ok(ort.InferenceSession.create);

    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    assert.deepEqual((await sharp(png).metadata()).width, 2);

    const swc = await import('@swc/core');
    assert.match(
      swc.transformSync('const a: number = 1;', { jsc: { parser: { syntax: 'typescript' } } }).code,
      /a = 1/,
    );

    // The root hooks installed the SDK runtime: its native core bridge is loaded in this process.
    const { Runtime } = await import('@temporalio/worker');
    assert.ok(Runtime.instance());

    const protobuf = (await import('protobufjs')).default;
    const root = protobuf.parse('syntax = "proto3"; message M { string s = 1; }').root;
    const M = root.lookupType('M');
    assert.equal((M.decode(M.encode({ s: 'x' }).finish()) as unknown as { s: string }).s, 'x');
  });
});
