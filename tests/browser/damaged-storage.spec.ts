// README "Damaged storage" (under "Sessions, sharing and embedding"), as a visitor meets it: storage whose
// `open` never answers (a browser profile stuck on a lock), storage that answers only after the page has
// gone on in memory, and stored sessions whose log does not parse (found at start, found when opened,
// set aside by an earlier release). Each case is planted through the page's own IndexedDB API before or
// between loads, never through the app's modules; each check reads what the page shows.
import { expect, test, type Page } from '@playwright/test';
import { scenarios } from '../../src/model';
import { RUN_TIMEOUT, openScenario, openTab } from './app';
import { installInStore, type StoreWindow } from './raw-idb';

test.describe.configure({ timeout: 120_000 });

/** The page's handles on its held storage (installed by `holdStorage` before the page loads). */
type HeldWindow = Window & {
  /** Opens every held request for real, and lets later ones through at once. */
  answerStorage(): void;
  /** When the page first asked to open a database, and when `#app` got `data-ready="true"` (ms). */
  firstOpenAt?: number;
  readyAt?: number;
};

/**
 * Makes every `indexedDB.open` of the page silent (no success, error, upgrade or blocked event) until the
 * page calls `answerStorage()`; it also notes when the app says it is ready.
 */
const holdStorage = (page: Page) =>
  page.addInitScript(() => {
    const held: (() => void)[] = [];
    let answered = false;
    const realOpen = IDBFactory.prototype.open;
    const w = window as unknown as HeldWindow;
    IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
      w.firstOpenAt ??= performance.now();
      const openReal = () =>
        version === undefined ? realOpen.call(this, name) : realOpen.call(this, name, version);
      if (answered) return openReal();
      const request = {} as Record<string, unknown>;
      held.push(() => {
        const inner = openReal();
        for (const field of ['result', 'error', 'transaction', 'readyState'])
          Object.defineProperty(request, field, { get: () => inner[field as keyof IDBOpenDBRequest] });
        for (const type of ['success', 'error', 'upgradeneeded', 'blocked'])
          inner.addEventListener(type, (e) => (request[`on${type}`] as ((e: Event) => void) | null)?.(e));
      });
      return request as unknown as IDBOpenDBRequest;
    };
    w.answerStorage = () => {
      answered = true;
      held.splice(0).forEach((go) => go());
    };
    new MutationObserver(() => {
      if (document.getElementById('app')?.dataset.ready === 'true') w.readyAt ??= performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  });

const ready = (page: Page) =>
  expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
const memoryBanner = (page: Page) => page.locator('[data-banner="memory"][data-code="STORAGE_UNAVAILABLE"]');
const visibleFiles = async (page: Page) => {
  await openTab(page, 'files');
  const paths = page.locator('li[data-file] .path');
  await paths.first().scrollIntoViewIfNeeded();
  await expect(paths.first()).toBeVisible();
  return (await paths.allInnerTexts()).map((t) => t.trim());
};

test('Damaged storage: IndexedDB whose open never answers; within 3 s the lesson runs in memory, autoplay plays, STORAGE_UNAVAILABLE says nothing is kept', async ({
  page,
}) => {
  const scenario = scenarios[0]!;
  // The page's clock stands still from before the load and moves only as the test moves it, so "3 s" is
  // 3 s of the page's time however busy the machine is.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await holdStorage(page);
  await page.goto('./?autoplay=1&speed=instant');
  await page.waitForLoadState('networkidle');
  const app = page.locator('#app');
  const held = () => page.evaluate(() => (window as unknown as HeldWindow).firstOpenAt !== undefined);
  await expect.poll(held).toBe(true);
  // Just short of 3 s after asking, with every timer due by then run: still waiting for storage.
  await page.clock.runFor(2_999);
  expect(await app.getAttribute('data-ready')).not.toBe('true');
  await expect(memoryBanner(page)).toHaveCount(0);
  // At 3 s it gives up waiting and goes on in memory.
  await page.clock.runFor(1);
  await page.clock.resume();
  await ready(page);
  const { firstOpenAt, readyAt } = await page.evaluate(() => {
    const { firstOpenAt, readyAt } = window as unknown as HeldWindow;
    return { firstOpenAt, readyAt };
  });
  const waited = readyAt! - firstOpenAt!;
  expect(waited).toBeGreaterThanOrEqual(3000);
  test.info().annotations.push({ type: 'ready after first open', description: `${Math.round(waited)} ms` });

  const banner = memoryBanner(page);
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText(
    "STORAGE_UNAVAILABLE This browser's storage did not answer within 3 s: the lesson runs in memory, and nothing of this page will be kept, even if storage answers later. Export the session to keep it.",
  );
  // Autoplay plays the lesson to its end, in memory.
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const progress = page.locator('[data-progress]');
  const steps = await progress.getAttribute('data-steps');
  expect(Number(steps)).toBeGreaterThan(0);
  await expect(progress).toHaveText(`step ${steps} of ${steps}`);
  await expect(page.locator('[data-banner="done"]')).toBeVisible();
  // The lesson's files are listed (and any the run made).
  const files = await visibleFiles(page);
  for (const path of Object.keys(scenario.files)) expect(files).toContain(path);
  // Past sessions cannot be opened, and its tooltip says why in the same terms as the banner.
  await page.locator('[data-action="more"]').click();
  const past = page.locator('.menu-panel [data-action="past-sessions"]');
  await expect(past).toBeVisible();
  await expect(past).toBeDisabled();
  await expect(past).toHaveAttribute(
    'title',
    'This page keeps no history: storage is unavailable here (the notice at the top says why).',
  );
});

test('Damaged storage: storage that answers late; the page stays in memory, keeps what was done, and says so', async ({
  page,
}) => {
  await holdStorage(page);
  await page.goto('./?scenario=stale-version&speed=instant');
  await ready(page);
  await expect(memoryBanner(page)).toHaveAttribute('data-storage', 'unanswered');
  const progress = page.locator('[data-progress]');
  for (const n of [1, 2]) {
    await page.locator('[data-action="step"]').click();
    await expect(progress).toHaveAttribute('data-step', String(n));
  }
  const before = await page.locator('.transcript-list').innerText();

  await page.evaluate(() => (window as unknown as HeldWindow).answerStorage());
  const banner = memoryBanner(page);
  await expect(banner).toHaveAttribute('data-storage', 'late');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toHaveText(
    "STORAGE_UNAVAILABLE This browser's storage answered late. This page stays in memory, so nothing done here is lost while it is open, but nothing will be kept: export the session to keep it, then reload to use storage again.",
  );
  // What was done in memory is still there, and the run goes on in memory.
  await expect(progress).toHaveText('step 2 of 6');
  expect(await page.locator('.transcript-list').innerText()).toBe(before);
  await page.locator('[data-action="step"]').click();
  await expect(progress).toHaveText('step 3 of 6');
  expect(await visibleFiles(page)).toContain('/app/config.json');
  // Nothing went to storage: the page did not half-move in when it answered.
  const stored = await page.evaluate(async () => {
    const keysOf = async (db: string, store: string) => {
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(db);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const names = [...opened.objectStoreNames];
      const keys = names.includes(store)
        ? await new Promise<IDBValidKey[]>((resolve, reject) => {
            const request = opened.transaction(store).objectStore(store).getAllKeys();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          })
        : [];
      opened.close();
      return keys.map(String);
    };
    return {
      sessions: await keysOf('harness-playground', 'sessions'),
      files: await keysOf('workspace:playground', 'workspace'),
    };
  });
  expect(stored).toEqual({ sessions: [], files: [] });
});

/** Every key and value of the session store, keys as text. */
const storedSessions = (page: Page) =>
  page.evaluate(async () => {
    const { inStore } = window as unknown as StoreWindow;
    const keys = await inStore('harness-playground', 'sessions', (s) => s.getAllKeys());
    const values = await inStore('harness-playground', 'sessions', (s) => s.getAll());
    return keys.map((k, i) => [String(k), values[i]] as [string, unknown]);
  });

test('Damaged storage: a session whose log does not parse is set aside at start, still listed in Past sessions as damaged, and says why when opened', async ({
  page,
}) => {
  await installInStore(page);
  const app = await openScenario(page, 'stale-version');
  for (const n of [1, 2]) {
    await page.locator('[data-action="step"]').click();
    await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', String(n));
  }
  // The live session is saved as it grows; its head is copied as another, newer session with a bad log.
  await expect.poll(async () => (await storedSessions(page)).some(([k]) => k.startsWith('head:'))).toBe(true);
  await page.evaluate(() =>
    (window as unknown as StoreWindow).inStore('harness-playground', 'sessions', (store) => {
      const heads = store.getAll(IDBKeyRange.bound('head:', 'head:\uffff'));
      heads.onsuccess = () => {
        const head = heads.result[0] as object;
        store.put(
          { ...head, id: 'broken', title: 'A broken session', updatedAt: Date.now() + 60_000 },
          'head:broken',
        );
        store.put([{ type: 'nonsense' }], 'log:broken');
      };
    }),
  );

  await page.goto('./?speed=instant');
  await ready(page);
  // The good session is carried on; the broken one is set aside, and the start says so.
  await expect(app).toHaveAttribute('data-scenario', 'stale-version');
  await expect(page.locator('[data-progress]')).toHaveText('step 2 of 6');
  const stored = new Map(await storedSessions(page));
  const keys = [...stored.keys()];
  expect(keys).not.toContain('head:broken');
  expect(keys).not.toContain('log:broken');
  const headAt = keys.find((k) => /^quarantine:[^:]+:head:broken$/.test(k))!;
  const logAt = keys.find((k) => /^quarantine:[^:]+:log:broken$/.test(k))!;
  expect(stored.get(logAt)).toEqual([{ type: 'nonsense' }]);
  expect(stored.get(headAt)).toMatchObject({ id: 'broken', title: 'A broken session' });

  // A second load: still listed, as damaged, among the others.
  await page.reload();
  await ready(page);
  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="past-sessions"]').click();
  const dialog = page.locator('dialog.sessions');
  const row = dialog.locator('li[data-session="broken"]');
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-damaged', '');
  await expect(row.locator('strong')).toHaveText('A broken session');
  await expect(row.locator('.badge')).toHaveText('damaged');
  await expect(row.locator('p')).toContainText(/^Stale version · set aside .+: it cannot be opened$/);
  await expect(dialog.locator('li[data-session]:not([data-damaged])')).toHaveCount(1);

  await row.getByRole('button', { name: 'Show why' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(app).toHaveAttribute('data-mode', 'live');
  const notice = page.locator('[data-banner="notice"][data-code="STORAGE_BAD_RECORD"]');
  await notice.scrollIntoViewIfNeeded();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    'The session “A broken session” is damaged and cannot be opened: its log does not parse (0.type: ',
  );
  await expect(notice).toContainText(
    `Nothing was deleted: head:broken is kept as ${headAt}; log:broken is kept as ${logAt}.`,
  );
  // Listing and opening moved nothing: the records are where they were set aside, untouched.
  // (The live session is saved again as it goes: only the set-aside records are compared.)
  const asideOf = (entries: [string, unknown][]) =>
    entries.filter(([k]) => /^(quarantine|damaged):|^(head|log):broken$/.test(k));
  expect(asideOf(await storedSessions(page))).toEqual(asideOf([...stored.entries()]));
  expect(asideOf([...stored.entries()]).map(([k]) => k)).toEqual(['damaged:broken', headAt, logAt]);
});

test('Damaged storage: an older session whose log does not parse, opened from Past sessions, is set aside then and says why', async ({
  page,
}) => {
  await installInStore(page);
  await openScenario(page, 'stale-version');
  await page.locator('[data-action="step"]').click();
  await expect.poll(async () => (await storedSessions(page)).some(([k]) => k.startsWith('head:'))).toBe(true);
  // Older than the live session, so the start never reads its log.
  await page.evaluate(() =>
    (window as unknown as StoreWindow).inStore('harness-playground', 'sessions', (store) => {
      const heads = store.getAll(IDBKeyRange.bound('head:', 'head:\uffff'));
      heads.onsuccess = () => {
        const head = heads.result[0] as object;
        store.put({ ...head, id: 'old', title: 'An old session', updatedAt: 1 }, 'head:old');
        store.put('not a log', 'log:old');
      };
    }),
  );
  await page.reload();
  await ready(page);
  await expect(page.locator('[data-banner="notice"]')).toHaveCount(0);

  const open = async () => {
    await page.locator('[data-action="more"]').click();
    await page.locator('.menu-panel [data-action="past-sessions"]').click();
    return page.locator('dialog.sessions li[data-session="old"]');
  };
  await (await open()).getByRole('button', { name: /^Open in replay/ }).click();
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'live');
  const notice = page.locator('[data-banner="notice"][data-code="STORAGE_BAD_RECORD"]');
  await notice.scrollIntoViewIfNeeded();
  await expect(notice).toContainText(
    'The session “An old session” is damaged and cannot be opened: its log does not parse (the record: ',
  );
  const keys = (await storedSessions(page)).map(([k]) => k);
  expect(keys.filter((k) => /^quarantine:[^:]+:(head|log):old$|^damaged:old$/.test(k))).toHaveLength(3);
  expect(keys).not.toContain('head:old');
  // From now on it is listed as damaged.
  const row = await open();
  await expect(row).toHaveAttribute('data-damaged', '');
  await expect(row.locator('.badge')).toHaveText('damaged');
});

