// The README's "Teaching with it", followed step by step with the keys, at the size of a projector
// (1280×720) and at Normal speed, as a class sees it: each test names the README step it follows and
// reads what that step says is on screen, scrolled into view.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import { RUN_TIMEOUT, button, focusBody, openScenario } from './app';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const stale = scenarioById('stale-version')!;
const note = (() => {
  const step = stale.steps.find((s) => 'external' in s);
  return step && 'note' in step ? step.note.en : '';
})();

let page: Page;
const app = () => page.locator('#app');
const row = () => page.locator('tr[data-ledger-path="/app/config.json"]');

/** Presses a key with focus on the page as a whole, as a teacher does after a click anywhere. */
async function key(name: string): Promise<void> {
  await focusBody(page);
  await page.keyboard.press(name);
}

/** What a person sees: the element on screen, with the text. */
async function seen(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeInViewport();
  await expect(locator).toContainText(text);
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
});

test.afterAll(async () => {
  await page.close();
});

test('README "Teaching with it": ?scenario=stale-version&present=1 opens presentation mode, large text, one header row, only the transcript, the controls and the ledger', async () => {
  await openScenario(page, 'stale-version', { present: '1', speed: 'normal' });
  await expect(app()).toHaveAttribute('data-present', 'true');
  const px = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await px('html')).toBe(21);
  // One row: every control of the header stands on the same line.
  const tops = await page
    .locator('header.topbar button:visible')
    .evaluateAll((els) => [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top)))]);
  expect(tops).toHaveLength(1);
  for (const hidden of ['.tabs', '.more-menu', '.prefs', 'footer'])
    await expect(page.locator(hidden), hidden).toBeHidden();
  await expect(page.locator('#pane-side[data-panel="ledger"]')).toBeInViewport();
  await seen(page.locator('.ledger-panel'), 'The agent has not looked at any file yet.');
});

test('README "Teaching with it", step 1: the lesson’s one line tops the transcript; → reads /app/config.json and the ledger knows it at v1', async () => {
  const line = page.locator('[data-teaches]');
  await seen(line, stale.teaches.en);
  const above = await page.evaluate(
    () =>
      document.querySelector('[data-teaches]')!.getBoundingClientRect().bottom <=
      document.querySelector('.transcript-list')!.getBoundingClientRect().top,
  );
  expect(above).toBe(true);
  await key('ArrowRight');
  await expect(page.locator('[data-progress]')).toHaveText('step 1 of 6');
  const read = page.locator('article[data-card="read"]');
  await seen(read, '/app/config.json');
  await seen(read.locator('.card-title'), 'v1');
  await seen(row(), 'present@v1');
  await seen(row(), '✓ current');
});

test('README "Teaching with it", step 2: Space plays and pauses at the external edit, the button reads Play, the banner says to press Simulate external edit (E)', async () => {
  await key(' ');
  await expect(app()).toHaveAttribute('data-run-state', 'playing');
  await expect(button(page, 'Pause')).toBeVisible();
  await expect(app()).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(app()).toHaveAttribute('data-run-state', 'paused');
  await seen(button(page, 'Play'), 'Play');
  const banner = page.locator('[data-banner="waiting"]');
  await seen(banner, 'The script is waiting for an external edit.');
  await seen(banner, note);
  await seen(banner, 'Press “Simulate external edit” (E).');
  const external = button(page, 'Simulate external edit');
  await seen(external, 'Simulate external edit');
  await expect(external).toHaveClass(/attention/);
  // Paused means paused: a while later the run has not moved on.
  await expect(page.locator('[data-progress]')).toHaveText('step 3 of 6');
  await expect(page.locator('[data-entry="external"]')).toHaveCount(0);
  await key('e');
});

