// What a visitor's storage, a file or a plugin holds cannot stop the playground. Each test is an attack
// that once worked against the built site: a malformed record planted in IndexedDB, a stored session
// nested 3,000 levels deep, an import nested 20,000 levels deep, a 60,000-event import, a plugin tool
// whose schema expands without end, and storage that refuses to save. (The served headers and the
// Content-Security-Policy are tests/browser/csp.spec.ts.) Each asserts that the app starts or stays
// responsive, the code the API reports, and that no good data was lost.
import { expect, test, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import { bigLog, bigSessionText } from '../fixtures/big-session';
import { RUN_TIMEOUT, openScenario, openTab, type WithApp } from './app';
import { installInStore, type StoreWindow } from './raw-idb';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(({ context }) => installInStore(context));

/** Every key of a store, as text. */
const keysOf = (page: Page, db: string, store: string) =>
  page.evaluate(
    async ([db, store]) =>
      (await (window as unknown as StoreWindow).inStore(db!, store!, (s) => s.getAllKeys())).map(String),
    [db, store],
  );

/**
 * Starts a timer in the page that counts its ticks, and those that found a replay part read (its first
 * cards in, the rest still coming), and keeps the longest gap between ticks, a figure to report.
 */
const startTicking = (page: Page) =>
  page.evaluate(() => {
    const ticks = { longest: 0, count: 0, midReplay: 0, last: performance.now() };
    setInterval(() => {
      const now = performance.now();
      ticks.longest = Math.max(ticks.longest, now - ticks.last);
      ticks.count++;
      ticks.last = now;
      const replay = (window as unknown as WithApp).playground.store.get().replay;
      if (replay?.read && replay.entries.length > 0) ticks.midReplay++;
    }, 16);
    (window as unknown as { ticks: typeof ticks }).ticks = ticks;
  });
const ticks = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { ticks: { longest: number; count: number; midReplay: number } }).ticks,
  );

const ready = (page: Page) =>
  expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
const listedFiles = async (page: Page) => {
  await openTab(page, 'files');
  return page
    .locator('li[data-file]')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.file));
};
const problems = (page: Page) =>
  page.evaluate(() => (window as unknown as WithApp).playground.pg.fs.problems());
const importFile = async (page: Page, text: string) => {
  await page.locator('[data-action="more"]').click();
  await page.locator('[data-action="import-file"]').setInputFiles({
    name: 'session.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
};

test('a malformed workspace record: the app starts, lists every good file, sets the record aside, and Reset workspace works', async ({
  page,
}) => {
  const scenario = scenarioById('stale-version')!;
  const paths = Object.keys(scenario.files).sort();
  await openScenario(page, scenario.id);
  await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1');
  // A file of the visitor's own, and the run saved, so the reload carries on with the workspace as it is.
  await page.evaluate(async () => {
    const { pg } = (window as unknown as WithApp).playground;
    await pg.fs.write('/mine.txt', 'kept', { kind: 'none' }, { kind: 'external', who: 'editor' });
    await (window as unknown as WithApp).playground.saved();
  });
  const victim = paths[0]!;
  // Any page of this origin can write such records, and so could a bug in a future release.
  await page.evaluate(
    (path) =>
      (window as unknown as StoreWindow).inStore('workspace:playground', 'workspace', (store) => {
        store.put({ garbage: true }, `file:${path}`);
        store.put('x', 'file:/junk');
      }),
    victim,
  );

  await page.goto('./?speed=instant');
  await ready(page);
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1');
  expect((await listedFiles(page)).sort()).toEqual(['/mine.txt', ...paths.slice(1)].sort());
  expect(await problems(page)).toEqual([
    expect.objectContaining({ code: 'STORAGE_BAD_RECORD', key: `file:${victim}` }),
    expect.objectContaining({ code: 'STORAGE_BAD_RECORD', key: 'file:/junk' }),
  ]);
  // The visitor is told, with the code, and the rest is there.
  const banner = page.locator('[data-banner="notice"][data-code="STORAGE_BAD_RECORD"]');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('2 damaged record');
  // Set aside, never deleted: the records are kept, untouched, under quarantine keys.
  const kept = await page.evaluate(async () => {
    const range = IDBKeyRange.bound('quarantine:', 'quarantine:\uffff');
    const { inStore } = window as unknown as StoreWindow;
    const keys = await inStore('workspace:playground', 'workspace', (store) => store.getAllKeys(range));
    const values = await inStore('workspace:playground', 'workspace', (store) => store.getAll(range));
    return keys.map((key, i) => ({ key: String(key).replace(/^quarantine:[^:]+:/, ''), value: values[i] }));
  });
  expect(kept.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
    { key: `file:${victim}`, value: { garbage: true } },
    { key: 'file:/junk', value: 'x' },
  ]);

  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="reset-workspace"]').click();
  await expect.poll(async () => (await listedFiles(page)).sort(), { timeout: RUN_TIMEOUT }).toEqual(paths);
  const victimText = await page.evaluate(
    async (p) => (await (window as unknown as WithApp).playground.pg.fs.read(p))?.content,
    victim,
  );
  expect(victimText).toBe(scenario.files[victim]);
});

