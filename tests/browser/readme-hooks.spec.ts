// The README's "Hooks for tests" paragraph (under "Embed API") read as a contract: the names it gives for
// the root's attributes and the More menu's items are the page's, and the menu has no item it leaves out.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openScenario } from './app';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The paragraph that starts "Hooks for tests:", up to the blank line after it. */
const hooks = /^Hooks for tests:[\s\S]*?(?=\n\n)/m.exec(readme)?.[0] ?? '';
/** The backquoted names in the part of that paragraph between `from` and `to`. */
const namesBetween = (from: string, to: string): string[] => {
  const start = hooks.indexOf(from);
  const end = hooks.indexOf(to, start);
  expect(start, `README "Hooks for tests" says "${from}"`).toBeGreaterThanOrEqual(0);
  expect(end, `README "Hooks for tests" says "${to}" after "${from}"`).toBeGreaterThan(start);
  return [...hooks.slice(start, end).matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
};

test('README "Embed API", hooks for tests: the root and the progress carry every attribute the paragraph names', async ({
  page,
}) => {
  const named = namesBetween('the root has', '; the progress');
  expect(named).toContain('data-run-state');
  const app = await openScenario(page, 'stale-version');
  for (const attribute of named.map((n) => n.replace(/=.*$/, '')))
    await expect(app, attribute).toHaveAttribute(attribute, /.*/);
  // "the progress is `[data-progress]` with `data-step` and `data-steps`"
  expect(namesBetween('the progress is', '; the menu')).toEqual([
    '[data-progress]',
    'data-step',
    'data-steps',
  ]);
  const progress = page.locator('[data-progress]');
  await expect(progress).toHaveAttribute('data-step', '0');
  await expect(progress).toHaveAttribute('data-steps', '6');
});

test('README "Embed API", hooks for tests: the More menu has exactly the items the paragraph names', async ({
  page,
}) => {
  const named = namesBetween('with items', '; a question');
  await openScenario(page, 'happy-path');
  await page.locator('[data-action="more"]').click();
  const panel = page.locator('.menu-panel');
  await expect(panel).toBeVisible();
  const actions = await panel
    .locator('[data-action]')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.action!));
  expect([...actions].sort()).toEqual([...named].sort());
});
