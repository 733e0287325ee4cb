// How long each test file takes, for scripts/test.sh, which runs the end-to-end tier as several mocha processes
// at once (one per core) against the same components:
//   node scripts/test-times.cjs shard N FILE...   prints "SHARD FILE" lines: the files over N shards, slowest
//       first, each to the shard with the least time so far (by the recorded durations; a file without one
//       counts as the recorded files' median), so that the shards end close together
//   node scripts/test-times.cjs summary DIR       the run's one account of where the time went: every mocha
//       run's wall time (DIR/NAME.rc: "exit seconds") and the slowest files of all of them (DIR/NAME.times.json,
//       written by test/reporter.ts); records each file's seconds for the next run's shards
// Durations are kept by test source path (test/api/x.test.ts): test/durations.json, in the repository (a fresh
// clone's estimates), under $KWS_RUN_DIR/durations.json (this clone's latest runs, which take precedence).
// After a full run, `cp .test-run/durations.json test/durations.json` refreshes the committed estimates.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const committed = path.join(root, 'test', 'durations.json');
const recorded = path.join(process.env.KWS_RUN_DIR ?? path.join(root, '.test-run'), 'durations.json');

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};
// dist/test/x.test.js (what mocha runs) -> test/x.test.ts (what the durations are kept under).
const source = (file) => file.replace(/^dist\//, '').replace(/\.js$/, '.ts');
const durations = () => ({ ...readJson(committed), ...readJson(recorded) });

function shard(n, files) {
  const known = durations();
  const values = Object.values(known).sort((a, b) => a - b);
  const median = values.length > 0 ? values[Math.floor(values.length / 2)] : 10;
  const cost = (file) => known[source(file)] ?? median;
  const loads = Array.from({ length: n }, () => 0);
  const byCost = [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const file of byCost) {
    const i = loads.indexOf(Math.min(...loads));
    loads[i] += cost(file);
    console.log(`${i + 1} ${file}`);
  }
}

function summary(dir) {
  const runs = [];
  const files = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.rc'))
    .sort()) {
    const run = name.slice(0, -'.rc'.length);
    const [, seconds] = fs.readFileSync(path.join(dir, name), 'utf8').trim().split(/\s+/).map(Number);
    runs.push(`${run} ${seconds} s`);
    for (const [file, s] of Object.entries(readJson(path.join(dir, `${run}.times.json`)))) {
      files.push({ file: source(file), seconds: s, run });
    }
  }
  if (files.length === 0) return;
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(`\nwhere the time went: ${total.toFixed(0)} s in ${files.length} files, over ${runs.length} mocha runs`);
  console.log(`  (${runs.join(', ')}); the slowest:`);
  for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
    console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file} (${f.run})`);
  }
  const record = readJson(recorded);
  for (const f of files) record[f.file] = Math.round(f.seconds * 10) / 10;
  const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  fs.mkdirSync(path.dirname(recorded), { recursive: true });
  fs.writeFileSync(recorded, `${JSON.stringify(sorted, null, 2)}\n`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'shard' && Number(args[0]) >= 1) shard(Number(args[0]), args.slice(1));
else if (command === 'summary' && args[0]) summary(args[0]);
else {
  console.error('usage: node scripts/test-times.cjs shard N FILE... | summary DIR');
  process.exit(2);
}
