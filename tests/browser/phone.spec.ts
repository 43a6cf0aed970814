// A phone with touch (375×812): the run's controls and "Simulate external edit" stay on screen at all
// times, the waiting banner is read whole above them, the first screen says what this is, and there is
// no line of keyboard shortcuts on a touch-only device; the banner at a run's end can be closed, so it
// does not cover the lab; and the first view holds the tab row's place, so the transcript does not jump.
// Tapped, and read off the screen.
// README "Teaching with it", More for the stage: the bullet on a phone.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { RUN_TIMEOUT, button, openScenario, playByMouse } from './app';
import { holdTheEngine } from './hold-engine';
import { apply, typeCode } from './lab-helpers';

test.describe.configure({ timeout: 90_000 });

const ABOUT =
  'Harness Playground runs a real tool harness for AI agents in your browser, so you can watch it refuse an edit made from a stale or missing read.';
const CONTROLS = ['Play', 'Step', 'Back', 'Simulate external edit'];

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  return context.newPage();
}

/** Play (or Pause), Step, Back and "Simulate external edit" are whole on screen. */
async function expectControlsOnScreen(page: Page, when: string): Promise<void> {
  const playing = (await page.locator('#app').getAttribute('data-run-state')) === 'playing';
  for (const name of CONTROLS.map((n) => (n === 'Play' && playing ? 'Pause' : n)))
    await expect(button(page, name), `${name} ${when}`).toBeInViewport({ ratio: 1 });
}

/** The newest transcript entry's end is above the bar and the banners at the foot of the screen. */
async function expectNewestUncovered(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const last = document.querySelector('.transcript-list > [data-entry]:last-child')!;
        const foot = Math.min(
          document.querySelector('.run-bar')!.getBoundingClientRect().top,
          document.querySelector('.banners')!.getBoundingClientRect().top || Infinity,
        );
        return last.getBoundingClientRect().bottom <= foot + 1;
      }),
    )
    .toBe(true);
}

test('the first screen says in one sentence what the playground is; no keyboard line on a touch phone', async ({
  browser,
}) => {
  const page = await phone(browser);
  await openScenario(page, 'stale-version');
  expect(await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
  const about = page.locator('.tagline');
  await expect(about).toHaveText(ABOUT);
  await expect(about).toBeInViewport({ ratio: 1 });
  await expect(page.locator('footer .status-line')).toBeHidden();
  await page.context().close();
});

test('on a phone, Play, Step, Back and Simulate external edit stay on screen through a run; the waiting banner is whole', async ({
  browser,
}) => {
  const page = await phone(browser);
  const app = await openScenario(page, 'stale-version');
  await expectControlsOnScreen(page, 'at the start');
  for (const n of [1, 2, 3]) {
    await button(page, 'Step').tap();
    await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', String(n));
    await expectControlsOnScreen(page, `after step ${n}`);
  }
  await expect(app).toHaveAttribute('data-waiting', 'true');
  const banner = page.locator('[data-banner="waiting"]');
  await expect(banner).toBeInViewport({ ratio: 1 });
  // A touch-only phone has no E key to press: the banner reads whole without it.
  await expect(banner).toContainText('Press “Simulate external edit”');
  expect(await banner.innerText()).toMatch(/Press “Simulate external edit”\.$/);
  // The banner sits above the bar, not under it.
  const [b, bar] = await Promise.all([banner.boundingBox(), page.locator('.run-bar').boundingBox()]);
  expect(b!.y + b!.height).toBeLessThanOrEqual(bar!.y + 1);
  await expectNewestUncovered(page);

  await button(page, 'Simulate external edit').tap();
  await expect(app).toHaveAttribute('data-waiting', 'false');
  await expect(page.locator('[data-entry="external"] [data-versions]')).toHaveText('v1 → v2');
  await expectControlsOnScreen(page, 'after the edit');
  await button(page, 'Play').tap();
  // Play stops at the lesson's question: Reveal, then Play to the end.
  await expect(app).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await expectControlsOnScreen(page, 'at the question');
  await button(page, 'Reveal').tap();
  await expect(app).toHaveAttribute('data-asking', 'false');
  await button(page, 'Play').tap();
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expectControlsOnScreen(page, 'at the end');
  await expectNewestUncovered(page);
  // Back works from the bar: one step back.
  await button(page, 'Back').tap();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '5', { timeout: RUN_TIMEOUT });
  await expectControlsOnScreen(page, 'after Back');
  await page.context().close();
});