test('README "Teaching with it", step 3: the edit is its own entry (who, v1 → v2, the diff, the note), the ledger row turns stale, the run stays paused', async () => {
  const entry = page.locator('[data-entry="external"]');
  await expect(entry).toHaveCount(1);
  await seen(entry.locator('header'), 'External edit');
  await seen(entry.locator('header'), 'made with “Simulate external edit”');
  await seen(entry.locator('[data-versions]'), 'v1 → v2');
  await seen(entry.locator('.card-diff .line.del'), '"port": 8080');
  await seen(entry.locator('.card-diff .line.add'), '"port": 9090');
  await seen(entry.locator('.external-note'), note);
  await seen(row(), '⚠ stale');
  await expect(row()).toHaveAttribute('data-stale', 'true');
  await expect(page.locator('[data-banner="waiting"]')).toHaveCount(0);
  await expect(app()).toHaveAttribute('data-run-state', 'paused');
  await seen(button(page, 'Play'), 'Play');
  await expect(page.locator('article[data-error-code]')).toHaveCount(0);
  await expect(page.locator('[data-progress]')).toHaveText('step 3 of 6');
});

test('README "Teaching with it", step 4: Space again stops at the lesson’s question; Enter reveals the answer, → shows the edit refused with FS_STALE_VERSION and what to do; Space: the re-read and retry go through', async () => {
  await key(' ');
  // Play stops at the question, the whole stage in presentation mode; the result stays hidden.
  await expect(app()).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await expect(app()).toHaveAttribute('data-run-state', 'paused');
  await expect(page.locator('[data-progress]')).toHaveText('step 4 of 6');
  await seen(page.locator('[data-ask-question]'), "What does the agent's edit get?");
  await expect(page.locator('article[data-error-code]')).toHaveCount(0);
  await key('Enter');
  await expect(app()).toHaveAttribute('data-asking', 'false');
  await seen(page.locator('[data-choice="1"]'), '✓ the answer');
  await seen(page.locator('[data-ask-why]'), 'The backend checks it first');
  await expect(app()).toHaveAttribute('data-run-state', 'paused');

  await key('ArrowRight');
  const refused = page.locator('article[data-error-code="FS_STALE_VERSION"]');
  await expect(refused).toHaveCount(1, { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-ask]')).toBeHidden();
  await seen(refused.locator('.err-code'), 'FS_STALE_VERSION');
  await seen(refused.locator('.error'), 'you read version v1, it is now v2');
  await seen(refused.locator('.remedy'), 'Remedy:');
  await expect(app()).toHaveAttribute('data-run-state', 'paused');

  await key(' ');
  await expect(app()).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const calls = page.locator('.transcript-list > [data-entry="call"]');
  await expect(calls).toHaveCount(4);
  await seen(calls.nth(2).locator('article[data-card="read"] .card-title'), 'v2');
  const retry = calls.nth(3).locator('article[data-card="diff"]');
  await seen(retry, '"debug": true');
  await seen(page.locator('[data-banner="done"]'), 'The script is done');
  await seen(row(), 'present@v3');
  await seen(row(), '✓ current');
});

test('README "Teaching with it", step 5: R resets: the files start again at v1 and the next run is the same', async () => {
  await key('r');
  await expect(page.locator('[data-progress]')).toHaveText('step 0 of 6', { timeout: RUN_TIMEOUT });
  await expect(page.locator('.transcript-list > [data-entry]')).toHaveCount(0);
  await seen(page.locator('.ledger-panel'), 'The agent has not looked at any file yet.');
  await key('ArrowRight');
  await seen(page.locator('article[data-card="read"] .card-title'), 'v1');
  await seen(row(), 'present@v1');
});

test('README "Teaching with it": press P again to leave presentation mode', async () => {
  await key('p');
  await expect(app()).toHaveAttribute('data-present', 'false');
  await expect(page.locator('.tabs')).toBeVisible();
  await seen(button(page, 'Present'), 'Present');
  await expect(button(page, 'Present')).toHaveAttribute('aria-pressed', 'false');
});
