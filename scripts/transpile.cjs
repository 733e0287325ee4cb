// The test tiers' quick compile: each TypeScript file of tsconfig.json whose dist/ output is older than it
// (or than tsconfig.json) is transpiled on its own with TypeScript's transpileModule: the same CommonJS tsc
// writes, without the type check, so a run after an edit compiles only the edited files, in about a second.
// `npm run build` (which `npm test` and `npm run test:e2e` run) still type-checks everything and rewrites dist/.
// Usage: node scripts/transpile.cjs   (prints one line: how many files it wrote, of how many, in how long)
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

let written = 0;
let sources = 0;
for (const file of parsed.fileNames) {
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
