// README "Writing a plugin in the lab", Kept: the lab open in two tabs of one browser. A tab saves only
// what changed in it, so leaving one open loses nothing the other saved; a change made in a tab after the
// other one saved is not written over it, and the status line says so with its code and what to do.
import { expect, test, type Page } from '@playwright/test';
import type { PluginLab } from '../../src/ui/lab';
import { openScenario } from './app';
import { apply, openLab as openLabTab, typeCode } from './lab-helpers';

test.describe.configure({ timeout: 120_000 });

type WithLab = Window & { playground: { lab: { current: PluginLab | null } } };

async function openLab(page: Page): Promise<void> {
  await openLabTab(page);
  await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.ready);
}

const plugin = (name: string) =>
  `export const name = '${name}';\nexport function preExecute() {\n  return { verdict: 'allow' };\n}\n`;

/** What the browser does when a tab goes to the background: the page hears it is hidden. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

const saved = (page: Page) =>
  page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.saved());

test('kept: a second tab’s plugins survive the first tab going to the background; a later change there says LAB_CHANGED_ELSEWHERE', async ({
  context,
}) => {
  const first = await context.newPage();
  await openScenario(first, 'happy-path');
  await openLab(first);
  await typeCode(first, plugin('from-first'));
  await apply(first);
  await saved(first);

  const second = await context.newPage();
  await openScenario(second, 'happy-path');
  await openLab(second);
  await expect(second.locator('[data-slot="0"]')).toContainText('from-first');
  await second.locator('[data-action="lab-new"]').click();
  await typeCode(second, plugin('from-second'));
  await apply(second);
  await saved(second);

  // The first tab changed nothing since it read the lab: going to the background writes nothing.
  await hide(first);
  await saved(first);
  const third = await context.newPage();
  await openScenario(third, 'happy-path');
  await openLab(third);
  await expect(third.locator('[data-slot="1"]')).toContainText('from-second');
  await third.close();

  // A change in the first tab now would write over the second tab's plugins: refused, and said.
  await typeCode(first, plugin('changed-in-first'));
  await saved(first);
  const status = first.locator('.lab-status');
  await status.scrollIntoViewIfNeeded();
  await expect(status).toHaveAttribute('data-tone', 'error');
  await expect(status).toContainText('LAB_CHANGED_ELSEWHERE');
  await expect(status).toContainText('changed in another tab');
  await expect(status).toContainText('Reload this page');
  await first.screenshot({ path: 'test-results/lab-changed-elsewhere.png' });

  // What the second tab saved is what a reload brings back.
  await second.reload();
  await openLab(second);
  await expect(second.locator('[data-slot="0"]')).toContainText('from-first');
  await expect(second.locator('[data-slot="1"]')).toContainText('from-second');
});