test('Damaged storage: a session an earlier release set aside (no note) is listed in Past sessions as damaged too', async ({
  page,
}) => {
  await installInStore(page);
  await openScenario(page, 'stale-version');
  await page.locator('[data-action="step"]').click();
  await expect.poll(async () => (await storedSessions(page)).some(([k]) => k.startsWith('head:'))).toBe(true);
  // What such a release left: the head and the bad log under quarantine keys, and nothing else.
  const stamp = `${Date.now().toString(36)}.0`;
  await page.evaluate(
    (stamp) =>
      (window as unknown as StoreWindow).inStore('harness-playground', 'sessions', (store) => {
        const heads = store.getAll(IDBKeyRange.bound('head:', 'head:\uffff'));
        heads.onsuccess = () => {
          const head = { ...(heads.result[0] as object), id: 'earlier', title: 'An earlier session' };
          store.put(head, `quarantine:${stamp}:head:earlier`);
          store.put({ not: 'a log' }, `quarantine:${stamp}:log:earlier`);
        };
      }),
    stamp,
  );
  const planted = (await storedSessions(page)).filter(([k]) => k.startsWith('quarantine:'));
  await page.reload();
  await ready(page);
  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="past-sessions"]').click();
  const row = page.locator('dialog.sessions li[data-session="earlier"]');
  await expect(row).toBeVisible();
  await expect(row.locator('strong')).toHaveText('An earlier session');
  await expect(row.locator('.badge')).toHaveText('damaged');
  await row.getByRole('button', { name: /^Show why/ }).click();
  const notice = page.locator('[data-banner="notice"][data-code="STORAGE_BAD_RECORD"]');
  await expect(notice).toContainText(
    'The session “An earlier session” is damaged and cannot be opened: its log',
  );
  await expect(notice).toContainText(`head:earlier is kept as quarantine:${stamp}:head:earlier`);
  expect((await storedSessions(page)).filter(([k]) => k.startsWith('quarantine:'))).toEqual(planted);
});
