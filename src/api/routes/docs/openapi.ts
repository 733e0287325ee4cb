import { operations } from '../../openapi/operation';
import { z } from 'zod';
import type { ApiOperation } from '../../openapi/operation';
import { DOCS_ASSETS } from './assets';
import { openApiDocumentExamples } from './examples';

const documentationOps = operations('Documentation');

export const docsOperations: ApiOperation[] = [
  documentationOps.get('/openapi.json', 'getOpenApiDocument', {
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the validators and the mounted routes; the same file is committed as openapi.json.',
    examples: openApiDocumentExamples,
    ok: [
      200,
      'The document',
      z.looseObject({
        openapi: z.literal('3.1.0'),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      }),
    ],
  }),
  documentationOps.get('/docs', 'getDocsPage', {
    summary: 'The interactive API reference (Swagger UI, served from its npm package)',
    ok: [200, 'The HTML page', z.string(), { contentType: 'text/html' }],
  }),
  documentationOps.get('/docs/errors', 'getErrorGuide', {
    summary: "The error guide: every error body's code, what it means and what to do (each code an anchor)",
    description:
      "An error's docUrl links here (https://<host>/docs/errors#<code>); docs/reference/errors.md is the same guide.",
    ok: [200, 'The HTML page', z.string(), { contentType: 'text/html' }],
  }),
  documentationOps.get('/docs/assets/{file}', 'getDocsAsset', {
    summary: "The reference page's scripts and styles",
    params: z.object({ file: z.enum(Object.keys(DOCS_ASSETS) as [string, ...string[]]) }),
    ok: [200, 'The asset', z.string(), { contentType: ['text/css', 'application/javascript', 'image/png'] }],
    errors: { 404: ['Asset not found'] },
  }),
];
