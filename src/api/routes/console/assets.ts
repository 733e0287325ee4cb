// Where the built console lives and what its page may load: only its own files, and calls to this service.
import path from 'node:path';

/** dist/console, written by the console's Vite build (console/vite.config.mjs). */
export const CONSOLE_DIR = path.resolve(__dirname, '../../../../console');

export const CONSOLE_TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
