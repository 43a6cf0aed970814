// The teaching stage, part three: the lessons as a visitor sees them. A replay shows the whole replayed
// session (title, files, ledger, progress) with the live-only controls off; the redaction lesson shows
// the leak on the card while the model's text is clean, every row on its own line; the card tour names
// each card's kind in words of the page's language, and a refusal's header names none; and the smaller points: the policy switch after a reload, the More menu on a phone,
// and "The script is done" never beside a Pause button.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import {
  RUN_TIMEOUT,
  button,
  focusBody,
  moreItem,
  onScreen,
  openScenario,
  openTab,
  pickScenario,
  playByMouse,
  type WithApp,
} from './app';

test.describe.configure({ timeout: 90_000 });

const CONFIG = '/app/config.json';
const LIVE_ONLY = ['Play', 'Step', 'Back', 'Reset', 'Simulate external edit'];
const progress = (page: Page) => page.locator('[data-progress]');

/** The external entry of a stale-version run, as its text reads (who, path, versions, note, diff). */
const externalText = (page: Page) => page.locator('[data-entry="external"]').innerText();

/**
 * Plays stale-version to its end, then opens happy-path and takes two steps there: the live session is
 * another one when the stale-version session is replayed. Returns the external entry as it read live.
 */
async function playThenMoveOn(page: Page): Promise<string> {
  await openScenario(page, 'stale-version');
  await playByMouse(page);
  const live = await externalText(page);
  await pickScenario(page, 'happy-path');
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await expect(progress(page)).toHaveText('step 2 of 6');
  return live;
}

/** What a replay of the stale-version session shows, checked as a visitor reads it. */
async function expectStaleReplay(page: Page, live: string): Promise<void> {
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-mode', 'replay', { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-banner="replay"]')).toBeVisible();
  await expect(page.locator('.scenario-title')).toHaveText('Stale version');
  await expect(page.locator('[data-teaches]')).toHaveText(scenarioById('stale-version')!.teaches.en);
  await expect(progress(page)).toHaveText(/^replay of \d+ events$/);
  for (const name of LIVE_ONLY) await expect(button(page, name), name).toBeDisabled();
  await expect(page.locator('[data-action="speed"]')).toBeDisabled();
  // The edit behind the agent's back reads as it did live.
  await expect(page.locator('[data-entry="external"]')).toHaveAttribute('data-who', 'button');
  expect(await externalText(page)).toBe(live);
  // The replayed session's files and ledger, not the live one's.
  await openTab(page, 'files');
  await expect(page.locator(`li[data-file="${CONFIG}"] .version`)).toHaveText('v3');
  await expect(page.locator('li[data-file="/notes.md"]')).toHaveCount(0);
  await openTab(page, 'ledger');
  const row = page.locator(`tr[data-ledger-path="${CONFIG}"]`);
  await expect(row).toContainText('present@v3');
  await expect(page.locator('tr[data-ledger-path="/notes.md"]')).toHaveCount(0);
}

/** Leaves replay with its button; the live run is where it was. */
async function leaveReplay(page: Page): Promise<void> {
  await button(page, 'Back to live').click();
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'live');
  await expect(page.locator('.scenario-title')).toHaveText('Happy path');
  await expect(progress(page)).toHaveText('step 2 of 6');
  for (const name of ['Play', 'Step', 'Back', 'Reset', 'Simulate external edit'])
    await expect(button(page, name), name).toBeEnabled();
  await openTab(page, 'files');
  await expect(page.locator('li[data-file="/notes.md"]')).toHaveCount(1);
}

test('a past session replays whole: its title, lesson, files, ledger and progress; the run keys do nothing; leaving is a button', async ({
  page,
}) => {
  const live = await playThenMoveOn(page);
  await moreItem(page, 'past-sessions');
  const dialog = page.locator('dialog.sessions');
  await dialog
    .locator('li[data-session]', { hasText: 'Stale version' })
    .locator('[data-action="open-session"]')
    .click();
  await expectStaleReplay(page, live);

  // R, →, E and Space neither leave the replay nor touch the live run.
  for (const key of ['r', 'ArrowRight', 'e', ' ']) {
    await focusBody(page);
    await page.keyboard.press(key);
  }
  await expect(page.locator('dialog[data-dialog="confirm"]')).toHaveCount(0);
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay');
  await expect(page.locator('[data-entry="external"]')).toHaveCount(1);
  await leaveReplay(page);
  await expect(page.locator('[data-entry="external"]')).toHaveCount(0);
});

