// The teaching stage, part two: a class in front of one screen. The first screen says the idea; the
// progress counts the script's steps; Back goes one step back; the keys work wherever focus is (after a
// mouse click too), and R asks before it drops a run; presentation mode shows the transcript, the run
// controls and the ledger in large text. Driven with the mouse and keys, read off the screen.
import { expect, test, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import {
  RUN_TIMEOUT,
  button,
  entryKinds,
  errorCodes,
  focusBody,
  onScreen,
  openScenario,
  openTab,
  pickScenario,
  playByMouse,
} from './app';

test.describe.configure({ timeout: 60_000 });

const TAGLINE =
  'Harness Playground runs a real tool harness for AI agents in your browser, so you can watch it refuse an edit made from a stale or missing read.';
const progress = (page: Page) => page.locator('[data-progress]');
const app = (page: Page) => page.locator('#app');

/** Presses a key with focus on the page as a whole (no control focused). */
async function key(page: Page, name: string): Promise<void> {
  await focusBody(page);
  await page.keyboard.press(name);
}

test('the first screen says what this is in one sentence, then the lesson opens with its own line above the transcript; the edit button quiet', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'happy-path');
  const tagline = page.locator('.tagline');
  const lesson = page.locator('[data-teaches]');
  await expect(tagline).toHaveText(TAGLINE);
  await expect(lesson).toHaveText(scenarioById('happy-path')!.teaches.en);
  await expect(tagline).toBeInViewport();
  await expect(lesson).toBeInViewport();
  const above = await page.evaluate(() => {
    const y = (s: string) => document.querySelector(s)!.getBoundingClientRect().top;
    return y('.tagline') < y('.transcript-list') && y('[data-teaches]') < y('.transcript-list');
  });
  expect(above).toBe(true);
  // The lesson opens with its own line, not a line every lesson shares.
  await expect(page.locator('.pane.transcript .lesson > :first-child')).toHaveText(
    scenarioById('happy-path')!.teaches.en,
  );
  await expect(page.locator('.pane.transcript .tagline')).toHaveCount(0);
  // The button that draws the eye is Play; the external edit's stays quiet until the script waits.
  await expect(button(page, 'Play')).toHaveClass(/primary/);
  await expect(button(page, 'Simulate external edit')).not.toHaveClass(/attention/);

  // Another scenario brings its own lesson.
  await pickScenario(page, 'stale-version');
  await expect(lesson).toHaveText(scenarioById('stale-version')!.teaches.en);
  await expect(tagline).toHaveText(TAGLINE);

  await openScenario(page, 'stale-version', { lang: 'zh' });
  await expect(page.locator('.tagline')).toHaveText(
    '工具框架演练场在浏览器里运行一个真实的 AI 智能体工具框架，让你亲眼看到它拒绝基于过期或缺失读取的编辑。',
  );
  await expect(page.locator('[data-teaches]')).toHaveText(scenarioById('stale-version')!.teaches.zh);
});

test('the run buttons are named exactly Play, Step, Back, Reset and Simulate external edit; Play becomes Pause', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  for (const name of ['Play', 'Step', 'Back', 'Reset', 'Simulate external edit', 'Present'])
    await expect(button(page, name), name).toBeVisible();
  await expect(button(page, 'Present')).toHaveAttribute('aria-pressed', 'false');
  await openScenario(page, 'stale-version', { speed: 'slow' });
  await button(page, 'Play').click();
  await expect(button(page, 'Pause')).toBeVisible();
  await expect(button(page, 'Pause')).toHaveAttribute('aria-pressed', 'true');
  await expect(button(page, 'Play')).toHaveCount(0);
  // At the scripted external edit Play pauses: the button reads Play again.
  await expect(app(page)).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(button(page, 'Play')).toBeVisible();
  await expect(button(page, 'Play')).toHaveAttribute('aria-pressed', 'false');
});

