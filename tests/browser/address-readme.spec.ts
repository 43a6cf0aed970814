// The README's "Address contract for tutorial authors", walked claim by claim in the full app and in an
// embed: each test names the claim it follows. address.spec.ts holds the first checks of ?scenario,
// ?lang, ?step, ?autoplay and share links; these are the table's other promises and the paragraphs below it.
import { expect, test, type Page } from '@playwright/test';
import { type WithApp, RUN_TIMEOUT, openScenario } from './app';

const SECTION = 'README "Address contract for tutorial authors"';

const position = (page: Page) =>
  page.evaluate(() => (window as unknown as WithApp).playground.pg.script.state.position);

/** A share link to ambiguous-edit in Chinese, three steps in. */
async function shareLink(page: Page): Promise<string> {
  await openScenario(page, 'ambiguous-edit', { lang: 'zh' });
  await page.evaluate(async () => {
    const app = (window as unknown as WithApp).playground;
    for (let i = 0; i < 3; i++) await app.step();
  });
  const url = await page.evaluate(() =>
    (window as unknown as WithApp).playground.persistence.copyShareLink(),
  );
  expect(url).toMatch(/[?&]s=1\./);
  return url!;
}

test(`${SECTION}, lang: without ?lang= the page speaks the browser's language`, async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(new URL('./?scenario=missing-file&speed=instant', test.info().project.use.baseURL).href);
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('.scenario-title')).toHaveText('文件不存在');
  await context.close();
});

test(`${SECTION}, speed: ?speed=slow is the run's speed, and the speed menu shows it`, async ({ page }) => {
  await page.goto('./?scenario=missing-file&speed=slow');
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  const menu = page.locator('[data-action="speed"]');
  await menu.scrollIntoViewIfNeeded();
  await expect(menu).toHaveValue('slow');
  await expect(menu.locator('option:checked')).toHaveText('Slow');
});

test(`${SECTION}, step: a scripted external edit passed on the way is made; one at the very last step is left waiting`, async ({
  page,
}) => {
  // stale-version: read, say, the external edit, the question, the edit, say.
  const app = await openScenario(page, 'stale-version', { step: '3' });
  await expect.poll(() => position(page)).toBe(3);
  await expect(app).toHaveAttribute('data-waiting', 'true');
  // Not made yet: no edit in the transcript, and the banner asks for it.
  await expect(page.locator('[data-entry="external"]')).toHaveCount(0);
  const waiting = page.locator('[data-banner="waiting"]');
  await waiting.scrollIntoViewIfNeeded();
  await expect(waiting).toContainText('Simulate external edit');

  const passed = await openScenario(page, 'stale-version', { step: '4' });
  await expect.poll(() => position(page)).toBe(4);
  await expect(passed).toHaveAttribute('data-waiting', 'false');
  await expect(page.locator('[data-banner="waiting"]')).toHaveCount(0);
  const edit = page.locator('[data-entry="external"][data-path="/app/config.json"]');
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toContainText('v1 → v2');
});

test(`${SECTION}: scenario and step are applied once and leave the address bar, so a reload carries on the session`, async ({
  page,
}) => {
  await openScenario(page, 'missing-file', { step: '2', lang: 'en' });
  await expect.poll(() => position(page)).toBe(2);
  const address = new URL(page.url());
  expect(address.searchParams.has('scenario')).toBe(false);
  expect(address.searchParams.has('step')).toBe(false);
  expect(address.searchParams.get('lang')).toBe('en');

  await page.reload();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'missing-file');
  await expect.poll(() => position(page)).toBe(2);
});

test(`${SECTION}, s: a share link's fields win over the parameters beside it`, async ({ page }) => {
  const url = new URL(await shareLink(page));
  url.searchParams.set('scenario', 'happy-path');
  url.searchParams.set('lang', 'en');
  url.searchParams.set('step', '1');
  await page.goto(url.href);
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'ambiguous-edit');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect.poll(() => position(page)).toBe(3);
});

for (const [code, token] of [
  ['LINK_VERSION', '2.AAAA'],
  ['LINK_CORRUPT', '1.not-a-real-payload'],
] as const) {
  test(`${SECTION}, share links: ${code} shows a banner saying so and opens the default scenario`, async ({
    page,
  }) => {
    await page.goto(`./?s=${token}&lang=en`);
    await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
    await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
    const banner = page.locator(`[data-banner="notice"][data-code="${code}"]`);
    await banner.scrollIntoViewIfNeeded();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(code);
  });
}

test(`${SECTION}: an embed keeps its workspace in memory and saves no session`, async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base = test.info().project.use.baseURL;
  await page.goto(new URL('./?embed=1&scenario=stale-version&speed=instant', base).href);
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await page.locator('[data-action="step"]').click();
  await expect.poll(() => position(page)).toBe(1);
  await page.reload();
  await expect(app).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  // It starts from its address every time.
  await expect.poll(() => position(page)).toBe(0);
  const names = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(names.filter((name) => name === 'harness-playground' || name?.startsWith('workspace:'))).toEqual([]);
  await context.close();
});

test(`${SECTION}, scenario: in an embed an unknown id is SCENARIO_UNKNOWN in place of the lesson, not the default`, async ({
  page,
}) => {
  await page.goto('./?embed=1&scenario=no-such-thing&lang=en');
  const error = page.locator('[data-embed-error]');
  await expect(error).toHaveAttribute('data-code', 'SCENARIO_UNKNOWN', { timeout: RUN_TIMEOUT });
  await error.scrollIntoViewIfNeeded();
  await expect(error).toContainText('"no-such-thing" is not a built-in scenario');
  await expect(page.locator('#app')).toBeHidden();
  await expect(page.locator('[data-banner="notice"]')).toHaveCount(0);
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'idle');
});

// The link's banner has a Close button, which goes with the banner: focus then goes back where it was
// (here the menu's item, which closed with its menu, so to the run's next control), not to the page.
test(`${SECTION}, s: closing the share link's banner leaves focus on a control, by mouse and by keyboard`, async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { lang: 'en' });
  const banner = page.locator('[data-banner="notice"]');
  for (const how of ['mouse', 'keyboard'] as const) {
    await page.locator('[data-action="more"]').click();
    await page.locator('.menu-panel [data-action="share"]').click();
    await expect(banner.locator('[data-share-link]')).toBeVisible();
    const close = banner.getByRole('button', { name: 'Close' });
    if (how === 'mouse') await close.click();
    else {
      await close.focus();
      await page.keyboard.press('Enter');
    }
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Play', exact: true }), how).toBeFocused();
  }
});

test(`${SECTION}, s: Copy share link shows the link, and it carries the observation policy switched off`, async ({
  page,
  browser,
}) => {
  await openScenario(page, 'edit-before-read', { lang: 'en' });
  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="policy"]').click();
  await expect(page.locator('[data-action="policy"]')).not.toBeChecked();
  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="share"]').click();
  const field = page.locator('[data-share-link]');
  await field.scrollIntoViewIfNeeded();
  await expect(field).toBeVisible();
  const link = await field.inputValue();
  expect(link).toMatch(/\?s=1\.[A-Za-z0-9_-]+$/);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(other.locator('#app')).toHaveAttribute('data-scenario', 'edit-before-read');
  await other.locator('[data-action="more"]').click();
  await expect(other.locator('.menu-panel [data-action="policy"]')).not.toBeChecked();
  await context.close();
});
