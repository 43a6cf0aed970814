// The address contract tutorial authors rely on: ?scenario, lang, step, autoplay, and share links.
import { expect, test } from '@playwright/test';
import { type WithApp, errorCodes, openScenario } from './app';

// Generous: the suites share two cores, and every step awaits IndexedDB.
const RUN_TIMEOUT = 30_000;

test('?scenario= and ?lang=zh open that scenario in Chinese', async ({ page }) => {
  await openScenario(page, 'missing-file', { lang: 'zh' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('[data-action="play"]')).toContainText('播放');
  await expect(page.locator('.scenario-title')).toHaveText('文件不存在');
});

test('?step=n takes n steps at once', async ({ page }) => {
  await openScenario(page, 'missing-file', { step: '3' });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as WithApp).playground.pg.script.state.position))
    .toBe(3);
  expect(await errorCodes(page)).toEqual(['FS_NOT_FOUND', 'FS_NOT_FOUND']);
  await expect(page.locator('#app')).not.toHaveAttribute('data-run-state', 'done');
});

test('?autoplay=1 plays to the end by itself', async ({ page }) => {
  await openScenario(page, 'stale-version', { autoplay: '1' });
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  expect(await errorCodes(page)).toEqual(['FS_STALE_VERSION']);
});

test('an unknown scenario says so and opens the default', async ({ page }) => {
  await page.goto('./?scenario=no-such-thing');
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
  await expect(page.getByRole('alert')).toContainText('no-such-thing');
});

test('a share link reopens the scenario, language, speed and position', async ({ page, context }) => {
  await openScenario(page, 'ambiguous-edit', { lang: 'zh' });
  await page.evaluate(async () => {
    const app = (window as unknown as WithApp).playground;
    await app.step();
    await app.step();
    await app.step();
  });
  const url = await page.evaluate(() =>
    (window as unknown as WithApp).playground.persistence.copyShareLink(),
  );
  expect(url).toMatch(/[?&]s=1\./);
  const fresh = await context.browser()!.newContext({ baseURL: new URL('./', url!).href });
  const other = await fresh.newPage();
  await other.goto(url!);
  await expect(other.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(other.locator('#app')).toHaveAttribute('data-scenario', 'ambiguous-edit');
  await expect(other.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect
    .poll(() => other.evaluate(() => (window as unknown as WithApp).playground.pg.script.state.position))
    .toBe(3);
  expect(await errorCodes(other)).toEqual(['FS_AMBIGUOUS_EDIT']);
  await fresh.close();
});

test('a damaged share link says so and opens the default scenario', async ({ page }) => {
  await page.goto('./?s=1.not-a-real-payload');
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
  await expect(page.getByRole('alert')).toBeVisible();
});