test('the progress counts the script’s steps, “step 3 of 6”, with the model’s retries shown as retries', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  await expect(progress(page)).toHaveText('step 0 of 6');
  await expect(progress(page)).toHaveAttribute('data-steps', '6');
  for (const n of [1, 2, 3]) {
    await button(page, 'Step').click();
    await expect(progress(page)).toHaveText(`step ${n} of 6`);
    await expect(progress(page)).toHaveAttribute('data-step', String(n));
  }
  // Step 3 is the external edit: the script waits for it.
  await expect(app(page)).toHaveAttribute('data-waiting', 'true');
  await button(page, 'Simulate external edit').click();
  await expect(app(page)).toHaveAttribute('data-waiting', 'false');
  await expect(progress(page)).toHaveText('step 3 of 6');
  // Step 4 is the lesson's question; Reveal answers it.
  await button(page, 'Step').click();
  await expect(progress(page)).toHaveText('step 4 of 6');
  await expect(app(page)).toHaveAttribute('data-asking', 'true');
  await button(page, 'Reveal').click();
  // Step 5 is the edit; it is refused, and the model's re-read and retry are part of the same step.
  await button(page, 'Step').click();
  await expect(progress(page)).toHaveText('step 5 of 6');
  await playByMouse(page);
  await expect(progress(page)).toHaveText('step 6 of 6');
  expect(await errorCodes(page)).toEqual(['FS_STALE_VERSION']);
  // Four calls on screen (read, edit refused, read again, edit) in six steps.
  expect((await entryKinds(page)).filter((k) => k === 'call')).toHaveLength(4);
});

test('?step=n takes the same steps: step=3 waits at the edit, step=5 holds the refused edit and its retry', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { step: '3' });
  await expect(progress(page)).toHaveText('step 3 of 6');
  await expect(app(page)).toHaveAttribute('data-waiting', 'true');
  await expect(page.locator('[data-banner="waiting"]')).toBeVisible();
  expect(await entryKinds(page)).toEqual(['call', 'message']);

  await openScenario(page, 'stale-version', { step: '5' });
  await expect(progress(page)).toHaveText('step 5 of 6');
  await expect(app(page)).toHaveAttribute('data-waiting', 'false');
  expect(await entryKinds(page)).toEqual(['call', 'message', 'external', 'call', 'message', 'call', 'call']);
  expect(await errorCodes(page)).toEqual(['FS_STALE_VERSION']);
});

test('Back returns one script step at a time, to where the run was then; ← does the same', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { step: '4' });
  const back = button(page, 'Back');
  await back.click();
  await expect(progress(page)).toHaveText('step 3 of 6', { timeout: RUN_TIMEOUT });
  // Back at the external edit: waiting for it again, the edit not made.
  await expect(app(page)).toHaveAttribute('data-waiting', 'true');
  await expect(page.locator('[data-banner="waiting"]')).toBeVisible();
  expect(await entryKinds(page)).toEqual(['call', 'message']);
  await openTab(page, 'files');
  await expect(page.locator('li[data-file="/app/config.json"] .version')).toHaveText('v1');

  await key(page, 'ArrowLeft');
  await expect(progress(page)).toHaveText('step 2 of 6', { timeout: RUN_TIMEOUT });
  await expect(app(page)).toHaveAttribute('data-waiting', 'false');
  expect(await entryKinds(page)).toEqual(['call', 'message']);
  await key(page, 'ArrowLeft');
  await expect(progress(page)).toHaveText('step 1 of 6', { timeout: RUN_TIMEOUT });
  expect(await entryKinds(page)).toEqual(['call']);
  await back.click();
  await expect(progress(page)).toHaveText('step 0 of 6', { timeout: RUN_TIMEOUT });
  await expect(page.locator('.transcript-list > [data-entry]')).toHaveCount(0);
  await expect(back).toBeDisabled();

  // And forward again with →, to the same place.
  for (const n of [1, 2, 3]) {
    await key(page, 'ArrowRight');
    await expect(progress(page)).toHaveText(`step ${n} of 6`);
  }
  await expect(app(page)).toHaveAttribute('data-waiting', 'true');
});

test('Space plays and pauses after a mouse click on Step or on a tab, and E makes the edit the script waits for', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { speed: 'slow' });
  await button(page, 'Step').click();
  await expect(progress(page)).toHaveText('step 1 of 6');
  // Focus is still on Step: Space plays (it does not press Step again), and pauses.
  await page.keyboard.press(' ');
  await expect(app(page)).toHaveAttribute('data-run-state', 'playing');
  await expect(button(page, 'Pause')).toBeVisible();
  await page.keyboard.press(' ');
  await expect(app(page)).toHaveAttribute('data-run-state', 'paused');
  await expect(button(page, 'Play')).toBeVisible();
  await expect(app(page)).toHaveAttribute('data-waiting', 'false');
  // Space again plays on, and Play pauses by itself at the scripted edit.
  await page.keyboard.press(' ');
  await expect(app(page)).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(app(page)).toHaveAttribute('data-run-state', 'paused');
  await expect(progress(page)).toHaveText('step 3 of 6');
  await expect(button(page, 'Play')).toBeVisible();

  // From a tab clicked with the mouse: E makes the edit, Space plays on to the question, Enter reveals
  // it, Space plays on to the end.
  await page.locator('[role="tab"][data-tab="ledger"]').click();
  await page.keyboard.press('e');
  await expect(page.locator('[data-entry="external"]')).toHaveAttribute('data-who', 'button');
  await expect(app(page)).toHaveAttribute('data-waiting', 'false');
  await expect(app(page)).toHaveAttribute('data-run-state', 'paused');
  await page.keyboard.press(' ');
  await expect(app(page)).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await page.keyboard.press('Enter');
  await expect(app(page)).toHaveAttribute('data-asking', 'false');
  await page.keyboard.press(' ');
  await expect(app(page)).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(progress(page)).toHaveText('step 6 of 6');
  await expect(page.locator('[data-banner="done"]')).toBeVisible();
});

