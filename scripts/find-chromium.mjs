// Finds a Chromium for Playwright and the benchmarks. Dependency-free, so `.ci/run` can call it before
// `npm ci`. Run it as `node scripts/find-chromium.mjs --print` to print the path (exit 1 when none).
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** Environment variables that name a browser, in the order they are read. */
export const ENV_VARS = ['CHROMIUM_PATH', 'CHROME_PATH'];

/** System locations tried after the environment variables. */
export const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The flags every headless Chromium of this project starts with (Playwright and the benchmarks): no
 * sandbox or GPU (containers), and none of the background traffic to hosts a test machine may not reach.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** How to get a browser when none is found; shown by `ensure-chromium.mjs` and the CLI. */
export const HOW_TO_GET_ONE = [
  'Get one of these two ways:',
  '  1. Install the system package (e.g. `sudo apt-get install chromium`), or point CHROMIUM_PATH at any',
  '     Chromium or Chrome executable you already have.',
  "  2. Download Playwright's own build: `npx playwright install chromium`.",
].join('\n');

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Playwright's own Chromium lives in a per-user cache; its path is known even when it is not downloaded.
function playwrightChromium() {
  const require = createRequire(import.meta.url);
  for (const name of ['playwright-core', '@playwright/test']) {
    try {
      const path = require(name).chromium.executablePath();
      if (path) return path;
    } catch {
      // Not installed (e.g. before `npm ci`): try the next one.
    }
  }
  return undefined;
}

/**
 * Finds a Chromium: `CHROMIUM_PATH` or `CHROME_PATH`, then the usual system paths, then Playwright's own
 * download. Returns `{ path, source }`, or `null` when there is none. A variable that names a missing
 * file throws: whoever set it meant that browser, and falling back silently would hide the mistake.
 */
export function findChromium(env = process.env) {
  for (const name of ENV_VARS) {
    const path = env[name];
    if (!path) continue;
    if (!isExecutable(path)) throw new Error(`${name} is set to "${path}", but no executable is there.`);
    return { path, source: name };
  }
  for (const path of SYSTEM_PATHS) {
    if (isExecutable(path)) return { path, source: 'system' };
  }
  const own = playwrightChromium();
  if (own && isExecutable(own)) return { path: own, source: 'playwright' };
  return null;
}

function main() {
  let found;
  try {
    found = findChromium();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (!found) {
    console.error(`No Chromium found.\n${HOW_TO_GET_ONE}`);
    process.exit(1);
  }
  console.log(process.argv.includes('--print') ? found.path : `${found.path} (${found.source})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