// README "Predict, then reveal" on a phone: the card's choices wrap inside it, the page never scrolls
// sideways, and the reply to a tapped choice (and Reveal) come into view above the bottom bar.
test('README "Predict, then reveal" on a phone: a wrong tap’s reply is above the bar; after Reveal the choices stay inside the card and “✓ the answer” is whole', async ({
  browser,
}) => {
  const page = await phone(browser);
  const app = await openScenario(page, 'stale-version', { step: '4' });
  await expect(app).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  const barTop = () => page.locator('.run-bar').evaluate((el) => el.getBoundingClientRect().top);

  await page.locator('[data-choice="0"]').tap();
  const reply = page.locator('[data-ask-feedback]');
  await expect(reply).toHaveText('Not this one. Try another, or press Reveal.');
  await expect(reply).toBeInViewport({ ratio: 1 });
  await expect
    .poll(
      async () => (await reply.evaluate((el) => el.getBoundingClientRect().bottom)) <= (await barTop()) + 1,
    )
    .toBe(true);
  const reveal = button(page, 'Reveal');
  await expect(reveal).toBeInViewport({ ratio: 1 });
  const revealBottom = await reveal.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(revealBottom).toBeLessThanOrEqual((await barTop()) + 1);

  await reveal.tap();
  await expect(app).toHaveAttribute('data-asking', 'false');
  const mark = page.locator('[data-choice="1"] .ask-mark');
  await expect(mark).toHaveText('✓ the answer');
  const fit = await page.evaluate(() => {
    const card = document.querySelector('[data-ask]')!.getBoundingClientRect();
    const choices = [...document.querySelectorAll('[data-choice]')].map(
      (c) => c.getBoundingClientRect().right,
    );
    const m = document.querySelector<HTMLElement>('[data-choice="1"] .ask-mark')!;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      cardRight: card.right,
      choiceRights: choices,
      markRight: m.getBoundingClientRect().right,
      markClipped: m.scrollWidth > m.clientWidth,
    };
  });
  expect(fit.scrollWidth).toBeLessThanOrEqual(375);
  expect(fit.cardRight).toBeLessThanOrEqual(375);
  expect(fit.choiceRights).toHaveLength(3);
  for (const right of fit.choiceRights) expect(right).toBeLessThanOrEqual(fit.cardRight);
  expect(fit.markRight).toBeLessThanOrEqual(fit.cardRight);
  expect(fit.markClipped).toBe(false);
  // Read on the screen: scrolled into view above the bar, the mark is whole.
  await mark.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(mark).toBeInViewport({ ratio: 1 });
  const markBottom = await mark.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(markBottom).toBeLessThanOrEqual((await barTop()) + 1);
  await page.context().close();
});

// A plugin that changes how the lesson ends: the run's end brings the warning banner.
const DENY_EDITS = `export const name = 'no-edits';
export function preExecute({ tool }) {
  return tool === 'edit' ? { verdict: 'deny', reason: 'no edits today' } : { verdict: 'allow' };
}
`;

/** The centre of the lab editor's first line (as shown), and whether the page's topmost element there is the editor's. */
function firstLineSeen(page: Page): Promise<{ y: number; inEditor: boolean }> {
  return page.evaluate(() => {
    const line = document.querySelector('[data-lab] .cm-line')!.getBoundingClientRect();
    // A long line scrolls sideways: its centre is that of the part the editor shows.
    const shown = document.querySelector('[data-lab] .cm-scroller')!.getBoundingClientRect();
    const [left, right] = [Math.max(line.left, shown.left), Math.min(line.right, shown.right)];
    const [x, y] = [(left + right) / 2, line.top + line.height / 2];
    const hit = document.elementFromPoint(x, y);
    return { y, inEditor: Boolean(hit?.closest('[data-lab] .cm-editor')) };
  });
}

// README "Writing a plugin in the lab" ("At phone width the lab is a view of its own") and "Teaching
// with it" (the bullet on a phone): the warning at a run's end sits at the foot of the screen, over the
// lab; its Close button takes it away, and the editor under it is there to type in.
test('README "Writing a plugin in the lab" on a phone: the warning at the run’s end has a Close button, and closed it no longer covers the editor', async ({
  browser,
}) => {
  const page = await phone(browser);
  const app = await openScenario(page, 'happy-path');
  await page.locator('[role="tab"][data-tab="lab"]').tap();
  await expect(page.locator('[data-lab] .cm-content')).toBeVisible({ timeout: RUN_TIMEOUT });
  await typeCode(page, DENY_EDITS);
  await apply(page);
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok');
  await button(page, 'Play').tap();
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const banner = page.locator('[data-banner="done"]');
  await expect(banner).toContainText('The script is done, but the run did not end as the scenario says:');
  await expect(banner).toBeInViewport();

  // Bring the editor's first line to the middle of the banner: there the banner covers it.
  const box = (await banner.boundingBox())!;
  const { y } = await firstLineSeen(page);
  await page.evaluate((by) => window.scrollBy(0, by), y - (box.y + box.height / 2));
  const covered = await firstLineSeen(page);
  expect(Math.abs(covered.y - (box.y + box.height / 2))).toBeLessThanOrEqual(2);
  expect(covered.inEditor).toBe(false);

  const close = banner.getByRole('button', { name: 'Close' });
  await expect(close).toBeInViewport({ ratio: 1 });
  await close.tap();
  await expect(banner).toHaveCount(0);
  // Where the banner was, the editor is seen: the line is on the screen, above the bar, uncovered.
  const seen = await firstLineSeen(page);
  const barTop = await page.locator('.run-bar').evaluate((el) => el.getBoundingClientRect().top);
  expect(seen.y).toBeGreaterThan(0);
  expect(seen.y).toBeLessThan(barTop);
  expect(seen.inEditor).toBe(true);
  await expect(page.locator('[data-lab] .cm-line').first()).toBeInViewport();

  // Closed for this run only: the next run's end brings it back.
  await button(page, 'Reset').tap();
  await expect(app).toHaveAttribute('data-run-state', 'idle', { timeout: RUN_TIMEOUT });
  await button(page, 'Play').tap();
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(banner).toContainText('did not end as the scenario says');
  await page.context().close();
});

