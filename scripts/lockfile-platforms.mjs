// The package registry reachable here serves only the linux-x64 builds of @swc/core's platform packages,
// so npm writes a package-lock.json without the other platforms' (optional, os/cpu-restricted) entries,
// and `npm ci` then refuses the lockfile as out of sync. This restores those entries exactly as npm
// writes them elsewhere; npm skips them on install because their os/cpu do not match. Run it after an
// `npm install` that changed the lockfile: node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { URL } from 'node:url';

const PLATFORMS = {
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm-gnueabihf': ['linux', 'arm'],
  'linux-arm64-gnu': ['linux', 'arm64'],
  'linux-arm64-musl': ['linux', 'arm64'],
  'linux-ppc64-gnu': ['linux', 'ppc64'],
  'linux-s390x-gnu': ['linux', 's390x'],
  'linux-x64-gnu': ['linux', 'x64'],
  'linux-x64-musl': ['linux', 'x64'],
  'win32-arm64-msvc': ['win32', 'arm64'],
  'win32-ia32-msvc': ['win32', 'ia32'],
  'win32-x64-msvc': ['win32', 'x64'],
};

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const core = lock.packages['node_modules/@swc/core'];
let added = 0;
if (core) {
  for (const [suffix, [os, cpu]] of Object.entries(PLATFORMS)) {
    const key = `node_modules/@swc/core-${suffix}`;
    if (!(key in lock.packages) && core.optionalDependencies?.[`@swc/core-${suffix}`]) {
      lock.packages[key] = {
        version: core.version,
        cpu: [cpu],
        license: 'Apache-2.0 AND MIT',
        optional: true,
        os: [os],
        engines: { node: '>=10' },
      };
      added += 1;
    }
  }
}
if (added > 0) {
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`lockfile-platforms: ${added} platform entr${added === 1 ? 'y' : 'ies'} restored`);