test('an exported session file, imported again, replays whole with the same external edit entry', async ({
  page,
}, testInfo) => {
  await openScenario(page, 'stale-version');
  await playByMouse(page);
  const live = await externalText(page);
  const downloaded = page.waitForEvent('download');
  await moreItem(page, 'export');
  const file = testInfo.outputPath('stale-version.session.json');
  await (await downloaded).saveAs(file);

  await pickScenario(page, 'happy-path');
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await expect(progress(page)).toHaveText('step 2 of 6');
  const chooser = page.waitForEvent('filechooser');
  await moreItem(page, 'import');
  await (await chooser).setFiles(file);
  await expectStaleReplay(page, live);
  await leaveReplay(page);
});

/**
 * The rows' data a search card shows (the SQL tool's card), and what the model read, opened as a visitor
 * would (a card whose model's text a plugin replaced has it open already: see `modelOpen`).
 */
async function sqlResult(
  card: Locator,
): Promise<{ rows: string[]; leak: boolean; modelOpen: boolean; model: string; value: string }> {
  const modelView = card.locator('details.model-view');
  const modelOpen = (await modelView.getAttribute('open')) !== null;
  if (!modelOpen) await modelView.locator('> summary').click();
  await card.locator('details.value-view > summary').click();
  return {
    modelOpen,
    // Each row's values, as the model's table orders them.
    rows: await card
      .locator('ol.rows > li')
      .evaluateAll((lis) =>
        lis.map((li) => [...li.querySelectorAll('dd')].map((dd) => dd.textContent).join(' · ')),
      ),
    leak: (await card.locator('[data-leak]').count()) > 0,
    model: await card.locator('[data-model-view]').innerText(),
    value: await card.locator('details.value-view pre').innerText(),
  };
}

const PHONE = /\+1-555-\d{4}/;

/** The ids the model's text holds, one row a line (`id | name | …`). */
const modelRowIds = (model: string) =>
  model
    .split('\n')
    .map((line) => /^(\d+) \| /.exec(line)?.[1])
    .filter((id) => id !== undefined)
    .map(Number);

// README "Writing a plugin in the lab", its Examples (hide phone numbers by replacing the content, or
// the value), played as the `sql-redaction` lesson.
test('the redaction lesson: replacing the content leaves the leak on the card, which opens what the model saw; replacing the value hides it everywhere; the model keeps all 50 rows', async ({
  page,
}) => {
  await openScenario(page, 'sql-redaction');
  await playByMouse(page);
  const cards = page.locator('article[data-tool="sql_query"]');
  await expect(cards).toHaveCount(2);
  const upTo50 = Array.from({ length: 50 }, (_, i) => i + 1);

  const content = await sqlResult(cards.nth(0));
  expect(content.rows).toHaveLength(50);
  for (const row of content.rows) expect(row).toMatch(PHONE);
  expect(content.rows[0]).toContain('Ada A.');
  // Each value is shown under its column's name, apart from it, not run together with the row's number.
  const first = cards.nth(0).locator('ol.rows > li').first();
  await first.scrollIntoViewIfNeeded();
  await expect(first.locator('.ln')).toHaveText('row 1');
  await expect(first.locator('dt')).toHaveText(['id', 'name', 'city', 'phone']);
  await expect(first.locator('dd').nth(1)).toHaveText('Ada A.');
  await expect(first.locator('dt').nth(1)).toBeInViewport();
  expect(content.leak).toBe(true);
  await expect(cards.nth(0).locator('[data-leak]')).toContainText('redact-phones-content');
  // The leak's card shows what the model saw without a click, beside the rows that still hold the phones.
  expect(content.modelOpen).toBe(true);
  const seen = cards.nth(0).locator('[data-model-view]');
  await seen.scrollIntoViewIfNeeded();
  await expect(seen).toBeVisible();
  await expect(seen).toContainText('[phone hidden]');
  expect(content.model).not.toMatch(PHONE);
  expect(content.model).toContain('[phone hidden]');
  expect(modelRowIds(content.model)).toEqual(upTo50);
  // "Open the canonical value: every number is still there."
  expect(content.value).toMatch(PHONE);

  const value = await sqlResult(cards.nth(1));
  expect(value.rows).toHaveLength(50);
  for (const row of value.rows) {
    expect(row).not.toMatch(PHONE);
    expect(row).toContain('[phone hidden]');
  }
  expect(value.leak).toBe(false);
  expect(value.modelOpen).toBe(false);
  expect(value.model).not.toMatch(PHONE);
  expect(modelRowIds(value.model)).toEqual(upTo50);
  expect(value.value).not.toMatch(PHONE);
});

