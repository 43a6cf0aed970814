import { expect, test } from '@playwright/test';
import { testPage } from './env';

test('the app loads from a sub-path without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('./');
  expect(new URL(page.url()).pathname).toBe('/some/path/');
  await expect(page).toHaveTitle('Harness Playground');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harness Playground');
  await expect(page.locator('main#app')).toHaveAttribute('data-run-state', 'idle');
  // Set by src/main.ts: the bundled module resolved relative to the sub-path and ran.
  await expect(page.locator('main#app')).toHaveAttribute('data-ready', 'true');
  expect(errors).toEqual([]);
});

test('the harness runs calls, hooks and validation in real Chromium', async ({ page }) => {
  await page.goto(testPage('smoke.html'));
  await expect(page.locator('body')).toHaveAttribute('data-done', 'true');
  const result = await page.evaluate(() => window.__result);
  expect(result).toMatchObject({ userAgent: expect.stringContaining('Chrome/') });
  expect(result).toMatchObject({
    ok: { text: '2 + 3 = 5', value: { sum: 5 }, error: null },
    denied: { value: null, error: 'HOOK_DENIED' },
    invalid: { value: null, error: 'INVALID_ARGS' },
  });
  expect((result as { denied: { text: string } }).denied.text).toContain('plugin "no-negatives" denied');
  expect(JSON.parse((await page.locator('#result').textContent()) ?? 'null')).toEqual(result);
});
