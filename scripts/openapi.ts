// Writes the published contract: openapi.json (generated from the validators and the mounted routes), the
// typed client's types (packages/client/src/schema.ts, by openapi-typescript) and the error guide
// (docs/reference/errors.md, from the error catalogue, formatted as prettier formats it). `--check` writes nothing
// and exits 1 when a committed file differs from what the code generates (test/api/openapi.test.ts runs it too).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { openApiFileText } from '../src/api/published';
import { renderErrorGuideMarkdown } from '../src/errorGuide';
import { clientTypesText } from './openapiClient';

const ROOT = path.resolve(__dirname, '../..');
export const PUBLISHED_FILES = {
  document: path.join(ROOT, 'openapi.json'),
  clientTypes: path.join(ROOT, 'packages/client/src/schema.ts'),
  errorGuide: path.join(ROOT, 'docs/reference/errors.md'),
};

/** The error guide as committed: rendered from the catalogue, then formatted by prettier (npm run lint checks it). */
export async function errorGuideText(): Promise<string> {
  const options = await resolveConfig(PUBLISHED_FILES.errorGuide);
  return format(renderErrorGuideMarkdown(), { ...options, filepath: PUBLISHED_FILES.errorGuide });
}

export async function generatedFiles(): Promise<Record<keyof typeof PUBLISHED_FILES, string>> {
  const document = openApiFileText();
  return { document, clientTypes: await clientTypesText(JSON.parse(document)), errorGuide: await errorGuideText() };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const generated = await generatedFiles();
  let stale = 0;
  for (const key of Object.keys(PUBLISHED_FILES) as Array<keyof typeof PUBLISHED_FILES>) {
    const file = PUBLISHED_FILES[key];
    const committed = await readFile(file, 'utf8').catch(() => '');
    if (committed === generated[key]) continue;
    if (check) {
      stale += 1;
      console.error(`${path.relative(ROOT, file)} differs from the generated one: run npm run openapi`);
    } else {
      await writeFile(file, generated[key]);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
  if (stale > 0) process.exit(1);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
