// Accessibility: an axe scan of the main view and every panel (light and dark, English and Chinese,
// desktop and phone width), names on every control, the keyboard reaching everything, and signals that
// never rest on colour alone.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { focusBody, openScenario, openTab, playByMouse, stepByKeyboard, tabTo, type WithApp } from './app';

// Whole runs in a shared, busy machine: room for slow steps without hiding a hang.
test.describe.configure({ timeout: 90_000 });

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe on the page as it is; fails listing every serious or critical violation. AxeBuilder injects
 * axe's half-megabyte source on every call, so once it is in the page later scans call `axe.run` directly.
 */
async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const injected = await page.evaluate(() => 'axe' in window);
  // label-in-name (a control's accessible name starts with its visible words) is off by default in axe.
  const options: Parameters<AxeBuilder['options']>[0] = {
    resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: true } },
  };
  const violations: Violation[] = injected
    ? await page.evaluate(async (o) => {
        type Axe = { run: (c: Node, o: object) => Promise<{ violations: Violation[] }> };
        const axe = (window as unknown as { axe: Axe }).axe;
        return (await axe.run(document, o)).violations;
      }, options)
    : (await new AxeBuilder({ page }).options(options).analyze()).violations;
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe in ${where}`).toEqual([]);
}

/** Plays card-tour (all six cards, errors-free) and opens every "what the model saw" and value view. */
async function playedCardTour(page: Page, lang: string): Promise<void> {
  await openScenario(page, 'card-tour', { lang });
  await playByMouse(page);
  await page.locator('#pane-transcript details').evaluateAll((all) => {
    for (const details of all) (details as HTMLDetailsElement).open = true;
  });
}

const variants = [
  { name: 'light, English, desktop', scheme: 'light', lang: 'en', width: 1280 },
  { name: 'dark, English, desktop', scheme: 'dark', lang: 'en', width: 1280 },
  { name: 'light, Chinese, desktop', scheme: 'light', lang: 'zh', width: 1280 },
  { name: 'dark, Chinese, phone', scheme: 'dark', lang: 'zh', width: 375 },
  { name: 'light, English, phone', scheme: 'light', lang: 'en', width: 375 },
] as const;

for (const variant of variants) {
  test.describe(variant.name, () => {
    test.use({ colorScheme: variant.scheme, viewport: { width: variant.width, height: 800 } });

    test('axe finds no serious or critical violation in the main view, the panels or the gallery', async ({
      page,
    }) => {
      await playedCardTour(page, variant.lang);
      await expectNoSeriousViolations(page, 'the transcript');
      for (const tab of ['files', 'ledger', 'log', 'tools', 'manual', 'lab', 'author'] as const) {
        await openTab(page, tab);
        if (tab === 'files') {
          await page.locator('li[data-file] button').first().click();
          await expect(page.locator('.cm-line').first()).toBeVisible();
        }
        if (tab === 'tools') await page.locator('.tool-schema summary').first().click();
        if (tab === 'lab') {
          await expect(page.locator('[data-lab] .cm-content')).toBeVisible({ timeout: 30_000 });
          await page.locator('.lab-docs summary').click();
        }
        if (tab === 'author') {
          await page.locator('[data-action="author-new"]').click();
          await expect(page.locator('[data-author] .cm-content')).toBeVisible({ timeout: 30_000 });
        }
        await expectNoSeriousViolations(page, `the ${tab} panel`);
      }
      await page.locator('[data-action="scenarios"]').click();
      await expect(page.locator('dialog.gallery')).toBeVisible();
      await expectNoSeriousViolations(page, 'the scenario gallery');
      await page.keyboard.press('Escape');
      await page.locator('[data-action="present"]').click();
      await expect(page.locator('#app')).toHaveAttribute('data-present', 'true');
      await expectNoSeriousViolations(page, 'presentation mode');
    });
  });
}

test('axe finds nothing serious while the script waits, nor with errors and truncated results on screen', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { step: '3' });
  await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'true');
  await openTab(page, 'ledger');
  await page.locator('[data-action="external"]').click();
  await expect(page.locator('tr[data-stale="true"]')).toHaveCount(1);
  await expectNoSeriousViolations(page, 'stale-version with a stale ledger row');
  // Picked from the gallery, not loaded anew: the page keeps axe, so the scans stay quick.
  for (const id of ['truncation', 'broken-tools']) {
    await page.locator('[data-action="scenarios"]').click();
    await page.locator(`[data-scenario="${id}"]`).click();
    await expect(page.locator('#app')).toHaveAttribute('data-scenario', id);
    await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'idle');
    await playByMouse(page);
    await expectNoSeriousViolations(page, id);
  }
});

test('axe finds nothing serious in the plugin lab with its console filled, nor in the approval dialog', async ({
  page,
}) => {
  await openScenario(page, 'lab-ask-writes');
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', { timeout: 30_000 });
  await page.locator('[data-action="step"]').click();
  await page.locator('[data-action="play"]').click();
  const dialog = page.locator('dialog[data-dialog="approval"]');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'the approval dialog');
  await dialog.locator('[data-action="deny"]').click();
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: 30_000 });
  await page.locator('.lab-call summary').first().click();
  await expectNoSeriousViolations(page, 'the plugin lab after a run');
});

/** The controls in the accessibility tree that have no name (from Playwright's ARIA snapshot). */
async function unnamedControls(page: Page): Promise<string[]> {
  const roles = 'button|combobox|textbox|searchbox|tab|link|checkbox|radio|switch|slider|spinbutton|menuitem';
  const control = new RegExp(`^\\s*- '?(${roles})\\b(.*)$`);
  return (await page.locator('body').ariaSnapshot()).split('\n').filter((line) => {
    const match = control.exec(line);
    return match !== null && !/^ "[^"]*\S[^"]*"/.test(match[2] ?? '');
  });
}