// README "Teaching with it", the lessons (`sql-redaction`) in presentation mode at 1280×720: a row whose
// cells wrap keeps its name ("row 45") on one line beside them, not broken as "row" over "45".
test('the redaction lesson in presentation mode at 1280×720: every row’s name is on one line', async ({
  browser,
}) => {
  await onScreen(browser, { width: 1280, height: 720, scale: 1 }, async (page) => {
    await openScenario(page, 'sql-redaction', { present: '1', step: '3' });
    const names = page.locator('article[data-tool="sql_query"] ol.rows > li > .ln');
    await expect(names).toHaveCount(50, { timeout: RUN_TIMEOUT });
    // The lines a name's text is laid out on, as a range over it reports them.
    const lines = await names.evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getClientRects().length;
      }),
    );
    expect(lines.map((n, i) => `row ${i + 1}: ${n}`).filter((_, i) => lines[i] !== 1)).toEqual([]);
    // A row whose cells wrap (the longer names) still reads "row 45" whole, on screen.
    const wrapped = names.nth(44);
    await wrapped.scrollIntoViewIfNeeded();
    await expect(wrapped).toHaveText('row 45');
    await expect(wrapped).toBeInViewport({ ratio: 1 });
  });
});

for (const { id, leak } of [
  { id: 'lab-redact-content', leak: true },
  { id: 'lab-redact-value', leak: false },
]) {
  test(`${id}: the lab's example ${leak ? 'leaves the leak on the card' : 'hides the numbers on the card too'}, and the model's text keeps every row`, async ({
    page,
  }) => {
    await openScenario(page, id);
    await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
      timeout: RUN_TIMEOUT,
    });
    await playByMouse(page);
    const card = page.locator('article[data-tool="sql_query"]');
    await expect(card).toHaveCount(1);
    const seen = await sqlResult(card);
    expect(seen.rows).toHaveLength(10);
    for (const row of seen.rows) {
      if (leak) expect(row).toMatch(PHONE);
      else expect(row).not.toMatch(PHONE);
    }
    expect(seen.leak).toBe(leak);
    expect(seen.model).not.toMatch(PHONE);
    // The same ten customers, one a line, in the model's text.
    const ids = modelRowIds(seen.model);
    expect(ids).toEqual(seen.rows.map((row) => Number(/^(\d+) · /.exec(row)?.[1])));
  });
}

test('a read card’s code is coloured once the run leaves the page a moment, its text still the file’s', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await playByMouse(page);
  const code = page.locator('article[data-card="read"] pre code').first();
  await expect(code).toBeVisible();
  // The markdown heading is drawn bold by the highlighter's class.
  const heading = code.locator('.tok-heading').first();
  await expect(heading).toHaveText(/^#/);
  expect(await heading.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
  const file = scenarioById('happy-path')!.files['/notes.md']!;
  expect(await code.textContent()).toBe(file.replace(/\n$/, ''));
});

/** The word each kind of card is named by in its header, in each language; the generic card has none. */
const KIND_WORDS = {
  en: {
    read: 'file',
    diff: 'changes',
    search: 'search results',
    terminal: 'terminal output',
    web: 'web page',
  },
  zh: { read: '文件', diff: '改动', search: '搜索结果', terminal: '终端输出', web: '网页' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`the card tour names each card’s kind in words (${lang}): read, diff, search, terminal and web; the generic card none`, async ({
    page,
  }) => {
    await openScenario(page, 'card-tour', { lang });
    await playByMouse(page);
    const cards = page.locator('article[data-card]');
    const kinds: string[] = [];
    for (const card of await cards.all()) {
      const kind = (await card.getAttribute('data-card')) ?? '';
      const shown = card.locator('header .card-kind');
      kinds.push(kind);
      if (kind === 'generic') {
        await expect(shown).toHaveCount(0);
        continue;
      }
      await shown.scrollIntoViewIfNeeded();
      await expect(shown).toBeVisible();
      await expect(shown).toHaveText(KIND_WORDS[lang][kind as keyof (typeof KIND_WORDS)['en']]);
      // The schema's name stays where a curious reader finds it, and on the card for programs.
      await expect(shown).toHaveAttribute('title', new RegExp(`[:：] ?${kind}$`));
    }
    expect(new Set(kinds)).toEqual(new Set(['read', 'diff', 'search', 'terminal', 'web', 'generic']));
  });
}

test('a stale-version refusal’s header reads as words, in English and in Chinese: no “generic”', async ({
  page,
}) => {
  for (const [lang, role] of [
    ['en', 'Result'],
    ['zh', '结果'],
  ] as const) {
    await openScenario(page, 'stale-version', { lang });
    await playByMouse(page);
    const refusal = page.locator('article[data-error-code="FS_STALE_VERSION"]');
    // The card's attributes, which tests and tutorial pages read, are as they were.
    await expect(refusal).toHaveAttribute('data-card', 'generic');
    await expect(refusal).toHaveAttribute('data-tool', 'edit');
    await refusal.scrollIntoViewIfNeeded();
    const header = refusal.locator('header');
    await expect(header).toBeVisible();
    // The word of the page's language, then the tool and the code (names, the same in every language).
    expect(await header.locator(':scope > *').allTextContents()).toEqual([
      role,
      'edit',
      'edit · FS_STALE_VERSION',
    ]);
    await expect(header).not.toContainText('generic');
    await expect(refusal.locator('.err-code')).toHaveText('✖ FS_STALE_VERSION');
    // The edit that follows the re-read names its card in the page's language.
    const change = page.locator('article[data-card="diff"][data-tool="edit"]').last();
    await change.scrollIntoViewIfNeeded();
    await expect(change.locator('header .card-kind')).toHaveText(KIND_WORDS[lang].diff);
  }
});

test('the policy switch in More shows the policy’s real state after a reload, off and on', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  const policy = page.locator('[data-action="policy"]');
  const ledgerNote = page.locator('#pane-side .ledger-panel');
  const OFF = 'The observation policy is off';
  const ON = 'The agent has not looked at any file yet.';
  /** Switches the policy in More; the scenario starts again, and the ledger says so once it has. */
  const turn = async (on: boolean) => {
    await page.locator('[data-action="more"]').click();
    await expect(policy).toBeChecked({ checked: !on });
    await policy.setChecked(on);
    await openTab(page, 'ledger');
    await expect(ledgerNote).toContainText(on ? ON : OFF);
  };
  /** Reloads (the saved session is carried on) and reads the policy's state off the ledger and the switch. */
  const reloaded = async (on: boolean) => {
    // The app's own save is awaited, as a reload a moment later would find it.
    await page.evaluate(() => (window as unknown as WithApp).playground.saved());
    await page.reload();
    await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
    await openTab(page, 'ledger');
    await expect(ledgerNote).toContainText(on ? ON : OFF);
    await page.locator('[data-action="more"]').click();
    await expect(policy).toBeChecked({ checked: on });
    await page.keyboard.press('Escape');
  };
  await turn(false);
  await reloaded(false);
  await turn(true);
  await reloaded(true);
});

