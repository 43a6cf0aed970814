// The interface updates in place: an entry's node lives as long as the entry, and a step touches only
// what it changed, so focus and scroll survive a run without any repair.
import { expect, test } from '@playwright/test';
import { RUN_TIMEOUT, openScenario, openTab, playByMouse } from './app';

declare global {
  interface Window {
    __removed?: number;
  }
}

test('a run keeps every entry node: the first card is the same node at the end, and none is removed', async ({
  page,
}) => {
  const app = await openScenario(page, 'stale-version');
  await page.locator('[data-action="step"]').click();
  const entries = page.locator('.transcript-list > [data-entry]');
  await expect(entries).toHaveCount(1);
  await page.evaluate(() => {
    const list = document.querySelector('.transcript-list')!;
    (list.querySelector('[data-entry]') as HTMLElement).dataset.tagged = 'first';
    window.__removed = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof HTMLElement && node.matches('[data-entry]')) window.__removed! += 1;
    }).observe(list, { childList: true });
  });
  await playByMouse(page);
  await expect(app).toHaveAttribute('data-run-state', 'done');
  // read, say, (external edit), edit refused, say, re-read, edit, say: every entry is still on screen.
  expect(await entries.count()).toBeGreaterThanOrEqual(6);
  await expect(entries.first()).toHaveAttribute('data-tagged', 'first');
  expect(await page.evaluate(() => window.__removed)).toBe(0);
});

test('focus on a control and the side panel survives the steps of a run', async ({ page }) => {
  await openScenario(page, 'happy-path');
  const step = page.locator('[data-action="step"]');
  await step.focus();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', String(i + 1), {
      timeout: RUN_TIMEOUT,
    });
    await expect(step).toBeFocused();
  }
  await openTab(page, 'files');
  const file = page.locator('li[data-file="/notes.md"] button');
  await file.focus();
  const before = await file.elementHandle();
  await step.click();
  await file.focus();
  await page.locator('[data-action="step"]').evaluate((b) => (b as HTMLButtonElement).click());
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '5', { timeout: RUN_TIMEOUT });
  // The row of the edited file was patched (its version changed), not made again.
  await expect(file).toBeFocused();
  expect(await page.evaluate((el) => el?.isConnected, before)).toBe(true);
  await expect(page.locator('li[data-file="/notes.md"] .version')).toHaveText('v2');
});
