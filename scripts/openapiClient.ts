// The typed client's types, generated from the document by openapi-typescript (one `paths` interface that
// openapi-fetch checks every call against).
import type { OpenAPI3 } from 'openapi-typescript';

const HEADER =
  '// Generated from openapi.json by `npm run openapi` (openapi-typescript). Do not edit: change the zod schemas\n' +
  '// and operations under src/api/routes/*/ instead.\n';

export async function clientTypesText(document: unknown): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(document as OpenAPI3, { alphabetize: false, exportType: false });
  return `${HEADER}${astToString(ast)}`;
}
