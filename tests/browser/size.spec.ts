// The first page's JavaScript budget: what dist/index.html loads statically, gzipped, must stay within
// 150 kB; the editor, the highlighter and anything else not needed for the first view load later. And
// the embed kit a tutorial page loads stays under 10 kB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { FIRST_LOAD_BUDGET, firstLoad, kB } from '../../scripts/first-load.mjs';
import { APP_PATH } from './env';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

test('the first page loads at most 150 kB of gzipped JavaScript', async () => {
  const { files, gzip } = await firstLoad(dist);
  const lines = files.map((f) => `  ${f.file}: ${kB(f.gzip)} gzip`);
  console.log(`First load, JavaScript: ${kB(gzip)} gzipped of ${kB(FIRST_LOAD_BUDGET)}\n${lines.join('\n')}`);
  test.info().annotations.push({ type: 'first-load', description: `${kB(gzip)} gzipped` });
  expect(files.length).toBeGreaterThan(0);
  expect(gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
});

test('the browser fetches no other JavaScript for the first view than the size check counts', async ({
  page,
}) => {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') && path.startsWith(APP_PATH)) fetched.add(path.slice(APP_PATH.length));
  });
  await page.goto('./');
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
  await page.waitForLoadState('networkidle');
  const counted = (await firstLoad(dist)).files.map((f) => f.file);
  // A chunk fetched while booting is part of the first load: import it later, or count it.
  expect([...fetched].sort(), 'JavaScript fetched before the first view is ready').toEqual(
    [...counted].sort(),
  );
  const gzip = [...fetched].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  expect(gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
});

test('the embed kit, dist/embed.js, is under 10 kB gzipped', () => {
  const gzip = gzipSync(readFileSync(join(dist, 'embed.js'))).length;
  console.log(`Embed kit: ${kB(gzip)} gzipped of 10.0 kB`);
  test.info().annotations.push({ type: 'embed-kit', description: `${kB(gzip)} gzipped` });
  expect(gzip).toBeGreaterThan(1000);
  expect(gzip).toBeLessThan(10_000);
});
