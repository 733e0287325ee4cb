// The published contract: GET /openapi.json (generated from the validators and the mounted routes), the
// interactive reference at GET /docs (Swagger UI from its npm package) and the error guide at GET /docs/errors
// (rendered from the error catalogue; every error body's docUrl points into it). All are public.
import { readFile } from 'node:fs/promises';
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Context } from 'koa';
import type { Deps } from '../../../services/deps';
import { notFound } from '../../../errors';
import { guard } from '../../middleware/authenticate';
import type { OpenApiDocument } from '../../openapi/render';
import { renderErrorGuideHtml } from '../../../errorGuide';
import { ERRORS_PAGE_PATH } from '../../middleware/errors';
import { DOCS_ASSETS, DOCS_CSP, DOCS_PAGE } from './assets';

/**
 * Moves /docs/ and /docs/errors/ (the router takes a path with a trailing slash as the path) to the page without it
 * (301): the pages' relative URLs (assets, openapi.json, the guide's link to the reference) resolve against it, and
 * from /docs/ they would name /docs/docs/assets/…. The console's absolute ones need no such move. The Location is
 * relative too, so a path prefix in front of the service is kept.
 */
function movedWithoutSlash(ctx: Context): boolean {
  if (!ctx.path.endsWith('/')) return false;
  ctx.status = 301;
  ctx.redirect(`../${ctx.path.slice(0, -1).split('/').pop()!}${ctx.search}`);
  return true;
}

export function docsRouter(deps: Deps, document: () => OpenApiDocument): Router {
  const router = apiRoutes();
  const open = guard(deps, 'public.read');
  const files = new Map<string, Promise<Buffer>>();

  router.get('/openapi.json', open, (ctx) => {
    ctx.body = document();
  });

  router.get('/docs', open, (ctx) => {
    if (movedWithoutSlash(ctx)) return;
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.type = 'text/html';
    // Relative asset URLs resolve against /docs, so the page also works behind a path prefix.
    ctx.body = DOCS_PAGE;
  });

  let errorGuide: string | undefined;
  router.get(ERRORS_PAGE_PATH, open, (ctx) => {
    if (movedWithoutSlash(ctx)) return;
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