test('a stored session nested 3,000 levels deep, the newest one: the app starts and carries on the session before it', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  for (let i = 0; i < 2; i++) await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '2');
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  const id = await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.session.id);
  // The planted copy is newer than the real session, and its first call's arguments are 3,000 deep.
  await page.evaluate(
    (id) =>
      (window as unknown as StoreWindow).inStore('harness-playground', 'sessions', (store) => {
        const head = store.get(`head:${id}`);
        const log = store.get(`log:${id}`);
        log.onsuccess = () => {
          let deep: unknown = 'x';
          for (let i = 0; i < 3000; i++) deep = [deep];
          const events = (log.result as { type: string }[]).map((e) =>
            e.type === 'tool/call' ? { ...e, args: deep } : e,
          );
          store.put({ ...(head.result as object), id: 'deep', updatedAt: Date.now() + 60_000 }, 'head:deep');
          store.put(events, 'log:deep');
        };
      }),
    id,
  );
  expect(await keysOf(page, 'harness-playground', 'sessions')).toContain('log:deep');

  await page.goto('./?speed=instant');
  await ready(page);
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'stale-version');
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '2');
  expect(await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.session.id)).toBe(id);
  const keys = await keysOf(page, 'harness-playground', 'sessions');
  expect(keys).not.toContain('head:deep');
  // The head is set aside, so the session is never listed or carried on again; its log, stored at the
  // depth the browser can clone, cannot be stored a second time and stays where it is, skipped.
  expect(
    keys.filter((k) => k.startsWith('quarantine:')).map((k) => k.replace(/^quarantine:[^:]+:/, '')),
  ).toEqual(['head:deep']);
  expect(keys).toContain('log:deep');
  expect(keys).toContain(`log:${id}`);
});

test('an import nested 20,000 levels deep is refused with IMPORT_TOO_DEEP, and changes nothing', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  const before = await page.evaluate(
    () => (window as unknown as WithApp).playground.pg.run.session.events.length,
  );
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  await importFile(page, `{"format":"harness-playground/session","version":1,"events":${deep}}`);
  const notice = page.locator('[data-banner="notice"]');
  await expect(notice).toHaveAttribute('data-code', 'IMPORT_TOO_DEEP');
  await expect(notice).toContainText('nested too deeply');
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'live');
  expect(
    await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.session.events.length),
  ).toBe(before);
});