// README "Teaching with it" (the bullet on a phone): a touch-only device shows no keys, neither in a line
// of its own nor in the lesson's sentences ("press Reveal (Enter)"), which read whole without them; in
// both languages. What is read is the text as shown (innerText leaves out what is not displayed).
for (const [lang, waiting, hint, after] of [
  [
    'en',
    'Press “Simulate external edit”.',
    'Pick what you think happens next, then press Reveal.',
    'Step shows the result.',
  ],
  ['zh', '请按“模拟外部编辑”。', '先选你认为接下来会发生什么，再按“揭晓”。', '单步显示结果。'],
] as const) {
  test(`README "Teaching with it" on a touch phone (${lang}): the waiting banner and the question name no keys`, async ({
    browser,
  }) => {
    const page = await phone(browser);
    const app = await openScenario(page, 'stale-version', { lang, step: '3' });
    await expect(app).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
    const banner = page.locator('[data-banner="waiting"]');
    await expect(banner).toBeInViewport({ ratio: 1 });
    expect((await banner.innerText()).trim().endsWith(waiting)).toBe(true);
    await page.locator('[data-action="external"]').tap();
    await page.locator('[data-action="play"]').tap();
    await expect(app).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
    const said = page.locator('[data-ask] .ask-hint');
    await said.scrollIntoViewIfNeeded();
    await expect(said).toBeInViewport();
    expect((await said.innerText()).trim()).toBe(hint);
    await page.locator('[data-action="reveal"]').tap();
    await expect(app).toHaveAttribute('data-asking', 'false');
    expect((await said.innerText()).trim()).toBe(after);
    await page.context().close();
  });
}

// README "Teaching with it" (the bullet on a phone): the banner at a run's end has a Close button; once
// it is pressed, focus goes to the run's next control (Reset: Play is spent at the end), not to the page.
test('README "Teaching with it" on a phone: Close on the banner at the run’s end hands focus to Reset, on screen', async ({
  browser,
}) => {
  const page = await phone(browser);
  const app = await openScenario(page, 'stale-version');
  await playByMouse(page);
  await expect(app).toHaveAttribute('data-run-state', 'done');
  const banner = page.locator('[data-banner="done"]');
  await expect(banner).toContainText('The script is done');
  const close = banner.getByRole('button', { name: 'Close' });
  await close.tap();
  await expect(banner).toHaveCount(0);
  const reset = button(page, 'Reset');
  await expect(reset).toBeFocused();
  await expect(reset).toBeInViewport({ ratio: 1 });
  // The same with the keyboard: the next run's end, its Close pressed with Enter.
  await page.keyboard.press('Enter');
  await expect(app).toHaveAttribute('data-run-state', 'idle', { timeout: RUN_TIMEOUT });
  await playByMouse(page);
  await banner.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect(reset).toBeFocused();
  await page.context().close();
});

// README "Folder layout" (the first view): painted before the engine arrives, it holds the side's tab row
// (disabled) where the live page has it, so on a phone the transcript does not jump down when the page
// goes live. In both languages, whose tab rows wrap differently.
for (const [lang, first] of [
  ['en', 'Transcript'],
  ['zh', '对话记录'],
] as const) {
  test(`README "Folder layout" on a phone (${lang}): the first view keeps the tab row’s place, so the transcript stays put when the page goes live`, async ({
    browser,
  }) => {
    const page = await phone(browser);
    const engine = await holdTheEngine(page);
    await page.goto(`./?scenario=stale-version&lang=${lang}`, { waitUntil: 'commit' });
    const app = page.locator('#app');
    await expect(app).toHaveAttribute('data-first-view', 'true');
    await expect.poll(() => engine.held().length).toBeGreaterThan(0);
    const tab = page.getByRole('tab', { name: first });
    await expect(tab).toBeInViewport({ ratio: 1 });
    await expect(tab).toBeDisabled();
    const top = () => page.locator('#pane-transcript').evaluate((el) => el.getBoundingClientRect().top);
    const before = await top();

    await engine.release();
    await expect(app).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
    await expect(app).not.toHaveAttribute('data-first-view');
    await expect(tab).toBeEnabled();
    expect(Math.abs((await top()) - before)).toBeLessThanOrEqual(1);
    await page.context().close();
  });
}