test('R resets at once at the start or the end, and asks first in the middle of a run', async ({ page }) => {
  await openScenario(page, 'stale-version');
  const question = page.locator('dialog[data-dialog="confirm"]');
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await expect(progress(page)).toHaveText('step 2 of 6');

  await key(page, 'r');
  await expect(question).toBeVisible();
  await expect(question).toContainText('Reset the scenario?');
  await question.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(question).toHaveCount(0);
  await expect(progress(page)).toHaveText('step 2 of 6');
  expect(await entryKinds(page)).toEqual(['call', 'message']);

  // Escape is a no as well.
  await key(page, 'R');
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(progress(page)).toHaveText('step 2 of 6');

  await key(page, 'r');
  await question.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(progress(page)).toHaveText('step 0 of 6');
  await expect(page.locator('.transcript-list > [data-entry]')).toHaveCount(0);

  // At the end nothing is lost: no question.
  await playByMouse(page);
  await key(page, 'r');
  await expect(progress(page)).toHaveText('step 0 of 6');
  await expect(question).toHaveCount(0);
});

test('? lists the keys; keys typed into the file editor stay text', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await key(page, '?');
  const keys = page.locator('dialog[data-dialog="keys"]');
  await expect(keys).toBeVisible();
  const listed = await keys.locator('dt').allTextContents();
  expect(listed).toEqual(['Space', 'Esc', '→', '←', 'E', 'Enter', 'N', 'R', 'P', '?']);
  await expect(keys.locator('dd')).toContainText([
    'Play or pause',
    'Stop the call, Play or the model',
    'One step',
    'One step back',
    'Simulate external edit',
    'Reveal the answer of a question',
    'Open the presenter view',
    'Reset',
    'Presentation mode',
    'This list',
  ]);
  await page.keyboard.press('Escape');
  await expect(keys).toHaveCount(0);

  await openTab(page, 'files');
  await page.locator('li[data-file="/notes.md"] button').click();
  const content = page.locator('[data-editor-path="/notes.md"] .cm-content');
  await expect(content).toBeVisible({ timeout: RUN_TIMEOUT });
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' perp? ');
  await expect(content).toContainText('perp?');
  await expect(app(page)).toHaveAttribute('data-present', 'false');
  await expect(page.locator('dialog')).toHaveCount(0);
  await expect(page.locator('[data-entry="external"]')).toHaveCount(0);
  await expect(progress(page)).toHaveText('step 0 of 6');
});

test('presentation mode: ?present=1, the P key and the header button named Present, each showing its state', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { present: '1', step: '2' });
  const present = button(page, 'Present');
  await expect(app(page)).toHaveAttribute('data-present', 'true');
  await expect(present).toHaveAttribute('aria-pressed', 'true');
  // The side shows the ledger.
  await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', 'ledger');
  await expect(page.locator('tr[data-ledger-path="/app/config.json"]')).toBeVisible();
  await page.screenshot({ path: 'reports/screenshots/present-1280x720.png' });

  await present.click();
  await expect(app(page)).toHaveAttribute('data-present', 'false');
  await expect(present).toHaveAttribute('aria-pressed', 'false');
  await key(page, 'p');
  await expect(app(page)).toHaveAttribute('data-present', 'true');
  await expect(present).toHaveAttribute('aria-pressed', 'true');
  // The run's keys work in presentation mode too.
  await key(page, 'ArrowRight');
  await expect(progress(page)).toHaveText('step 3 of 6');
  await key(page, 'P');
  await expect(app(page)).toHaveAttribute('data-present', 'false');
});

