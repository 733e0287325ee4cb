// Debian's Chromium driven by playwright-core (no browser download), as the browser tests launch it, and the
// folder their screenshots go to.
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

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
