// The first view as a visitor on a slow line sees it: the first load alone, the engine held back.
import type { Page, Route } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { firstLoad } from '../../scripts/first-load.mjs';
import { APP_PATH } from './env';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Holds every script of the app that the size check does not count, until `release` is called: what the
 * page shows meanwhile is what the first load alone paints. Returns the scripts held so far, and `release`.
 */
export async function holdTheEngine(
  page: Page,
): Promise<{ held: () => string[]; release: () => Promise<void> }> {
  const counted = new Set((await firstLoad(dist)).files.map((f) => f.file));
  const held: { file: string; route: Route }[] = [];
  let released = false;
  await page.route('**/*.js', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = path.startsWith(APP_PATH) ? path.slice(APP_PATH.length) : null;
    if (released || file === null || counted.has(file)) return route.continue();
    held.push({ file, route });
  });
  return {
    held: () => held.map((h) => h.file),
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((h) => h.route.continue()));
    },
  };
}
