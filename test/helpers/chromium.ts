// Debian's Chromium driven by playwright-core (no browser download), as the browser tests launch it, and the
// folder their screenshots go to.
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { publishedContract } from './contract';

const ROOT = path.resolve(__dirname, '../../..');
/** The test output: screenshots and figures the browser tests leave for people to look at. */
export const ARTIFACTS = path.join(process.env.KWS_RUN_DIR ?? path.join(ROOT, '.test-run'), 'artifacts');

// As root, on a machine whose network is closed: no sandbox, no GPU, none of Chromium's own connections.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });

/**
 * A 1280×800 context already signed in to the console with this access token: the session is in sessionStorage, as
 * the console keeps it after "keep for this tab" (the key never is), so a test starts past the sign-in form.
 */
export async function signedInContext(
  browser: Browser,
  session: { workspaceId: string; organizationId: string; token: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
  const kept = JSON.stringify({ ...session, apiKey: '' });
  await context.addInitScript(`sessionStorage.setItem('kws-console-session', ${JSON.stringify(kept)})`);
  return context;
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeViolations(page: Page, source: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') stays as served.
  await page.evaluate(source);
  const found = await page.evaluate(`axe.run().then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.help))`);
  return found as string[];
}

/**
 * What a console walk watches: requests to another origin, script errors, and every API answer the page receives
 * checked by the drift guard (the console's own static files aside); `apiCalls` names each call made
 * (ids as {id}). Await `checks` before asserting.
 */
export function guardConsolePage(page: Page, origin: string) {
  const foreign: string[] = [];
  const failures: string[] = [];
  const checks: Array<Promise<void>> = [];
  const apiCalls = new Set<string>();
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(`${m.text()} (${m.location().url})`);
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin || url.pathname.startsWith('/console')) return;
    const method = res.request().method();
    apiCalls.add(`${method} ${url.pathname.replace(/[0-9a-f-]{36}/g, '{id}')}`);
    checks.push(
      res.text().then((text) => {
        const type = res.headers()['content-type'] ?? '';
        const body = type.startsWith('application/json') && text ? (JSON.parse(text) as unknown) : undefined;
        publishedContract().check(method, url.pathname + url.search, {
          status: res.status(),
          headers: res.headers(),
          text,
          body,
        });
      }),
    );
  });
  return { foreign, failures, checks, apiCalls };
}
