// The run's policy, chosen in the app: README "The arena", its part "The run's policy" (More → Policy…,
// the header's policy button, `?policy=<id>`), followed with the mouse and read off the screen.
import { expect, test, type Page } from '@playwright/test';
import {
  RUN_TIMEOUT,
  errorCodes,
  moreItem,
  openScenario,
  openTab,
  playByMouse,
  storedText,
  type WithApp,
} from './app';

test.describe.configure({ timeout: 90_000 });

const CONFIG = '/app/config.json';
const header = (page: Page) => page.locator('[data-run-policy]');
const dialog = (page: Page) => page.locator('dialog[data-dialog="policy"]');

/** More → Policy…, then the policy named `name`; waits until the scenario has started again under it. */
async function choose(page: Page, id: string, name: string): Promise<void> {
  await moreItem(page, 'choose-policy');
  const option = dialog(page).locator(`[data-policy="${id}"]`);
  await option.scrollIntoViewIfNeeded();
  await expect(option).toContainText(name);
  await option.click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(header(page)).toHaveText(`Policy: ${name}`);
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'idle', { timeout: RUN_TIMEOUT });
}

test('README "The arena", the run\'s policy: under Prompt only the stale edit goes through; under Version credential it is refused', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  await expect(header(page)).toHaveText('Policy: Version credential');
  await expect(header(page)).toHaveAttribute('data-run-policy', 'dsh-ledger');

  // The dialog: nine policies, each with what it checks and the product it models.
  await moreItem(page, 'choose-policy');
  await expect(dialog(page).locator('h2')).toHaveText('The run’s policy');
  await expect(dialog(page).locator('[data-policy]')).toHaveCount(9);
  const unique = dialog(page).locator('[data-policy="unique-match"]');
  await unique.scrollIntoViewIfNeeded();
  await expect(unique).toContainText('Unique match');
  await expect(unique).toContainText('old_string found once');
  await expect(unique).toContainText('Models Claude Code 2.1.208');
  const current = dialog(page).locator('[data-policy="dsh-ledger"]');
  await expect(current).toHaveAttribute('aria-current', 'true');
  await expect(current).toContainText('Version credential · runs now');
  await expect(unique).not.toContainText('runs now');
  await page.keyboard.press('Escape');

  await choose(page, 'prompt-only', 'Prompt only');
  await openTab(page, 'ledger');
  await expect(page.locator('#pane-side .ledger-panel')).toContainText(
    'This run’s policy, Prompt only, keeps no observation ledger.',
  );
  await playByMouse(page);
  expect(await errorCodes(page)).toEqual([]);
  // The edit went through over the port someone else changed: nothing refused it.
  const through = await storedText(page, CONFIG);
  expect(through).toContain('"port": 9090');
  expect(through).toContain('"debug": true');

  await choose(page, 'dsh-ledger', 'Version credential');
  await playByMouse(page);
  expect(await errorCodes(page)).toContain('FS_STALE_VERSION');
  const refusal = page.locator('article[data-error-code="FS_STALE_VERSION"]').first();
  await refusal.scrollIntoViewIfNeeded();
  await expect(refusal).toBeVisible();

  // The observation policy switch off: no policy at all, whatever was chosen.
  await choose(page, 'unique-match', 'Unique match');
  await page.locator('[data-action="more"]').click();
  await page.locator('[data-action="policy"]').setChecked(false);
  await expect(header(page)).toHaveText('Policy: none');
  await expect(header(page)).toHaveAttribute('data-run-policy', '');
});

test('README "The arena", the run\'s policy: the choice holds across a reload, and another lesson runs under its own', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  await choose(page, 'hash-ledger', 'Hash ledger');
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  await page.reload();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(header(page)).toHaveText('Policy: Hash ledger');
  // The header's button opens the same dialog, the policy that runs marked.
  await header(page).click();
  await expect(dialog(page).locator('[data-policy="hash-ledger"]')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await page.locator('[data-action="scenarios"]').click();
  await page.locator('dialog [data-scenario="happy-path"]').click();
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
  await expect(header(page)).toHaveText('Policy: Version credential');
});

test('README "The arena", the run\'s policy: ?policy=<id> opens the scenario under it; an unknown id is a coded notice', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { policy: 'unique-match' });
  await expect(header(page)).toHaveText('Policy: Unique match');
  await playByMouse(page);
  expect(await errorCodes(page)).toEqual([]);
  await openScenario(page, 'stale-version', { policy: 'trust-me' });
  const notice = page.locator('[data-code="SCENARIO_UNKNOWN_POLICY"]');
  await expect(notice).toContainText('The address names no policy "trust-me"');
  await expect(notice).toContainText('unique-match-write-any');
  await expect(header(page)).toHaveText('Policy: Version credential');
});

test('README "The arena", the run\'s policy: a share link carries the policy chosen', async ({ page }) => {
  await openScenario(page, 'stale-version');
  await choose(page, 'no-read-gate', 'No read gate');
  await moreItem(page, 'share');
  const link = await page.locator('[data-share-link]').inputValue();
  expect(link).toContain('?s=1.');
  await page.goto(link);
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(header(page)).toHaveText('Policy: No read gate');
});
