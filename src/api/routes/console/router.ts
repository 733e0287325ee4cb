// The operator console: a static single-page app built by Vite into dist/console at `npm run build`, served
// here as public content. It holds no credential of its own: every call it makes goes through the public API
// with the token the operator's key was exchanged for. Its Content-Security-Policy allows only this origin.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type Router from '@koa/router';
import { apiRoutes } from '../router';
import type { Deps } from '../../../services/deps';
import { notFound } from '../../../errors';
import { guard } from '../../middleware/authenticate';
import { CONSOLE_CSP, CONSOLE_DIR, CONSOLE_TYPES } from './assets';

/**
 * The Temporal Web UI's address for the console's job links: this host at TEMPORAL_UI_PORT (the dev server's
 * UI), in the configured namespace. A host name of any other shape falls back to loopback.
 */
function temporalUiMeta(deps: Deps, hostname: string): string {
  const host = /^[A-Za-z0-9.-]{1,253}$/.test(hostname) ? hostname : '127.0.0.1';
  const { uiPort, namespace } = deps.config.temporal;
  const url = `http://${host}:${uiPort}/namespaces/${encodeURIComponent(namespace)}`;
  return `<meta name="kws-temporal-ui" content="${url.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}" />`;
}

export function consoleRouter(deps: Deps): Router {
  const router = apiRoutes();
  const open = guard(deps, 'public.read');
  // The built files, read once: the index and each asset by its (hashed) file name.
  let files: Promise<Map<string, Buffer>> | undefined;
  const load = async (): Promise<Map<string, Buffer>> => {
    const out = new Map<string, Buffer>();
    const assets = await readdir(path.join(CONSOLE_DIR, 'assets')).catch(() => [] as string[]);
    for (const name of assets) out.set(name, await readFile(path.join(CONSOLE_DIR, 'assets', name)));
    const index = await readFile(path.join(CONSOLE_DIR, 'index.html')).catch(() => undefined);
    if (index) out.set('', index);
    return out;
  };
  const built = () => (files ??= load());

  router.get('/console', open, async (ctx) => {
    const index = (await built()).get('');
    if (!index) throw notFound('Console not built (npm run build)');
    ctx.set('Content-Security-Policy', CONSOLE_CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html';
    ctx.body = index.toString('utf8').replace('</head>', `${temporalUiMeta(deps, ctx.hostname)}</head>`);
  });

  router.get('/console/assets/:file', open, async (ctx) => {
    const name = ctx.params.file ?? '';
    const body = (await built()).get(name);
    const type = CONSOLE_TYPES[path.extname(name)];
    if (!body || !name || !type) throw notFound('Asset not found');
    ctx.set('Content-Security-Policy', CONSOLE_CSP);
    // Vite names each asset by its content hash: a new build is a new name.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.type = type;
    ctx.body = body;
  });
  return router;
}