// present-mode CSS lands on main: here the tabs, the More menu, the preferences and the footer still show.
test('presentation mode shows the transcript, the run controls and the ledger only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'stale-version', { present: '1', step: '2' });
  for (const name of ['Play', 'Step', 'Back', 'Reset', 'Simulate external edit', 'Present'])
    await expect(button(page, name), name).toBeVisible();
  await expect(progress(page)).toBeVisible();
  await expect(page.locator('.transcript-list')).toBeVisible();
  await expect(page.locator('#pane-side[data-panel="ledger"] table.ledger')).toBeVisible();
  for (const hidden of ['.tabs', '.more-menu', '.prefs', 'footer', '.file-list'])
    await expect(page.locator(hidden), hidden).toBeHidden();
});

// present-mode CSS lands on main: here the model's words are 15 px.
test('presentation mode has large text at 1280×720: body at least 20 px, code at least 18 px', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'stale-version', { present: '1', step: '2' });
  const px = async (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  await expect(page.locator('.transcript-list .message p')).toBeVisible();
  const sizes = {
    body: await px('.transcript-list .message p'),
    code: await px('.transcript-list article[data-card="read"] pre.lines code'),
  };
  await testInfo.attach('present at 1280×720', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  expect(sizes.body, 'the model’s words').toBeGreaterThanOrEqual(20);
  expect(sizes.code, 'the file’s lines on the read card').toBeGreaterThanOrEqual(18);
});

// Screenshots to look at (reports/screenshots/), and what must hold there: the page never runs off the
// side of the screen, and at 150 % zoom the header's run controls stay in view while the transcript
// follows (at phone width the header scrolls away with the page, as every phone layout of this page does).
for (const screen of [
  { name: '150 % zoom', width: 853, height: 480, scale: 1.5, file: 'present-150pct', sticky: true },
  { name: 'phone width', width: 375, height: 740, scale: 2, file: 'present-phone', sticky: false },
]) {
  test(`presentation mode at ${screen.name}: the run controls can be reached and nothing runs off the side`, async ({
    browser,
  }) => {
    await onScreen(browser, screen, async (page) => {
      await openScenario(page, 'stale-version', { present: '1', step: '2' });
      await expect(page.locator('.transcript-list > [data-entry]')).toHaveCount(2);
      await page.screenshot({ path: `reports/screenshots/${screen.file}.png` });
      for (const name of ['Play', 'Step', 'Back', 'Simulate external edit']) {
        const control = button(page, name);
        if (screen.sticky) await expect(control, name).toBeInViewport();
        else await expect(control, name).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.width,
      );
      if (!screen.sticky) {
        // The run's buttons keep together on a row of their own: Back is not left beside Present, the
        // way out, where it reads as a part of it.
        const [back, play, present] = await Promise.all(
          [button(page, 'Back'), button(page, 'Play'), button(page, 'Present')].map((b) => b.boundingBox()),
        );
        expect(Math.abs(back!.y - play!.y), 'Back on Play’s row').toBeLessThanOrEqual(2);
        expect(back!.y, 'Back below Present').toBeGreaterThanOrEqual(present!.y + present!.height - 1);
      }
      if (screen.sticky) {
        // Two rows of controls at most, so the transcript keeps most of a short screen; the lesser
        // buttons show their glyph and keep their words as their names (found by name above).
        const header = await page.locator('header.topbar').boundingBox();
        expect(header!.height, 'the header').toBeLessThanOrEqual(0.3 * screen.height);
        await expect(button(page, 'Step')).toHaveText('⇥ Step');
        expect(
          await button(page, 'Step')
            .locator('.label')
            .evaluate((el) => el.clientWidth),
        ).toBeLessThanOrEqual(1);
      }
    });
  });
}

/** Opens the ? list and returns where each of its rows (a key and its words) and the dialog stand. */
async function keyListLayout(page: Page) {
  await key(page, '?');
  const dialog = page.locator('dialog[data-dialog="keys"]');
  await expect(dialog).toBeVisible();
  return dialog.evaluate((el) => {
    const rows = [...el.querySelectorAll('dt, dd')].map((cell) => {
      const r = cell.getBoundingClientRect();
      const px = parseFloat(getComputedStyle(cell.querySelector('kbd') ?? cell).fontSize);
      return {
        text: cell.textContent ?? '',
        inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
        cut: cell.scrollWidth > cell.clientWidth,
        px,
      };
    });
    return { rows, scrolls: el.scrollHeight > el.clientHeight };
  });
}

