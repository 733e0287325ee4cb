// The published contract: GET /openapi.json (generated from the validators and the mounted routes), the
// interactive reference at GET /docs (Swagger UI from its npm package) and the error guide at GET /docs/errors
// (rendered from the error catalogue; every error body's docUrl points into it). All are public.
import { readFile } from 'node:fs/promises';
import Router from '@koa/router';
import type { Deps } from '../../../services/deps';
import { notFound } from '../../../errors';
import { guard } from '../../middleware/authenticate';
import type { OpenApiDocument } from '../../openapi/render';
import { renderErrorGuideHtml } from '../../../errorGuide';
import { ERRORS_PAGE_PATH } from '../../middleware/errors';
import { DOCS_ASSETS, DOCS_CSP, DOCS_PAGE } from './assets';

export function docsRouter(deps: Deps, document: () => OpenApiDocument): Router {
  const router = new Router();
  const open = guard(deps, 'public.read');
  const files = new Map<string, Promise<Buffer>>();

  router.get('/openapi.json', open, (ctx) => {
    ctx.body = document();
  });

  router.get('/docs', open, (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.type = 'text/html';
    // Relative asset URLs resolve against /docs, so the page also works behind a path prefix.
    ctx.body = DOCS_PAGE;
  });

  let errorGuide: string | undefined;
  router.get(ERRORS_PAGE_PATH, open, (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.type = 'text/html';
    ctx.body = errorGuide ??= renderErrorGuideHtml();
  });

  router.get('/docs/assets/:file', open, async (ctx) => {
    const name = ctx.params.file ?? '';
    const asset = Object.hasOwn(DOCS_ASSETS, name) ? DOCS_ASSETS[name] : undefined;
    if (!asset) throw notFound('Asset not found');
    ctx.type = asset.type;
    if (asset.text !== undefined) {
      ctx.body = asset.text;
      return;
    }
    const file = asset.file!;
    if (!files.has(file)) files.set(file, readFile(file));
    ctx.body = await files.get(file)!;
  });

  return router;
}
