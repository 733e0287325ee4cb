// A small website served by a real HTTP server inside the test (on loopback): pages, robots.txt, redirects
// and files, changeable between crawls, with a log of every request it answered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route =
  | { html: string; status?: number }
  | { body: string | Buffer; type: string; status?: number }
  | { redirect: string; status?: number };

export interface TestSite {
  origin: string;
  /** Path (with query) -> answer; anything else is a 404. Change it between crawls. */
  routes: Map<string, Route>;
  /** Every request answered: path and when (ms). */
  log: Array<{ path: string; at: number }>;
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startSite(host = '127.0.0.1'): Promise<TestSite> {
  const routes = new Map<string, Route>();
  const log: TestSite['log'] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    log.push({ path, at: Date.now() });
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
    } else if ('redirect' in route) {
      res.writeHead(route.status ?? 301, { location: route.redirect }).end();
    } else if ('html' in route) {
      res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8' }).end(route.html);
    } else {
      res.writeHead(route.status ?? 200, { 'content-type': route.type }).end(route.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    routes,
    log,
    hits: (path) => log.filter((r) => r.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HTML page with navigation and a footer around its article (which is what should be indexed). */
export function page(title: string, paragraphs: string[], links: string[] = []): { html: string } {
  const nav = links.map((href) => `<a href="${href}">${href}</a>`).join(' | ');
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return {
    html: `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
<nav>${nav}</nav>
<main><article><h1>${title}</h1>
${body}
</article></main>
<footer>Footer boilerplate: all rights reserved by the example company.</footer>
</body></html>`,
  };
}