// README "Teaching with it": "press ? for the list on screen". On a projector at 1280×720 the whole list is
// on screen at once, in the page and in presentation mode: no row to scroll to.
for (const present of [false, true]) {
  test(`README "Teaching with it": at 1280×720${present ? ' in presentation mode' : ''} the ? list shows every key without scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openScenario(page, 'stale-version', present ? { present: '1' } : {});
    const { rows, scrolls } = await keyListLayout(page);
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => !row.inside || row.cut).map((row) => row.text)).toEqual([]);
    expect(scrolls, 'the dialog scrolls').toBe(false);
    await page.screenshot({ path: test.info().outputPath(`keys-1280${present ? '-present' : ''}.png`) });
  });
}

// README "Teaching with it", at 150 % zoom (853×480): the list may scroll, and each row is read whole at the
// stage's size when scrolled to.
test('README "Teaching with it": at 853×480 (150 % zoom) in presentation mode the ? list is readable, each row whole', async ({
  browser,
}) => {
  await onScreen(browser, { width: 853, height: 480, scale: 1.5 }, async (page) => {
    await openScenario(page, 'stale-version', { present: '1' });
    const { rows } = await keyListLayout(page);
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => row.cut || row.px < 16).map((row) => row.text)).toEqual([]);
    const cells = page.locator('dialog[data-dialog="keys"] :is(dt, dd)');
    for (const cell of await cells.all()) {
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: test.info().outputPath('keys-853.png') });
  });
});

/**
 * The More menu's lines and items in their order, as drawn: a separator element, or an item's own border
 * line above or below it, is a line ("|"); any other shown child is an item ("item").
 */
function menuLines(page: Page): Promise<string[]> {
  return page.locator('.menu-panel').evaluate((panel) => {
    const drawn = (width: string, colour: string) =>
      parseFloat(width) > 0 && !/rgba\(.*, 0\)$|transparent/.test(colour);
    return [...panel.children].flatMap((child) => {
      const style = getComputedStyle(child);
      if (style.display === 'none') return [];
      if (child.matches('hr, [role="separator"]')) return ['|'];
      return [
        ...(drawn(style.borderTopWidth, style.borderTopColor) ? ['|'] : []),
        'item',
        ...(drawn(style.borderBottomWidth, style.borderBottomColor) ? ['|'] : []),
      ];
    });
  });
}

function expectLinesBetweenItems(lines: string[], where: string): void {
  expect(lines.filter((l) => l === '|').length, `lines ${where}`).toBeGreaterThan(0);
  expect(lines[0], `first ${where}`).toBe('item');
  expect(lines.at(-1), `last ${where}`).toBe('item');
  const doubled = lines.findIndex((l, i) => l === '|' && lines[i + 1] === '|');
  expect(doubled, `two lines together ${where}: ${lines.join(' ')}`).toBe(-1);
}

// README "Teaching with it" names More's items (Presenter view, "Let the scenario make its external
// edits"): the menu draws one line between two groups of items, never two together nor one at an end; on a
// short screen (853×480 at 150 %) it scrolls, so its last item is reached.
for (const state of [
  { name: 'the page at 1280×720', width: 1280, height: 720, scale: 1, params: {} },
  { name: 'the page at 853×480 (150 % zoom)', width: 853, height: 480, scale: 1.5, params: {} },
  { name: 'the lab open', width: 1280, height: 720, scale: 1, params: { scenario: 'lab-redact-content' } },
  { name: 'a phone', width: 375, height: 812, scale: 1, params: {} },
]) {
  test(`README "Teaching with it": More in ${state.name} has no doubled separator and every item is reached`, async ({
    browser,
  }) => {
    await onScreen(browser, state, async (page) => {
      const { scenario = 'stale-version', ...params } = state.params as Record<string, string>;
      await openScenario(page, scenario, params);
      await page.locator('[data-action="more"]').click();
      const items = page.locator('.menu-panel > :is(button, label)');
      await expect(items).toHaveCount(12);
      expectLinesBetweenItems(await menuLines(page), `in ${state.name}`);
      // Each item scrolled to is on screen and on top, where a click lands on it (a panel that scrolls may
      // leave a fraction of a pixel under its edge at 150 %).
      for (const item of await items.all()) {
        await item.scrollIntoViewIfNeeded();
        await expect(item).toBeInViewport({ ratio: 0.95 });
        const hit = await item.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        });
        expect(hit, (await item.textContent()) ?? '').toBe(true);
      }
      await page.screenshot({ path: test.info().outputPath(`more-${state.width}.png`) });
    });
  });
}

test('README "Teaching with it": in presentation mode More is not shown, and its items keep one line between groups', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'stale-version', { present: '1' });
  await expect(page.locator('[data-action="more"]')).toBeHidden();
  expectLinesBetweenItems(await menuLines(page), 'in presentation mode');
});