test('the More menu stays inside a 375 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openScenario(page, 'happy-path');
  await page.locator('[data-action="more"]').click();
  const panel = page.locator('.menu-panel');
  await expect(panel).toBeVisible();
  const boxes = [
    await panel.boundingBox(),
    ...(await Promise.all((await panel.locator('.menu-item').all()).map((i) => i.boundingBox()))),
  ];
  for (const box of boxes) {
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
});

test('"The script is done" never shows while the Play button still says Pause', async ({ page }) => {
  for (const id of ['happy-path', 'stale-version', 'policy-strengths']) {
    await openScenario(page, id);
    // Looked at in the page before every frame is painted, so no frame a visitor could see is missed
    // (a state held only between two updates of one task is never painted, nor reported to an embed).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as { bothSeen?: string[] }).bothSeen = seen;
      const look = () => {
        const play = document.querySelector('[data-action="play"]');
        const pausing =
          play?.getAttribute('aria-pressed') === 'true' || /Pause/.test(play?.textContent ?? '');
        if (pausing && document.querySelector('[data-banner="done"]')) seen.push(play?.textContent ?? '');
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await playByMouse(page);
    await expect(page.locator('[data-banner="done"]')).toBeVisible();
    await expect(button(page, 'Play')).toBeDisabled();
    await expect(button(page, 'Play')).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => (window as { bothSeen?: string[] }).bothSeen), id).toEqual([]);
  }
});

// The header wraps to two rows (96 px) at 1280 px, and the side panel sticks at 4.5rem (72 px) under it.
test('beside a long transcript the header never covers the side’s tab row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'policy-strengths');
  await playByMouse(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const [header, tabs] = await Promise.all([
    page.locator('header.topbar').boundingBox(),
    page.locator('.tabs').boundingBox(),
  ]);
  expect(tabs!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test('beside a long transcript the lab’s Apply status and console stay on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openScenario(page, 'lab-deny-secrets');
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
  await playByMouse(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.locator('.lab-status')).toBeInViewport();
  await expect(page.locator('.lab-console')).toBeInViewport();
});

test('a file button’s accessible name holds its visible text: the path and the version', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openTab(page, 'files');
  const file = page.locator('li[data-file="/notes.md"] button');
  await expect(file).toHaveAccessibleName(/\/notes\.md.*v1/);
  await file.click();
  await expect(page.locator('[data-editor-path="/notes.md"]')).toBeVisible({ timeout: RUN_TIMEOUT });
});