test('every control has an accessible name', async ({ page }) => {
  await playedCardTour(page, 'en');
  expect(await unnamedControls(page), 'the main view').toEqual([]);
  for (const tab of ['files', 'ledger', 'log', 'tools', 'manual'] as const) {
    await openTab(page, tab);
    if (tab === 'files') {
      await page.locator('li[data-file] button').first().click();
      await expect(page.locator('[data-action="save"]')).toBeVisible();
    }
    expect(await unnamedControls(page), `the ${tab} panel`).toEqual([]);
  }
  await page.locator('[data-action="scenarios"]').click();
  await expect(page.locator('dialog.gallery')).toBeVisible();
  expect(await unnamedControls(page), 'the gallery').toEqual([]);
  // The check itself catches a nameless control.
  await page.evaluate(() =>
    document.querySelector('dialog.gallery')?.append(document.createElement('button')),
  );
  expect(await unnamedControls(page)).toHaveLength(1);
});

test('Tab reaches every control of the main view, and the gallery opens and picks by keyboard', async ({
  page,
}) => {
  await playedCardTour(page, 'en');
  // Every visible control and scrolling region gets a mark; Tab must visit each one.
  const marked = await page
    .locator(
      'button:not([disabled]), input:not([hidden]), select, textarea, summary, a[href], [role="tab"], [tabindex="0"]',
    )
    .evaluateAll((els) => {
      let n = 0;
      for (const el of els) {
        if (el.checkVisibility({ visibilityProperty: true }))
          (el as HTMLElement).dataset.a11yMark = String(n++);
      }
      const seen = new Set<string>();
      (window as unknown as { a11ySeen: Set<string> }).a11ySeen = seen;
      document.addEventListener('focusin', (e) => {
        const mark = (e.target as HTMLElement).dataset?.a11yMark;
        if (mark !== undefined) seen.add(mark);
      });
      return n;
    });
  expect(marked).toBeGreaterThan(20);
  await focusBody(page);
  for (let i = 0; i < marked + 10; i++) await page.keyboard.press('Tab');
  const missed = await page.evaluate(() => {
    const seen = (window as unknown as { a11ySeen: Set<string> }).a11ySeen;
    return [...document.querySelectorAll<HTMLElement>('[data-a11y-mark]')]
      .filter((el) => !seen.has(el.dataset.a11yMark!))
      .map((el) => el.outerHTML.slice(0, 100));
  });
  expect(missed).toEqual([]);

  // The gallery: open with Enter, move with Tab, pick with Enter; focus comes back to the picker.
  await focusBody(page);
  await tabTo(page, '[data-action="scenarios"]');
  await page.keyboard.press('Enter');
  const dialog = page.locator('dialog.gallery');
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  await tabTo(page, '[data-scenario="truncation"]');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'truncation');
  await expect(page.locator('[data-action="scenarios"]')).toBeFocused();
  // Escape closes it without picking.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'truncation');
  // And the keyboard plays the picked scenario.
  await stepByKeyboard(page);
  await expect(page.locator('article[data-card="search"]')).toBeVisible();
});

test('stale, error, truncated and impure results never rest on colour alone', async ({ page }) => {
  await openScenario(page, 'stale-version', { step: '3' });
  await expect(page.locator('[data-banner="waiting"]')).toHaveText(/^✎ /);
  await openTab(page, 'ledger');
  await page.locator('[data-action="external"]').click();
  const row = page.locator('tr[data-stale="true"]');
  await expect(row).toContainText('⚠ stale');
  await stepByKeyboard(page);
  const error = page.locator('article[data-error-code="FS_STALE_VERSION"]');
  await expect(error.locator('.err-code')).toHaveText('✖ FS_STALE_VERSION');
  await expect(error).toHaveAttribute('aria-label', /FS_STALE_VERSION/);
  await expect(page.locator('article[data-card="diff"] .line.add .sign')).toHaveText(['+']);
  await expect(page.locator('article[data-card="diff"] .line.del .sign')).toHaveText(['−']);

  // The same marks in Chinese.
  await openScenario(page, 'truncation', { lang: 'zh' });
  await playByMouse(page);
  await expect(page.locator('[data-truncated="true"]')).toHaveText('⚠ 共 1,200 条，显示 50 条');
  await expect(page.locator('article[data-card="read"] .badge.warn')).toHaveText('第 41–80 行，共 1,203 行');
  await openScenario(page, 'broken-tools', { lang: 'zh' });
  await playByMouse(page);
  await expect(page.locator('article[data-impure] .impure')).toHaveText(/^⚠ 投影不纯/);
  await expect(page.locator('.fallback')).toHaveText(/^⚠ /);
});

test('keyboard focus stays put while the run steps and the panels redraw', async ({ page }) => {
  const app = await openScenario(page, 'happy-path');
  const progress = page.locator('[data-progress]');
  for (const selector of ['[role="tab"][data-tab="ledger"]', 'li[data-file] button']) {
    if (selector.startsWith('li')) await openTab(page, 'files');
    await page.locator(selector).focus();
    const before = await progress.getAttribute('data-step');
    // On a tab, → is the tab list's: Space would play; step with the page's key elsewhere.
    await page.evaluate(() => (window as unknown as WithApp).playground.step());
    await expect(progress).not.toHaveAttribute('data-step', before ?? '');
    await expect(page.locator(selector)).toBeFocused();
  }
  // Enter on the focused file opens it; the editor keeps focus through a step too.
  await page.keyboard.press('Enter');
  await page.locator('.cm-content').click();
  await page.keyboard.press('End');
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await page.evaluate(() => (window as unknown as WithApp).playground.step());
  await expect(page.locator('.cm-content')).toBeFocused();
});
