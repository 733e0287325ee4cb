#!/usr/bin/env node
// The kws admin CLI; the TypeScript sources build to dist/ (npm run build, or npm start).
const path = require('node:path');
const fs = require('node:fs');
const entry = path.join(__dirname, '..', 'dist', 'src', 'cli', 'index.js');
if (!fs.existsSync(entry)) {
  console.error('kws: the project is not built yet; run `npm run build` first');
  process.exit(1);
}
require(entry).runCli(process.argv);
