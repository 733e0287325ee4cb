// The docs page's files: Swagger UI from its npm package (swagger-ui-dist; nothing comes from a CDN) and the
// page's own start script, kept in a file of its own so the page's Content-Security-Policy allows only 'self'.
import path from 'node:path';

const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const INIT_SCRIPT = `// Starts Swagger UI on the service's own document.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // The MCP transport asks for Accept naming application/json and text/event-stream (406 otherwise); Swagger UI
    // sends one media type and leaves out an Accept parameter (as OpenAPI says), so "Try it out" on POST …/mcp
    // sends what an MCP client would.
    requestInterceptor: function (request) {
      if (/\\/v1\\/workspaces\\/[^/]+\\/mcp$/.test(new URL(request.url, window.location.href).pathname)) {
        for (var name in request.headers) if (name.toLowerCase() === 'accept') delete request.headers[name];
        request.headers.Accept = 'application/json, text/event-stream';
      }
      return request;
    },
  });
});
`;

export interface DocsAsset {
  type: string;
  /** A file of swagger-ui-dist, or the text itself. */
  file?: string;
  text?: string;
}

export const DOCS_ASSETS: Record<string, DocsAsset> = {
  'swagger-ui.css': { type: 'text/css', file: path.join(dist, 'swagger-ui.css') },
  'swagger-ui-bundle.js': { type: 'application/javascript', file: path.join(dist, 'swagger-ui-bundle.js') },
  'favicon-32x32.png': { type: 'image/png', file: path.join(dist, 'favicon-32x32.png') },
  'init.js': { type: 'application/javascript', text: INIT_SCRIPT },
};

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Knowledge Workspace Service API</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="docs/assets/swagger-ui-bundle.js"></script>
    <script src="docs/assets/init.js"></script>
  </body>
</html>
`;

/** The docs page may load only its own files, and call only this service. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');
