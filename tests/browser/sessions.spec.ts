// Sessions in Chromium: saved as they grow and carried on after a reload, exported and imported into
// replay, refused imports that change nothing, and the More menu that holds these actions.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import {
  errorCodes,
  focusBody,
  openScenario,
  openTab,
  playByMouse,
  storedText,
  tabTo,
  type WithApp,
} from './app';

/** What a person sees of every result card: kind, tool, error code and the model's exact text. */
const cards = (page: Page) =>
  page.locator('article[data-card]').evaluateAll((els) =>
    els.map((el) => {
      const card = el as HTMLElement;
      return {
        card: card.dataset.card,
        tool: card.dataset.tool,
        code: card.dataset.errorCode ?? null,
        model: card.querySelector('[data-model-view]')?.textContent ?? null,
      };
    }),
  );
/** The model's messages on screen. */
const messages = (page: Page) =>
  page.locator('.transcript-list > .message p').evaluateAll((els) => els.map((el) => el.textContent));
const ledger = async (page: Page) => {
  await openTab(page, 'ledger');
  return page
    .locator('tr[data-ledger-path]')
    .evaluateAll((rows) => rows.map((r) => ({ ...(r as HTMLElement).dataset })));
};
const position = (page: Page) =>
  page.evaluate(() => (window as unknown as WithApp).playground.pg.script.state.position);
const step = async (page: Page, times: number) => {
  for (let i = 0; i < times; i++) {
    const at = await position(page);
    await page.locator('[data-action="step"]').click();
    await expect.poll(() => position(page)).toBe(at + 1);
  }
};
const menu = async (page: Page, action: string) => {
  await page.locator('[data-action="more"]').click();
  await page.locator(`.menu-panel [data-action="${action}"]`).click();
};
const ready = async (page: Page) => {
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
};
/** Plays the open scenario to its end with the Play button (and the external edit's, when it waits). */
const playToEnd = playByMouse;

// Whole runs, reloads and second pages: slower than one check, most of all on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a reload mid-session restores the transcript, ledger and waiting edit, and the run ends as an unbroken one', async ({
  page,
  browser,
}) => {
  const scenario = scenarioById('stale-version')!;
  const app = await openScenario(page, scenario.id);
  await step(page, 3);
  await expect(app).toHaveAttribute('data-waiting', 'true');
  const before = { cards: await cards(page), messages: await messages(page), ledger: await ledger(page) };
  expect(before.cards).toHaveLength(1);
  await expect(page.locator('[data-value="live"]')).toHaveCount(1);

  await page.reload();
  await ready(page);
  // The address no longer names the scenario: what the page shows comes from the saved session.
  expect(new URL(page.url()).searchParams.has('scenario')).toBe(false);
  await expect(app).toHaveAttribute('data-scenario', scenario.id);
  await expect(app).toHaveAttribute('data-waiting', 'true');
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await expect(page.locator('[data-progress]')).toHaveText('step 3 of 6');
  expect(await cards(page)).toEqual(before.cards);
  expect(await messages(page)).toEqual(before.messages);
  expect(await ledger(page)).toEqual(before.ledger);
  // Values were never stored: a restored card says so instead of showing one.
  await expect(page.locator('[data-value="unavailable"]')).toHaveCount(1);
  await expect(page.locator('[data-value="live"]')).toHaveCount(0);

  await page.locator('[data-action="external"]').click();
  await expect(app).toHaveAttribute('data-waiting', 'false');
  await focusBody(page);
  await playToEnd(page);
  expect(await errorCodes(page)).toEqual(scenario.outcome.errors);
  for (const [path, content] of Object.entries(scenario.outcome.files ?? {})) {
    expect(await storedText(page, path)).toBe(content);
  }
  const resumed = { cards: await cards(page), messages: await messages(page) };

  const other = await browser.newPage();
  await openScenario(other, scenario.id);
  await playToEnd(other);
  expect(resumed).toEqual({ cards: await cards(other), messages: await messages(other) });
  await other.close();
});

test('a finished run reloads as finished, and a reset one as a fresh start', async ({ page }) => {
  const app = await openScenario(page, 'happy-path');
  await playToEnd(page);
  await page.reload();
  await ready(page);
  await expect(app).toHaveAttribute('data-run-state', 'done');
  await expect(page.locator('article[data-card]')).toHaveCount(3);
  await menu(page, 'reset-workspace');
  await expect(page.locator('article[data-card]')).toHaveCount(0);
  expect(await storedText(page, '/notes.md')).toContain('Status: draft');
  await page.reload();
  await ready(page);
  await expect(app).toHaveAttribute('data-run-state', 'idle');
  await expect(page.locator('article[data-card]')).toHaveCount(0);
});

