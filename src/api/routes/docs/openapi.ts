import { z } from 'zod';
import type { ApiOperation } from '../../openapi/operation';
import { DOCS_ASSETS } from './assets';

export const docsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Documentation',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the validators and the mounted routes; the same file is committed as openapi.json.',
    responses: {
      200: {
        description: 'The document',
        schema: z.looseObject({
          openapi: z.literal('3.1.0'),
          info: z.looseObject({ title: z.string(), version: z.string() }),
          paths: z.record(z.string(), z.unknown()),
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/docs',
    operationId: 'getDocsPage',
    tag: 'Documentation',
    summary: 'The interactive API reference (Swagger UI, served from its npm package)',
    responses: { 200: { description: 'The HTML page', schema: z.string(), contentType: 'text/html' } },
  },
  {
    method: 'get',
    path: '/docs/errors',
    operationId: 'getErrorGuide',
    tag: 'Documentation',
    summary: "The error guide: every error body's code, what it means and what to do (each code an anchor)",
    description:
      "An error's docUrl links here (https://<host>/docs/errors#<code>); docs/reference/errors.md is the same guide.",
    responses: { 200: { description: 'The HTML page', schema: z.string(), contentType: 'text/html' } },
  },
  {
    method: 'get',
    path: '/docs/assets/{file}',
    operationId: 'getDocsAsset',
    tag: 'Documentation',
    summary: "The reference page's scripts and styles",
    request: { path: z.object({ file: z.enum(Object.keys(DOCS_ASSETS) as [string, ...string[]]) }) },
    responses: {
      200: {
        description: 'The asset',
        schema: z.string(),
        contentType: ['text/css', 'application/javascript', 'image/png'],
      },
    },
    errors: { 404: ['Asset not found'] },
  },
];
