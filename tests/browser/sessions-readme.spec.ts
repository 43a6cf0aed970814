// The README's "Sessions are kept", walked for the claims sessions.spec.ts leaves out: where a session is
// stored and what it keeps, and a saved session that no longer fits its scenario. Storage is read and
// planted through the page's own IndexedDB API, never through the app's modules.
import { expect, test, type Page } from '@playwright/test';
import { RUN_TIMEOUT, openScenario } from './app';
import { installInStore, type StoreWindow } from './raw-idb';

const SECTION = 'README "Sessions are kept"';

test.describe.configure({ timeout: 120_000 });

const ready = (page: Page) =>
  expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });

/** Every record of the sessions store, as [key, value]. */
const storedSessions = (page: Page) =>
  page.evaluate(async () => {
    const { inStore } = window as unknown as StoreWindow;
    const keys = await inStore('harness-playground', 'sessions', (s) => s.getAllKeys());
    const values = await inStore('harness-playground', 'sessions', (s) => s.getAll());
    return keys.map((key, i) => [String(key), values[i]] as [string, unknown]);
  });

/** Opens stale-version and takes two steps with the Step button; returns once its session is stored. */
async function twoSteps(page: Page): Promise<void> {
  await installInStore(page);
  await openScenario(page, 'stale-version', { lang: 'en' });
  for (const n of [1, 2]) {
    await page.locator('[data-action="step"]').click();
    await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', String(n));
  }
  await expect
    .poll(async () => {
      const logs = (await storedSessions(page)).filter(([key]) => key.startsWith('log:'));
      return logs.map(([, events]) => (events as unknown[]).length);
    })
    .toEqual([expect.any(Number)]);
}

test(`${SECTION}: the session is in harness-playground/sessions with its scenario, title, log and progress; the files live in workspace:playground`, async ({
  page,
}) => {
  await twoSteps(page);
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(databases).toEqual(expect.arrayContaining(['harness-playground', 'workspace:playground']));
  const stored = await storedSessions(page);
  const head = stored.find(([key]) => key.startsWith('head:'))![1] as Record<string, unknown>;
  expect(head).toMatchObject({ scenario: 'stale-version', title: expect.stringMatching(/Stale version/i) });
  expect(head.progress).toMatchObject({ position: 2, waiting: false });
  const log = stored.find(([key]) => key.startsWith('log:'))![1] as { type: string }[];
  expect(log.map((e) => e.type)).toContain('tool/result');
  // Step 3 is the scripted edit: the stored progress says the script waits for it.
  await page.locator('[data-action="step"]').click();
  await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'true');
  await expect
    .poll(async () => {
      const heads = (await storedSessions(page)).filter(([key]) => key.startsWith('head:'));
      return (heads[0]![1] as { progress: unknown }).progress;
    })
    .toMatchObject({ position: 3, waiting: true });
});

test(`${SECTION}: a saved session that no longer fits its scenario is not carried on; a banner says why, the default scenario opens afresh, and the old session stays under Past sessions`, async ({
  page,
}) => {
  await twoSteps(page);
  // A newer copy of the session whose logged read names another file than the scenario's script does.
  await page.evaluate(() =>
    (window as unknown as StoreWindow).inStore('harness-playground', 'sessions', (store) => {
      const heads = store.getAll(IDBKeyRange.bound('head:', 'head:\uffff'));
      heads.onsuccess = () => {
        const head = heads.result[0] as { id: string };
        const log = store.get(`log:${head.id}`);
        log.onsuccess = () => {
          const events = (log.result as { type: string; args?: { path?: string } }[]).map((e) =>
            e.type === 'tool/call' && e.args?.path
              ? { ...e, args: { ...e.args, path: '/app/other.json' } }
              : e,
          );
          store.put(
            {
              ...head,
              id: 'unfit',
              title: 'A session the script no longer fits',
              updatedAt: Date.now() + 60_000,
            },
            'head:unfit',
          );
          store.put(events, 'log:unfit');
        };
      };
    }),
  );

  await page.goto('./?lang=en&speed=instant');
  await ready(page);
  const banner = page.locator('[data-banner="notice"]');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toContainText('The last session could not be continued');
  await expect(banner).toContainText('it is kept under Past sessions');
  await expect(banner).toContainText('Session "unfit" cannot be resumed');
  // With no scenario in the address, the fresh run is the default scenario's.
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '0');
  await expect(page.locator('article[data-card]')).toHaveCount(0);

  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="past-sessions"]').click();
  const row = page.locator('dialog.sessions li[data-session="unfit"]');
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('strong')).toHaveText('A session the script no longer fits');
});
