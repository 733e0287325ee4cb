// The test tiers' quick compile: each TypeScript file of tsconfig.json whose dist/ output is older than it
// (or than tsconfig.json) is transpiled on its own with TypeScript's transpileModule: the same CommonJS tsc
// writes, without the type check, so a run after an edit compiles only the edited files, in about a second.
// `npm run build` (which `npm test` and `npm run test:e2e` run) still type-checks everything and rewrites dist/.
// Usage: node scripts/transpile.cjs [ENTRY.ts ...]: every file of tsconfig.json, or only the entries and what they
// import (relative imports, followed): the unit tier's, whose tests load no compiled file by path (a worker
// thread, a child process or the workflow bundle is loaded by path, and needs the whole set). Prints one line:
// how many files it wrote, of how many, in how long.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.resolve(__dirname, '..');
const started = Date.now();
const configPath = path.join(root, 'tsconfig.json');
const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
const { options } = parsed;
const outDir = options.outDir ?? path.join(root, 'dist');
const rootDir = options.rootDir ?? root;
// An edit of the compiler settings (or of this script) makes every output stale.
const floor = Math.max(fs.statSync(configPath).mtimeMs, fs.statSync(__filename).mtimeMs);

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/** The entries and the files they import, relative imports followed (the import graph, not a type check). */
function closure(entries) {
  const seen = new Set();
  const queue = entries.map((e) => path.resolve(root, e));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), fileName);
      const found = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
      if (found) queue.push(found);
    }
  }
  return parsed.fileNames.filter((f) => seen.has(path.resolve(f)));
}

const entries = process.argv.slice(2);
let written = 0;
let sources = 0;
for (const file of entries.length > 0 ? closure(entries) : parsed.fileNames) {
  if (file.endsWith('.d.ts')) continue;
  sources += 1;
  const out = path.join(outDir, path.relative(rootDir, file)).replace(/\.tsx?$/, '.js');
  const outTime = mtime(out);
  if (outTime >= floor && outTime >= mtime(file)) continue;
  const result = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: options,
    fileName: file,
    reportDiagnostics: true,
  });
  const problems = (result.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (problems.length > 0) {
    const text = ts.formatDiagnostics(problems, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    });
    process.stderr.write(text);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, result.outputText);
  if (result.sourceMapText) {
    // As tsc writes it: the source named relative to the output.
    const map = JSON.parse(result.sourceMapText);
    map.file = path.basename(out);
    map.sources = [path.relative(path.dirname(out), file).split(path.sep).join('/')];
    fs.writeFileSync(`${out}.map`, JSON.stringify(map));
  }
  written += 1;
}
console.log(
  `[transpile] ${written} of ${sources} files written to ${path.relative(root, outDir)}/ in ${Date.now() - started} ms (no type check: npm run build does that)`,
);
