// The typed client's types, generated from the document by openapi-typescript (one `paths` interface that
// openapi-fetch checks every call against).
import type { OpenAPI3 } from 'openapi-typescript';
import { CLEAN_JSON_VALUE } from '../src/api/openapi/cleanText';

const HEADER =
  '// Generated from openapi.json by `npm run openapi` (openapi-typescript). Do not edit: change the zod schemas\n' +
  '// and operations under src/api/routes/*/ instead.\n';

/** Recursive components, which TypeScript cannot type inside the generated interface: `unknown`, as zod's own. */
const RECURSIVE = new Set([`#/components/schemas/${CLEAN_JSON_VALUE}`]);

export async function clientTypesText(document: unknown): Promise<string> {
  const { default: openapiTS, astToString, UNKNOWN } = await import('openapi-typescript');
  const ast = await openapiTS(document as OpenAPI3, {
    alphabetize: false,
    exportType: false,
    transform: (_schema, { path }) => (path && RECURSIVE.has(path) ? UNKNOWN : undefined),
  });
  return `${HEADER}${astToString(ast)}`;
}
