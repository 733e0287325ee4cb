// The document as published (openapi.json, the typed client, the tests' drift guard): generated from the router
// mounted without dependencies. Routers read their dependencies only while serving, so building one needs none;
// the placeholder throws if that ever changes.
import type { Deps } from '../services/deps';
import { apiRouter } from './app';
import { routeEntries } from './routes/table';
import { openApiDocumentOnce } from './document';
import type { OpenApiDocument } from './openapi/render';

const noDeps = new Proxy({} as Deps, {
  get(_target, key) {
    throw new Error(
      `building the router read deps.${String(key)}: routers may read their dependencies only when serving`,
    );
  },
});

/** The document, built once per process and frozen (openApiDocumentOnce): copy it to change it. */
export function publishedOpenApiDocument(): OpenApiDocument {
  return openApiDocumentOnce(() => routeEntries(apiRouter(noDeps)));
}

/** The file's text: two-space JSON with a final newline. */
export function openApiFileText(document: OpenApiDocument = publishedOpenApiDocument()): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