test('export, then import elsewhere: the replay shows the same cards and model texts as the live run', async ({
  page,
  browser,
}) => {
  await openScenario(page, 'card-tour');
  await playToEnd(page);
  const live = await cards(page);
  expect(new Set(live.map((c) => c.card)).size).toBe(6);

  const downloading = page.waitForEvent('download');
  await menu(page, 'export');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^harness-session-card-tour-.*\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  const file = JSON.parse(text) as Record<string, unknown> & { events: Record<string, unknown>[] };
  expect(file).toMatchObject({ format: 'harness-playground/session', version: 1, scenario: 'card-tour' });
  expect(Date.parse(file.exportedAt as string)).not.toBeNaN();
  expect(file.events.some((e) => 'value' in e)).toBe(false);
  const logged = await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.session.events);
  expect(file.events).toEqual(JSON.parse(JSON.stringify(logged)));

  // Another browser profile: nothing of the first run is stored there.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('./?scenario=happy-path');
  await ready(other);
  await other.locator('[data-action="more"]').click();
  await other.locator('[data-action="import-file"]').setInputFiles({
    name: 'session.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(other.locator('#app')).toHaveAttribute('data-mode', 'replay');
  await expect(other.locator('[data-banner="replay"]')).toBeVisible();
  expect(await cards(other)).toEqual(live);
  await expect(other.locator('[data-value="unavailable"]')).toHaveCount(
    live.filter((c) => c.code === null).length,
  );
  await expect(other.locator('[data-action="play"]')).toBeDisabled();
  await context.close();
});

test('a malformed import says why, with its code, and changes nothing', async ({ page }) => {
  const app = await openScenario(page, 'stale-version');
  await step(page, 2);
  const before = async () => ({
    cards: await cards(page),
    messages: await messages(page),
    files: await page.evaluate(async () => (window as unknown as WithApp).playground.pg.fs.list()),
    session: await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.session.id),
    events: await page.evaluate(() => (window as unknown as WithApp).playground.pg.run.session.events.length),
    position: await position(page),
    mode: await app.getAttribute('data-mode'),
  });
  const start = await before();
  const attempts: [string, string, RegExp][] = [
    ['not json', 'IMPORT_NOT_JSON', /not JSON/],
    ['{"format": "something/else", "version": 1}', 'IMPORT_WRONG_FORMAT', /not a Harness Playground session/],
    ['{"format": "harness-playground/session", "version": 7}', 'IMPORT_WRONG_VERSION', /another version/],
    [
      JSON.stringify({
        format: 'harness-playground/session',
        version: 1,
        scenario: 'x',
        title: 't',
        exportedAt: new Date().toISOString(),
        events: [{ type: 'session/start', seq: 0, at: 0, session: 's', tools: [] }, { type: 'bogus' }],
      }),
      'IMPORT_BAD_EVENT',
      /event 1 is not valid/,
    ],
  ];
  for (const [content, code, words] of attempts) {
    await page.locator('[data-action="more"]').click();
    await page.locator('[data-action="import-file"]').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from(content),
    });
    const notice = page.locator('[data-banner="notice"]');
    await expect(notice).toHaveAttribute('data-code', code);
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText(words);
    await expect(notice).toContainText('Could not import');
    expect(await before()).toEqual(start);
    if (code === 'IMPORT_BAD_EVENT') await page.screenshot({ path: '/tmp/import-error.png' });
  }
  await page.locator('[data-banner="notice"] button').click();
  await expect(page.locator('[data-banner="notice"]')).toHaveCount(0);
});

test('past sessions open in replay mode, rebuilt from their logs', async ({ page }) => {
  const app = await openScenario(page, 'happy-path');
  await playToEnd(page);
  const finished = await cards(page);
  await page.locator('[data-action="reset"]').click();
  await expect(page.locator('article[data-card]')).toHaveCount(0);
  await menu(page, 'past-sessions');
  const dialog = page.locator('dialog.sessions');
  await expect(dialog).toBeVisible();
  const rows = dialog.locator('li[data-session]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('current');
  await expect(rows.nth(1)).toContainText('step 6');
  await rows.nth(1).locator('[data-action="open-session"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(app).toHaveAttribute('data-mode', 'replay');
  expect(await cards(page)).toEqual(finished);
  // A past session's log does not say its policy: the header names none rather than the live run's.
  await expect(page.locator('[data-run-policy]')).toBeHidden();
  // The replay opens at its top: its banner's button on screen, not scrolled away to the last card.
  await expect(
    page.locator('[data-banner="replay"]').getByRole('button', { name: 'Back to live' }),
  ).toBeInViewport({
    ratio: 1,
  });
  await page.locator('[data-banner="replay"] button').click();
  await expect(app).toHaveAttribute('data-mode', 'live');
  await expect(page.locator('article[data-card]')).toHaveCount(0);
  await expect(page.locator('[data-run-policy]')).toHaveText('Policy: Version credential');
});

test('the More menu works from the keyboard, and every item has a name', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await focusBody(page);
  await tabTo(page, '[data-action="more"]');
  await page.keyboard.press('Enter');
  const panel = page.locator('.menu-panel');
  await expect(panel).toBeVisible();
  const names = await panel
    .locator('button, input:not([type="file"])')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText || el.closest('label')?.innerText));
  expect(names).toEqual([
    'Open scenario file…',
    'Model…',
    'Export session',
    'Import session…',
    'Copy share link',
    'Observation policy (changing it restarts the scenario)',
    'Policy…',
    'Let the scenario make its external edits when playing',
    'Arena…',
    'Reset workspace',
    'Presenter view',
    'Past sessions…',
  ]);
  await expect(page.getByRole('button', { name: 'Export session' })).toBeVisible();
  await expect(page.getByLabel('Session file to import')).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-action="open-scenario"]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-action="model"]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-action="export"]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.locator('[data-action="more"]')).toBeFocused();
  // Opening it again and clicking elsewhere closes it too.
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.locator('.transcript-list').click();
  await expect(panel).toBeHidden();
});

test('the policy switch restarts the scenario without the policy', async ({ page }) => {
  await openScenario(page, 'edit-before-read');
  await menu(page, 'policy');
  await expect(page.locator('[data-action="policy"]')).not.toBeChecked();
  await openTab(page, 'ledger');
  await expect(page.locator('#pane-side')).toContainText('The observation policy is off');
  await playToEnd(page);
  expect(await errorCodes(page)).toEqual([]);
});