test('a 60,000-event import shows its first cards while a page timer keeps ticking', async ({ page }) => {
  const events = bigLog(60_000);
  const text = bigSessionText(60_000);
  const entries = events.filter((e) => e.type === 'model/message' || e.type === 'tool/call').length;
  await openScenario(page, 'happy-path');
  await page.evaluate(() => {
    const seen = { start: 0, first: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    // The gaps that count start with the import: handing the test's file to the page is not the app's work.
    document.addEventListener(
      'change',
      () => {
        seen.start = performance.now();
        const { ticks } = window as unknown as {
          ticks: { longest: number; count: number; midReplay: number; last: number };
        };
        Object.assign(ticks, { longest: 0, count: 0, midReplay: 0, last: seen.start });
      },
      true,
    );
    new MutationObserver(() => {
      if (!seen.first && document.querySelector('#app[data-mode="replay"] article[data-card]')) {
        seen.first = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await startTicking(page);
  await importFile(page, text);
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay', { timeout: RUN_TIMEOUT });
  await expect(page.locator('article[data-card]').first()).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as WithApp).playground.store.get().replay?.entries.length),
      {
        timeout: RUN_TIMEOUT,
      },
    )
    .toBe(entries);
  await expect(page.locator('article[data-card]').last()).toHaveAttribute('data-tool', 'read');
  const { longest, count, midReplay } = await ticks(page);
  const seen = await page.evaluate(() => ({
    ...(window as unknown as { seen: { start: number; first: number } }).seen,
    now: performance.now(),
  }));
  const ms = (n: number) => `${Math.round(n)} ms`;
  const figures =
    `${(text.length / 1e6).toFixed(1)} MB, ${events.length} events: first cards after ` +
    `${ms(seen.first - seen.start)}, every entry by ${ms(seen.now - seen.start)} at the latest; ` +
    `longest gap between timer ticks ${ms(longest)} over ${count} ticks, ${midReplay} of them mid-replay`;
  console.log(figures);
  test.info().annotations.push({ type: 'replay', description: figures });
  // The page was not frozen: its timer ran while the replay was part done, first cards shown and the rest
  // still coming. A replay in one task (the quadratic one froze the page for 7–8 s) shows no such state
  // to a timer, however fast it runs. How long the gaps were is reported above, not asserted.
  expect(midReplay).toBeGreaterThan(0);
});

/** `n` definitions, each using the next one twice: under a kilobyte, 2^n subschemas once expanded. */
const exponentialSchema = (n: number) => {
  const $defs: Record<string, unknown> = { [`d${n}`]: { type: 'string' } };
  for (let i = 0; i < n; i++)
    $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  return { type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs };
};
const toolPlugin = (schema: unknown) => `export const name = 'schema-bomb';
export const tool = {
  name: 'bomb',
  description: 'A tool whose schema expands without end.',
  inputSchema: ${JSON.stringify(schema)},
  execute(args) { return 1; },
  render(args, value) { return [{ type: 'text', text: 'boom' }]; },
};
`;

test('a plugin tool whose schema expands exponentially, or refers to itself, is refused with PLUGIN_TOOL_SCHEMA', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await page.locator('[role="tab"][data-tab="lab"]').click();
  await expect(page.locator('[data-lab] .cm-content')).toBeVisible({ timeout: RUN_TIMEOUT });
  await startTicking(page);
  const recursive = {
    type: 'object',
    properties: { tree: { $ref: '#/$defs/node' } },
    $defs: {
      node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } },
    },
  };
  for (const [schema, why] of [
    [exponentialSchema(14), /expands to more than \d+ subschemas/],
    [recursive, /is recursive/],
  ] as const) {
    await page.locator('[data-lab] .cm-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(toolPlugin(schema));
    await page.locator('[data-action="lab-apply"]').click();
    const status = page.locator('.lab-status');
    await expect(status).toHaveAttribute('data-tone', 'error', { timeout: RUN_TIMEOUT });
    await expect(status.locator('.err-code')).toHaveText('PLUGIN_TOOL_SCHEMA');
    await expect(status).toContainText(why);
    // No validator, no form: the tool is not in the harness at all.
    expect(
      await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.registry.get('bomb')),
    ).toBeUndefined();
  }
  await openTab(page, 'manual');
  await expect(page.locator('#manual-tool option[value="bomb"]')).toHaveCount(0);
  // The schema froze the page for 3–4 s before it was refused unexpanded; the refusals above name the
  // bound they stopped at, so nothing was expanded past it. The longest timer gap is reported, not asserted.
  const { longest } = await ticks(page);
  test
    .info()
    .annotations.push({ type: 'schema bomb', description: `longest timer gap ${Math.round(longest)} ms` });
});

test('saves that fail lose nothing already saved, and are retried until storage takes them again', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  await page.locator('[data-action="step"]').click();
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  const id = await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.session.id);
  const stored = (key: string) =>
    page.evaluate(
      (key) =>
        (window as unknown as StoreWindow).inStore('harness-playground', 'sessions', (s) => s.get(key)),
      key,
    );
  const storedCount = async () =>
    ((await stored(`head:${id}`)) as { eventCount?: number } | undefined)?.eventCount;
  const saved = await storedCount();
  expect(saved).toBeGreaterThan(0);

  // Storage is full: every write to the sessions store is refused, as the browser refuses it.
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    const state = { full: true };
    (window as unknown as { storage: typeof state }).storage = state;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (state.full && this.name === 'sessions')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  const warnings: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  for (let i = 0; i < 2; i++) await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '3');
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  await expect.poll(() => warnings.some((w) => w.includes('could not be saved'))).toBe(true);
  // The visitor is told once, with what to do.
  const failed = page.locator('[data-banner="notice"][data-code="STORAGE_SAVE_FAILED"]');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('export the session');
  // What was saved before is still there, whole.
  expect(await storedCount()).toBe(saved);
  expect(await stored(`log:${id}`)).toHaveLength(saved!);

  // Storage takes writes again: the retry saves everything, with no action of the visitor.
  await page.evaluate(() => ((window as unknown as { storage: { full: boolean } }).storage.full = false));
  const live = await page.evaluate(
    () => (window as unknown as WithApp).playground.pg.run.session.events.length,
  );
  expect(live).toBeGreaterThan(saved!);
  await expect.poll(storedCount, { timeout: 30_000 }).toBe(live);
  // Saved again: the banner goes by itself.
  await expect(failed).toHaveCount(0);
});
