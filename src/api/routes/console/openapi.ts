import { operations } from '../../openapi/operation';
import { z } from 'zod';
import type { ApiOperation } from '../../openapi/operation';

const documentationOps = operations('Documentation');

export const consoleOperations: ApiOperation[] = [
  documentationOps.get('/console', 'getConsolePage', {
    summary: 'The operator console (a static page; it calls only the public API, with the credential you give it)',
    ok: [200, 'The HTML page', z.string(), { contentType: 'text/html' }],
    errors: { 404: ['Console not built (npm run build)'] },
  }),
  documentationOps.get('/console/assets/{file}', 'getConsoleAsset', {
    summary: "The console's scripts and styles (content-hashed names)",
    params: z.object({ file: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/) }),
    ok: [
      200,
      'The asset',
      z.string(),
      { contentType: ['application/javascript', 'text/css', 'image/svg+xml', 'image/png'] },
    ],
    errors: { 404: ['Asset not found'] },
  }),
];
