// Rewrites docs/concepts/credentials.md's route x credential table and action list from the mounted router (after a build):
// `npm run build && node scripts/readme-routes.cjs && npx prettier --write docs/concepts/credentials.md`.
// test/api/policy.test.ts checks that the README holds exactly what this writes.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const root = path.resolve(__dirname, '..');
const { apiRouter } = require(path.join(root, 'dist/src/api/app'));
const table = require(path.join(root, 'dist/src/api/routes/table'));
const { loadConfig } = require(path.join(root, 'dist/src/config'));

const readme = path.join(root, 'docs/concepts/credentials.md');
const lines = readFileSync(readme, 'utf8').split('\n');
const start = lines.findIndex((l) => /^\| Method +\| Path +\| Action/.test(l));
if (start < 0)
  throw new Error('docs/concepts/credentials.md has no route table (a line starting "| Method | Path | Action")');
let end = start;
while (end < lines.length && lines[end].startsWith('|')) end += 1;
lines.splice(
  start,
  end - start,
  ...table.renderPolicyTable(table.routeEntries(apiRouter({ config: loadConfig({}) }))).split('\n'),
);
const first = lines.findIndex((l) => l.startsWith('- `public.read`:'));
if (first < 0) throw new Error('docs/concepts/credentials.md has no action list (a line starting "- `public.read`:")');
let last = first;
while (last < lines.length && lines[last].startsWith('- `')) last += 1;
lines.splice(first, last - first, ...table.renderActionList().split('\n'));
writeFileSync(readme, lines.join('\n'));
console.log('docs/concepts/credentials.md: route table and action list rewritten');
