// Makes sure a Chromium exists before the browser tests or benchmarks run, so none is ever skipped for
// lack of one: finds it, else asks Playwright to download one, else fails and says how to get one.
import { spawnSync } from 'node:child_process';
import { HOW_TO_GET_ONE, findChromium } from './find-chromium.mjs';

function find() {
  try {
    return findChromium();
  } catch (error) {
    console.error(`ensure-chromium: ${error.message}`);
    process.exit(1);
  }
}

let found = find();
if (!found) {
  console.log('ensure-chromium: no Chromium found; trying `npx playwright install chromium`…');
  const install = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  if (install.status === 0) found = find();
}
if (!found) {
  console.error(
    `ensure-chromium: no Chromium found, and Playwright could not download one.\n${HOW_TO_GET_ONE}`,
  );
  process.exit(1);
}
console.log(`ensure-chromium: using ${found.path} (${found.source})`);
