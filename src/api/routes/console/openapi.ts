import { z } from 'zod';
import type { ApiOperation } from '../../openapi/operation';

export const consoleOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/console',
    operationId: 'getConsolePage',
    tag: 'Documentation',
    summary: 'The operator console (a static page; it calls only the public API, with the credential you give it)',
    responses: { 200: { description: 'The HTML page', schema: z.string(), contentType: 'text/html' } },
    errors: { 404: ['Console not built (npm run build)'] },
  },
  {
    method: 'get',
    path: '/console/assets/{file}',
    operationId: 'getConsoleAsset',
    tag: 'Documentation',
    summary: "The console's scripts and styles (content-hashed names)",
    request: { path: z.object({ file: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/) }) },
    responses: {
      200: {
        description: 'The asset',
        schema: z.string(),
        contentType: ['application/javascript', 'text/css', 'image/svg+xml', 'image/png'],
      },
    },
    errors: { 404: ['Asset not found'] },
  },
];
